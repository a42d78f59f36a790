/* Unit tests for aten._native_batch_norm_legit_no_training (backends/arm/
 * arm_eval_batch_norm.c): torch's inference formula per channel (alpha =
 * invstd * weight, beta = bias - mean * alpha, x * alpha + beta in f32),
 * empty or per-channel saved results, and malformed nodes failing. */
#include <math.h>
#include "interp_tb.h"
#include "check.h"

/* batch norm of an input of type ti with four [C] parameters (type tp),
 * results (ti, ts, ts). */
static void batch_norm(TB *t, const char *ti, const char *tp, const char *ts) {
  tb_init(t);
  RgValue *ops[5] = {tb_arg(t, ti)};
  for (int i = 1; i < 5; i++)
    ops[i] = tb_arg(t, tp);
  const RgType *rt[3] = {tb_type(t, ti), tb_type(t, ts), tb_type(t, ts)};
  const char *op = "aten._native_batch_norm_legit_no_training";
  RgNode *n = rg_node_create(t->g, &(RgNodeDesc){rg_op_intern(t->g, op, strlen(op)), 5, ops, 3, rt, 0});
  rg_block_append(t->g, t->body, n);
  rg_node_set_prop(t->g, n, "eps", rg_attr_float(t->g, 1e-5, tb_type(t, "f64")));
  rg_node_set_prop(t->g, n, "momentum", rg_attr_float(t->g, 0.1, tb_type(t, "f64")));
  RgValue *r[3] = {&n->results[0], &n->results[1], &n->results[2]};
  tb_return(t, 3, r);
}

static void test_batch_norm(void) {
  TB t;
  /* N = 2, C = 2, 2 elements per channel */
  const float x[8] = {1, -2, 3, 0.5f, -1, 4, 2, -3}, w[2] = {1.5f, -0.5f}, b[2] = {0.125f, 2},
              m[2] = {0.25f, -1}, v[2] = {2, 0.5f};
  float want[8], inv[2];
  for (int i = 0; i < 8; i++) {
    int c = (i / 2) % 2;
    inv[c] = 1.0f / sqrtf(v[c] + (float)1e-5);
    volatile float alpha = inv[c] * w[c], beta = b[c] - m[c] * alpha, y = x[i] * alpha;
    want[i] = y + beta;
  }
  RgTensor in[5] = {tb_in_f(RG_DT_F32, 3, I64S(2, 2, 2), x), tb_in_f(RG_DT_F32, 1, I64S(2), w),
                    tb_in_f(RG_DT_F32, 1, I64S(2), b), tb_in_f(RG_DT_F32, 1, I64S(2), m),
                    tb_in_f(RG_DT_F32, 1, I64S(2), v)};
  batch_norm(&t, "tensor<2x2x2xf32>", "tensor<2xf32>", "tensor<0xf32>");
  CHECK(tb_run(&t, in, 5) == RG_OK && t.nout == 3 && floats_are(&t.outs[0], 8, want) && t.outs[1].numel == 0);
  tb_free(&t);
  /* saved results of one element per channel: the mean and invstd */
  batch_norm(&t, "tensor<2x2x2xf32>", "tensor<2xf32>", "tensor<2xf32>");
  CHECK(tb_run(&t, in, 5) == RG_OK && floats_are(&t.outs[0], 8, want) && floats_are(&t.outs[1], 2, m) &&
        floats_are(&t.outs[2], 2, inv));
  tb_free(&t);
  /* parameters that are not one per channel; saved results of 3 */
  RgTensor p3 = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(1, 1, 1));
  RgTensor bad[5] = {in[0], p3, p3, p3, p3};
  batch_norm(&t, "tensor<2x2x2xf32>", "tensor<3xf32>", "tensor<0xf32>");
  CHECK(tb_run(&t, bad, 5) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  batch_norm(&t, "tensor<2x2x2xf32>", "tensor<2xf32>", "tensor<3xf32>");
  CHECK(tb_run(&t, in, 5) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&p3);
  for (int i = 0; i < 5; i++)
    rg_tensor_release(&in[i]);
}

int main(void) {
  RUN(test_batch_norm);
  TEST_EXIT();
}
