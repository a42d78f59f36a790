/* backends/arm/arm_eval_minmax_dim.c - evaluators of aten.max.dim and
 * aten.min.dim, the two-result reductions over one dim: the values (the
 * input's element type) and the indices (i64) where they were found.
 * Values follow the amax/amin evaluators bit for bit (a NaN propagates,
 * the last NaN seen wins), so `max.dim -> amax` is proven exactly; the
 * index is the first position of the extremum, or of that NaN. */
#include <math.h>
#include "rules/builtin.h"
#include "rulegen/eval.h"

/* The reduction of x over n's `dim` into out[0] (values) and out[1]
 * (indices), once the evaluators have checked their operand counts. */
static RgStatus reduce_dim(RgInterp *ip, const RgNode *n, const RgTensor *x, RgTensor *out, bool is_max) {
  int64_t d;
  if (!rg_eval_attr_int(n, "dim", &d))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs an integer 'dim'");
  if (d < 0)
    d += x->rank;
  if (d < 0 || d >= x->rank || x->dims[d] == 0)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "dim out of range or of size 0");
  int64_t outer = 1, inner = 1, len = x->dims[d];
  for (int32_t i = 0; i < d; i++)
    outer *= x->dims[i];
  for (int32_t i = (int32_t)d + 1; i < x->rank; i++)
    inner *= x->dims[i];
  RgTensor *vals = &out[0], *idx = &out[1];
  if (vals->numel != outer * inner || idx->numel != outer * inner || vals->dtype != x->dtype ||
      !rg_elem_is_int(idx->dtype))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "result types do not match the reduction");
  bool fl = !rg_elem_is_int(x->dtype);
  for (int64_t o = 0; o < outer; o++)
    for (int64_t i = 0; i < inner; i++) {
      int64_t best = 0, at = o * len * inner + i;
      for (int64_t k = 1; k < len; k++) {
        int64_t e = at + k * inner, b = at + best * inner;
        bool take;
        if (fl) {
          double v = rg_tensor_get_float(x, e), r = rg_tensor_get_float(x, b);
          take = isnan(v) || (!isnan(r) && (is_max ? v > r : v < r));
        } else {
          int64_t v = rg_tensor_get_int(x, e), r = rg_tensor_get_int(x, b);
          take = is_max ? v > r : v < r;
        }
        if (take)
          best = k;
      }
      int64_t src = at + best * inner, dst = o * inner + i;
      if (fl)
        rg_tensor_set_float(vals, dst, rg_tensor_get_float(x, src));
      else
        rg_tensor_set_int(vals, dst, rg_tensor_get_int(x, src));
      rg_tensor_set_int(idx, dst, best);
    }
  return RG_OK;
}

RgStatus arm_eval_max_dim(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in, RgTensor *out,
                          uint32_t num_out) {
  RgStatus st = rg_eval_arity(ip, num_in, 1, 1, num_out, 2);
  return st != RG_OK ? st : reduce_dim(ip, n, in[0], out, true);
}

RgStatus arm_eval_min_dim(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in, RgTensor *out,
                          uint32_t num_out) {
  RgStatus st = rg_eval_arity(ip, num_in, 1, 1, num_out, 2);
  return st != RG_OK ? st : reduce_dim(ip, n, in[0], out, false);
}
