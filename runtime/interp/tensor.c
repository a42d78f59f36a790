/* runtime/interp/tensor.c - RgTensor values for the reference interpreter:
 * creation from types, copies, deterministic random contents, bitwise
 * comparison and printing (element storage itself is runtime/ir/elem.c). */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include "interp/interp_internal.h"

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
  t->store_ = (uint8_t)ir_elem_store(dt);
  /* zero-filled from the allocator: untouched pages of a large tensor
   * that a constant replaces by a view never become resident */
  t->elems_ = rgs_zalloc((size_t)(n ? n : 1) * ir_elem_size(dt));
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
  /* quantized elements are computed on their storage type */
  RgDType st = rg_type_storage(type);
  if (type->kind != RG_TYPE_TENSOR || type->rank > RG_TENSOR_MAX_RANK || !rg_elem_supported(st))
    return RG_ERR_INVALID;
  for (int32_t i = 0; i < type->rank; i++)
    if (type->dims[i] < 0)
      return RG_ERR_INVALID;
  *dt = st;
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
    memcpy(dst->elems_, src->elems_, ir_elem_size(src->dtype) * (size_t)src->numel);
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

/* Elements drawn per part of a fill split over threads. */
#define FILL_PART ((int64_t)1 << 20)

/* A fill of t: elements [part * FILL_PART, ...) of each part drawn from
 * the state the sequence has there (splitmix64 adds a constant per draw),
 * so the bits do not depend on how the parts are shared out. */
typedef struct RandomFill {
  RgTensor *t;
  uint64_t seed;
  double lo, hi;
  int64_t ilo;
  uint64_t span; /* 0 means the whole 2^64 */
} RandomFill;

static void fill_part(void *ctx, uint32_t part) {
  const RandomFill *f = ctx;
  RgTensor *t = f->t;
  int64_t i = (int64_t)part * FILL_PART, end = t->numel - i < FILL_PART ? t->numel : i + FILL_PART;
  uint64_t st = f->seed + (uint64_t)i * 0x9E3779B97F4A7C15ull;
  if (rg_tensor_is_int(t)) {
    for (; i < end; i++) {
      uint64_t r = splitmix64(&st);
      rg_tensor_set_int(t, i, (int64_t)((uint64_t)f->ilo + (f->span ? r % f->span : r)));
    }
  } else if (t->dtype == RG_DT_F32 && t->store_ == RG_STORE_F32) {
    float *e = t->elems_;
    for (; i < end; i++) {
      double u = (double)(splitmix64(&st) >> 11) * 0x1.0p-53; /* [0, 1) */
      e[i] = (float)(f->lo + (f->hi - f->lo) * u);
    }
  } else {
    for (; i < end; i++) {
      double u = (double)(splitmix64(&st) >> 11) * 0x1.0p-53;
      rg_tensor_set_float(t, i, f->lo + (f->hi - f->lo) * u);
    }
  }
}

RgStatus interp_fill_random(RgTensor *t, uint64_t seed, double lo, double hi) {
  if (!(lo <= hi))
    return RG_ERR_INVALID;
  RandomFill f = {t, seed, lo, hi, 0, 0};
  if (rg_tensor_is_int(t)) {
    int64_t ilo = (int64_t)ceil(lo), ihi = (int64_t)floor(hi);
    if (ilo < rg_elem_min(t->dtype))
      ilo = rg_elem_min(t->dtype);
    if (ihi > rg_elem_max(t->dtype))
      ihi = rg_elem_max(t->dtype);
    f.ilo = ilo;
    f.span = (uint64_t)ihi - (uint64_t)ilo + 1;
  }
  uint32_t parts = (uint32_t)((t->numel + FILL_PART - 1) / FILL_PART);
  rg_eval_parallel(parts, fill_part, &f);
  return RG_OK;
}

void interp_default_range(RgDType dt, double *lo, double *hi) {
  *lo = -4;
  *hi = 4;
  if (rg_elem_is_int(dt)) {
    *lo = (double)rg_elem_min(dt);
    *hi = (double)rg_elem_max(dt);
    if (dt == RG_DT_I32 || dt == RG_DT_UI32) {
      *lo = dt == RG_DT_I32 ? -1048576.0 : 0;
      *hi = 1048576.0;
    } else if (rg_dtype_bits(dt) > 32) {
      *lo = dt == RG_DT_UI64 ? 0 : -4294967296.0;
      *hi = 4294967296.0;
    }
  }
}

RgStatus rg_tensor_random_range(RgTensor *out, const RgType *type, uint64_t seed, double lo,
                                double hi) {
  RgStatus s = rg_tensor_init_type(out, type);
  if (s == RG_OK && (s = interp_fill_random(out, seed, lo, hi)) != RG_OK)
    rg_tensor_release(out);
  return s;
}

RgStatus rg_tensor_random(RgTensor *out, const RgType *type, uint64_t seed) {
  double lo, hi;
  interp_default_range(type ? type->dtype : RG_DT_NONE, &lo, &hi);
  return rg_tensor_random_range(out, type, seed, lo, hi);
}

/* ---- edge values ---- */

/* Where bugs hide in rewrites: the values ordinary random draws almost
 * never produce, each an f32 bit pattern (f16 and bf16 values are held as
 * floats too) that is a value of every float type. The order matters:
 * small tensors get one edge value per input set, and the proof starts
 * each set one further along (rg_tensor_mix_edges). */
enum { EDGE_MAX = 32 };

/* The one NaN of the edge values: the NaN the host makes from 0 / 0, so
 * that it is the NaN every evaluator makes from other values too. Where
 * two different NaNs meet in a commutative op (a + b), which one comes out
 * is the C compiler's choice of operand order, so an op and its
 * decomposition would differ in NaN bits without either being wrong. It
 * must not be the canonical NaN evaluators write (C's NAN: reduce_max
 * with nan_mode IGNORE of a lone NaN): where the host's is that one (Arm),
 * its sign is flipped, and the determinism above is lost there. */
static uint32_t edge_nan(void) {
  volatile float zero = 0.0f;
  uint32_t u = interp_f32_bits(zero / zero);
  return u == interp_f32_bits(NAN) ? u ^ 0x80000000u : u;
}

static bool in_range(const RgEdgeValues *e, double v) { return !e->ranged || (v >= e->lo && v <= e->hi); }

/* The float edge values of dt (f32, f16 or bf16) that e's range allows,
 * as f32 bits. */
static uint32_t float_edges(RgDType dt, const RgEdgeValues *e, uint32_t *out) {
  /* the smallest and largest denormal, the smallest normal, the largest */
  double dmin = ldexp(1, -149), dmax = ldexp(0x7fffff, -149), nmin = ldexp(1, -126), fmax = FLT_MAX;
  if (dt == RG_DT_F16) {
    dmin = ldexp(1, -24);
    dmax = ldexp(1023, -24);
    nmin = ldexp(1, -14);
    fmax = 65504;
  } else if (dt == RG_DT_BF16) {
    dmin = ldexp(1, -133);
    dmax = ldexp(127, -133);
    fmax = ldexp(255, 120);
  }
  const uint32_t all[] = {interp_f32_bits(-0.0f), edge_nan(), interp_f32_bits(INFINITY), interp_f32_bits(-INFINITY),
                          interp_f32_bits(0.0f), interp_f32_bits((float)dmin), interp_f32_bits((float)-dmin),
                          interp_f32_bits((float)dmax), interp_f32_bits((float)fmax), interp_f32_bits((float)-fmax),
                          interp_f32_bits(1.0f), interp_f32_bits(-1.0f), interp_f32_bits((float)nmin)};
  uint32_t n = 0;
  for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
    if (in_range(e, interp_bits_f32(all[i])))
      out[n++] = all[i];
  return n;
}

static bool has_int(const int64_t *v, uint32_t n, int64_t x) {
  for (uint32_t i = 0; i < n; i++)
    if (v[i] == x)
      return true;
  return false;
}

/* The integer edge values of dt that e's range allows, each once. */
static uint32_t int_edges(RgDType dt, const RgEdgeValues *e, int64_t *out) {
  int64_t lo = rg_elem_min(dt), hi = rg_elem_max(dt);
  int64_t cand[EDGE_MAX];
  uint32_t nc = 0;
  cand[nc++] = lo;
  cand[nc++] = hi;
  for (uint32_t i = 0; i < e->num_ints && nc < EDGE_MAX - 5; i++)
    cand[nc++] = e->ints[i];
  cand[nc++] = 0;
  cand[nc++] = -1;
  cand[nc++] = 1;
  cand[nc++] = lo + 1;
  cand[nc++] = hi - 1;
  uint32_t n = 0;
  for (uint32_t i = 0; i < nc; i++)
    if (cand[i] >= lo && cand[i] <= hi && in_range(e, (double)cand[i]) && !has_int(out, n, cand[i]))
      out[n++] = cand[i];
  return n;
}

void rg_tensor_mix_edges(RgTensor *t, uint64_t seed, const RgEdgeValues *e) {
  static const RgEdgeValues none;
  if (!e)
    e = &none;
  uint32_t fv[EDGE_MAX];
  int64_t iv[EDGE_MAX];
  bool fl = rg_tensor_is_float(t);
  /* i1 and index tensors hold nothing but edge values already (or shapes) */
  if (t->numel == 0 || t->dtype == RG_DT_I1 || t->dtype == RG_DT_INDEX)
    return;
  uint32_t k = fl ? float_edges(t->dtype, e, fv) : int_edges(t->dtype, e, iv);
  if (!k)
    return;
  /* One element in eight, at least one, at positions drawn without
   * repeats (selection sampling: each element is taken with probability
   * wanted / left). The stream is apart from the one that drew the
   * ordinary values, so those stay what they were. */
  uint64_t st = seed ^ 0xED6E5A1E0F5EED5ull;
  int64_t want = (t->numel + 7) / 8, taken = 0;
  for (int64_t i = 0; i < t->numel && taken < want; i++) {
    if ((int64_t)(splitmix64(&st) % (uint64_t)(t->numel - i)) >= want - taken)
      continue;
    uint32_t j = (uint32_t)((e->first + (uint64_t)taken++) % k);
    if (fl)
      ((float *)t->elems_)[i] = interp_bits_f32(fv[j]); /* bit for bit: NaN payloads */
    else
      rg_tensor_set_int(t, i, iv[j]);
  }
}

/* ---- comparison and printing ---- */

bool interp_same_storage(const RgTensor *a, const RgTensor *b) {
  return a->dtype == b->dtype && a->numel == b->numel;
}

bool rg_tensor_same_type(const RgTensor *a, const RgTensor *b) {
  if (a->dtype != b->dtype || a->rank != b->rank)
    return false;
  for (int32_t i = 0; i < a->rank; i++)
    if (a->dims[i] != b->dims[i])
      return false;
  return true;
}


bool rg_tensor_equal(const RgTensor *a, const RgTensor *b) {
  return rg_tensor_first_diff(a, b, NULL, 0) < 0;
}

static void put_elem(RgsBuf *b, const RgTensor *t, int64_t i) {
  float f = rg_tensor_get_float(t, i);
  if (rg_tensor_is_int(t))
    rgs_buf_put_i64(b, rg_tensor_get_int(t, i));
  else if (isnan(f)) /* NaNs that differ differ in their bits */
    rgs_buf_printf(b, "nan:0x%08x", (unsigned)interp_f32_bits(f));
  else
    rgs_buf_printf(b, "%.9g", (double)f);
}

static void put_type(RgsBuf *b, const RgTensor *t) {
  rgs_buf_puts(b, "tensor<");
  for (int32_t d = 0; d < t->rank; d++)
    rgs_buf_printf(b, "%lldx", (long long)t->dims[d]);
  rgs_buf_puts(b, rg_dtype_name(t->dtype));
  rgs_buf_putc(b, '>');
}

static void copy_out(RgsBuf *b, char *msg, size_t msglen) {
  if (msg && msglen) {
    size_t n = b->oom || !b->data ? 0 : b->len;
    if (n >= msglen)
      n = msglen - 1;
    if (n)
      memcpy(msg, b->data, n);
    msg[n] = 0;
  }
  rgs_buf_free(b);
}

int64_t rg_tensor_first_diff(const RgTensor *a, const RgTensor *b, char *msg, size_t msglen) {
  RgsBuf buf;
  rgs_buf_init(&buf);
  int64_t at = -1;
  if (!rg_tensor_same_type(a, b)) {
    at = 0;
    put_type(&buf, a);
    rgs_buf_puts(&buf, " != ");
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
      rgs_buf_puts(&buf, "element [");
      for (int32_t d = 0; d < a->rank; d++)
        rgs_buf_printf(&buf, "%s%lld", d ? ", " : "", (long long)idx[d]);
      rgs_buf_puts(&buf, "]: ");
      put_elem(&buf, a, at);
      rgs_buf_puts(&buf, " != ");
      put_elem(&buf, b, at);
    }
  }
  copy_out(&buf, msg, msglen);
  return at;
}

const char *rg_tensor_format(const RgTensor *t, size_t max_elems, char *msg, size_t msglen) {
  RgsBuf buf;
  rgs_buf_init(&buf);
  put_type(&buf, t);
  rgs_buf_puts(&buf, " [");
  for (int64_t i = 0; i < t->numel; i++) {
    if ((size_t)i >= max_elems) {
      rgs_buf_puts(&buf, ", ...");
      break;
    }
    if (i)
      rgs_buf_puts(&buf, ", ");
    put_elem(&buf, t, i);
  }
  rgs_buf_putc(&buf, ']');
  copy_out(&buf, msg, msglen);
  return msg;
}
