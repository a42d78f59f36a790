/* backends/arm/arm_eval_lower.c - evaluators of the edge ops the TOSA
 * lowering takes and no other Arm pass makes: max_pool2d_with_indices
 * (NCHW; the values and the flat h * W + w index of the first maximum,
 * torch's convention), cat and select_copy.int. Copies and the max are
 * exact, so their lowerings are proven bit for bit. */
#include <math.h>
#include "rules/builtin.h"
#include "rulegen/eval.h"

/* max_pool2d_with_indices: padding counts as -inf (never chosen); a NaN in
 * the window wins, as torch's kernel takes `v > best || isnan(v)`. */
RgStatus arm_eval_max_pool2d_with_indices(RgInterp *ip, const RgNode *n, RgTensor *const *in,
                                          uint32_t num_in, RgTensor *out, uint32_t num_out) {
  RgStatus st = rg_eval_arity(ip, num_in, 1, 1, num_out, 2);
  if (st != RG_OK)
    return st;
  const RgTensor *x = in[0];
  RgTensor *vals = &out[0], *idx = &out[1];
  const int64_t *k, *s = NULL, *p = NULL, *d = NULL;
  uint32_t nk, ns = 0, np = 0, nd = 0;
  if (!rg_eval_attr_ints(n, "kernel_size", &k, &nk) || nk != 2)
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "needs a kernel_size of two dims");
  if ((rg_node_attr(n, "stride") && !rg_eval_attr_ints(n, "stride", &s, &ns)) ||
      (rg_node_attr(n, "padding") && !rg_eval_attr_ints(n, "padding", &p, &np)) ||
      (rg_node_attr(n, "dilation") && !rg_eval_attr_ints(n, "dilation", &d, &nd)) ||
      (ns != 0 && ns != 2) || (np != 0 && np != 2) || (nd != 0 && nd != 2))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "stride, padding and dilation must have two dims");
  int64_t sh = ns ? s[0] : k[0], sw = ns ? s[1] : k[1], ph = np ? p[0] : 0, pw = np ? p[1] : 0;
  int64_t dh = nd ? d[0] : 1, dw = nd ? d[1] : 1;
  if (x->rank != 4 || vals->rank != 4 || idx->rank != 4 || rg_elem_is_int(x->dtype) ||
      vals->dtype != x->dtype || !rg_elem_is_int(idx->dtype) || sh < 1 || sw < 1 || dh < 1 || dw < 1)
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "only float NCHW inputs with positive strides");
  int64_t N = x->dims[0], C = x->dims[1], H = x->dims[2], W = x->dims[3];
  int64_t OH = vals->dims[2], OW = vals->dims[3];
  if (vals->dims[0] != N || vals->dims[1] != C || idx->numel != vals->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "result types do not match the input");
  int64_t o = 0;
  for (int64_t nc = 0; nc < N * C; nc++)
    for (int64_t oh = 0; oh < OH; oh++)
      for (int64_t ow = 0; ow < OW; ow++, o++) {
        double best = -INFINITY;
        int64_t at = -1;
        for (int64_t i = 0; i < k[0]; i++)
          for (int64_t j = 0; j < k[1]; j++) {
            int64_t h = oh * sh - ph + i * dh, w = ow * sw - pw + j * dw;
            if (h < 0 || h >= H || w < 0 || w >= W)
              continue;
            double v = rg_tensor_get_float(x, (nc * H + h) * W + w);
            if (at < 0 || v > best || isnan(v)) {
              best = v;
              at = h * W + w;
              if (isnan(v))
                goto done;
            }
          }
      done:
        if (at < 0)
          return rg_eval_fail(ip, RG_INTERP_INVALID, "a window lies wholly in the padding");
        rg_tensor_set_float(vals, o, best);
        rg_tensor_set_int(idx, o, at);
      }
  return RG_OK;
}

/* cat along `dim` (default 0, negative from the end). */
static RgStatus op_cat(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t nin, RgTensor *out) {
  int64_t d = 0;
  if (rg_node_attr(n, "dim") && !rg_eval_attr_int(n, "dim", &d))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "'dim' must be an integer");
  if (d < 0)
    d += out->rank;
  if (d < 0 || d >= out->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "dim out of range");
  int64_t outer = 1, inner = 1, total = 0;
  for (int32_t i = 0; i < d; i++)
    outer *= out->dims[i];
  for (int32_t i = (int32_t)d + 1; i < out->rank; i++)
    inner *= out->dims[i];
  for (uint32_t t = 0; t < nin; t++) {
    if (in[t]->rank != out->rank || in[t]->dtype != out->dtype)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "operand %u does not match the result", t);
    total += in[t]->dims[d];
  }
  if (total != out->dims[d])
    return rg_eval_fail(ip, RG_INTERP_INVALID, "the operands do not add up to the result");
  int64_t at = 0;
  for (uint32_t t = 0; t < nin; t++) {
    int64_t len = in[t]->dims[d] * inner;
    for (int64_t o = 0; o < outer; o++)
      for (int64_t e = 0; e < len; e++) {
        int64_t src = o * len + e, dst = o * out->dims[d] * inner + at + e;
        if (rg_elem_is_int(out->dtype))
          rg_tensor_set_int(out, dst, rg_tensor_get_int(in[t], src));
        else
          rg_tensor_set_float(out, dst, rg_tensor_get_float(in[t], src));
      }
    at += len;
  }
  return RG_OK;
}

RgStatus arm_eval_cat(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in, RgTensor *out,
                      uint32_t num_out) {
  RgStatus st = rg_eval_arity(ip, num_in, 1, -1, num_out, 1);
  return st != RG_OK ? st : op_cat(ip, n, in, num_in, out);
}

/* select_copy.int: the `index`-th slice of dim `dim`, that dim dropped. */
static RgStatus op_select(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *x = in[0];
  int64_t d, i;
  if (!rg_eval_attr_int(n, "dim", &d) || !rg_eval_attr_int(n, "index", &i))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs integer 'dim' and 'index'");
  if (d < 0)
    d += x->rank;
  if (d < 0 || d >= x->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "dim out of range");
  if (i < 0)
    i += x->dims[d];
  if (i < 0 || i >= x->dims[d] || out->dtype != x->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "index out of range or result type differs");
  int64_t outer = 1, inner = 1;
  for (int32_t k = 0; k < d; k++)
    outer *= x->dims[k];
  for (int32_t k = (int32_t)d + 1; k < x->rank; k++)
    inner *= x->dims[k];
  if (out->numel != outer * inner)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "the result has the wrong size");
  for (int64_t o = 0; o < outer; o++)
    for (int64_t e = 0; e < inner; e++) {
      int64_t src = (o * x->dims[d] + i) * inner + e, dst = o * inner + e;
      if (rg_elem_is_int(x->dtype))
        rg_tensor_set_int(out, dst, rg_tensor_get_int(x, src));
      else
        rg_tensor_set_float(out, dst, rg_tensor_get_float(x, src));
    }
  return RG_OK;
}

RG_EVAL_ONE_RESULT(arm_eval_select, op_select, 1, 1)
