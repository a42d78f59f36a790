/* Unit tests for aten.full_like (backends/arm/arm_eval_full_like.c): a
 * float fill, an integer fill wrapped to the result type, and a float fill
 * with an integer result and a result shaped unlike the input failing as
 * INVALID. */
#include "interp_tb.h"
#include "check.h"

static RgValue *full_like(TB *t, const char *ti, const char *to, const RgAttr *(*fill)(TB *)) {
  tb_init(t);
  RgValue *x = tb_arg(t, ti);
  RgNode *n = tb_node(t, "aten.full_like", to, 1, &x);
  rg_node_set_prop(t->g, n, "fill_value", fill(t));
  return &n->results[0];
}

static const RgAttr *fill_float(TB *t) { return rg_attr_float(t->g, 1.5, tb_type(t, "f64")); }
static const RgAttr *fill_int(TB *t) { return rg_attr_int(t->g, 300, tb_type(t, "i64")); }

static void test_full_like(void) {
  TB t;
  RgTensor in = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(7, 8, 9));
  RgValue *r = full_like(&t, "tensor<3xf32>", "tensor<3xf32>", fill_float);
  CHECK(tb_run1(&t, r, &in, 1) && floats_are(&t.outs[0], 3, F32S(1.5f, 1.5f, 1.5f)));
  tb_free(&t);
  r = full_like(&t, "tensor<3xf32>", "tensor<3xi8>", fill_int);
  CHECK(tb_run1(&t, r, &in, 1) && ints_are(&t.outs[0], 3, I64S(44, 44, 44)));
  tb_free(&t);
  r = full_like(&t, "tensor<3xf32>", "tensor<2xf32>", fill_float);
  tb_ret1(&t, r);
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  r = full_like(&t, "tensor<3xf32>", "tensor<3xi32>", fill_float);
  tb_ret1(&t, r);
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&in);
}

int main(void) {
  RUN(test_full_like);
  TEST_EXIT();
}
