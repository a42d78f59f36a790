/* Unit tests for the shape hooks of backends/arm (edge-dialect ops the Arm
 * passes create): promotion of pow and comparisons, where's broadcasting,
 * reductions, glu, squeeze, repeat, convolution and the quantize ops, with
 * their errors and a sweep over malformed nodes. */
#include <stdlib.h>
#include <string.h>
#include "rulegen/pass.h"
#include "rules/builtin.h"
#include "check.h"

static RgGraph *g;

#include "edge_nodes.h"
#include "shape_check.h"

static void tprop(RgNode *n, const char *name, RgDType dt) {
  rg_node_set_prop(g, n, name, rg_attr_type(g, rg_type_scalar(g, dt)));
}

static void test_pow_compare(void) {
  RgNode *p = NODE("aten.pow.Tensor_Scalar", val("tensor<2x3xi32>"));
  fprop(p, "exponent", 0.5);
  EXPECT(arm_infer_pow_scalar, p, "tensor<2x3xf32>");
  iprop(p, "exponent", 2);
  EXPECT(arm_infer_pow_scalar, p, "tensor<2x3xi32>");
  RgNode *b = NODE("aten.pow.Tensor_Scalar", val("tensor<4xi1>"));
  iprop(b, "exponent", 2);
  EXPECT(arm_infer_pow_scalar, b, "tensor<4xi64>");
  RgNode *h = NODE("aten.pow.Tensor_Scalar", val("tensor<4xf16>"));
  fprop(h, "exponent", 3.0);
  EXPECT(arm_infer_pow_scalar, h, "tensor<4xf16>");
  RgNode *m = NODE("aten.pow.Tensor_Scalar", val("tensor<4xf16>"));
  EXPECT_ERR(arm_infer_pow_scalar, m, "exponent");
  RgNode *c = NODE("aten.gt.Scalar", val("tensor<2x?xf32>"));
  fprop(c, "other", 0.0);
  EXPECT(arm_infer_compare_scalar, c, "tensor<2x?xi1>");
}

static void test_where(void) {
  EXPECT(arm_infer_where, NODE("aten.where.self", val("tensor<2x1xi1>"), val("tensor<3xf32>"), val("tensor<f32>")),
         "tensor<2x3xf32>");
  EXPECT(arm_infer_where, NODE("aten.where.self", val("tensor<3xi1>"), val("tensor<f16>"), val("tensor<3xf32>")),
         "tensor<3xf32>");
  EXPECT_ERR(arm_infer_where, NODE("aten.where.self", val("tensor<3xf32>"), val("tensor<3xf32>"), val("tensor<3xf32>")),
             "condition must be i1");
  EXPECT_ERR(arm_infer_where, NODE("aten.where.self", val("tensor<3xi1>"), val("tensor<3xi32>"), val("tensor<3xf32>")),
             "not supported together");
  EXPECT_ERR(arm_infer_where, NODE("aten.where.self", val("tensor<2xi1>"), val("tensor<3xf32>"), val("tensor<3xf32>")),
             "cannot broadcast");
}

static void test_reduce(void) {
  RgNode *a = NODE("aten.amax", val("tensor<2x3x4xf32>"));
  I64S(a, "dim", 1, -1);
  EXPECT(arm_infer_reduce, a, "tensor<2xf32>");
  bprop(a, "keepdim", true);
  EXPECT(arm_infer_reduce, a, "tensor<2x1x1xf32>");
  RgNode *s = NODE("aten.sum.dim_IntList", val("tensor<2x3xi8>"));
  I64S(s, "dim", 0);
  EXPECT(arm_infer_reduce, s, "tensor<3xi64>");
  tprop(s, "dtype", RG_DT_I32);
  EXPECT(arm_infer_reduce, s, "tensor<3xi32>");
  RgNode *v = NODE("aten.var.correction", val("tensor<2x3xi8>"));
  I64S(v, "dim", 0);
  EXPECT_ERR(arm_infer_reduce, v, "var.correction: expected a floating point input");
  RgNode *r = NODE("aten.amin", val("tensor<2x3xf32>"));
  I64S(r, "dim", 0, -2);
  EXPECT_ERR(arm_infer_reduce, r, "amin: dim -2 is out of range or repeated");
}

static void test_glu_squeeze_repeat(void) {
  RgNode *gl = NODE("aten.glu", val("tensor<4x6xf32>"));
  EXPECT(arm_infer_glu, gl, "tensor<4x3xf32>");
  iprop(gl, "dim", -2);
  EXPECT(arm_infer_glu, gl, "tensor<2x6xf32>");
  RgNode *odd = NODE("aten.glu", val("tensor<4x5xf32>"));
  EXPECT_ERR(arm_infer_glu, odd, "odd size");
  RgNode *q = NODE("aten.squeeze_copy.dim", val("tensor<2x1x3xf32>"));
  iprop(q, "dim", -2);
  EXPECT(arm_infer_squeeze_dim, q, "tensor<2x3xf32>");
  iprop(q, "dim", 0);
  EXPECT(arm_infer_squeeze_dim, q, "tensor<2x1x3xf32>");
  iprop(q, "dim", 3);
  EXPECT_ERR(arm_infer_squeeze_dim, q, "out of range");
  RgNode *rp = NODE("aten.repeat", val("tensor<3x1xf32>"));
  I64S(rp, "repeats", 2, 1, 4);
  EXPECT(arm_infer_repeat, rp, "tensor<2x3x4xf32>");
  I64S(rp, "repeats", 4);
  EXPECT_ERR(arm_infer_repeat, rp, "at least the rank");
  I64S(rp, "repeats", INT64_MAX, 1);
  EXPECT_ERR(arm_infer_repeat, rp, "overflows");
}

static void conv_props(RgNode *n, int64_t stride, int64_t pad, int64_t groups) {
  I64S(n, "stride", stride, stride);
  I64S(n, "padding", pad, pad);
  I64S(n, "dilation", 1, 1);
  I64S(n, "output_padding", 0, 0);
  bprop(n, "transposed", false);
  iprop(n, "groups", groups);
}

static void test_convolution(void) {
  RgNode *c = NODE("aten.convolution", val("tensor<1x4x9x9xf32>"), val("tensor<8x4x3x3xf32>"), val("tensor<8xf32>"));
  conv_props(c, 2, 1, 1);
  EXPECT(arm_infer_convolution, c, "tensor<1x8x5x5xf32>");
  RgNode *dw = NODE("aten.convolution", val("tensor<1x4x8x8xf32>"), val("tensor<4x1x3x3xf32>"));
  conv_props(dw, 1, 0, 4);
  EXPECT(arm_infer_convolution, dw, "tensor<1x4x6x6xf32>");
  RgNode *bad = NODE("aten.convolution", val("tensor<1x3x8x8xf32>"), val("tensor<4x2x3x3xf32>"));
  conv_props(bad, 1, 0, 1);
  EXPECT_ERR(arm_infer_convolution, bad, "channels");
  RgNode *big = NODE("aten.convolution", val("tensor<1x2x2x2xf32>"), val("tensor<4x2x5x5xf32>"));
  conv_props(big, 1, 0, 1);
  EXPECT_ERR(arm_infer_convolution, big, "does not fit");
  bprop(big, "transposed", true);
  EXPECT_ERR(arm_infer_convolution, big, "transposed");
}

static void qprops(RgNode *n, int64_t lo, int64_t hi) {
  fprop(n, "scale", 0.05);
  iprop(n, "zero_point", 0);
  iprop(n, "quant_min", lo);
  iprop(n, "quant_max", hi);
  tprop(n, "dtype", RG_DT_I8);
}

static void test_quantize(void) {
  RgNode *q = NODE("quantized_decomposed.quantize_per_tensor", val("tensor<2x3xf32>"));
  qprops(q, -128, 127);
  EXPECT(arm_infer_quantize, q, "tensor<2x3xi8>");
  RgNode *d = NODE("quantized_decomposed.dequantize_per_tensor", val("tensor<2x3xi8>"));
  qprops(d, -128, 127);
  EXPECT(arm_infer_dequantize, d, "tensor<2x3xf32>");
  tprop(d, "out_dtype", RG_DT_F16);
  EXPECT(arm_infer_dequantize, d, "tensor<2x3xf16>");
  RgNode *e = NODE("quantized_decomposed.quantize_per_tensor", val("tensor<2x3xf32>"));
  qprops(e, 5, 1);
  EXPECT_ERR(arm_infer_quantize, e, "above quant_max");
  tprop(q, "dtype", RG_DT_F32);
  EXPECT_ERR(arm_infer_quantize, q, "integer type");
}

static const RgShapeFn all_hooks[] = {
    arm_infer_pow_scalar, arm_infer_compare_scalar, arm_infer_where,       arm_infer_reduce,
    arm_infer_glu,        arm_infer_squeeze_dim,    arm_infer_repeat,      arm_infer_convolution,
    arm_infer_quantize,   arm_infer_dequantize};

static void test_malformed_nodes(void) {
  static const char *const props[] = {"exponent", "other", "dim", "keepdim", "dtype", "repeats",
                                      "stride", "padding", "dilation", "transposed", "groups",
                                      "scale", "zero_point", "quant_min", "quant_max", "out_dtype"};
  sweep_malformed(all_hooks, sizeof all_hooks / sizeof all_hooks[0], props,
                  sizeof props / sizeof props[0]);
}

int main(void) {
  g = rg_graph_new();
  RUN(test_pow_compare);
  RUN(test_where);
  RUN(test_reduce);
  RUN(test_glu_squeeze_repeat);
  RUN(test_convolution);
  RUN(test_quantize);
  RUN(test_malformed_nodes);
  rg_graph_free(g);
  TEST_EXIT();
}
