/* Unit tests for aten.split_with_sizes_copy / aten.split_copy.Tensor
 * (backends/arm/arm_eval_split.c): parts along dim 0 and along a negative
 * dim, parts of split_size with a smaller last one, integers, and parts
 * whose types disagree with the sizes (or do not cover the dim) failing as
 * INVALID. */
#include "interp_tb.h"
#include "check.h"

/* op(x) with one result per type in `to`. */
static RgNode *split_node(TB *t, const char *op, const char *ti, uint32_t k, const char *const *to) {
  tb_init(t);
  RgValue *x = tb_arg(t, ti);
  const RgType *rt[8];
  for (uint32_t i = 0; i < k; i++)
    rt[i] = tb_type(t, to[i]);
  RgNode *n = rg_node_create(t->g, &(RgNodeDesc){rg_op_intern(t->g, op, strlen(op)), 1, &x, k, rt, 0});
  rg_block_append(t->g, t->body, n);
  RgValue *r[8];
  for (uint32_t i = 0; i < k; i++)
    r[i] = &n->results[i];
  tb_return(t, k, r);
  return n;
}

static void test_split_with_sizes(void) {
  TB t;
  RgTensor in = tb_in_f(RG_DT_F32, 2, I64S(3, 2), F32S(1, 2, 3, 4, 5, 6));
  RgNode *n = split_node(&t, "aten.split_with_sizes_copy", "tensor<3x2xf32>", 2,
                         (const char *[]){"tensor<1x2xf32>", "tensor<2x2xf32>"});
  tb_prop_ints(&t, n, "split_sizes", 2, I64S(1, 2));
  CHECK(tb_run(&t, &in, 1) == RG_OK && floats_are(&t.outs[0], 2, F32S(1, 2)) &&
        floats_are(&t.outs[1], 4, F32S(3, 4, 5, 6)));
  tb_free(&t);
  n = split_node(&t, "aten.split_with_sizes_copy", "tensor<3x2xf32>", 3,
                 (const char *[]){"tensor<3x1xf32>", "tensor<3x0xf32>", "tensor<3x1xf32>"});
  tb_prop_ints(&t, n, "split_sizes", 3, I64S(1, 0, 1));
  tb_prop_int(&t, n, "dim", -1, "i64");
  CHECK(tb_run(&t, &in, 1) == RG_OK && floats_are(&t.outs[0], 3, F32S(1, 3, 5)) &&
        floats_are(&t.outs[2], 3, F32S(2, 4, 6)));
  tb_free(&t);
  /* sizes that the result types do not have */
  n = split_node(&t, "aten.split_with_sizes_copy", "tensor<3x2xf32>", 2,
                 (const char *[]){"tensor<2x2xf32>", "tensor<1x2xf32>"});
  tb_prop_ints(&t, n, "split_sizes", 2, I64S(1, 2));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  /* sizes that do not cover the dim */
  n = split_node(&t, "aten.split_with_sizes_copy", "tensor<3x2xf32>", 1, (const char *[]){"tensor<2x2xf32>"});
  tb_prop_ints(&t, n, "split_sizes", 1, I64S(2));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&in);
}

static void test_split(void) {
  TB t;
  RgTensor in = tb_in_i(RG_DT_I32, 2, I64S(1, 5), I64S(1, 2, 3, 4, 5));
  RgNode *n = split_node(&t, "aten.split_copy.Tensor", "tensor<1x5xi32>", 3,
                         (const char *[]){"tensor<1x2xi32>", "tensor<1x2xi32>", "tensor<1x1xi32>"});
  tb_prop_int(&t, n, "split_size", 2, "i64");
  tb_prop_int(&t, n, "dim", 1, "i64");
  CHECK(tb_run(&t, &in, 1) == RG_OK && ints_are(&t.outs[0], 2, I64S(1, 2)) && ints_are(&t.outs[1], 2, I64S(3, 4)) &&
        ints_are(&t.outs[2], 1, I64S(5)));
  tb_free(&t);
  /* a last part of the full size where 5 = 2 + 2 + 1 */
  n = split_node(&t, "aten.split_copy.Tensor", "tensor<1x5xi32>", 3,
                 (const char *[]){"tensor<1x2xi32>", "tensor<1x1xi32>", "tensor<1x2xi32>"});
  tb_prop_int(&t, n, "split_size", 2, "i64");
  tb_prop_int(&t, n, "dim", 1, "i64");
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&in);
}

int main(void) {
  RUN(test_split_with_sizes);
  RUN(test_split);
  TEST_EXIT();
}
