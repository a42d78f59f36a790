/* backends/arm/arm_eval_reduce.c - evaluators of the edge-dialect sums and
 * the ops torch defines through a sum: sum.dim_IntList, mean.dim and
 * _softmax, bound by eval(...) in arm.ops, so the decompositions of mean
 * and softmax are proven by execution.
 *
 * Float sums accumulate in f32 from +0, the reduced elements taken in
 * row-major order (f16/bf16 inputs widened, the result rounded once).
 * torch's CPU kernels use the same f32 accumulator but a cascade order
 * that depends on the vector width; every op here sums in the one order
 * above, so an op and its decomposition into sum.dim_IntList agree bit for
 * bit. mean is sum / N, as torch's CPU mean (sum, then div_); _softmax is
 * e = exp(x - max), then e * (1 / sum(e)) per row, as torch's CPU softmax
 * kernel computes it, in f32 and rounded once to the result type.
 * var.correction is torch's CPU formula, Welford's update in f64 divided
 * by max(0, N - correction): its decomposition into f32 sums is not exact
 * (docs/arm-passes.md). */
#include <math.h>
#include <string.h>
#include "rules/builtin.h"
#include "rulegen/eval.h"
#include "arm_eval_internal.h"

#define MAXR RG_TENSOR_MAX_RANK

static int64_t wrap_dim(int64_t d, int32_t rank) { return d < 0 ? d + rank : d; }

static float elem_f32(const RgTensor *t, int64_t i) {
  return rg_elem_is_int(t->dtype) ? (float)rg_tensor_get_int(t, i) : (float)rg_tensor_get_float(t, i);
}

RgStatus arm_reduce_map(RgInterp *ip, const RgNode *n, const RgTensor *x, const RgTensor *out,
                        int64_t **map, int64_t *count) {
  const int64_t *dims = NULL;
  uint32_t k = 0;
  bool red[MAXR] = {false};
  if (rg_node_attr(n, "dim") && !rg_eval_attr_ints(n, "dim", &dims, &k))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "'dim' must be a list of ints");
  for (uint32_t i = 0; i < k; i++) {
    int64_t d = wrap_dim(dims[i], x->rank ? x->rank : 1);
    if (d < 0 || d >= (x->rank ? x->rank : 1) || (x->rank && red[d]))
      return rg_eval_fail(ip, RG_INTERP_INVALID, "dim %lld is out of range or repeated", (long long)dims[i]);
    if (x->rank)
      red[d] = true;
  }
  int64_t ost[MAXR], idx[MAXR] = {0}, s = 1;
  *count = 1;
  for (int32_t d = x->rank - 1; d >= 0; d--) {
    bool r = red[d] || k == 0;
    ost[d] = r ? 0 : s;
    s *= r ? 1 : x->dims[d];
    *count *= r ? x->dims[d] : 1;
  }
  if (s != out->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "%lld results for %lld", (long long)s, (long long)out->numel);
  *map = rg_alloc(sizeof(int64_t) * (size_t)(x->numel ? x->numel : 1));
  if (!*map)
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory");
  for (int64_t i = 0; i < x->numel; i++) {
    int64_t o = 0;
    for (int32_t d = 0; d < x->rank; d++)
      o += idx[d] * ost[d];
    (*map)[i] = o;
    rg_index_next(idx, x->dims, x->rank);
  }
  return RG_OK;
}

/* sum (divide false) or mean (divide true) into out's element type. */
static RgStatus reduce_sum(RgInterp *ip, const RgNode *n, const RgTensor *x, RgTensor *out, bool divide) {
  int64_t *map = NULL, count = 1;
  bool float_out = !rg_elem_is_int(out->dtype);
  if (!float_out && (divide || !rg_elem_is_int(x->dtype)))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "%s into %s", divide ? "a mean" : "a float sum",
                        rg_dtype_name(out->dtype));
  RgStatus st = arm_reduce_map(ip, n, x, out, &map, &count);
  if (st != RG_OK)
    return st;
  if (float_out) {
    float *acc = rg_alloc(sizeof(float) * (size_t)(out->numel ? out->numel : 1));
    if (!acc) {
      rg_free(map);
      return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory");
    }
    for (int64_t o = 0; o < out->numel; o++)
      acc[o] = 0.0f;
    /* An input converted by `dtype` is rounded to it before it is summed. */
    for (int64_t i = 0; i < x->numel; i++)
      acc[map[i]] = acc[map[i]] + rg_elem_round(out->dtype, elem_f32(x, i));
    for (int64_t o = 0; o < out->numel; o++)
      rg_tensor_set_float(out, o, divide ? acc[o] / (float)count : acc[o]);
    rg_free(acc);
  } else {
    for (int64_t i = 0; i < x->numel; i++) {
      uint64_t v = (uint64_t)rg_tensor_get_int(out, map[i]) + (uint64_t)rg_tensor_get_int(x, i);
      rg_tensor_set_int(out, map[i], (int64_t)v);
    }
  }
  rg_free(map);
  return RG_OK;
}

static RgStatus op_sum(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  return reduce_sum(ip, n, in[0], out, false);
}

static RgStatus op_mean(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  if (rg_elem_is_int(in[0]->dtype))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "mean of %s", rg_dtype_name(in[0]->dtype));
  return reduce_sum(ip, n, in[0], out, true);
}

/* _softmax along `dim`, each row: the max (NaN wins, as amax), e = exp(x -
 * max), s = the sum of e in order, then e * (1 / s). */
static RgStatus op_softmax(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *x = in[0];
  int64_t dim;
  if (!rg_eval_attr_int(n, "dim", &dim))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "'dim' must be an int");
  int32_t rank = x->rank ? x->rank : 1;
  dim = wrap_dim(dim, rank);
  if (dim < 0 || dim >= rank || rg_elem_is_int(x->dtype) || rg_elem_is_int(out->dtype) ||
      out->numel != x->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs a float input and result of one size and a dim in range");
  int64_t len = x->rank ? x->dims[dim] : 1, inner = 1;
  for (int32_t d = (int32_t)dim + 1; d < x->rank; d++)
    inner *= x->dims[d];
  int64_t outer = len && inner ? x->numel / (len * inner) : 0;
  float *e = rg_alloc(sizeof(float) * (size_t)(len ? len : 1));
  if (!e)
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory");
  for (int64_t o = 0; o < outer; o++)
    for (int64_t j = 0; j < inner; j++) {
      int64_t base = o * len * inner + j;
      float m = 0.0f;
      for (int64_t k = 0; k < len; k++) {
        float v = elem_f32(x, base + k * inner);
        if (k == 0 || isnan(v) || (!isnan(m) && v > m))
          m = v;
      }
      float s = 0.0f;
      for (int64_t k = 0; k < len; k++) {
        float d = elem_f32(x, base + k * inner) - m;
        e[k] = expf(d);
        s = s + e[k];
      }
      float inv = 1.0f / s;
      for (int64_t k = 0; k < len; k++)
        rg_tensor_set_float(out, base + k * inner, e[k] * inv);
    }
  rg_free(e);
  return RG_OK;
}

/* var.correction: per output, Welford's running mean and sum of squared
 * differences in f64 over the reduced elements in row-major order. */
static RgStatus op_var(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *x = in[0];
  double corr = 1;
  if (rg_node_attr(n, "correction") && !rg_eval_attr_number(n, "correction", &corr, NULL, NULL))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "'correction' must be a number");
  if (rg_elem_is_int(x->dtype) || rg_elem_is_int(out->dtype))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "var of %s into %s", rg_dtype_name(x->dtype),
                        rg_dtype_name(out->dtype));
  int64_t *map = NULL, count = 1;
  RgStatus st = arm_reduce_map(ip, n, x, out, &map, &count);
  if (st != RG_OK)
    return st;
  double *acc = rg_alloc(sizeof(double) * 3 * (size_t)(out->numel ? out->numel : 1));
  if (!acc) {
    rg_free(map);
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory");
  }
  memset(acc, 0, sizeof(double) * 3 * (size_t)(out->numel ? out->numel : 1));
  for (int64_t i = 0; i < x->numel; i++) {
    double *a = &acc[3 * map[i]], v = rg_tensor_get_float(x, i);
    a[2] += 1;
    double delta = v - a[0];
    a[0] += delta / a[2];
    a[1] += delta * (v - a[0]);
  }
  for (int64_t o = 0; o < out->numel; o++) {
    double div = acc[3 * o + 2] - corr;
    rg_tensor_set_float(out, o, acc[3 * o + 1] / (div > 0 ? div : 0));
  }
  rg_free(acc);
  rg_free(map);
  return RG_OK;
}

RG_EVAL_ONE_RESULT(arm_eval_var, op_var, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_sum_dim, op_sum, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_mean_dim, op_mean, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_softmax, op_softmax, 1, 1)
