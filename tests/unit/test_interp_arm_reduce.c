/* Unit tests for the Arm backend's sums (backends/arm/arm_eval_reduce.c):
 * aten.sum.dim_IntList (floats, integers into i64, keepdim), aten.mean.dim
 * (sum divided by the count, f16 rounded once), aten._softmax (a row of
 * equal values, NaN propagating) and aten.var.correction (corrections 1
 * and 0), and a mean of integers failing as INVALID. */
#include <math.h>
#include "interp_tb.h"
#include "check.h"

static RgValue *unary_node(TB *t, const char *op, const char *ti, const char *to, RgNode **node) {
  tb_init(t);
  RgValue *x = tb_arg(t, ti);
  *node = tb_node(t, op, to, 1, &x);
  return &(*node)->results[0];
}

static void test_sum(void) {
  TB t;
  RgNode *n;
  RgValue *r = unary_node(&t, "aten.sum.dim_IntList", "tensor<2x3xf32>", "tensor<2xf32>", &n);
  tb_prop_ints(&t, n, "dim", 1, I64S(-1));
  RgTensor in = tb_in_f(RG_DT_F32, 2, I64S(2, 3), F32S(1, 2, 3, 4, 5, 6));
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 2, F32S(6, 15)));
  tb_free(&t);
  r = unary_node(&t, "aten.sum.dim_IntList", "tensor<2x3xf32>", "tensor<1x3xf32>", &n);
  tb_prop_ints(&t, n, "dim", 1, I64S(0));
  tb_prop_bool(&t, n, "keepdim", true);
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 3, F32S(5, 7, 9)));
  tb_free(&t);
  rg_tensor_release(&in);
  r = unary_node(&t, "aten.sum.dim_IntList", "tensor<3xi8>", "tensor<i64>", &n);
  tb_prop_ints(&t, n, "dim", 1, I64S(0));
  RgTensor ii = tb_in_i(RG_DT_I8, 1, I64S(3), I64S(100, 100, 100));
  CHECK(tb_run1(&t, r, &ii, 1) && ints_are(&t.outs[0], 1, I64S(300)));
  tb_free(&t);
  rg_tensor_release(&ii);
}

static void test_mean(void) {
  TB t;
  RgNode *n;
  RgValue *r = unary_node(&t, "aten.mean.dim", "tensor<2x2xf32>", "tensor<f32>", &n);
  tb_prop_ints(&t, n, "dim", 2, I64S(0, 1));
  RgTensor in = tb_in_f(RG_DT_F32, 2, I64S(2, 2), F32S(1, 2, 3, 4));
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 1, F32S(2.5f)));
  tb_free(&t);
  rg_tensor_release(&in);
  /* f16: the sum 2048 + 1 + 1 is kept in f32 (2050, where f16 steps
   * would give 2048), divided by 3, rounded once: 683.5 */
  r = unary_node(&t, "aten.mean.dim", "tensor<3xf16>", "tensor<f16>", &n);
  tb_prop_ints(&t, n, "dim", 1, I64S(0));
  RgTensor h = tb_in_f(RG_DT_F16, 1, I64S(3), F32S(2048, 1, 1));
  CHECK(tb_run1(&t, r, &h, 1) && floats_are(&t.outs[0], 1, F32S(683.5f)));
  tb_free(&t);
  rg_tensor_release(&h);
  r = unary_node(&t, "aten.mean.dim", "tensor<2xi32>", "tensor<i32>", &n);
  tb_prop_ints(&t, n, "dim", 1, I64S(0));
  tb_ret1(&t, r);
  RgTensor ii = tb_in_i(RG_DT_I32, 1, I64S(2), I64S(1, 2));
  CHECK(tb_run(&t, &ii, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&ii);
}

static void test_softmax(void) {
  TB t;
  RgNode *n;
  RgValue *r = unary_node(&t, "aten._softmax", "tensor<2x4xf32>", "tensor<2x4xf32>", &n);
  tb_prop_int(&t, n, "dim", -1, "i64");
  tb_prop_bool(&t, n, "half_to_float", false);
  RgTensor in = tb_in_f(RG_DT_F32, 2, I64S(2, 4), F32S(3, 3, 3, 3, 1, NAN, 2, 0));
  CHECK(tb_run1(&t, r, &in, 1) &&
        floats_are(&t.outs[0], 8, F32S(0.25f, 0.25f, 0.25f, 0.25f, NAN, NAN, NAN, NAN)));
  tb_free(&t);
  rg_tensor_release(&in);
}

static void test_var(void) {
  TB t;
  RgNode *n;
  RgValue *r = unary_node(&t, "aten.var.correction", "tensor<4xf32>", "tensor<f32>", &n);
  tb_prop_ints(&t, n, "dim", 1, I64S(0));
  RgTensor in = tb_in_f(RG_DT_F32, 1, I64S(4), F32S(1, 2, 3, 4));
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 1, F32S((float)(5.0 / 3.0))));
  tb_free(&t);
  r = unary_node(&t, "aten.var.correction", "tensor<4xf32>", "tensor<1xf32>", &n);
  tb_prop_ints(&t, n, "dim", 1, I64S(0));
  tb_prop_int(&t, n, "correction", 0, "i64");
  tb_prop_bool(&t, n, "keepdim", true);
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 1, F32S(1.25f)));
  tb_free(&t);
  rg_tensor_release(&in);
}

int main(void) {
  RUN(test_sum);
  RUN(test_mean);
  RUN(test_softmax);
  RUN(test_var);
  TEST_EXIT();
}
