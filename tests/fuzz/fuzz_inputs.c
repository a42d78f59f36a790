/* tests/fuzz/fuzz_inputs.c - libFuzzer harness for the input sets that
 * `rgopt --inputs` reads (runtime/interp/inputs.c). Any text is read
 * against a fixed graph without crash, leak or hang; a refused text comes
 * with a diagnostic; accepted sets run through the interpreter, and a
 * proof of the unchanged graph on them passes. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "rulegen/mlir.h"
#include "rulegen/proof.h"
#include "rules/builtin.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char graph_text[] =
    "\"builtin.module\"() ({\n"
    "  \"func.func\"() <{function_type = (tensor<2xf32>, tensor<3xi8>) -> (tensor<2xf32>, tensor<3xi16>), "
    "sym_name = \"f\"}> ({\n"
    "  ^bb0(%a: tensor<2xf32>, %b: tensor<3xi8>):\n"
    "    %0 = \"tosa.abs\"(%a) : (tensor<2xf32>) -> tensor<2xf32>\n"
    "    %1 = \"tosa.cast\"(%b) : (tensor<3xi8>) -> tensor<3xi16>\n"
    "    \"func.return\"(%0, %1) : (tensor<2xf32>, tensor<3xi16>) -> ()\n"
    "  }) : () -> ()\n"
    "  \"func.func\"() <{function_type = (tensor<f16>, tensor<bf16>) -> tensor<f16>, sym_name = \"g\"}> ({\n"
    "  ^bb0(%c: tensor<f16>, %d: tensor<bf16>):\n"
    "    \"func.return\"(%c) : (tensor<f16>) -> ()\n"
    "  }) : () -> ()\n"
    "}) : () -> ()\n";

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  RgDiags d;
  rg_diags_init(&d);
  RgSource *gsrc = rg_source_from_mem("graph.mlir", graph_text, sizeof graph_text - 1);
  RgGraph *g = gsrc ? rg_mlir_read(gsrc, &d) : NULL;
  RgSource *src = rg_source_from_mem("fuzz.inputs", (const char *)data, size);
  if (!g || !src)
    abort();
  RgInputSets *sets = rg_input_sets_read(g, src, &d);
  if (!sets && d.errors == 0)
    abort(); /* a refusal says why */
  if (sets) {
    RgInterp *ip = rg_interp_new(g, rg_ops_builtin, rg_num_ops_builtin);
    RgProof *p = NULL;
    char err[512] = "";
    if (!ip || rg_proof_record(ip, &(RgProofOptions){.given = sets}, &p, err, sizeof err) != RG_OK)
      abort();
    if (rg_proof_check(p, ip, err, sizeof err) != RG_OK || rg_proof_failed_inputs(p, NULL)) {
      fprintf(stderr, "the unchanged graph differs on its own inputs: %s\n", err);
      abort();
    }
    rg_proof_free(p);
    rg_interp_free(ip);
  }
  rg_input_sets_free(sets);
  rg_diags_free(&d);
  rg_source_free(src);
  rg_source_free(gsrc);
  rg_graph_free(g);
  return 0;
}
