/* backends/arm/arm_eval_split.c - evaluator of aten.split_with_sizes_copy
 * and aten.split_copy.Tensor: result i is the i-th part of the input along
 * `dim`, its size read from the result's type. The sizes must cover the dim
 * exactly, and those the attributes give must agree with the types, so a
 * graph whose declared parts disagree with its types is refused rather
 * than run with parts of the wrong length. */
#include "rules/builtin.h"
#include "rulegen/eval.h"

/* The size of part i that the attributes give: split_sizes[i], or
 * split_size for every part but a smaller last one. */
static bool part_size(const RgNode *n, uint32_t i, uint32_t nparts, int64_t len, int64_t *out) {
  const int64_t *sizes;
  uint32_t nsizes;
  int64_t size;
  if (rg_eval_attr_ints(n, "split_sizes", &sizes, &nsizes)) {
    if (nsizes != nparts)
      return false;
    *out = sizes[i];
    return true;
  }
  if (!rg_eval_attr_int(n, "split_size", &size) || size < 1)
    return false;
  *out = i + 1 < nparts ? size : len - size * (int64_t)(nparts - 1);
  return true;
}

RgStatus arm_eval_split(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in, RgTensor *out,
                        uint32_t num_out) {
  RgStatus st = rg_eval_arity(ip, num_in, 1, 1, num_out, num_out ? num_out : 1);
  if (st != RG_OK)
    return st;
  const RgTensor *x = in[0];
  int64_t dim = 0;
  rg_eval_attr_int(n, "dim", &dim);
  if (dim < 0)
    dim += x->rank;
  if (dim < 0 || dim >= x->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "dim out of range");
  int64_t len = x->dims[dim], outer = 1, inner = 1;
  for (int32_t d = 0; d < dim; d++)
    outer *= x->dims[d];
  for (int32_t d = (int32_t)dim + 1; d < x->rank; d++)
    inner *= x->dims[d];
  int64_t at = 0;
  for (uint32_t k = 0; k < num_out; k++) {
    const RgTensor *o = &out[k];
    int64_t want;
    bool same = o->rank == x->rank && o->dtype == x->dtype && part_size(n, k, num_out, len, &want) &&
                o->dims[dim] == want;
    for (int32_t d = 0; same && d < x->rank; d++)
      same = d == dim || o->dims[d] == x->dims[d];
    if (!same)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "result %u is not part %u of the split", k, k);
    at += o->dims[dim];
  }
  if (at != len)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "the parts cover %lld of %lld elements along dim %lld",
                        (long long)at, (long long)len, (long long)dim);
  bool fl = rg_tensor_is_float(x);
  at = 0;
  for (uint32_t k = 0; k < num_out; k++) {
    RgTensor *o = &out[k];
    int64_t part = o->dims[dim];
    for (int64_t a = 0; a < outer; a++)
      for (int64_t b = 0; b < part * inner; b++) {
        int64_t src = (a * len + at) * inner + b, dst = a * part * inner + b;
        if (fl)
          rg_tensor_set_float(o, dst, rg_tensor_get_float(x, src));
        else
          rg_tensor_set_int(o, dst, rg_tensor_get_int(x, src));
      }
    at += part;
  }
  return RG_OK;
}
