/* runtime/tensor.c - RgTensor values for the reference interpreter: element
 * type ranges, wrapping and round-to-nearest-even into f16/bf16/f32,
 * deterministic random contents, bitwise comparison and printing. */
#include <math.h>
#include <stdlib.h>
#include "interp_internal.h"

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

RgElemStore interp_elem_store(RgDType dt) {
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

size_t interp_elem_size(RgDType dt) {
  switch (interp_elem_store(dt)) {
  case RG_STORE_I8: case RG_STORE_U8: case RG_STORE_WRAP_I8: case RG_STORE_WRAP_U8: return 1;
  case RG_STORE_I16: case RG_STORE_U16: return 2;
  case RG_STORE_I32: case RG_STORE_U32: case RG_STORE_F32: return 4;
  case RG_STORE_I64: case RG_STORE_WRAP_I64: return 8;
  }
  return 8;
}

void rg_tensor_strides(const RgTensor *t, int64_t *strides) {
  int64_t s = 1;
  for (int32_t d = t->rank - 1; d >= 0; d--) {
    strides[d] = s;
    s *= t->dims[d];
  }
}

/* ---- tensors ---- */

RgStatus rg_tensor_init(RgTensor *t, RgDType dt, int32_t rank, const int64_t *dims) {
  memset(t, 0, sizeof *t);
  if (!rg_elem_supported(dt) || rank < 0 || rank > RG_TENSOR_MAX_RANK)
    return RG_ERR_INVALID;
  int64_t n = 1;
  for (int32_t i = 0; i < rank; i++) {
    if (dims[i] < 0 || (dims[i] && n > ((int64_t)1 << 40) / dims[i]))
      return RG_ERR_INVALID;
    n *= dims[i];
    t->dims[i] = dims[i];
  }
  t->dtype = dt;
  t->rank = rank;
  t->numel = n;
  t->store_ = (uint8_t)interp_elem_store(dt);
  /* zero-filled from the allocator: untouched pages of a large tensor
   * that a constant replaces by a view never become resident */
  t->elems_ = rg_zalloc((size_t)(n ? n : 1) * interp_elem_size(dt));
  return t->elems_ ? RG_OK : RG_ERR_NOMEM;
}

RgStatus interp_type_layout(const RgType *type, RgDType *dt, int32_t *rank, int64_t *dims) {
  if (!type)
    return RG_ERR_INVALID;
  if (type->kind == RG_TYPE_SCALAR) {
    *dt = type->dtype;
    *rank = 0;
    return rg_elem_supported(*dt) ? RG_OK : RG_ERR_INVALID;
  }
  /* a dialect's shape type, `!<dialect>.shape<N>`: N index values */
  const char *sh = type->kind == RG_TYPE_OTHER && type->text[0] == '!'
                       ? strstr(type->text, ".shape<")
                       : NULL;
  if (sh && !memchr(type->text, '<', (size_t)(sh - type->text))) {
    char *end;
    long long n = strtoll(sh + 7, &end, 10);
    if (*end != '>' || end[1] || n < 0 || n > 64)
      return RG_ERR_INVALID;
    *dt = RG_DT_INDEX;
    *rank = 1;
    dims[0] = n;
    return RG_OK;
  }
  if (type->kind != RG_TYPE_TENSOR || type->rank > RG_TENSOR_MAX_RANK ||
      !rg_elem_supported(type->dtype))
    return RG_ERR_INVALID;
  for (int32_t i = 0; i < type->rank; i++)
    if (type->dims[i] < 0)
      return RG_ERR_INVALID;
  *dt = type->dtype;
  *rank = type->rank;
  for (int32_t i = 0; i < type->rank; i++)
    dims[i] = type->dims[i];
  return RG_OK;
}

RgStatus rg_tensor_init_type(RgTensor *t, const RgType *type) {
  memset(t, 0, sizeof *t);
  RgDType dt;
  int32_t rank;
  int64_t dims[RG_TENSOR_MAX_RANK];
  RgStatus s = interp_type_layout(type, &dt, &rank, dims);
  return s != RG_OK ? s : rg_tensor_init(t, dt, rank, dims);
}

RgStatus rg_tensor_copy(RgTensor *dst, const RgTensor *src) {
  RgStatus s = rg_tensor_init(dst, src->dtype, src->rank, src->dims);
  if (s != RG_OK)
    return s;
  rg_tensor_copy_elems(dst, src);
  return RG_OK;
}

void rg_tensor_copy_elems(RgTensor *dst, const RgTensor *src) {
  if (dst->store_ == src->store_) {
    memcpy(dst->elems_, src->elems_, interp_elem_size(src->dtype) * (size_t)src->numel);
    return;
  }
  for (int64_t i = 0; i < src->numel; i++)
    if (rg_tensor_is_int(src))
      rg_tensor_set_int(dst, i, rg_tensor_get_int(src, i));
    else
      rg_tensor_set_float(dst, i, rg_tensor_get_float(src, i));
}

void rg_tensor_release(RgTensor *t) {
  if (!t)
    return;
  if (!t->borrowed_)
    rg_free(t->elems_);
  t->elems_ = NULL;
  t->borrowed_ = false;
  t->numel = 0;
}

void rg_tensor_array_free(RgTensor *ts, uint32_t n) {
  if (!ts)
    return;
  for (uint32_t i = 0; i < n; i++)
    rg_tensor_release(&ts[i]);
  rg_free(ts);
}


/* ---- random contents ---- */

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

RgStatus rg_tensor_random_range(RgTensor *out, const RgType *type, uint64_t seed, double lo,
                                double hi) {
  RgStatus s = rg_tensor_init_type(out, type);
  if (s != RG_OK)
    return s;
  if (!(lo <= hi)) {
    rg_tensor_release(out);
    return RG_ERR_INVALID;
  }
  uint64_t st = seed;
  if (rg_tensor_is_int(out)) {
    int64_t ilo = (int64_t)ceil(lo), ihi = (int64_t)floor(hi);
    if (ilo < rg_elem_min(out->dtype))
      ilo = rg_elem_min(out->dtype);
    if (ihi > rg_elem_max(out->dtype))
      ihi = rg_elem_max(out->dtype);
    uint64_t span = (uint64_t)ihi - (uint64_t)ilo + 1; /* 0 means the whole 2^64 */
    for (int64_t i = 0; i < out->numel; i++) {
      uint64_t r = splitmix64(&st);
      rg_tensor_set_int(out, i, (int64_t)((uint64_t)ilo + (span ? r % span : r)));
    }
  } else {
    for (int64_t i = 0; i < out->numel; i++) {
      double u = (double)(splitmix64(&st) >> 11) * 0x1.0p-53; /* [0, 1) */
      rg_tensor_set_float(out, i, lo + (hi - lo) * u);
    }
  }
  return RG_OK;
}

RgStatus rg_tensor_random(RgTensor *out, const RgType *type, uint64_t seed) {
  double lo = -4, hi = 4;
  RgDType dt = type ? type->dtype : RG_DT_NONE;
  if (rg_elem_is_int(dt)) {
    lo = (double)rg_elem_min(dt);
    hi = (double)rg_elem_max(dt);
    if (dt == RG_DT_I32 || dt == RG_DT_UI32) {
      lo = dt == RG_DT_I32 ? -1048576.0 : 0;
      hi = 1048576.0;
    } else if (rg_dtype_bits(dt) > 32) {
      lo = dt == RG_DT_UI64 ? 0 : -4294967296.0;
      hi = 4294967296.0;
    }
  }
  return rg_tensor_random_range(out, type, seed, lo, hi);
}

/* ---- comparison and printing ---- */

bool rg_tensor_same_type(const RgTensor *a, const RgTensor *b) {
  if (a->dtype != b->dtype || a->rank != b->rank)
    return false;
  for (int32_t i = 0; i < a->rank; i++)
    if (a->dims[i] != b->dims[i])
      return false;
  return true;
}

bool rg_tensor_elem_equal(const RgTensor *a, int64_t i, const RgTensor *b, int64_t j) {
  if (rg_tensor_is_int(a))
    return rg_tensor_get_int(a, i) == rg_tensor_get_int(b, j);
  float x = rg_tensor_get_float(a, i), y = rg_tensor_get_float(b, j);
  return memcmp(&x, &y, sizeof x) == 0;
}

bool rg_tensor_equal(const RgTensor *a, const RgTensor *b) {
  return rg_tensor_first_diff(a, b, NULL, 0) < 0;
}

static void put_elem(RgBuf *b, const RgTensor *t, int64_t i) {
  if (rg_tensor_is_int(t))
    rg_buf_put_i64(b, rg_tensor_get_int(t, i));
  else
    rg_buf_printf(b, "%.9g", (double)rg_tensor_get_float(t, i));
}

static void put_type(RgBuf *b, const RgTensor *t) {
  rg_buf_puts(b, "tensor<");
  for (int32_t d = 0; d < t->rank; d++)
    rg_buf_printf(b, "%lldx", (long long)t->dims[d]);
  rg_buf_puts(b, rg_dtype_name(t->dtype));
  rg_buf_putc(b, '>');
}

static void copy_out(RgBuf *b, char *msg, size_t msglen) {
  if (msg && msglen) {
    size_t n = b->oom || !b->data ? 0 : b->len;
    if (n >= msglen)
      n = msglen - 1;
    if (n)
      memcpy(msg, b->data, n);
    msg[n] = 0;
  }
  rg_buf_free(b);
}

int64_t rg_tensor_first_diff(const RgTensor *a, const RgTensor *b, char *msg, size_t msglen) {
  RgBuf buf;
  rg_buf_init(&buf);
  int64_t at = -1;
  if (!rg_tensor_same_type(a, b)) {
    at = 0;
    put_type(&buf, a);
    rg_buf_puts(&buf, " != ");
    put_type(&buf, b);
  } else {
    for (int64_t i = 0; i < a->numel; i++)
      if (!rg_tensor_elem_equal(a, i, b, i)) {
        at = i;
        break;
      }
    if (at >= 0) {
      int64_t idx[RG_TENSOR_MAX_RANK], rest = at;
      for (int32_t d = a->rank - 1; d >= 0; d--) {
        idx[d] = a->dims[d] ? rest % a->dims[d] : 0;
        rest = a->dims[d] ? rest / a->dims[d] : 0;
      }
      rg_buf_puts(&buf, "element [");
      for (int32_t d = 0; d < a->rank; d++)
        rg_buf_printf(&buf, "%s%lld", d ? ", " : "", (long long)idx[d]);
      rg_buf_puts(&buf, "]: ");
      put_elem(&buf, a, at);
      rg_buf_puts(&buf, " != ");
      put_elem(&buf, b, at);
    }
  }
  copy_out(&buf, msg, msglen);
  return at;
}

const char *rg_tensor_format(const RgTensor *t, size_t max_elems, char *msg, size_t msglen) {
  RgBuf buf;
  rg_buf_init(&buf);
  put_type(&buf, t);
  rg_buf_puts(&buf, " [");
  for (int64_t i = 0; i < t->numel; i++) {
    if ((size_t)i >= max_elems) {
      rg_buf_puts(&buf, ", ...");
      break;
    }
    if (i)
      rg_buf_puts(&buf, ", ");
    put_elem(&buf, t, i);
  }
  rg_buf_putc(&buf, ']');
  copy_out(&buf, msg, msglen);
  return msg;
}
