/* Unit tests for the Arm backend's evaluators (backends/arm/arm_eval.c):
 * clamp and hardtanh (bounds, defaults, NaN kept, lo > hi), amax/amin over
 * several dims with NaN winning, repeat with a new leading dim, glu, slice,
 * the copies, the float functions at exact points, elu, pow's special
 * exponents, gt.Scalar and where.self, convolution and
 * quantize, and result types that do not fit the op failing as INVALID
 * instead of reading out of bounds. */
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

/* Every copy moves the elements unchanged. */
static void test_more_copies(void) {
  static const char *const ops[] = {"aten.alias_copy", "aten.detach_copy", "aten.squeeze_copy.dim",
                                    "aten.unsqueeze_copy"};
  static const char *const outs[] = {"tensor<2x1xf32>", "tensor<2x1xf32>", "tensor<2xf32>",
                                     "tensor<1x2x1xf32>"};
  RgTensor in = tb_in_f(RG_DT_F32, 2, I64S(2, 1), F32S(3, -4));
  for (int k = 0; k < 4; k++) {
    TB t;
    RgNode *n;
    RgValue *r = unary_node(&t, ops[k], "tensor<2x1xf32>", outs[k], &n);
    CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 2, F32S(3, -4)));
    tb_free(&t);
  }
  rg_tensor_release(&in);
}

/* Points where torch's formulas are exact in f32. */
static void test_float_functions(void) {
  TB t;
  RgNode *n;
  RgTensor in = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(0, 10, -10));
  static const struct { const char *op; float want[3]; } cases[] = {
      {"aten.erf", {0, 1, -1}},
      {"aten.tanh", {0, 1, -1}},
      {"aten.sigmoid", {0.5f, 1.0f / (1.0f + 4.53999297e-05f), 4.53978682e-05f}},
      {"aten.gelu", {0, 10, -0.0f}},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    RgValue *r = unary_node(&t, cases[k].op, "tensor<3xf32>", "tensor<3xf32>", &n);
    bool ok = tb_run1(&t, r, &in, 1);
    if (k == 2) /* sigmoid: only 0.5 is exact; the tails are checked for range */
      ok = ok && rg_tensor_get_float(&t.outs[0], 0) == 0.5f && rg_tensor_get_float(&t.outs[0], 1) > 0.9999f && rg_tensor_get_float(&t.outs[0], 2) < 1e-4f;
    else
      ok = ok && floats_are(&t.outs[0], 3, cases[k].want);
    CHECK(ok);
    tb_free(&t);
  }
  /* leaky_relu: x * slope below 0; add.Scalar: x + other * alpha */
  RgValue *r = unary_node(&t, "aten.leaky_relu", "tensor<3xf32>", "tensor<3xf32>", &n);
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 3, F32S(0, 10, -10.0f * 0.01f)));
  tb_free(&t);
  r = unary_node(&t, "aten.add.Scalar", "tensor<3xf32>", "tensor<3xf32>", &n);
  rg_node_set_prop(t.g, n, "other", f64(&t, 0.5));
  rg_node_set_prop(t.g, n, "alpha", f64(&t, 4));
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 3, F32S(2, 12, -8)));
  tb_free(&t);
  rg_tensor_release(&in);
}

/* The decomposed ops at exact points: exp, expm1, sqrt, reciprocal, sinh,
 * cosh, neg, silu (torch's x / (1 + exp(-x))), rsqrt. */
static void test_more_float_functions(void) {
  TB t;
  RgNode *n;
  RgTensor in = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(0, 4, -INFINITY));
  static const struct { const char *op; float want[3]; } cases[] = {
      {"aten.exp", {1, 0, 0}}, /* exp(4) is checked below */
      {"aten.expm1", {0, 0, -1}},
      {"aten.sqrt", {0, 2, NAN}},
      {"aten.reciprocal", {INFINITY, 0.25f, -0.0f}},
      {"aten.sinh", {0, 0, -INFINITY}},
      {"aten.cosh", {1, 0, INFINITY}},
      {"aten.neg", {-0.0f, -4, INFINITY}},
      {"aten.silu", {0, 0, NAN}}, /* -inf / (1 + inf) */
      {"aten.rsqrt", {INFINITY, 0.5f, NAN}},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    RgValue *r = unary_node(&t, cases[k].op, "tensor<3xf32>", "tensor<3xf32>", &n);
    bool ok = tb_run1(&t, r, &in, 1);
    if (ok && (k == 0 || k == 1 || k == 4 || k == 5 || k == 7)) { /* no exact value at 4 */
      double o0 = rg_tensor_get_float(&t.outs[0], 0), o2 = rg_tensor_get_float(&t.outs[0], 2);
      ok = o0 == cases[k].want[0] && (o2 == cases[k].want[2] || (isnan(o2) && isnan(cases[k].want[2])));
    }
    else
      ok = ok && floats_are(&t.outs[0], 3, cases[k].want);
    CHECK(ok);
    tb_free(&t);
  }
  rg_tensor_release(&in);
  /* silu divides: for x = 4 it equals 4 / (1 + exp(-4)) in f32 */
  RgTensor four = tb_in_f(RG_DT_F32, 1, I64S(1), F32S(4));
  RgValue *r = unary_node(&t, "aten.silu", "tensor<1xf32>", "tensor<1xf32>", &n);
  volatile float e = expf(-4.0f), d = 1.0f + e;
  CHECK(tb_run1(&t, r, &four, 1) && rg_tensor_get_float(&t.outs[0], 0) == 4.0f / d);
  tb_free(&t);
  rg_tensor_release(&four);
}

/* elu: x * scale above 0, expm1(x * input_scale) * (alpha * scale) at or
 * below; pow.Tensor_Scalar's special exponents. */
static void test_elu_pow(void) {
  TB t;
  RgNode *n;
  RgTensor in = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(2, -0.0f, -INFINITY));
  RgValue *r = unary_node(&t, "aten.elu", "tensor<3xf32>", "tensor<3xf32>", &n);
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 3, F32S(2, -0.0f, -1)));
  tb_free(&t);
  r = unary_node(&t, "aten.elu", "tensor<3xf32>", "tensor<3xf32>", &n);
  rg_node_set_prop(t.g, n, "alpha", f64(&t, 0.5));
  rg_node_set_prop(t.g, n, "scale", f64(&t, 2));
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 3, F32S(4, -0.0f, -1)));
  tb_free(&t);
  rg_tensor_release(&in);
  static const struct { double e; float want[3]; } cases[] = {
      {0.5, {2, 3, NAN}}, {-0.5, {0.5f, 1.0f / 3, NAN}}, {-1, {0.25f, 1.0f / 9, -0.5f}},
      {2, {16, 81, 4}},   {3, {64, 729, -8}},             {-2, {1.0f / 16, 1.0f / 81, 0.25f}},
      {1.5, {8, 27, NAN}},
  };
  RgTensor p = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(4, 9, -2));
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
    r = unary_node(&t, "aten.pow.Tensor_Scalar", "tensor<3xf32>", "tensor<3xf32>", &n);
    rg_node_set_prop(t.g, n, "exponent", f64(&t, cases[k].e));
    CHECK(tb_run1(&t, r, &p, 1) && floats_are(&t.outs[0], 3, cases[k].want));
    tb_free(&t);
  }
  rg_tensor_release(&p);
}

/* gt.Scalar into i1 (NaN is not greater), where.self picking per element,
 * and where with a broadcast operand refused. */
static void test_gt_where(void) {
  TB t;
  RgNode *n;
  RgValue *r = unary_node(&t, "aten.gt.Scalar", "tensor<3xf32>", "tensor<3xi1>", &n);
  rg_node_set_prop(t.g, n, "other", f64(&t, 0));
  RgTensor x = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(2, 0, NAN));
  CHECK(tb_run1(&t, r, &x, 1) && ints_are(&t.outs[0], 3, I64S(1, 0, 0)));
  tb_free(&t);
  for (int bad = 0; bad < 2; bad++) {
    tb_init(&t);
    RgValue *ops[3] = {tb_arg(&t, "tensor<3xi1>"), tb_arg(&t, "tensor<3xf32>"),
                       tb_arg(&t, bad ? "tensor<1xf32>" : "tensor<3xf32>")};
    RgValue *w = tb_op(&t, "aten.where.self", "tensor<3xf32>", 3, ops);
    RgTensor in[3] = {tb_in_i(RG_DT_I1, 1, I64S(3), I64S(1, 0, 1)), x,
                      tb_in_f(RG_DT_F32, 1, I64S(bad ? 1 : 3), F32S(7, 8, 9))};
    if (!bad) {
      CHECK(tb_run1(&t, w, in, 3) && floats_are(&t.outs[0], 3, F32S(2, 8, NAN)));
    } else {
      tb_ret1(&t, w);
      CHECK(tb_run(&t, in, 3) == RG_ERR_INVALID && t.kind == RG_INTERP_UNSUPPORTED);
    }
    tb_free(&t);
    rg_tensor_release(&in[0]);
    rg_tensor_release(&in[2]);
  }
  rg_tensor_release(&x);
}

static void test_convolution_quantize(void) {
  TB t;
  tb_init(&t);
  RgValue *ops[3] = {tb_arg(&t, "tensor<1x2x1x1xf32>"), tb_arg(&t, "tensor<1x2x1x1xf32>"),
                     tb_arg(&t, "tensor<1xf32>")};
  RgNode *c = tb_node(&t, "aten.convolution", "tensor<1x1x1x1xf32>", 3, ops);
  tb_prop_ints(&t, c, "stride", 2, I64S(1, 1));
  tb_prop_ints(&t, c, "padding", 2, I64S(0, 0));
  tb_prop_ints(&t, c, "dilation", 2, I64S(1, 1));
  tb_prop_int(&t, c, "groups", 1, "i64");
  tb_prop_bool(&t, c, "transposed", false);
  RgTensor in[3] = {tb_in_f(RG_DT_F32, 4, I64S(1, 2, 1, 1), F32S(1, 2)),
                    tb_in_f(RG_DT_F32, 4, I64S(1, 2, 1, 1), F32S(3, 4)),
                    tb_in_f(RG_DT_F32, 1, I64S(1), F32S(0.5f))};
  CHECK(tb_run1(&t, &c->results[0], in, 3) && floats_are(&t.outs[0], 1, F32S(11.5f)));
  tb_free(&t);
  for (int i = 0; i < 3; i++)
    rg_tensor_release(&in[i]);
  /* quantize: round(x * 20) - 128, clamped to [-128, 127] */
  RgNode *n;
  RgValue *r = unary_node(&t, "quantized_decomposed.quantize_per_tensor", "tensor<3xf32>", "tensor<3xi8>", &n);
  rg_node_set_prop(t.g, n, "scale", f64(&t, 0.05));
  tb_prop_int(&t, n, "zero_point", -128, "i64");
  tb_prop_int(&t, n, "quant_min", -128, "i64");
  tb_prop_int(&t, n, "quant_max", 127, "i64");
  RgTensor q = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(0.1f, -1, 100));
  CHECK(tb_run1(&t, r, &q, 1) && ints_are(&t.outs[0], 3, I64S(-126, -128, 127)));
  tb_free(&t);
  rg_tensor_release(&q);
  /* dequantize: (q + 128) * 0.05 */
  r = unary_node(&t, "quantized_decomposed.dequantize_per_tensor", "tensor<3xi8>", "tensor<3xf32>", &n);
  rg_node_set_prop(t.g, n, "scale", f64(&t, 0.05));
  tb_prop_int(&t, n, "zero_point", -128, "i64");
  tb_prop_int(&t, n, "quant_min", -128, "i64");
  tb_prop_int(&t, n, "quant_max", 127, "i64");
  q = tb_in_i(RG_DT_I8, 1, I64S(3), I64S(-128, -126, 127));
  CHECK(tb_run1(&t, r, &q, 1) && floats_are(&t.outs[0], 3, F32S(0, 0.1f, 12.75f)));
  tb_free(&t);
  rg_tensor_release(&q);
}

/* Per channel of axis 1 of a [1, 2, 2] tensor: channel 0 scale 0.5 zero
 * point 0, channel 1 scale 0.25 zero point 2. */
static void channel_props(TB *t, RgNode *n) {
  const double sc[2] = {0.5, 0.25};
  const int64_t zp[2] = {0, 2}, two = 2;
  rg_node_set_prop(t->g, n, "scales", rg_attr_dense_floats(t->g, rg_type_tensor(t->g, RG_DT_F64, 1, &two), 2, sc));
  rg_node_set_prop(t->g, n, "zero_points",
                   rg_attr_dense_ints(t->g, rg_type_tensor(t->g, RG_DT_I64, 1, &two), 2, zp));
  tb_prop_int(t, n, "axis", 1, "i64");
  tb_prop_int(t, n, "quant_min", -128, "i64");
  tb_prop_int(t, n, "quant_max", 127, "i64");
}

static void test_quantize_per_channel(void) {
  TB t;
  RgNode *n;
  RgValue *r = unary_node(&t, "quantized_decomposed.quantize_per_channel", "tensor<1x2x2xf32>", "tensor<1x2x2xi8>", &n);
  channel_props(&t, n);
  RgTensor x = tb_in_f(RG_DT_F32, 3, I64S(1, 2, 2), F32S(1, -0.75f, 1, 100));
  /* 1 / 0.5 = 2, -0.75 / 0.5 = -1.5 -> -2; 1 / 0.25 + 2 = 6, 400 + 2 -> 127 */
  CHECK(tb_run1(&t, r, &x, 1) && ints_are(&t.outs[0], 4, I64S(2, -2, 6, 127)));
  tb_free(&t);
  rg_tensor_release(&x);
  r = unary_node(&t, "quantized_decomposed.dequantize_per_channel", "tensor<1x2x2xi8>", "tensor<1x2x2xf32>", &n);
  channel_props(&t, n);
  RgTensor q = tb_in_i(RG_DT_I8, 3, I64S(1, 2, 2), I64S(2, -2, 6, 127));
  CHECK(tb_run1(&t, r, &q, 1) && floats_are(&t.outs[0], 4, F32S(1, -1, 1, 31.25f)));
  tb_free(&t);
  rg_tensor_release(&q);
}

int main(void) {
  RUN(test_quantize_per_channel);
  RUN(test_clamp);
  RUN(test_amax_amin);
  RUN(test_repeat_glu_slice);
  RUN(test_copies);
  RUN(test_more_copies);
  RUN(test_float_functions);
  RUN(test_more_float_functions);
  RUN(test_elu_pow);
  RUN(test_gt_where);
  RUN(test_convolution_quantize);
  TEST_EXIT();
}
