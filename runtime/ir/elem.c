/* runtime/ir/elem.c - element types as values are stored: integer ranges,
 * wrapping, round-to-nearest-even into f16/bf16/f32, the storage class and
 * size of each type, and element equality. Decoded dense attributes and the
 * interpreter's tensors share this storage, so a constant decodes straight
 * into the form the evaluators read. */
#include <math.h>
#include "ir/ir_internal.h"

/* ---- element types ---- */

bool rg_elem_is_int(RgDType dt) {
  switch (dt) {
  case RG_DT_I1: case RG_DT_I4: case RG_DT_I8: case RG_DT_I16: case RG_DT_I32:
  case RG_DT_I48: case RG_DT_I64: case RG_DT_UI8: case RG_DT_UI16: case RG_DT_UI32:
  case RG_DT_UI64: case RG_DT_INDEX:
    return true;
  default:
    return false;
  }
}

bool rg_elem_supported(RgDType dt) {
  return rg_elem_is_int(dt) || dt == RG_DT_F32 || dt == RG_DT_F16 || dt == RG_DT_BF16;
}

int64_t rg_elem_min(RgDType dt) {
  int bits = rg_dtype_bits(dt);
  if (dt == RG_DT_I1 || rg_dtype_is_unsigned(dt))
    return 0;
  if (bits >= 64)
    return INT64_MIN;
  return -((int64_t)1 << (bits - 1));
}

int64_t rg_elem_max(RgDType dt) {
  int bits = rg_dtype_bits(dt);
  if (dt == RG_DT_I1)
    return 1;
  if (rg_dtype_is_unsigned(dt))
    return bits >= 64 ? INT64_MAX : (int64_t)(((uint64_t)1 << bits) - 1);
  if (bits >= 64)
    return INT64_MAX;
  return ((int64_t)1 << (bits - 1)) - 1;
}

int64_t rg_elem_wrap(RgDType dt, int64_t v) {
  int bits = rg_dtype_bits(dt);
  if (bits >= 64)
    return v;
  uint64_t mask = ((uint64_t)1 << bits) - 1, u = (uint64_t)v & mask;
  if (dt != RG_DT_I1 && !rg_dtype_is_unsigned(dt) && (u >> (bits - 1)) & 1)
    u |= ~mask;
  return (int64_t)u;
}

/* Rounds v to a binary format with `mant` fraction bits, normal exponents
 * from `emin`, ties to even, overflowing to infinity past `maxfin`. The
 * scaling by powers of two is exact in double, so nearbyint (the default
 * rounding mode is to nearest even) does the one rounding step. */
static double round_format(double v, int mant, int emin, double maxfin) {
  if (isnan(v) || isinf(v) || v == 0)
    return v;
  double a = fabs(v);
  /* halfway between maxfin and the next binade's first value */
  double limit = maxfin + ldexp(1.0, ilogb(maxfin) - mant - 1);
  if (a >= limit)
    return v < 0 ? -INFINITY : INFINITY;
  int e = ilogb(a);
  if (e < emin)
    e = emin; /* subnormal: fixed quantum */
  double q = ldexp(1.0, e - mant);
  double r = nearbyint(v / q) * q;
  return r;
}

float rg_elem_round(RgDType dt, double v) {
  switch (dt) {
  case RG_DT_F16:
    return (float)round_format(v, 10, -14, 65504.0);
  case RG_DT_BF16:
    return (float)round_format(v, 7, -126, ldexp(255.0, 120));
  default:
    return (float)v;
  }
}

RgElemStore ir_elem_store(RgDType dt) {
  switch (dt) {
  case RG_DT_I1: return RG_STORE_WRAP_U8;
  case RG_DT_I4: return RG_STORE_WRAP_I8;
  case RG_DT_I8: return RG_STORE_I8;
  case RG_DT_UI8: return RG_STORE_U8;
  case RG_DT_I16: return RG_STORE_I16;
  case RG_DT_UI16: return RG_STORE_U16;
  case RG_DT_I32: return RG_STORE_I32;
  case RG_DT_UI32: return RG_STORE_U32;
  case RG_DT_I48: return RG_STORE_WRAP_I64;
  default: return rg_elem_is_int(dt) ? RG_STORE_I64 : RG_STORE_F32;
  }
}

size_t ir_elem_size(RgDType dt) {
  switch (ir_elem_store(dt)) {
  case RG_STORE_I8: case RG_STORE_U8: case RG_STORE_WRAP_I8: case RG_STORE_WRAP_U8: return 1;
  case RG_STORE_I16: case RG_STORE_U16: return 2;
  case RG_STORE_I32: case RG_STORE_U32: case RG_STORE_F32: return 4;
  case RG_STORE_I64: case RG_STORE_WRAP_I64: return 8;
  }
  return 8;
}

bool rg_tensor_elem_equal(const RgTensor *a, int64_t i, const RgTensor *b, int64_t j) {
  if (rg_tensor_is_int(a))
    return rg_tensor_get_int(a, i) == rg_tensor_get_int(b, j);
  float x = rg_tensor_get_float(a, i), y = rg_tensor_get_float(b, j);
  return memcmp(&x, &y, sizeof x) == 0;
}
