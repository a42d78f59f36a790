/* Unit tests for aten.native_layer_norm (backends/arm/
 * arm_eval_layer_norm.c): output, mean and 1/std over the last dims, with
 * and without weight and bias, torch's formula step by step
 * ((x * rstd + (-rstd * mean)) * w + b in f32), f16 output rounded once,
 * and malformed nodes failing as INVALID. */
#include <math.h>
#include "interp_tb.h"
#include "check.h"

/* native_layer_norm over `ns` of an input of type ti, with k affine
 * operands (each of type ta), results (to, tm, tm). */
static RgNode *layer_norm(TB *t, const char *ti, const char *ta, uint32_t k, const char *to, const char *tm,
                          uint32_t nns, const int64_t *ns) {
  tb_init(t);
  RgValue *ops[3] = {tb_arg(t, ti), NULL, NULL};
  for (uint32_t i = 0; i < k; i++)
    ops[1 + i] = tb_arg(t, ta);
  const RgType *rt[3] = {tb_type(t, to), tb_type(t, tm), tb_type(t, tm)};
  const char *op = "aten.native_layer_norm";
  RgNode *n = rg_node_create(t->g, &(RgNodeDesc){rg_op_intern(t->g, op, strlen(op)), 1 + k, ops, 3, rt, 0});
  rg_block_append(t->g, t->body, n);
  tb_prop_ints(t, n, "normalized_shape", nns, ns);
  rg_node_set_prop(t->g, n, "eps", rg_attr_float(t->g, 1e-5, tb_type(t, "f64")));
  RgValue *r[3] = {&n->results[0], &n->results[1], &n->results[2]};
  tb_return(t, 3, r);
  return n;
}

/* The expected row of torch's formula, in f32. */
static void expect_row(const float *x, int n, const float *w, const float *b, float *out, float *mean,
                       float *rstd) {
  double m = 0, v = 0;
  for (int j = 0; j < n; j++)
    m += x[j];
  m /= n;
  for (int j = 0; j < n; j++)
    v += (x[j] - m) * (x[j] - m);
  float fm = (float)m, var = (float)(v / n);
  *rstd = 1.0f / sqrtf(var + (float)1e-5);
  *mean = fm;
  volatile float shift = -*rstd * fm;
  for (int j = 0; j < n; j++) {
    volatile float y = x[j] * *rstd + shift;
    out[j] = y * (w ? w[j] : 1.0f) + (b ? b[j] : 0.0f);
  }
}

static void test_layer_norm(void) {
  TB t;
  /* rows of 4 with exactly representable moments: mean 2.5, var 1.25 */
  const float x[8] = {1, 2, 3, 4, -2, 0, 2, 4}, w[4] = {1, 2, 0.5f, -1}, b[4] = {0, 1, -1, 0.25f};
  float want[8], mean[2], rstd[2];
  for (int r = 0; r < 2; r++)
    expect_row(x + 4 * r, 4, w, b, want + 4 * r, &mean[r], &rstd[r]);
  RgTensor in[3] = {tb_in_f(RG_DT_F32, 2, I64S(2, 4), x), tb_in_f(RG_DT_F32, 1, I64S(4), w),
                    tb_in_f(RG_DT_F32, 1, I64S(4), b)};
  layer_norm(&t, "tensor<2x4xf32>", "tensor<4xf32>", 2, "tensor<2x4xf32>", "tensor<2x1xf32>", 1, I64S(4));
  CHECK(tb_run(&t, in, 3) == RG_OK && t.nout == 3 && floats_are(&t.outs[0], 8, want) &&
        floats_are(&t.outs[1], 2, mean) && floats_are(&t.outs[2], 2, rstd));
  CHECK(mean[0] == 2.5f && mean[1] == 1.0f);
  tb_free(&t);
  /* no weight and bias, over both dims: one row of 8 */
  float want1[8], m1, r1;
  expect_row(x, 8, NULL, NULL, want1, &m1, &r1);
  layer_norm(&t, "tensor<2x4xf32>", NULL, 0, "tensor<2x4xf32>", "tensor<1x1xf32>", 2, I64S(2, 4));
  CHECK(tb_run(&t, in, 1) == RG_OK && floats_are(&t.outs[0], 8, want1) && floats_are(&t.outs[1], 1, &m1) &&
        floats_are(&t.outs[2], 1, &r1));
  tb_free(&t);
  /* an f16 output is computed in f32 and rounded once */
  RgTensor h = tb_in_f(RG_DT_F16, 2, I64S(2, 4), x);
  layer_norm(&t, "tensor<2x4xf16>", NULL, 0, "tensor<2x4xf16>", "tensor<2x1xf32>", 1, I64S(4));
  float wanth[8];
  expect_row(x, 4, NULL, NULL, wanth, &mean[0], &rstd[0]);
  expect_row(x + 4, 4, NULL, NULL, wanth + 4, &mean[1], &rstd[1]);
  for (int j = 0; j < 8; j++)
    wanth[j] = (float)rg_elem_round(RG_DT_F16, wanth[j]);
  CHECK(tb_run(&t, &h, 1) == RG_OK && floats_are(&t.outs[0], 8, wanth) && floats_are(&t.outs[2], 2, rstd));
  tb_free(&t);
  rg_tensor_release(&h);
  /* normalized_shape that is not the input's last dims; a short weight */
  layer_norm(&t, "tensor<2x4xf32>", NULL, 0, "tensor<2x4xf32>", "tensor<2x1xf32>", 1, I64S(2));
  CHECK(tb_run(&t, in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  RgTensor w3 = tb_in_f(RG_DT_F32, 1, I64S(3), w);
  RgTensor in2[2] = {in[0], w3};
  layer_norm(&t, "tensor<2x4xf32>", "tensor<3xf32>", 1, "tensor<2x4xf32>", "tensor<2x1xf32>", 1, I64S(4));
  CHECK(tb_run(&t, in2, 2) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  rg_tensor_release(&w3);
  for (int i = 0; i < 3; i++)
    rg_tensor_release(&in[i]);
}

int main(void) {
  RUN(test_layer_norm);
  TEST_EXIT();
}
