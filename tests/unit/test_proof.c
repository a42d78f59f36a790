/* tests/unit/test_proof.c - proof by execution through the library
 * (rulegen/proof.h): an unchanged graph proves, a graph whose results
 * changed fails naming the function, result and element, an op without an
 * evaluator fails the record, and inputs that cannot be made are noted. */
#include <math.h>
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
  CHECK(rg_proof_record(ip, &(RgProofOptions){.runs = 3}, &p, err, sizeof err) == RG_OK);
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
  CHECK(rg_proof_record(ip, &(RgProofOptions){.runs = 2}, &p, err, sizeof err) == RG_OK);
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
  CHECK(rg_proof_record(ip, &(RgProofOptions){.runs = 3}, &p, err, sizeof err) == RG_ERR_INVALID);
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
  CHECK(rg_proof_record(ip, &(RgProofOptions){.runs = 3, .note = on_note, .user = &notes}, &p, NULL, 0) == RG_OK);
  CHECK(notes == 1 && rg_proof_num_runs(p) == 0);
  rg_proof_free(p);
  rg_interp_free(ip);
  rg_graph_free(g);
}

static uint32_t bits(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}

/* Edge values: one element in eight (at least one), the same for the same
 * seed, taken in turn from `first`; the other elements untouched; within a
 * range only the edge values it holds. */
static void test_mix_edges(void) {
  RgGraph *g = rg_graph_new();
  const RgType *t = rg_type_get(g, "tensor<16xf32>", 14), *t1 = rg_type_get(g, "tensor<1xf32>", 13);
  const RgType *ti = rg_type_get(g, "tensor<3xi8>", 12);
  RgTensor a, b, c;
  CHECK(rg_tensor_random(&a, t, 9) == RG_OK && rg_tensor_random(&b, t, 9) == RG_OK);
  RgEdgeValues e = {0, false, 0, 0, NULL, 0};
  rg_tensor_mix_edges(&a, 5, &e);
  rg_tensor_mix_edges(&b, 5, &e);
  CHECK(rg_tensor_equal(&a, &b));
  CHECK(rg_tensor_random(&c, t, 9) == RG_OK);
  int changed = 0, negzero = 0, nans = 0;
  for (int64_t i = 0; i < 16; i++) {
    float x = rg_tensor_get_float(&a, i);
    changed += bits(x) != bits(rg_tensor_get_float(&c, i));
    negzero += bits(x) == 0x80000000u;
    nans += isnan(x);
  }
  CHECK(changed == 2 && negzero == 1 && nans == 1); /* the first two: -0.0, NaN */
  rg_tensor_release(&a);
  rg_tensor_release(&b);
  rg_tensor_release(&c);
  /* in [0, 1]: no NaN, no infinity, nothing negative but -0.0 */
  for (uint32_t first = 0; first < 20; first++) {
    RgEdgeValues r = {first, true, 0, 1, NULL, 0};
    CHECK(rg_tensor_random_range(&a, t1, first, 0, 1) == RG_OK);
    rg_tensor_mix_edges(&a, first, &r);
    float x = rg_tensor_get_float(&a, 0);
    CHECK(x >= 0 && x <= 1);
    rg_tensor_release(&a);
  }
  /* integers: the minimum first, then the maximum, then the extra values */
  int64_t zp = -7;
  for (uint32_t first = 0; first < 3; first++) {
    RgEdgeValues r = {first, false, 0, 0, &zp, 1};
    CHECK(rg_tensor_init_type(&a, ti) == RG_OK);
    rg_tensor_mix_edges(&a, 1, &r);
    int64_t want = first == 0 ? -128 : first == 1 ? 127 : -7, got = 0;
    for (int64_t i = 0; i < 3; i++)
      got += rg_tensor_get_int(&a, i);
    CHECK(got == want);
    rg_tensor_release(&a);
  }
  rg_graph_free(g);
}

/* An input set written as text reads back bit for bit: -0.0, a NaN's
 * payload, denormals, the integer minimum. */
static void test_input_set_text_round_trip(void) {
  RgGraph *g = read_graph(
      "\"builtin.module\"() ({\n"
      "  \"func.func\"() <{function_type = (tensor<4xf32>, tensor<2xi8>, tensor<bf16>) -> tensor<4xf32>, sym_name = \"h\"}> ({\n"
      "  ^bb0(%a: tensor<4xf32>, %b: tensor<2xi8>, %c: tensor<bf16>):\n"
      "    \"func.return\"(%a) : (tensor<4xf32>) -> ()\n"
      "  }) : () -> ()\n"
      "}) : () -> ()\n");
  CHECK(g != NULL);
  const RgNode *f = rg_interp_find_func(g, "h");
  RgTensor in[3];
  int64_t d4 = 4, d2 = 2;
  CHECK(rg_tensor_init(&in[0], RG_DT_F32, 1, &d4) == RG_OK);
  CHECK(rg_tensor_init(&in[1], RG_DT_I8, 1, &d2) == RG_OK);
  CHECK(rg_tensor_init(&in[2], RG_DT_BF16, 0, NULL) == RG_OK);
  const uint32_t fb[4] = {0x80000000u, 0x7fc12345u, 0x00000001u, 0xff800000u};
  for (int i = 0; i < 4; i++) {
    float x;
    memcpy(&x, &fb[i], sizeof x);
    rg_tensor_set_float(&in[0], i, x);
  }
  rg_tensor_set_int(&in[1], 0, -128);
  rg_tensor_set_int(&in[1], 1, 127);
  float nb;
  uint32_t nbits = 0xffc20000u;
  memcpy(&nb, &nbits, sizeof nb);
  rg_tensor_set_float(&in[2], 0, nb);
  size_t len = 0;
  char *text = rg_input_set_text(f, in, 3, &len);
  CHECK(text && strstr(text, "func @h\n") && strstr(text, "nan:0x7fc12345") && strstr(text, "nan:0xffc2"));
  RgSource *src = rg_source_from_mem("t.inputs", text, len);
  RgDiags d;
  rg_diags_init(&d);
  RgInputSets *sets = src ? rg_input_sets_read(g, src, &d) : NULL;
  CHECK(sets && rg_input_sets_count(sets) == 1 && d.errors == 0);
  /* run them: the proof of an unchanged graph passes on exactly them */
  RgInterp *ip = rg_interp_new(g, rg_ops_builtin, rg_num_ops_builtin);
  RgProof *p = NULL;
  CHECK(rg_proof_record(ip, &(RgProofOptions){.given = sets}, &p, NULL, 0) == RG_OK && rg_proof_num_runs(p) == 1);
  CHECK(rg_proof_check(p, ip, NULL, 0) == RG_OK);
  CHECK(rg_proof_failed_inputs(p, NULL) == NULL);
  rg_proof_free(p);
  rg_interp_free(ip);
  rg_input_sets_free(sets);
  rg_diags_free(&d);
  rg_source_free(src);
  rg_free(text);
  for (int i = 0; i < 3; i++)
    rg_tensor_release(&in[i]);
  rg_graph_free(g);
}

/* A failed check names the input set; its text reads back and fails the
 * same way. */
static void test_failed_inputs_replay(void) {
  RgGraph *g = read_graph(relu_graph);
  RgInterp *ip = rg_interp_new(g, rg_ops_builtin, rg_num_ops_builtin);
  RgProof *p = NULL;
  char err[512] = "", err2[512] = "";
  CHECK(rg_proof_record(ip, &(RgProofOptions){.runs = 3}, &p, err, sizeof err) == RG_OK);
  RgNode *clamp = rg_op_first(g, rg_op_find(g, "tosa.clamp", 10));
  RgNode *add = rg_op_first(g, rg_op_find(g, "tosa.add", 8));
  rg_value_replace_all_uses(g, &clamp->results[0], &add->results[0]);
  CHECK(rg_proof_check(p, ip, err, sizeof err) == RG_ERR_VERIFY);
  size_t len = 0;
  char *text = rg_proof_failed_inputs(p, &len);
  CHECK(text != NULL);
  RgSource *src = text ? rg_source_from_mem("f.inputs", text, len) : NULL;
  RgDiags d;
  rg_diags_init(&d);
  RgInputSets *sets = src ? rg_input_sets_read(g, src, &d) : NULL;
  CHECK(sets != NULL);
  rg_proof_free(p);
  p = NULL;
  /* the rewritten graph takes the same arguments: record and check on it
   * compares it with itself, so replay on a fresh copy of the original */
  RgGraph *orig = read_graph(relu_graph);
  RgInterp *ip2 = rg_interp_new(orig, rg_ops_builtin, rg_num_ops_builtin);
  CHECK(rg_proof_record(ip2, &(RgProofOptions){.given = sets}, &p, NULL, 0) == RG_OK);
  CHECK(rg_proof_check(p, ip, err2, sizeof err2) == RG_ERR_VERIFY);
  CHECK(strstr(err2, "(inputs f.inputs:2)") != NULL);
  const char *what = strstr(err, "): "), *what2 = strstr(err2, "): ");
  CHECK(what && what2 && strcmp(what, what2) == 0); /* the same element, the same values */
  rg_proof_free(p);
  rg_interp_free(ip2);
  rg_graph_free(orig);
  rg_input_sets_free(sets);
  rg_diags_free(&d);
  rg_source_free(src);
  rg_free(text);
  rg_interp_free(ip);
  rg_graph_free(g);
}

int main(void) {
  RUN(test_unchanged_graph_proves);
  RUN(test_changed_result_fails);
  RUN(test_no_evaluator_fails_record);
  RUN(test_unrunnable_function_noted);
  RUN(test_mix_edges);
  RUN(test_input_set_text_round_trip);
  RUN(test_failed_inputs_replay);
  TEST_EXIT();
}
