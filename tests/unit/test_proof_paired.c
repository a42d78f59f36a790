/* tests/unit/test_proof_paired.c - proof by execution with the graphs
 * before and after a rewrite evaluated side by side (interp_run_paired,
 * interp_proof_record_paired): the ops a rewrite left alone run once for
 * both graphs, the outputs are those of separate runs bit for bit, and a
 * rewrite that changes a result still fails the check. */
#include <string.h>
#include "check.h"
#include "rulegen/diag.h"
#include "rulegen/eval.h"
#include "rulegen/mlir.h"
#include "rulegen/proof.h"
#include "rules/builtin.h"
#include "interp/interp_internal.h"

static RgGraph *read_graph(const char *text) {
  RgDiags d;
  rg_diags_init(&d);
  RgSource *src = rg_source_from_mem("t.mlir", text, strlen(text));
  RgGraph *g = src ? rg_mlir_read(src, &d) : NULL;
  rg_source_free(src);
  rg_diags_free(&d);
  return g;
}

/* A transpose pair around a matmul's operand, then an add and a clamp. */
static const char *before_text =
    "\"func.func\"() <{function_type = (tensor<1x4x6xf32>, tensor<1x6x5xf32>, tensor<1x4x5xf32>) -> "
    "tensor<1x4x5xf32>, sym_name = \"f\"}> ({\n"
    "^bb0(%a: tensor<1x4x6xf32>, %b: tensor<1x6x5xf32>, %c: tensor<1x4x5xf32>):\n"
    "  %z = \"tosa.const\"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>\n"
    "  %t = \"tosa.transpose\"(%a) <{perms = array<i32: 0, 2, 1>}> : (tensor<1x4x6xf32>) -> tensor<1x6x4xf32>\n"
    "  %u = \"tosa.transpose\"(%t) <{perms = array<i32: 0, 2, 1>}> : (tensor<1x6x4xf32>) -> tensor<1x4x6xf32>\n"
    "  %m = \"tosa.matmul\"(%u, %b, %z, %z) : (tensor<1x4x6xf32>, tensor<1x6x5xf32>, tensor<1xf32>, tensor<1xf32>) -> "
    "tensor<1x4x5xf32>\n"
    "  %s = \"tosa.add\"(%m, %c) : (tensor<1x4x5xf32>, tensor<1x4x5xf32>) -> tensor<1x4x5xf32>\n"
    "  %r = \"tosa.clamp\"(%s) <{max_val = 2.0 : f32, min_val = -2.0 : f32}> : (tensor<1x4x5xf32>) -> "
    "tensor<1x4x5xf32>\n"
    "  \"func.return\"(%r) : (tensor<1x4x5xf32>) -> ()\n"
    "}) : () -> ()\n";

/* The pair removed, the add's operands swapped: the matmul sees %a
 * itself, the same values as before. `max` sets the clamp's bound. */
static char *after_text(const char *max) {
  static char buf[2048];
  snprintf(buf, sizeof buf,
           "\"func.func\"() <{function_type = (tensor<1x4x6xf32>, tensor<1x6x5xf32>, tensor<1x4x5xf32>) -> "
           "tensor<1x4x5xf32>, sym_name = \"f\"}> ({\n"
           "^bb0(%%a: tensor<1x4x6xf32>, %%b: tensor<1x6x5xf32>, %%c: tensor<1x4x5xf32>):\n"
           "  %%z = \"tosa.const\"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>\n"
           "  %%m = \"tosa.matmul\"(%%a, %%b, %%z, %%z) : (tensor<1x4x6xf32>, tensor<1x6x5xf32>, tensor<1xf32>, "
           "tensor<1xf32>) -> tensor<1x4x5xf32>\n"
           "  %%s = \"tosa.add\"(%%m, %%c) : (tensor<1x4x5xf32>, tensor<1x4x5xf32>) -> tensor<1x4x5xf32>\n"
           "  %%r = \"tosa.clamp\"(%%s) <{max_val = %s : f32, min_val = -2.0 : f32}> : (tensor<1x4x5xf32>) -> "
           "tensor<1x4x5xf32>\n"
           "  \"func.return\"(%%r) : (tensor<1x4x5xf32>) -> ()\n"
           "}) : () -> ()\n",
           max);
  return buf;
}

static const RgNode *func_of(RgGraph *g) { return rg_interp_find_func(g, "f"); }

/* The graphs before (gb) and after (ga) evaluated side by side on args;
 * the caller frees pr->ip[0] and pr->ip[1]. */
static void run_paired(InterpPaired *pr, RgGraph *gb, RgGraph *ga, InterpArgs *args) {
  memset(pr, 0, sizeof *pr);
  pr->ip[0] = rg_interp_new(gb, rg_ops_builtin, rg_num_ops_builtin);
  pr->ip[1] = rg_interp_new(ga, rg_ops_builtin, rg_num_ops_builtin);
  pr->func[0] = func_of(gb);
  pr->func[1] = func_of(ga);
  pr->args = args;
  interp_run_paired(pr);
}

/* Frees what run_paired made and the two graphs. */
static void free_paired(InterpPaired *pr, RgGraph *gb, RgGraph *ga) {
  rg_tensor_array_free(pr->out[0], pr->nout[0]);
  rg_tensor_array_free(pr->out[1], pr->nout[1]);
  rg_interp_free(pr->ip[0]);
  rg_interp_free(pr->ip[1]);
  rg_graph_free(gb);
  rg_graph_free(ga);
}

static void test_paired_outputs_match_separate_runs(void) {
  RgGraph *gb = read_graph(before_text), *ga = read_graph(after_text("2.0"));
  CHECK(gb && ga);
  InterpArgs args = {NULL, 0, 7, false, 0, 0, false, 0, NULL};
  InterpPaired pr;
  run_paired(&pr, gb, ga, &args);
  RgInterp *ia = pr.ip[1];
  CHECK(pr.st[0] == RG_OK && pr.st[1] == RG_OK && pr.nout[0] == 1 && pr.nout[1] == 1);
  /* the matmul, add and clamp of the graph after took the results before */
  CHECK(pr.stats.hits >= 3);
  InterpRun alone = {&args, NULL, 0, NULL, 0};
  CHECK(interp_run_args(ia, func_of(ga), &alone) == RG_OK && alone.nout == 1);
  CHECK(pr.nout[1] == 1 && rg_tensor_first_diff(&alone.out[0], &pr.out[1][0], NULL, 0) < 0);
  CHECK(pr.nout[0] == 1 && rg_tensor_first_diff(&alone.out[0], &pr.out[0][0], NULL, 0) < 0);
  rg_tensor_array_free(alone.out, alone.nout);
  free_paired(&pr, gb, ga);
}

/* The proof recorded beside the graph after: proven when it computes the
 * same, refuted when the clamp's bound changed. */
static void test_paired_proof(void) {
  static const char *const max[2] = {"2.0", "1.0"};
  for (int k = 0; k < 2; k++) {
    RgGraph *gb = read_graph(before_text), *ga = read_graph(after_text(max[k]));
    RgInterp *ib = rg_interp_new(gb, rg_ops_builtin, rg_num_ops_builtin);
    RgInterp *ia = rg_interp_new(ga, rg_ops_builtin, rg_num_ops_builtin);
    RgProof *p = NULL;
    char err[512] = "";
    CHECK(interp_proof_record_paired(ib, ia, &(RgProofOptions){.runs = 2}, &p, err, sizeof err) == RG_OK);
    CHECK(rg_proof_num_runs(p) == 2);
    RgStatus st = rg_proof_check(p, ia, err, sizeof err);
    CHECK(k == 0 ? st == RG_OK : st == RG_ERR_VERIFY && strstr(err, "@f result 0 differs") != NULL);
    /* checked again (as the culprit search does), it runs the graph anew */
    CHECK(rg_proof_check(p, ia, NULL, 0) == st);
    rg_proof_free(p);
    rg_interp_free(ib);
    rg_interp_free(ia);
    rg_graph_free(gb);
    rg_graph_free(ga);
  }
}

/* Before: each 1 MiB splat made where it is read. After: one splat, read
 * at both ends (as a pipeline's sharing leaves it), which the paired run
 * frees after each read and makes again with the same id. Outputs equal
 * the separate runs', and the ops after the splat's second read still
 * take the results before. */
static char *splat_text(bool shared) {
  static char buf[4096];
  const char *ty = "tensor<512x512xf32>";
  int at = snprintf(buf, sizeof buf,
                    "\"func.func\"() <{function_type = (%s) -> %s, sym_name = \"f\"}> ({\n^bb0(%%x: %s):\n"
                    "  %%c = \"tosa.const\"() <{values = dense<0.5> : %s}> : () -> %s\n"
                    "  %%a = \"tosa.add\"(%%x, %%c) : (%s, %s) -> %s\n"
                    "  %%b = \"tosa.abs\"(%%a) : (%s) -> %s\n"
                    "  %%d = \"tosa.floor\"(%%b) : (%s) -> %s\n",
                    ty, ty, ty, ty, ty, ty, ty, ty, ty, ty, ty, ty);
  if (!shared)
    at += snprintf(buf + at, sizeof buf - (size_t)at,
                   "  %%c2 = \"tosa.const\"() <{values = dense<0.5> : %s}> : () -> %s\n", ty, ty);
  snprintf(buf + at, sizeof buf - (size_t)at,
           "  %%e = \"tosa.sub\"(%%d, %%%s) : (%s, %s) -> %s\n"
           "  %%r = \"tosa.abs\"(%%e) : (%s) -> %s\n"
           "  \"func.return\"(%%r) : (%s) -> ()\n"
           "}) : () -> ()\n",
           shared ? "c" : "c2", ty, ty, ty, ty, ty, ty);
  return buf;
}

static void test_paired_shared_splat(void) {
  RgGraph *gb = read_graph(splat_text(false)), *ga = read_graph(splat_text(true));
  CHECK(gb && ga);
  if (!gb || !ga)
    return;
  InterpArgs args = {NULL, 0, 3, false, 0, 0, false, 0, NULL};
  InterpPaired pr;
  run_paired(&pr, gb, ga, &args);
  CHECK(pr.st[0] == RG_OK && pr.st[1] == RG_OK && pr.nout[0] == 1 && pr.nout[1] == 1);
  /* the splat, add, abs, floor, sub and abs of the graph after */
  CHECK(pr.stats.hits >= 6);
  for (int k = 0; k < 2; k++) {
    InterpRun alone = {&args, NULL, 0, NULL, 0};
    CHECK(interp_run_args(pr.ip[k], pr.func[k], &alone) == RG_OK && alone.nout == 1);
    CHECK(alone.nout == 1 && pr.nout[k] == 1 && rg_tensor_first_diff(&alone.out[0], &pr.out[k][0], NULL, 0) < 0);
    rg_tensor_array_free(alone.out, alone.nout);
  }
  free_paired(&pr, gb, ga);
}

/* Values of over 8 MiB are digested in parts on the kernels' threads: a
 * copy put on 3 threads finds the value put on one (the same digests),
 * and a copy with one element changed does not. */
static void test_large_values_merge(void) {
  RgTensor a, b, c;
  CHECK(rg_tensor_init(&a, RG_DT_F32, 1, (int64_t[]){(int64_t)3 << 20}) == RG_OK);
  for (int64_t i = 0; i < a.numel; i++)
    rg_tensor_set_float(&a, i, (double)(i % 1013) / 8.0);
  CHECK(rg_tensor_copy(&b, &a) == RG_OK && rg_tensor_copy(&c, &a) == RG_OK);
  rg_tensor_set_float(&c, a.numel - 5, -1.0);
  uint32_t saved = rg_eval_threads(), ia = 0, ib = 0, ic = 0;
  InterpShare *s = interp_share_new();
  rg_eval_set_threads(1);
  CHECK(interp_share_put(s, &a, &ia) == RG_OK);
  rg_eval_set_threads(3);
  CHECK(interp_share_put(s, &b, &ib) == RG_OK && interp_share_put(s, &c, &ic) == RG_OK);
  CHECK(ia && ia == ib && ic != ia && interp_share_stats(s)->merged == 1);
  CHECK(interp_share_refs(s, ia) == 2);
  rg_eval_set_threads(saved);
  interp_share_free(s);
}

int main(void) {
  RUN(test_paired_outputs_match_separate_runs);
  RUN(test_paired_proof);
  RUN(test_paired_shared_splat);
  RUN(test_large_values_merge);
  TEST_EXIT();
}
