/* Unit tests for the edge-dialect shape inference hooks: PyTorch
 * broadcasting and type promotion, views (view_copy -1, expand_copy -1),
 * matrix products, layer norm's three results, and the error cases,
 * malformed nodes included. Expected dtypes follow torch.result_type. */
#include <stdlib.h>
#include <string.h>
#include "rulegen/pass.h"
#include "rules/builtin.h"
#include "../../backends/xnnpack/xnnpack_hooks.h"
#include "check.h"

static RgGraph *g;

#include "edge_nodes.h"
#include "shape_check.h"

static void test_broadcast(void) {
  RgValue *a = val("tensor<2x1x4xf32>"), *b = val("tensor<3x1xf32>");
  EXPECT(xnnpack_infer_mul_tensor, NODE("aten.mul.Tensor", a, b), "tensor<2x3x4xf32>");
  EXPECT(xnnpack_infer_add_tensor, NODE("aten.add.Tensor", b, a), "tensor<2x3x4xf32>");
  EXPECT(xnnpack_infer_sub_tensor, NODE("aten.sub.Tensor", val("tensor<?x4xf32>"), val("tensor<4xf32>")),
         "tensor<?x4xf32>");
  EXPECT(xnnpack_infer_add_tensor, NODE("aten.add.Tensor", val("tensor<?x1xf32>"), val("tensor<1x5xf32>")),
         "tensor<?x5xf32>");
  EXPECT(xnnpack_infer_mul_tensor, NODE("aten.mul.Tensor", val("tensor<*xf32>"), a), "tensor<*xf32>");
  EXPECT(xnnpack_infer_mul_tensor, NODE("aten.mul.Tensor", val("tensor<2x3xf32>"), val("tensor<4x3xf32>")),
         "error: mul.Tensor: shapes tensor<2x3xf32> and tensor<4x3xf32> cannot be broadcast together");
  EXPECT_ERR(xnnpack_infer_mul_tensor, NODE("aten.mul.Tensor", a), "expected 2 operands, got 1");
  EXPECT_ERR(xnnpack_infer_mul_tensor, node("aten.mul.Tensor", 2, NULL), "operand 0 (self) is missing");
  EXPECT_ERR(xnnpack_infer_mul_tensor, NODE("aten.mul.Tensor", a, val("f32")), "not a tensor");
}

static void test_promotion(void) {
  /* A zero-dim tensor promotes only across categories (bool < int < float). */
  EXPECT(xnnpack_infer_add_tensor, NODE("aten.add.Tensor", val("tensor<4xi8>"), val("tensor<f32>")),
         "tensor<4xf32>");
  EXPECT(xnnpack_infer_add_tensor, NODE("aten.add.Tensor", val("tensor<4xf16>"), val("tensor<f32>")),
         "tensor<4xf16>");
  EXPECT(xnnpack_infer_add_tensor, NODE("aten.add.Tensor", val("tensor<4xi8>"), val("tensor<i64>")),
         "tensor<4xi8>");
  EXPECT(xnnpack_infer_add_tensor, NODE("aten.add.Tensor", val("tensor<f32>"), val("tensor<f64>")),
         "tensor<f64>");
  /* Between tensors with dims: torch.promote_types. */
  EXPECT(xnnpack_infer_mul_tensor, NODE("aten.mul.Tensor", val("tensor<4xui8>"), val("tensor<4xi8>")),
         "tensor<4xi16>");
  EXPECT(xnnpack_infer_mul_tensor, NODE("aten.mul.Tensor", val("tensor<4xi32>"), val("tensor<4xf16>")),
         "tensor<4xf16>");
  EXPECT(xnnpack_infer_mul_tensor, NODE("aten.mul.Tensor", val("tensor<4xbf16>"), val("tensor<4xf16>")),
         "tensor<4xf32>");
  EXPECT(xnnpack_infer_mul_tensor, NODE("aten.mul.Tensor", val("tensor<4xi1>"), val("tensor<4xi32>")),
         "tensor<4xi32>");
  EXPECT(xnnpack_infer_add_tensor, NODE("aten.add.Tensor", val("tensor<4xi1>"), val("tensor<4xi1>")),
         "tensor<4xi1>");
  EXPECT_ERR(xnnpack_infer_sub_tensor, NODE("aten.sub.Tensor", val("tensor<4xi1>"), val("tensor<4xi1>")),
             "bool");
  /* True division. */
  EXPECT(xnnpack_infer_div_tensor, NODE("aten.div.Tensor", val("tensor<4xi32>"), val("tensor<4xi32>")),
         "tensor<4xf32>");
  EXPECT(xnnpack_infer_div_tensor, NODE("aten.div.Tensor", val("tensor<4xf64>"), val("tensor<4xf32>")),
         "tensor<4xf64>");
  EXPECT_ERR(xnnpack_infer_add_tensor,
             NODE("aten.add.Tensor", val("tensor<4x!quant.uniform<i8:f32, 0.5>>"), val("tensor<4xf32>")),
             "without torch promotion rules");
}

static void test_alpha(void) {
  RgNode *n = NODE("aten.add.Tensor", val("tensor<4xf32>"), val("tensor<4xf32>"));
  fprop(n, "alpha", 1.0);
  EXPECT(xnnpack_infer_add_tensor, n, "tensor<4xf32>");
  RgNode *i = NODE("aten.add.Tensor", val("tensor<4xi32>"), val("tensor<4xi32>"));
  iprop(i, "alpha", 2);
  EXPECT(xnnpack_infer_add_tensor, i, "tensor<4xi32>");
  fprop(i, "alpha", 1.0);
  EXPECT_ERR(xnnpack_infer_add_tensor, i, "alpha must not be a floating point number");
  bprop(i, "alpha", true);
  EXPECT_ERR(xnnpack_infer_add_tensor, i, "boolean alpha only supported for boolean results");
  RgNode *b = NODE("aten.add.Tensor", val("tensor<4xi1>"), val("tensor<4xi1>"));
  bprop(b, "alpha", true);
  EXPECT(xnnpack_infer_add_tensor, b, "tensor<4xi1>");
  rg_node_set_prop(g, i, "alpha", rg_attr_string(g, "x", 1));
  EXPECT_ERR(xnnpack_infer_add_tensor, i, "'alpha' must be a number");
}

static void test_scalar(void) {
  RgNode *m = NODE("aten.mul.Scalar", val("tensor<2x3xi8>"));
  iprop(m, "other", 2);
  EXPECT(xnnpack_infer_mul_scalar, m, "tensor<2x3xi8>");
  fprop(m, "other", 2.0);
  EXPECT(xnnpack_infer_mul_scalar, m, "tensor<2x3xf32>");
  RgNode *h = NODE("aten.mul.Scalar", val("tensor<1x8x?x64xf16>"));
  fprop(h, "other", 0.125);
  EXPECT(xnnpack_infer_mul_scalar, h, "tensor<1x8x?x64xf16>");
  RgNode *b = NODE("aten.mul.Scalar", val("tensor<3xi1>"));
  iprop(b, "other", 3);
  EXPECT(xnnpack_infer_mul_scalar, b, "tensor<3xi64>");
  RgNode *a = NODE("aten.add.Scalar", val("tensor<3xf32>"));
  iprop(a, "other", 1);
  EXPECT(xnnpack_infer_add_scalar, a, "tensor<3xf32>");
  RgNode *s = NODE("aten.sub.Scalar", val("tensor<3xi32>"));
  fprop(s, "other", 0.5);
  EXPECT(xnnpack_infer_sub_scalar, s, "tensor<3xf32>");
  RgNode *d = NODE("aten.div.Scalar", val("tensor<3xi32>"));
  iprop(d, "other", 2);
  EXPECT(xnnpack_infer_div_scalar, d, "tensor<3xf32>");
  EXPECT_ERR(xnnpack_infer_mul_scalar, NODE("aten.mul.Scalar", val("tensor<3xf32>")),
             "missing or malformed property 'other'");
  EXPECT_ERR(xnnpack_infer_mul_scalar, node("aten.mul.Scalar", 0, NULL), "expected 1 operand, got 0");
}

static void test_unary(void) {
  EXPECT(xnnpack_infer_unary, NODE("aten.relu", val("tensor<2x?xf32>")), "tensor<2x?xf32>");
  EXPECT(xnnpack_infer_unary, NODE("aten.neg", val("tensor<4xi8>")), "tensor<4xi8>");
  EXPECT(xnnpack_infer_unary_float, NODE("aten.sigmoid", val("tensor<4xi32>")), "tensor<4xf32>");
  EXPECT(xnnpack_infer_unary_float, NODE("aten.tanh", val("tensor<4xbf16>")), "tensor<4xbf16>");
  EXPECT_ERR(xnnpack_infer_unary, NODE("aten.relu", val("tensor<4xf32>"), val("tensor<4xf32>")),
             "expected 1 operand, got 2");
}

static void test_matmul(void) {
  EXPECT(xnnpack_infer_bmm, NODE("aten.bmm", val("tensor<4x8x16xf32>"), val("tensor<4x16x32xf32>")),
         "tensor<4x8x32xf32>");
  EXPECT(xnnpack_infer_bmm, NODE("aten.bmm", val("tensor<?x8x16xf32>"), val("tensor<12x16x?xf32>")),
         "tensor<12x8x?xf32>");
  EXPECT_ERR(xnnpack_infer_bmm, NODE("aten.bmm", val("tensor<4x8x16xf32>"), val("tensor<1x16x32xf32>")),
             "batch sizes differ");
  EXPECT_ERR(xnnpack_infer_bmm, NODE("aten.bmm", val("tensor<4x8x16xf32>"), val("tensor<4x8x32xf32>")),
             "inner dimensions differ");
  EXPECT_ERR(xnnpack_infer_bmm, NODE("aten.bmm", val("tensor<8x16xf32>"), val("tensor<4x16x32xf32>")),
             "operand 0 (self) must have rank 3");
  EXPECT_ERR(xnnpack_infer_bmm, NODE("aten.bmm", val("tensor<4x8x16xf32>"), val("tensor<4x16x32xf16>")),
             "same dtype");
  EXPECT(xnnpack_infer_mm, NODE("aten.mm", val("tensor<?x16xf32>"), val("tensor<16x8xf32>")),
         "tensor<?x8xf32>");
  EXPECT_ERR(xnnpack_infer_mm, NODE("aten.mm", val("tensor<3x16xf32>"), val("tensor<15x8xf32>")),
             "cannot be multiplied");
  EXPECT(xnnpack_infer_addmm, NODE("aten.addmm", val("tensor<8xf32>"), val("tensor<4x16xf32>"),
                                   val("tensor<16x8xf32>")), "tensor<4x8xf32>");
  EXPECT_ERR(xnnpack_infer_addmm, NODE("aten.addmm", val("tensor<5xf32>"), val("tensor<4x16xf32>"),
                                       val("tensor<16x8xf32>")), "does not broadcast");
}

static void test_linear(void) {
  RgValue *x = val("tensor<2x5x16xf32>"), *w = val("tensor<32x16xf32>"), *b = val("tensor<32xf32>");
  EXPECT(xnnpack_infer_linear, NODE("aten.linear", x, w, b), "tensor<2x5x32xf32>");
  EXPECT(xnnpack_infer_linear, NODE("aten.linear", x, w), "tensor<2x5x32xf32>");
  EXPECT(xnnpack_infer_linear, NODE("aten.linear", x, val("tensor<16xf32>")), "tensor<2x5xf32>");
  EXPECT(xnnpack_infer_linear, NODE("aten.linear", val("tensor<?x16xf32>"), w, b), "tensor<?x32xf32>");
  EXPECT_ERR(xnnpack_infer_linear, NODE("aten.linear", x, val("tensor<32x8xf32>")), "cannot be multiplied");
  EXPECT_ERR(xnnpack_infer_linear, NODE("aten.linear", x, w, val("tensor<31xf32>")), "bias tensor<31xf32>");
  EXPECT_ERR(xnnpack_infer_linear, NODE("aten.linear", x), "expected at least 2 operands, got 1");
}

static void test_view_copy(void) {
  RgValue *x = val("tensor<2x3x4xf32>");
  RgNode *n = NODE("aten.view_copy", x);
  I64S(n, "size", 6, 4);
  EXPECT(xnnpack_infer_view_copy, n, "tensor<6x4xf32>");
  I64S(n, "size", 4, -1, 2);
  EXPECT(xnnpack_infer_view_copy, n, "tensor<4x3x2xf32>");
  I64S(n, "size", 24);
  EXPECT(xnnpack_infer_view_copy, n, "tensor<24xf32>");
  RgNode *d = NODE("aten.view_copy", val("tensor<?x8x64xf16>"));
  I64S(d, "size", -1, 8, 8, 8);
  EXPECT(xnnpack_infer_view_copy, d, "tensor<?x8x8x8xf16>");
  I64S(n, "size", -1, -1);
  EXPECT_ERR(xnnpack_infer_view_copy, n, "only one dimension can be inferred");
  I64S(n, "size", 5, 5);
  EXPECT(xnnpack_infer_view_copy, n, "error: view_copy: shape '[5x5]' is invalid for input of size 24");
  I64S(n, "size", -1, 5);
  EXPECT_ERR(xnnpack_infer_view_copy, n, "is invalid for input of size 24");
  I64S(n, "size", -3, 8);
  EXPECT_ERR(xnnpack_infer_view_copy, n, "invalid shape dimension -3");
  EXPECT_ERR(xnnpack_infer_view_copy, NODE("aten.view_copy", x), "'size'");
}

static void test_expand_copy(void) {
  RgValue *x = val("tensor<3x1xf32>");
  RgNode *n = NODE("aten.expand_copy", x);
  I64S(n, "size", 2, 3, 4);
  EXPECT(xnnpack_infer_expand_copy, n, "tensor<2x3x4xf32>");
  I64S(n, "size", -1, 4);
  EXPECT(xnnpack_infer_expand_copy, n, "tensor<3x4xf32>");
  I64S(n, "size", 5, -1, -1);
  EXPECT(xnnpack_infer_expand_copy, n, "tensor<5x3x1xf32>");
  I64S(n, "size", 4, 4);
  EXPECT_ERR(xnnpack_infer_expand_copy, n,
             "the expanded size of the tensor (4) must match the existing size (3) at "
             "non-singleton dimension 0");
  I64S(n, "size", -1, 3, 4);
  EXPECT_ERR(xnnpack_infer_expand_copy, n, "-1 is not allowed in a leading");
  I64S(n, "size", 4);
  EXPECT_ERR(xnnpack_infer_expand_copy, n, "must be greater or equal");
  RgNode *d = NODE("aten.expand_copy", val("tensor<?x1xf32>"));
  I64S(d, "size", -1, 7);
  EXPECT(xnnpack_infer_expand_copy, d, "tensor<?x7xf32>");
}

static void test_permute_copy(void) {
  RgValue *x = val("tensor<2x3x4xf32>");
  RgNode *n = NODE("aten.permute_copy", x);
  I64S(n, "dims", 0, 2, 1);
  EXPECT(xnnpack_infer_permute_copy, n, "tensor<2x4x3xf32>");
  I64S(n, "dims", -1, 0, 1);
  EXPECT(xnnpack_infer_permute_copy, n, "tensor<4x2x3xf32>");
  I64S(n, "dims", 0, 2, -1);
  EXPECT_ERR(xnnpack_infer_permute_copy, n, "not a permutation");
  I64S(n, "dims", 0, 1);
  EXPECT_ERR(xnnpack_infer_permute_copy, n, "dims has 2 entries but the input has rank 3");
  I64S(n, "dims", 0, 1, 3);
  EXPECT_ERR(xnnpack_infer_permute_copy, n, "not a permutation");
}

static void test_squeeze_slice(void) {
  RgNode *u = NODE("aten.unsqueeze_copy", val("tensor<2x3xf32>"));
  iprop(u, "dim", -1);
  EXPECT(xnnpack_infer_unsqueeze_copy, u, "tensor<2x3x1xf32>");
  iprop(u, "dim", 0);
  EXPECT(xnnpack_infer_unsqueeze_copy, u, "tensor<1x2x3xf32>");
  iprop(u, "dim", 3);
  EXPECT_ERR(xnnpack_infer_unsqueeze_copy, u, "out of range");
  RgNode *s = NODE("aten.squeeze_copy.dims", val("tensor<1x3x1xf32>"));
  I64S(s, "dim", 0, -1);
  EXPECT(xnnpack_infer_squeeze_copy, s, "tensor<3xf32>");
  I64S(s, "dim", 1);
  EXPECT(xnnpack_infer_squeeze_copy, s, "tensor<1x3x1xf32>");
  I64S(s, "dim", 3);
  EXPECT_ERR(xnnpack_infer_squeeze_copy, s, "out of range");
  RgNode *sl = NODE("aten.slice_copy.Tensor", val("tensor<10x4xf32>"));
  iprop(sl, "dim", 0);
  iprop(sl, "start", 2);
  iprop(sl, "end", -1);
  iprop(sl, "step", 3);
  EXPECT(xnnpack_infer_slice_copy, sl, "tensor<3x4xf32>");
  iprop(sl, "end", INT64_MAX);
  iprop(sl, "step", 1);
  EXPECT(xnnpack_infer_slice_copy, sl, "tensor<8x4xf32>");
  iprop(sl, "dim", -1);
  iprop(sl, "start", 1);
  iprop(sl, "end", 3);
  EXPECT(xnnpack_infer_slice_copy, sl, "tensor<10x2xf32>");
  iprop(sl, "step", 0);
  EXPECT_ERR(xnnpack_infer_slice_copy, sl, "step must be positive");
}

static void test_cat(void) {
  RgNode *n = NODE("aten.cat", val("tensor<2x3xf32>"), val("tensor<2x5xf32>"));
  iprop(n, "dim", 1);
  EXPECT(xnnpack_infer_cat, n, "tensor<2x8xf32>");
  iprop(n, "dim", -1);
  EXPECT(xnnpack_infer_cat, n, "tensor<2x8xf32>");
  iprop(n, "dim", 0);
  EXPECT_ERR(xnnpack_infer_cat, n, "sizes of tensors must match except in dimension 0");
  RgNode *p = NODE("aten.cat", val("tensor<2xi32>"), val("tensor<3xf32>"), val("tensor<?xi32>"));
  EXPECT(xnnpack_infer_cat, p, "tensor<?xf32>");
  EXPECT_ERR(xnnpack_infer_cat, NODE("aten.cat", val("tensor<2xf32>"), val("tensor<2x2xf32>")),
             "same number of dimensions");
}

static void test_softmax(void) {
  RgNode *n = NODE("aten._softmax", val("tensor<1x8x?x?xf32>"));
  iprop(n, "dim", -1);
  bprop(n, "half_to_float", false);
  EXPECT(xnnpack_infer_softmax, n, "tensor<1x8x?x?xf32>");
  RgNode *h = NODE("aten._softmax", val("tensor<2x5xf16>"));
  iprop(h, "dim", 1);
  bprop(h, "half_to_float", true);
  EXPECT(xnnpack_infer_softmax, h, "tensor<2x5xf32>");
  iprop(h, "dim", 2);
  EXPECT_ERR(xnnpack_infer_softmax, h, "dim 2 is out of range");
  RgNode *i = NODE("aten._softmax", val("tensor<2x5xi32>"));
  iprop(i, "dim", 0);
  EXPECT_ERR(xnnpack_infer_softmax, i, "floating point");
  EXPECT_ERR(xnnpack_infer_softmax, NODE("aten._softmax", val("tensor<2xf32>")), "'dim'");
}

static void test_layer_norm(void) {
  RgValue *x = val("tensor<2x5x16xf32>"), *w = val("tensor<16xf32>");
  const RgOpId op = rg_op_intern(g, "aten.native_layer_norm", 22);
  RgNode *n = rg_node_create(g, &(RgNodeDesc){op, 3, (RgValue *[]){x, w, w}, 3, NULL, 0});
  I64S(n, "normalized_shape", 16);
  fprop(n, "eps", 1e-5);
  const RgType *r[3] = {NULL, NULL, NULL};
  char err[256] = "";
  CHECK(xnnpack_infer_native_layer_norm(g, n, r, err, sizeof err) == RG_OK);
  CHECK(r[0] && strcmp(r[0]->text, "tensor<2x5x16xf32>") == 0);
  CHECK(r[1] && strcmp(r[1]->text, "tensor<2x5x1xf32>") == 0);
  CHECK(r[2] && strcmp(r[2]->text, "tensor<2x5x1xf32>") == 0);
  /* Two normalized dims, no affine parameters. */
  RgNode *m = rg_node_create(g, &(RgNodeDesc){op, 1, &x, 3, NULL, 0});
  I64S(m, "normalized_shape", 5, 16);
  CHECK(xnnpack_infer_native_layer_norm(g, m, r, err, sizeof err) == RG_OK);
  CHECK(r[1] && strcmp(r[1]->text, "tensor<2x1x1xf32>") == 0);
  /* Result types already on the node decide mean/rstd's dtype. */
  RgValue *h = val("tensor<4x8xf16>");
  RgNode *k = rg_node_create(g, &(RgNodeDesc){op, 1, &h, 3, NULL, 0});
  I64S(k, "normalized_shape", 8);
  rg_value_set_type(&k->results[1], rg_type_get(g, "tensor<4x1xf32>", 15));
  CHECK(xnnpack_infer_native_layer_norm(g, k, r, err, sizeof err) == RG_OK);
  CHECK(r[0] && strcmp(r[0]->text, "tensor<4x8xf16>") == 0);
  CHECK(r[1] && strcmp(r[1]->text, "tensor<4x1xf32>") == 0);
  CHECK(r[2] && strcmp(r[2]->text, "tensor<4x1xf16>") == 0);
  I64S(n, "normalized_shape", 8);
  EXPECT_ERR(xnnpack_infer_native_layer_norm, n, "does not end with normalized_shape [8]");
  I64S(m, "normalized_shape", 3, 2, 5, 16);
  EXPECT_ERR(xnnpack_infer_native_layer_norm, m, "normalized_shape has 4 entries but the input has rank 3");
  RgNode *bw = rg_node_create(g, &(RgNodeDesc){op, 2, (RgValue *[]){x, val("tensor<15xf32>")}, 3, NULL, 0});
  I64S(bw, "normalized_shape", 16);
  EXPECT_ERR(xnnpack_infer_native_layer_norm, bw, "weight tensor<15xf32> does not match");
  EXPECT_ERR(xnnpack_infer_native_layer_norm, NODE("aten.native_layer_norm", x), "expected 3 results");
}

static void test_mean(void) {
  RgNode *n = NODE("aten.mean.dim", val("tensor<2x3x4xf32>"));
  I64S(n, "dim", -1);
  bprop(n, "keepdim", true);
  EXPECT(xnnpack_infer_mean_dim, n, "tensor<2x3x1xf32>");
  bprop(n, "keepdim", false);
  EXPECT(xnnpack_infer_mean_dim, n, "tensor<2x3xf32>");
  I64S(n, "dim", 0, 2);
  EXPECT(xnnpack_infer_mean_dim, n, "tensor<3xf32>");
  rg_node_set_prop(g, n, "dim", NULL);
  EXPECT(xnnpack_infer_mean_dim, n, "tensor<f32>");
  I64S(n, "dim", 0, -3);
  EXPECT_ERR(xnnpack_infer_mean_dim, n, "repeated");
  RgNode *i = NODE("aten.mean.dim", val("tensor<2xi32>"));
  EXPECT_ERR(xnnpack_infer_mean_dim, i, "floating point");
}

/* Every hook against malformed nodes: no operands, unset operands, operands
 * of every kind of type, properties of the wrong kind or with absurd
 * values. Each must return (an error or a type), never crash; run under
 * ASan/UBSan by `make asan`. */
static const RgShapeFn all_hooks[] = {
    xnnpack_infer_add_tensor,
    xnnpack_infer_sub_tensor,
    xnnpack_infer_mul_tensor,
    xnnpack_infer_div_tensor,
    xnnpack_infer_add_scalar,
    xnnpack_infer_sub_scalar,
    xnnpack_infer_mul_scalar,
    xnnpack_infer_div_scalar,
    xnnpack_infer_unary,
    xnnpack_infer_unary_float,
    xnnpack_infer_mm,
    xnnpack_infer_bmm,
    xnnpack_infer_addmm,
    xnnpack_infer_linear,
    xnnpack_infer_view_copy,
    xnnpack_infer_expand_copy,
    xnnpack_infer_permute_copy,
    xnnpack_infer_unsqueeze_copy,
    xnnpack_infer_squeeze_copy,
    xnnpack_infer_slice_copy,
    xnnpack_infer_cat,
    xnnpack_infer_softmax,
    xnnpack_infer_native_layer_norm,
    xnnpack_infer_mean_dim};

static void test_malformed_nodes(void) {
  static const char *const props[] = {"perms", "axis", "pad", "stride", "dilation", "kernel",
                                      "out_pad", "values", "size", "dims", "dim", "other", "alpha",
                                      "normalized_shape", "half_to_float", "keepdim", "start",
                                      "end", "step", "per_channel"};
  sweep_malformed(all_hooks, sizeof all_hooks / sizeof all_hooks[0], props,
                  sizeof props / sizeof props[0]);
}

int main(void) {
  g = rg_graph_new();
  RUN(test_broadcast);
  RUN(test_promotion);
  RUN(test_alpha);
  RUN(test_scalar);
  RUN(test_unary);
  RUN(test_matmul);
  RUN(test_linear);
  RUN(test_view_copy);
  RUN(test_expand_copy);
  RUN(test_permute_copy);
  RUN(test_squeeze_slice);
  RUN(test_cat);
  RUN(test_softmax);
  RUN(test_layer_norm);
  RUN(test_mean);
  RUN(test_malformed_nodes);
  rg_graph_free(g);
  TEST_EXIT();
}
