/* tests/unit/test_proof.c - proof by execution through the library
 * (rulegen/proof.h): an unchanged graph proves, a graph whose results
 * changed fails naming the function, result and element, an op without an
 * evaluator fails the record, and inputs that cannot be made are noted. */
#include <string.h>
#include "check.h"
#include "rulegen/diag.h"
#include "rulegen/eval.h"
#include "rulegen/mlir.h"
#include "rulegen/proof.h"
#include "rules/builtin.h"

static RgGraph *read_graph(const char *text) {
  RgDiags d;
  rg_diags_init(&d);
  RgSource *src = rg_source_from_mem("t.mlir", text, strlen(text));
  RgGraph *g = src ? rg_mlir_read(src, &d) : NULL;
  rg_source_free(src);
  rg_diags_free(&d);
  return g;
}

static const char *relu_graph =
    "\"builtin.module\"() ({\n"
    "  \"func.func\"() <{function_type = (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>, sym_name = \"f\"}> ({\n"
    "  ^bb0(%a: tensor<8xi32>, %b: tensor<8xi32>):\n"
    "    %0 = \"tosa.add\"(%a, %b) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>\n"
    "    %1 = \"tosa.clamp\"(%0) <{max_val = 2147483647 : i32, min_val = 0 : i32}> : (tensor<8xi32>) -> tensor<8xi32>\n"
    "    \"func.return\"(%1) : (tensor<8xi32>) -> ()\n"
    "  }) : () -> ()\n"
    "}) : () -> ()\n";

static void test_unchanged_graph_proves(void) {
  RgGraph *g = read_graph(relu_graph);
  CHECK(g != NULL);
  RgInterp *ip = rg_interp_new(g, rg_ops_builtin, rg_num_ops_builtin);
  RgProof *p = NULL;
  char err[512] = "";
  CHECK(rg_proof_record(ip, 3, NULL, NULL, &p, err, sizeof err) == RG_OK);
  CHECK(rg_proof_num_runs(p) == 3);
  CHECK(rg_proof_check(p, ip, err, sizeof err) == RG_OK);
  CHECK(rg_proof_check(p, ip, NULL, 0) == RG_OK); /* the message is optional */
  rg_proof_free(p);
  rg_interp_free(ip);
  rg_graph_free(g);
}

/* The clamp becomes an identity: every negative sum now differs. */
static void test_changed_result_fails(void) {
  RgGraph *g = read_graph(relu_graph);
  RgInterp *ip = rg_interp_new(g, rg_ops_builtin, rg_num_ops_builtin);
  RgProof *p = NULL;
  char err[512] = "";
  CHECK(rg_proof_record(ip, 2, NULL, NULL, &p, err, sizeof err) == RG_OK);
  RgNode *clamp = rg_op_first(g, rg_op_find(g, "tosa.clamp", 10));
  RgNode *add = rg_op_first(g, rg_op_find(g, "tosa.add", 8));
  CHECK(clamp && add);
  rg_value_replace_all_uses(g, &clamp->results[0], &add->results[0]);
  CHECK(rg_proof_check(p, ip, err, sizeof err) == RG_ERR_VERIFY);
  CHECK(strstr(err, "@f result 0 differs after the passes (inputs 0): element [") != NULL);
  rg_proof_free(p);
  rg_interp_free(ip);
  rg_graph_free(g);
}

static void test_no_evaluator_fails_record(void) {
  RgGraph *g = read_graph(relu_graph);
  RgInterp *ip = rg_interp_new(g, NULL, 0); /* no registry: no op can run */
  RgProof *p = (RgProof *)&p;
  char err[512] = "";
  CHECK(rg_proof_record(ip, 3, NULL, NULL, &p, err, sizeof err) == RG_ERR_INVALID);
  CHECK(p == NULL);
  CHECK(strncmp(err, "@f: tosa.add", 12) == 0);
  rg_interp_free(ip);
  rg_graph_free(g);
}

static void on_note(void *user, const char *msg) {
  int *count = user;
  (*count)++;
  CHECK(strstr(msg, "@g: cannot make inputs") != NULL);
}

/* A dynamic argument has no random inputs: noted, left out, 0 runs. */
static void test_unrunnable_function_noted(void) {
  RgGraph *g = read_graph(
      "\"builtin.module\"() ({\n"
      "  \"func.func\"() <{function_type = (tensor<?xi32>) -> tensor<?xi32>, sym_name = \"g\"}> ({\n"
      "  ^bb0(%a: tensor<?xi32>):\n"
      "    \"func.return\"(%a) : (tensor<?xi32>) -> ()\n"
      "  }) : () -> ()\n"
      "}) : () -> ()\n");
  CHECK(g != NULL);
  RgInterp *ip = rg_interp_new(g, rg_ops_builtin, rg_num_ops_builtin);
  RgProof *p = NULL;
  int notes = 0;
  CHECK(rg_proof_record(ip, 3, on_note, &notes, &p, NULL, 0) == RG_OK);
  CHECK(notes == 1 && rg_proof_num_runs(p) == 0);
  rg_proof_free(p);
  rg_interp_free(ip);
  rg_graph_free(g);
}

int main(void) {
  RUN(test_unchanged_graph_proves);
  RUN(test_changed_result_fails);
  RUN(test_no_evaluator_fails_record);
  RUN(test_unrunnable_function_noted);
  TEST_EXIT();
}
