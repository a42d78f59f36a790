/* backends/xnnpack/xnnpack_externs.c - the native parts of the edge-dialect
 * rules. Each returns false when it cannot decide, which keeps the rule
 * from firing. */
#include <math.h>
#include "rulegen/interp.h"
#include "rules/builtin.h"

bool xnnpack_scalar_exact(RgRewriter *rw, double c, RgDType dt) {
  (void)rw;
  if (!isfinite(c))
    return false;
  if (dt == RG_DT_F64)
    return true;
  if (!rg_dtype_is_float(dt)) {
    if (c != floor(c) || !(c >= -9.2e18 && c <= 9.2e18))
      return false;
    int bits = rg_dtype_bits(dt);
    bool uns = rg_dtype_is_unsigned(dt) || dt == RG_DT_I1;
    if (bits <= 0 || dt == RG_DT_INDEX)
      return false;
    if (bits >= 64)
      return !uns || c >= 0;
    double lo = uns ? 0 : -ldexp(1, bits - 1), hi = uns ? ldexp(1, bits) - 1 : ldexp(1, bits - 1) - 1;
    return c >= lo && c <= hi;
  }
  /* f32, f16, bf16: round through a one-element tensor of the type. */
  RgTensor t;
  if (rg_tensor_init(&t, dt, 0, NULL) != RG_OK)
    return false;
  rg_tensor_set_float(&t, 0, c);
  bool exact = (double)rg_tensor_get_float(&t, 0) == c;
  rg_tensor_release(&t);
  return exact;
}

bool xnnpack_computes_in_type(RgRewriter *rw, RgDType dt) {
  (void)rw;
  return dt != RG_DT_F16 && dt != RG_DT_BF16 && dt != RG_DT_NONE && dt != RG_DT_INDEX;
}
