/* backends/arm/arm_eval_full_like.c - aten.full_like (its evaluator: every
 * element is fill_value in the result's type) and the shape hook of
 * aten.full (the static shape `size`, element type `dtype`), so
 * convert_full_like_to_full can build the full it replaces full_like with. */
#include <stdio.h>
#include <string.h>
#include "rules/builtin.h"
#include "rulegen/eval.h"
#include "rulegen/match.h"

RgStatus arm_infer_full(RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen) {
  const RgAttr *size = rg_node_attr(n, "size");
  RgDType dt = RG_DT_NONE;
  RgInts s;
  if (n->num_operands || !rg_attr_to_ints(g, size, &s) || s.n > RG_TENSOR_MAX_RANK ||
      !rg_attr_get_dtype(rg_node_attr(n, "dtype"), &dt)) {
    snprintf(err, errlen, "full: needs no operands, a static 'size' and a 'dtype'");
    return RG_ERR_INVALID;
  }
  for (uint32_t i = 0; i < s.n; i++)
    if (s.v[i] < 0) {
      snprintf(err, errlen, "full: negative size");
      return RG_ERR_INVALID;
    }
  results[0] = rg_type_tensor(g, dt, (int32_t)s.n, s.v);
  return results[0] ? RG_OK : RG_ERR_NOMEM;
}

static RgStatus op_full_like(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  if (out->rank != in[0]->rank || memcmp(out->dims, in[0]->dims, sizeof *out->dims * (size_t)out->rank) != 0)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "the result's shape is not the input's");
  double f;
  int64_t iv = 0;
  bool isf = false;
  if (!rg_eval_attr_number(n, "fill_value", &f, &iv, &isf))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "'fill_value' is not a number");
  if (isf && rg_elem_is_int(out->dtype))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "a float fill_value with a %s result", rg_dtype_name(out->dtype));
  for (int64_t i = 0; i < out->numel; i++) {
    if (rg_elem_is_int(out->dtype))
      rg_tensor_set_int(out, i, out->dtype == RG_DT_I1 ? iv != 0 : iv);
    else
      rg_tensor_set_float(out, i, f);
  }
  return RG_OK;
}

RG_EVAL_ONE_RESULT(arm_eval_full_like, op_full_like, 1, 1)
