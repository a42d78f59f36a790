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


/* A per-tensor quantized value's scale and zero point. */
static bool per_tensor_params(const RgValue *v, double *scale, int64_t *zp) {
  return v && v->type && ir_type_quant_params(v->type, scale, zp);
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

/* ---- per-channel parameters (a dense float or int tensor attribute) ---- */

/* The values of a dense attribute as doubles (ints converted), count n. */
static bool dense_doubles(RgGraph *g, const RgAttr *a, double **out, uint32_t *n) {
  if (!a || a->kind != RG_ATTR_DENSE || !a->type || a->type->kind != RG_TYPE_TENSOR)
    return false;
  int64_t numel = rg_type_numel(a->type);
  if (numel < 1 || numel > (1 << 24))
    return false;
  double *d = malloc(sizeof *d * (size_t)numel);
  if (!d)
    return false;
  uint32_t count;
  const double *f;
  const int64_t *iv;
  bool ok = rg_dtype_is_float(a->type->dtype) ? rg_attr_dense_get_floats(g, a, &f, &count)
                                              : rg_attr_dense_get_ints(g, a, &iv, &count);
  ok = ok && (count == 1 || (int64_t)count == numel);
  for (int64_t i = 0; ok && i < numel; i++) {
    uint32_t k = count == 1 ? 0 : (uint32_t)i;
    d[i] = rg_dtype_is_float(a->type->dtype) ? f[k] : (double)iv[k];
  }
  if (!ok) {
    free(d);
    return false;
  }
  *out = d;
  *n = (uint32_t)numel;
  return true;
}

/* scale[c] * factor as RESCALE multipliers (i32) or shifts (i8), one a
 * channel. */
static const RgAttr *per_channel_rescale(RgGraph *g, const RgAttr *scales, double factor, bool shifts) {
  double *s;
  uint32_t n;
  if (!dense_doubles(g, scales, &s, &n))
    return NULL;
  int64_t *v = malloc(sizeof *v * n);
  bool ok = v != NULL;
  for (uint32_t i = 0; ok && i < n; i++) {
    int64_t m, sh;
    ok = rescale_params(s[i] * factor, &m, &sh);
    if (ok)
      v[i] = shifts ? sh : m;
  }
  int64_t dim = n;
  const RgType *t = ok ? rg_type_tensor(g, shifts ? RG_DT_I8 : RG_DT_I32, 1, &dim) : NULL;
  const RgAttr *out = t ? rg_attr_dense_ints(g, t, n, v) : NULL;
  free(v);
  free(s);
  return out;
}

const RgAttr *rg_rescale_multipliers(RgGraph *g, const RgAttr *scales, double factor) {
  return per_channel_rescale(g, scales, factor, false);
}

const RgAttr *rg_rescale_shifts(RgGraph *g, const RgAttr *scales, double factor) {
  return per_channel_rescale(g, scales, factor, true);
}

/* The float constant v quantized per channel of its first axis: element
 * i of channel c is v / (scales[c] * factor) rounded half to even,
 * clamped to dt; 8 and 16 bits as torch's quantize computes (x * (1 /
 * scale) in f32), 32 bits in double. */
static const RgAttr *quantize_channels(RgGraph *g, const RgValue *v, const RgAttr *scales, double factor,
                                       RgDType dt) {
  const RgNode *n = v ? rg_value_def(v) : NULL;
  if (!n || n->num_operands || !v->type || v->type->kind != RG_TYPE_TENSOR || v->type->rank < 1)
    return NULL;
  const RgAttr *a = rg_node_attr(n, "values");
  if (!a)
    a = rg_node_attr(n, "value");
  double *s, *x;
  uint32_t ns, nx;
  if (!a || !rg_dtype_is_float(a->type->dtype) || !dense_doubles(g, a, &x, &nx))
    return NULL;
  if (!dense_doubles(g, scales, &s, &ns)) {
    free(x);
    return NULL;
  }
  int64_t channels = v->type->dims[0];
  int64_t *q = channels == (int64_t)ns && nx % ns == 0 ? malloc(sizeof *q * nx) : NULL;
  int bits = rg_dtype_bits(dt);
  double lo = -ldexp(1, bits - 1), hi = ldexp(1, bits - 1) - 1;
  uint32_t inner = ns ? nx / ns : 0;
  bool ok = q != NULL;
  for (uint32_t i = 0; ok && i < nx; i++) {
    double sc = s[i / inner] * factor;
    ok = sc > 0 && isfinite(sc);
    double r = !ok ? 0 : bits <= 16 ? (double)nearbyintf((float)x[i] * (float)(1.0 / sc)) : nearbyint(x[i] / sc);
    ok = ok && r == r;
    if (ok)
      q[i] = (int64_t)(r < lo ? lo : r > hi ? hi : r);
  }
  const RgType *t = ok ? rg_type_tensor(g, dt, v->type->rank, v->type->dims) : NULL;
  const RgAttr *out = t ? rg_attr_dense_ints(g, t, nx, q) : NULL;
  free(q);
  free(s);
  free(x);
  return out;
}

const RgAttr *rg_quantize_weight_per_channel(RgGraph *g, const RgValue *w, const RgAttr *scales,
                                             const RgAttr *zero_points) {
  double *z;
  uint32_t nz;
  if (!dense_doubles(g, zero_points, &z, &nz))
    return NULL;
  bool symmetric = true;
  for (uint32_t i = 0; i < nz; i++)
    symmetric = symmetric && z[i] == 0;
  free(z);
  return symmetric ? quantize_channels(g, w, scales, 1.0, RG_DT_I8) : NULL;
}

const RgAttr *rg_quantize_bias_per_channel(RgGraph *g, const RgValue *b, const RgAttr *scales, double factor) {
  return quantize_channels(g, b, scales, factor, RG_DT_I32);
}
