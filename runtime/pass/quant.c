/* runtime/pass/quant.c - quantization parameters for rules (rulegen/pass.h):
 * reading the scale and zero point of a `!quant.uniform` value, TOSA
 * RESCALE's multiplier and shift for a scale, and constants quantized at
 * compile time. docs/dsl.md ("Quantization") describes the builtins. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "rulegen/match.h"
#include "rulegen/pass.h"
#include "ir/ir_internal.h"

static const RgType *elem_type(const RgType *t) {
  if (t && (t->kind == RG_TYPE_TENSOR || t->kind == RG_TYPE_UNRANKED))
    return t->elem;
  return t;
}

/* `!quant.uniform<i8:f32, SCALE[:ZP]>`: the parameters after the comma at
 * the outer level. Per-axis types (scales in braces) are not per-tensor. */
static bool per_tensor_params(const RgValue *v, double *scale, int64_t *zp) {
  const RgType *e = v ? elem_type(v->type) : NULL;
  if (!e || e->kind != RG_TYPE_QUANT || !rg_type_is_quant_per_tensor(e))
    return false;
  const char *p = memchr(e->text, '<', e->text_len), *end = e->text + e->text_len - 1;
  int depth = 0;
  for (p = p ? p + 1 : end; p < end; p++) {
    if (*p == '<')
      depth++;
    else if (*p == '>')
      depth--;
    else if (*p == ',' && depth == 0)
      break;
  }
  char buf[80];
  size_t n = p < end ? (size_t)(end - p - 1) : sizeof buf;
  if (n >= sizeof buf)
    return false;
  memcpy(buf, p + 1, n);
  buf[n] = 0;
  char *stop;
  double s = strtod(buf, &stop);
  if (stop == buf || !(s > 0) || !isfinite(s))
    return false;
  while (*stop == ' ')
    stop++;
  long long z = 0;
  if (*stop == ':') {
    char *zend;
    z = strtoll(stop + 1, &zend, 10);
    if (zend == stop + 1 || *zend)
      return false;
  } else if (*stop) {
    return false;
  }
  *scale = s;
  *zp = z;
  return true;
}

bool rg_value_qscale(const RgValue *v, double *out) {
  int64_t zp;
  return per_tensor_params(v, out, &zp);
}

bool rg_value_qzero(const RgValue *v, int64_t *out) {
  double s;
  return per_tensor_params(v, &s, out);
}

bool rg_value_qstorage(const RgValue *v, RgDType *out) {
  RgDType dt = v ? rg_type_storage(v->type) : RG_DT_NONE;
  if (dt == RG_DT_NONE || rg_dtype_is_float(dt))
    return false;
  *out = dt;
  return true;
}

/* The TOSA specification's 32-bit scale: scale = m * 2^-s with m a 31-bit
 * multiplier in [2^30, 2^31) and 2 <= s <= 62. frexp gives scale =
 * f * 2^e with f in [0.5, 1); m = round(f * 2^31) and s = 31 - e, where a
 * rounding up to 2^31 halves m and lowers s by one. */
static bool rescale_params(double scale, int64_t *mult, int64_t *shift) {
  if (!(scale > 0) || !isfinite(scale))
    return false;
  int e;
  double f = frexp(scale, &e);
  int64_t m = (int64_t)llround(f * 2147483648.0);
  int64_t s = 31 - (int64_t)e;
  if (m == ((int64_t)1 << 31)) {
    m >>= 1;
    s--;
  }
  if (s < 2 || s > 62)
    return false;
  *mult = m;
  *shift = s;
  return true;
}

bool rg_rescale_multiplier(double scale, int64_t *out) {
  int64_t s;
  return rescale_params(scale, out, &s);
}

bool rg_rescale_shift(double scale, int64_t *out) {
  int64_t m;
  return rescale_params(scale, &m, out);
}

bool rg_quantize_scalar(double x, double scale, int64_t *out) {
  if (!(scale > 0) || !isfinite(x / scale) || fabs(x / scale) > 9.0e18)
    return false;
  *out = (int64_t)nearbyint(x / scale);
  return true;
}

/* Each element of a float constant divided by the scale and rounded half
 * to even (the current rounding mode, which C starts as to-nearest-even),
 * clamped to dt's range: the integer constant a bias or weight becomes. */
const RgAttr *rg_quantize_const(RgGraph *g, const RgValue *v, double scale, RgDType dt) {
  const RgNode *n = v ? rg_value_def(v) : NULL;
  if (!n || n->num_operands || !(scale > 0) || rg_dtype_is_float(dt) || rg_dtype_bits(dt) > 32 ||
      rg_dtype_is_unsigned(dt) || !v->type || v->type->kind != RG_TYPE_TENSOR)
    return NULL;
  const RgAttr *a = rg_node_attr(n, "values");
  if (!a)
    a = rg_node_attr(n, "value");
  const double *f;
  uint32_t count;
  if (!a || a->kind != RG_ATTR_DENSE || !rg_dtype_is_float(a->type->dtype) ||
      !rg_attr_dense_get_floats(g, a, &f, &count))
    return NULL;
  int64_t numel = rg_type_numel(v->type);
  if (numel < 0 || (count != 1 && (int64_t)count != numel))
    return NULL;
  int bits = rg_dtype_bits(dt);
  double lo = -ldexp(1, bits - 1), hi = ldexp(1, bits - 1) - 1;
  int64_t *q = malloc(sizeof *q * (count ? count : 1));
  if (!q)
    return NULL;
  /* 8 and 16 bits as torch's quantize computes: x * (1 / scale) in f32;
   * 32 bits (biases, beyond f32's integers) in double. */
  float inv = (float)(1.0 / scale);
  for (uint32_t i = 0; i < count; i++) {
    double r = bits <= 16 ? (double)nearbyintf((float)f[i] * inv) : nearbyint(f[i] / scale);
    if (r != r) {
      free(q);
      return NULL;
    }
    q[i] = (int64_t)(r < lo ? lo : r > hi ? hi : r);
  }
  const RgType *t = rg_type_tensor(g, dt, v->type->rank, v->type->dims);
  const RgAttr *out = t ? rg_attr_dense_ints(g, t, count, q) : NULL;
  free(q);
  return out;
}
