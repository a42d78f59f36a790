/* Unit tests for aten.max.dim / aten.min.dim (backends/arm/
 * arm_eval_minmax_dim.c): values and indices along one dim, a negative
 * dim with keepdim, NaN winning like amax, integers, and result types
 * that do not fit the reduction failing as INVALID. */
#include <math.h>
#include "interp_tb.h"
#include "check.h"

/* op(x) -> (values, indices) with the given types, returning both. */
static RgNode *two_result_node(TB *t, const char *op, const char *ti, const char *tv, const char *tidx) {
  tb_init(t);
  RgValue *x = tb_arg(t, ti);
  const RgType *rt[2] = {tb_type(t, tv), tb_type(t, tidx)};
  RgNode *n = rg_node_create(t->g, &(RgNodeDesc){rg_op_intern(t->g, op, strlen(op)), 1, &x, 2, rt, 0});
  rg_block_append(t->g, t->body, n);
  return n;
}

static bool run2(TB *t, RgNode *n, const RgTensor *in) {
  RgValue *r[2] = {&n->results[0], &n->results[1]};
  tb_return(t, 2, r);
  RgStatus s = tb_run(t, in, 1);
  if (s != RG_OK)
    printf("  run failed: %s\n", t->err);
  return s == RG_OK && t->nout == 2;
}

static void test_max_min_dim(void) {
  TB t;
  RgTensor in = tb_in_f(RG_DT_F32, 2, I64S(2, 3), F32S(1, 5, 5, NAN, -1, 3));
  RgNode *n = two_result_node(&t, "aten.max.dim", "tensor<2x3xf32>", "tensor<2xf32>", "tensor<2xi64>");
  tb_prop_int(&t, n, "dim", 1, "i64");
  CHECK(run2(&t, n, &in) && floats_are(&t.outs[0], 2, F32S(5, NAN)) && ints_are(&t.outs[1], 2, I64S(1, 0)));
  tb_free(&t);
  n = two_result_node(&t, "aten.min.dim", "tensor<2x3xf32>", "tensor<1x3xf32>", "tensor<1x3xi64>");
  tb_prop_int(&t, n, "dim", -2, "i64");
  tb_prop_bool(&t, n, "keepdim", true);
  CHECK(run2(&t, n, &in) && floats_are(&t.outs[0], 3, F32S(NAN, -1, 3)) && ints_are(&t.outs[1], 3, I64S(1, 1, 1)));
  tb_free(&t);
  rg_tensor_release(&in);
  RgTensor ii = tb_in_i(RG_DT_I32, 1, I64S(4), I64S(3, -7, 9, -7));
  n = two_result_node(&t, "aten.min.dim", "tensor<4xi32>", "tensor<i32>", "tensor<i64>");
  tb_prop_int(&t, n, "dim", 0, "i64");
  CHECK(run2(&t, n, &ii) && ints_are(&t.outs[0], 1, I64S(-7)) && ints_are(&t.outs[1], 1, I64S(1)));
  tb_free(&t);
  /* a values type that is not the reduction's */
  n = two_result_node(&t, "aten.max.dim", "tensor<4xi32>", "tensor<2xi32>", "tensor<2xi64>");
  tb_prop_int(&t, n, "dim", 0, "i64");
  RgValue *r[2] = {&n->results[0], &n->results[1]};
  tb_return(&t, 2, r);
  CHECK(tb_run(&t, &ii, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&ii);
}

int main(void) {
  RUN(test_max_min_dim);
  TEST_EXIT();
}
