/* Unit tests for the Arm backend's evaluators (backends/arm/arm_eval.c):
 * clamp and hardtanh (bounds, defaults, NaN kept, lo > hi), amax/amin over
 * several dims with NaN winning, repeat with a new leading dim, glu, slice,
 * a dtype-changing dim-order copy, and result types that do not fit the
 * op failing as INVALID instead of reading out of bounds. */
#include <math.h>
#include "interp_tb.h"
#include "check.h"

static const RgAttr *f64(TB *t, double v) { return rg_attr_float(t->g, v, tb_type(t, "f64")); }

/* op(x) with the given result type; `set` adds properties. */
static RgValue *unary_node(TB *t, const char *op, const char *ti, const char *to, RgNode **node) {
  tb_init(t);
  RgValue *x = tb_arg(t, ti);
  *node = tb_node(t, op, to, 1, &x);
  return &(*node)->results[0];
}

static void test_clamp(void) {
  TB t;
  RgNode *n;
  RgValue *r = unary_node(&t, "aten.clamp", "tensor<5xf32>", "tensor<5xf32>", &n);
  rg_node_set_prop(t.g, n, "min", f64(&t, -1));
  rg_node_set_prop(t.g, n, "max", f64(&t, 2));
  RgTensor in = tb_in_f(RG_DT_F32, 1, I64S(5), F32S(-3, -1, 0.5f, 9, NAN));
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 5, F32S(-1, -1, 0.5f, 2, NAN)));
  tb_free(&t);
  /* lo > hi: every element is hi, as in torch; NaN stays */
  r = unary_node(&t, "aten.clamp", "tensor<5xf32>", "tensor<5xf32>", &n);
  rg_node_set_prop(t.g, n, "min", f64(&t, 3));
  rg_node_set_prop(t.g, n, "max", f64(&t, 1));
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 5, F32S(1, 1, 1, 1, NAN)));
  tb_free(&t);
  /* hardtanh defaults to [-1, 1] */
  r = unary_node(&t, "aten.hardtanh", "tensor<5xf32>", "tensor<5xf32>", &n);
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 5, F32S(-1, -1, 0.5f, 1, NAN)));
  tb_free(&t);
  rg_tensor_release(&in);
  /* integers with integral bounds */
  r = unary_node(&t, "aten.clamp", "tensor<3xi32>", "tensor<3xi32>", &n);
  tb_prop_int(&t, n, "min", 0, "i64");
  RgTensor ii = tb_in_i(RG_DT_I32, 1, I64S(3), I64S(-5, 0, 7));
  CHECK(tb_run1(&t, r, &ii, 1) && ints_are(&t.outs[0], 3, I64S(0, 0, 7)));
  tb_free(&t);
  rg_tensor_release(&ii);
}

static void test_amax_amin(void) {
  TB t;
  RgNode *n;
  RgValue *r = unary_node(&t, "aten.amax", "tensor<2x2x2xf32>", "tensor<2xf32>", &n);
  tb_prop_ints(&t, n, "dim", 2, I64S(0, -1));
  RgTensor in = tb_in_f(RG_DT_F32, 3, I64S(2, 2, 2), F32S(1, 5, 2, NAN, -1, 3, 0, 4));
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 2, F32S(5, NAN)));
  tb_free(&t);
  r = unary_node(&t, "aten.amin", "tensor<2x2x2xf32>", "tensor<1x2x1xf32>", &n);
  tb_prop_ints(&t, n, "dim", 2, I64S(0, 2));
  tb_prop_bool(&t, n, "keepdim", true);
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 2, F32S(-1, NAN)));
  tb_free(&t);
  rg_tensor_release(&in);
}

static void test_repeat_glu_slice(void) {
  TB t;
  RgNode *n;
  RgValue *r = unary_node(&t, "aten.repeat", "tensor<2x1xf32>", "tensor<2x2x3xf32>", &n);
  tb_prop_ints(&t, n, "repeats", 3, I64S(2, 1, 3));
  RgTensor in = tb_in_f(RG_DT_F32, 2, I64S(2, 1), F32S(1, 2));
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 12, F32S(1, 1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 2)));
  tb_free(&t);
  /* a result type that is not a repeat of the input */
  r = unary_node(&t, "aten.repeat", "tensor<2x1xf32>", "tensor<3x3xf32>", &n);
  tb_prop_ints(&t, n, "repeats", 2, I64S(1, 3));
  tb_ret1(&t, r);
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&in);
  /* glu along dim 0: a * sigmoid(b); sigmoid(0) = 0.5 */
  r = unary_node(&t, "aten.glu", "tensor<2x2xf32>", "tensor<1x2xf32>", &n);
  tb_prop_int(&t, n, "dim", 0, "i64");
  RgTensor g = tb_in_f(RG_DT_F32, 2, I64S(2, 2), F32S(4, -6, 0, 0));
  CHECK(tb_run1(&t, r, &g, 1) && floats_are(&t.outs[0], 2, F32S(2, -3)));
  tb_free(&t);
  r = unary_node(&t, "aten.glu", "tensor<2x2xf32>", "tensor<1x3xf32>", &n);
  tb_prop_int(&t, n, "dim", 0, "i64");
  tb_ret1(&t, r);
  CHECK(tb_run(&t, &g, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  /* slice of dim 1 from -1 */
  r = unary_node(&t, "aten.slice_copy.Tensor", "tensor<2x2xf32>", "tensor<2x1xf32>", &n);
  tb_prop_int(&t, n, "dim", 1, "i64");
  tb_prop_int(&t, n, "start", -1, "i64");
  CHECK(tb_run1(&t, r, &g, 1) && floats_are(&t.outs[0], 2, F32S(-6, 0)));
  tb_free(&t);
  r = unary_node(&t, "aten.slice_copy.Tensor", "tensor<2x2xf32>", "tensor<2x5xf32>", &n);
  tb_prop_int(&t, n, "dim", 1, "i64");
  tb_ret1(&t, r);
  CHECK(tb_run(&t, &g, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&g);
}

static void test_copies(void) {
  TB t;
  RgNode *n;
  /* f32 -> f16 rounds; a same-type copy is the identity */
  RgValue *r = unary_node(&t, "dim_order_ops._to_dim_order_copy", "tensor<2xf32>", "tensor<2xf16>", &n);
  RgTensor in = tb_in_f(RG_DT_F32, 1, I64S(2), F32S(0.1f, 65504));
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 2, F32S(0.0999755859375f, 65504)));
  tb_free(&t);
  r = unary_node(&t, "aten.squeeze_copy.dims", "tensor<2xf32>", "tensor<2x1xf32>", &n);
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 2, F32S(0.1f, 65504)));
  tb_free(&t);
  /* a type-changing clone is malformed */
  r = unary_node(&t, "dim_order_ops._clone_dim_order", "tensor<2xf32>", "tensor<2xf16>", &n);
  tb_ret1(&t, r);
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&in);
}

int main(void) {
  RUN(test_clamp);
  RUN(test_amax_amin);
  RUN(test_repeat_glu_slice);
  RUN(test_copies);
  TEST_EXIT();
}
