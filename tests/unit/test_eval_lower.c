/* Unit tests for the edge ops only the TOSA lowering takes (backends/arm/
 * arm_eval_lower.c): max_pool2d_with_indices (padding never chosen, flat
 * h * W + w indices of the first maximum, a NaN winning, stride defaulting
 * to the kernel), cat along a negative dim, select_copy.int with negative
 * dim and index, and result types that do not fit failing as INVALID. */
#include <math.h>
#include "interp_tb.h"
#include "check.h"

static void test_max_pool(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<1x1x3x3xf32>");
  const RgType *rt[2] = {tb_type(&t, "tensor<1x1x2x2xf32>"), tb_type(&t, "tensor<1x1x2x2xi64>")};
  const char *op = "aten.max_pool2d_with_indices";
  RgNode *n = rg_node_create(t.g, &(RgNodeDesc){rg_op_intern(t.g, op, strlen(op)), 1, &x, 2, rt, 0});
  rg_block_append(t.g, t.body, n);
  tb_prop_ints(&t, n, "kernel_size", 2, I64S(2, 2));
  tb_prop_ints(&t, n, "stride", 2, I64S(2, 2));
  tb_prop_ints(&t, n, "padding", 2, I64S(1, 1));
  RgValue *r[2] = {&n->results[0], &n->results[1]};
  tb_return(&t, 2, r);
  /* windows: {-inf pad, x00}, {x01, x02}, {x10, x20}, {x11 x12 x21 x22} */
  RgTensor in = tb_in_f(RG_DT_F32, 4, I64S(1, 1, 3, 3), F32S(-5, 2, 2, 7, NAN, 1, 3, 0, 9));
  CHECK(tb_run(&t, &in, 1) == RG_OK && t.nout == 2 && floats_are(&t.outs[0], 4, F32S(-5, 2, 7, NAN)) &&
        ints_are(&t.outs[1], 4, I64S(0, 1, 3, 4)));
  tb_free(&t);
  /* stride absent: the kernel's */
  tb_init(&t);
  x = tb_arg(&t, "tensor<1x1x3x3xf32>");
  const RgType *rt2[2] = {tb_type(&t, "tensor<1x1x1x1xf32>"), tb_type(&t, "tensor<1x1x1x1xi64>")};
  n = rg_node_create(t.g, &(RgNodeDesc){rg_op_intern(t.g, op, strlen(op)), 1, &x, 2, rt2, 0});
  rg_block_append(t.g, t.body, n);
  tb_prop_ints(&t, n, "kernel_size", 2, I64S(3, 3));
  RgValue *r2[2] = {&n->results[0], &n->results[1]};
  tb_return(&t, 2, r2);
  RgTensor in2 = tb_in_f(RG_DT_F32, 4, I64S(1, 1, 3, 3), F32S(-5, 2, 2, 7, 4, 1, 3, 0, 9));
  CHECK(tb_run(&t, &in2, 1) == RG_OK && floats_are(&t.outs[0], 1, F32S(9)) && ints_are(&t.outs[1], 1, I64S(8)));
  tb_free(&t);
  rg_tensor_release(&in2);
  /* a result shape whose channels differ from the input's */
  tb_init(&t);
  x = tb_arg(&t, "tensor<1x1x3x3xf32>");
  const RgType *rt3[2] = {tb_type(&t, "tensor<1x2x1x1xf32>"), tb_type(&t, "tensor<1x2x1x1xi64>")};
  n = rg_node_create(t.g, &(RgNodeDesc){rg_op_intern(t.g, op, strlen(op)), 1, &x, 2, rt3, 0});
  rg_block_append(t.g, t.body, n);
  tb_prop_ints(&t, n, "kernel_size", 2, I64S(3, 3));
  RgValue *r3[2] = {&n->results[0], &n->results[1]};
  tb_return(&t, 2, r3);
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&in);
}

static void test_cat_select(void) {
  TB t;
  tb_init(&t);
  RgValue *ab[2] = {tb_arg(&t, "tensor<2x1xf32>"), tb_arg(&t, "tensor<2x2xf32>")};
  RgNode *n = tb_node(&t, "aten.cat", "tensor<2x3xf32>", 2, ab);
  tb_prop_int(&t, n, "dim", -1, "i64");
  RgTensor in[2] = {tb_in_f(RG_DT_F32, 2, I64S(2, 1), F32S(1, 2)),
                    tb_in_f(RG_DT_F32, 2, I64S(2, 2), F32S(3, 4, 5, 6))};
  CHECK(tb_run1(&t, &n->results[0], in, 2) && floats_are(&t.outs[0], 6, F32S(1, 3, 4, 2, 5, 6)));
  tb_free(&t);
  /* parts that do not add up to the result */
  tb_init(&t);
  ab[0] = tb_arg(&t, "tensor<2x1xf32>");
  ab[1] = tb_arg(&t, "tensor<2x2xf32>");
  n = tb_node(&t, "aten.cat", "tensor<2x4xf32>", 2, ab);
  tb_prop_int(&t, n, "dim", 1, "i64");
  tb_ret1(&t, &n->results[0]);
  CHECK(tb_run(&t, in, 2) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  /* select_copy.int: dim -2, index -1 of a 2x2 input is its last row */
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<2x2xf32>");
  n = tb_node(&t, "aten.select_copy.int", "tensor<2xf32>", 1, &x);
  tb_prop_int(&t, n, "dim", -2, "i64");
  tb_prop_int(&t, n, "index", -1, "i64");
  CHECK(tb_run1(&t, &n->results[0], &in[1], 1) && floats_are(&t.outs[0], 2, F32S(5, 6)));
  tb_free(&t);
  /* an index out of range */
  tb_init(&t);
  x = tb_arg(&t, "tensor<2x2xf32>");
  n = tb_node(&t, "aten.select_copy.int", "tensor<2xf32>", 1, &x);
  tb_prop_int(&t, n, "dim", 1, "i64");
  tb_prop_int(&t, n, "index", 2, "i64");
  tb_ret1(&t, &n->results[0]);
  CHECK(tb_run(&t, &in[1], 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&in[0]);
  rg_tensor_release(&in[1]);
}

int main(void) {
  RUN(test_max_pool);
  RUN(test_cat_select);
  TEST_EXIT();
}
