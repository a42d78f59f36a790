/* backends/arm/arm_eval_layer_norm.c - the evaluator of
 * aten.native_layer_norm(input, [weight, [bias]]) {normalized_shape, eps},
 * whose three results are the output, the mean and 1/std over the last
 * len(normalized_shape) dims (mean and 1/std keep those dims as 1s).
 *
 * Per row of normalized elements, as torch's CPU kernel: the mean and the
 * biased variance, rstd = 1 / sqrt(max(var, 0) + eps) in f32, then
 * out = (x * rstd + (-rstd * mean)) * w + b in f32 (w = 1, b = 0 when
 * absent), each result rounded once to its element type. torch
 * accumulates the moments in f32 in a vector-width cascade; here they are
 * Welford's update in f64 in row-major order (as var.correction), then
 * rounded to f32: a modelled freedom, which is why the decomposition into
 * mean, var and rsqrt is an inexact rule. */
#include <math.h>
#include "rules/builtin.h"
#include "rulegen/eval.h"

RgStatus arm_eval_native_layer_norm(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in,
                                    RgTensor *out, uint32_t num_out) {
  RgStatus st = rg_eval_arity(ip, num_in, 1, 3, num_out, 3);
  if (st != RG_OK)
    return st;
  const RgTensor *x = in[0], *w = num_in > 1 ? in[1] : NULL, *b = num_in > 2 ? in[2] : NULL;
  const int64_t *ns;
  uint32_t k;
  double eps;
  if (!rg_eval_attr_ints(n, "normalized_shape", &ns, &k) || !rg_eval_attr_number(n, "eps", &eps, NULL, NULL))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs 'normalized_shape' (ints) and 'eps' (a number)");
  if (k < 1 || (int32_t)k > x->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "normalized_shape has %u dims, the input %d", k, x->rank);
  int64_t row = 1;
  for (uint32_t i = 0; i < k; i++) {
    if (x->dims[x->rank - (int32_t)k + (int32_t)i] != ns[i])
      return rg_eval_fail(ip, RG_INTERP_INVALID, "normalized_shape is not the input's last dims");
    row *= ns[i];
  }
  for (uint32_t j = 0; j < num_in; j++)
    if (!rg_tensor_is_float(in[j]))
      return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "operand %u is %s; only float tensors are supported", j,
                          rg_dtype_name(in[j]->dtype));
  int64_t rows = row ? x->numel / row : 0;
  if ((w && w->numel != row) || (b && b->numel != row) || out[0].numel != x->numel || out[1].numel != rows ||
      out[2].numel != rows || !rg_tensor_is_float(&out[0]) || !rg_tensor_is_float(&out[1]) ||
      !rg_tensor_is_float(&out[2]))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand or result sizes do not match the normalization");
  for (int64_t r = 0; r < rows; r++) {
    double mean = 0, m2 = 0;
    for (int64_t j = 0; j < row; j++) {
      double v = rg_tensor_get_float(x, r * row + j), delta = v - mean;
      mean += delta / (double)(j + 1);
      m2 += delta * (v - mean);
    }
    float fmean = (float)mean, var = (float)(m2 / (double)row);
    float rstd = 1.0f / sqrtf((var > 0 ? var : 0.0f) + (float)eps);
    float shift = -rstd * fmean;
    for (int64_t j = 0; j < row; j++) {
      float y = rg_tensor_get_float(x, r * row + j) * rstd + shift;
      y = y * (w ? rg_tensor_get_float(w, j) : 1.0f) + (b ? rg_tensor_get_float(b, j) : 0.0f);
      rg_tensor_set_float(&out[0], r * row + j, rg_elem_round(out[0].dtype, y));
    }
    rg_tensor_set_float(&out[1], r, rg_elem_round(out[1].dtype, fmean));
    rg_tensor_set_float(&out[2], r, rg_elem_round(out[2].dtype, rstd));
  }
  return RG_OK;
}
