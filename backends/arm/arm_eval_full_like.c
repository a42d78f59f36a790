/* backends/arm/arm_eval_full_like.c - the evaluator of aten.full_like:
 * every element is fill_value in the result's type. (aten.full, which
 * convert_full_like_to_full builds, is xnnpack.ops's, with its hooks.) */
#include <string.h>
#include "rules/builtin.h"
#include "rulegen/eval.h"

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
