/* tests/fuzz/fuzz_verify.c - libFuzzer harness for the op verifier and the
 * built-in pipelines. Any input is read and checked against the built-in op
 * declarations without crash, leak or hang; a graph that passes runs
 * through every built-in pipeline, and whatever the pipeline leaves must
 * pass the IR verifier and the op verifier again: rewrites never turn a
 * valid graph into an invalid one. */
#include <stdint.h>
#include <stdlib.h>
#include "rulegen/mlir.h"
#include "rulegen/pass.h"
#include "rules/builtin.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static size_t verify_ops(RgGraph *g, const RgSource *src) {
  RgDiags d;
  rg_diags_init(&d);
  size_t errors = rg_graph_verify_ops(g, rg_ops_builtin, rg_num_ops_builtin, NULL, src, &d);
  if (errors && d.count == 0)
    abort(); /* an error must come with a diagnostic */
  rg_diags_free(&d);
  return errors;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  RgSource *src = rg_source_from_mem("fuzz.mlir", (const char *)data, size);
  if (!src)
    abort();
  for (const RgPipelineDesc *const *pl = rg_pipelines_builtin; *pl; pl++) {
    RgDiags d;
    rg_diags_init(&d);
    RgGraph *g = rg_mlir_read(src, &d);
    rg_diags_free(&d);
    char msg[512];
    if (!g || rg_graph_verify(g, msg, sizeof msg) != RG_OK || verify_ops(g, src)) {
      rg_graph_free(g);
      break; /* refused: nothing runs on it */
    }
    RgRunOptions o;
    rg_run_options_init(&o);
    o.verify_each = true;
    RgRunStats st;
    char err[1024] = "";
    RgStatus s = rg_pipeline_run(g, *pl, &o, &st, err, sizeof err);
    rg_run_stats_free(&st);
    if (s == RG_OK && rg_graph_verify(g, msg, sizeof msg) != RG_OK) {
      fprintf(stderr, "pipeline %s left a graph that does not verify: %s\n", (*pl)->name, msg);
      abort();
    }
    if (s == RG_OK && verify_ops(g, NULL)) {
      fprintf(stderr, "pipeline %s made ops that do not verify\n", (*pl)->name);
      abort();
    }
    if (s != RG_OK && !err[0])
      abort(); /* a failing pipeline says why */
    rg_graph_free(g);
  }
  rg_source_free(src);
  return 0;
}
