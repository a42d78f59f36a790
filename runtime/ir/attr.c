/* runtime/ir/attr.c - attribute constructors and the lazy decoder of dense
 * element attributes: the reader keeps `dense<...>` text verbatim (fast, and
 * exact on re-print) and values are decoded only when a pass asks for them. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include "ir/ir_internal.h"

/* Decoded dense elements: integers at the width the interpreter's tensors
 * store them (one byte per i8 element), so that a constant tensor can be a
 * view of them; floats as doubles, exactly as written or computed. The
 * int64 arrays of rg_attr_dense_get_ints are made from them on demand. */
size_t ir_dense_elem_size(RgDType dt) {
  return rg_dtype_is_float(dt) ? sizeof(double) : ir_elem_size(dt);
}

static RgTensor dense_view(RgDType dt, const void *p) {
  RgTensor v;
  memset(&v, 0, sizeof v);
  v.dtype = dt;
  v.elems_ = (void *)p;
  v.store_ = (uint8_t)ir_elem_store(dt);
  v.borrowed_ = true;
  return v;
}

static void dense_put_int(RgDType dt, void *p, size_t i, int64_t v) {
  RgTensor t = dense_view(dt, p);
  rg_tensor_set_int(&t, (int64_t)i, v);
}

int64_t ir_dense_int(const RgAttr *a, uint32_t i) {
  RgTensor t = dense_view(a->type->dtype, a->decoded);
  return rg_tensor_get_int(&t, i);
}

static RgAttr *attr_new(RgGraph *g, RgAttrKind kind) {
  RgAttr *a = rgs_arena_zalloc(ir_arena(g), sizeof *a);
  if (a)
    a->kind = kind;
  return a;
}

const RgAttr *rg_attr_unit(RgGraph *g) { return attr_new(g, RG_ATTR_UNIT); }

const RgAttr *rg_attr_bool(RgGraph *g, bool v) {
  RgAttr *a = attr_new(g, RG_ATTR_BOOL);
  if (a)
    a->u.b = v;
  return a;
}

const RgAttr *rg_attr_int(RgGraph *g, int64_t v, const RgType *type) {
  RgAttr *a = attr_new(g, RG_ATTR_INT);
  if (a) {
    a->u.i = v;
    a->type = type;
  }
  return a;
}

const RgAttr *rg_attr_float(RgGraph *g, double v, const RgType *type) {
  RgAttr *a = attr_new(g, RG_ATTR_FLOAT);
  if (a) {
    a->u.f = v;
    a->type = type;
  }
  return a;
}

const RgAttr *rg_attr_string(RgGraph *g, const char *s, size_t len) {
  RgAttr *a = attr_new(g, RG_ATTR_STRING);
  char *copy = rgs_arena_strdup(ir_arena(g), s, len);
  if (!a || !copy || len > UINT32_MAX)
    return NULL;
  a->u.str.data = copy;
  a->u.str.len = (uint32_t)len;
  return a;
}

const RgAttr *rg_attr_type(RgGraph *g, const RgType *t) {
  const RgAttr **known = t ? ir_type_attr(t) : NULL;
  if (known && *known)
    return *known;
  RgAttr *a = attr_new(g, RG_ATTR_TYPE);
  if (a)
    a->type = t;
  if (known)
    *known = a;
  return a;
}

const RgAttr *rg_attr_dense_array_ints(RgGraph *g, RgDType elem, uint32_t n, const int64_t *v) {
  RgAttr *a = attr_new(g, RG_ATTR_DENSE_ARRAY);
  int64_t *copy = n ? rgs_arena_alloc(ir_arena(g), sizeof *copy * n) : NULL;
  const RgType *t = rg_type_scalar(g, elem);
  if (!a || (n && !copy) || !t)
    return NULL;
  if (n)
    memcpy(copy, v, sizeof *copy * n);
  a->type = t;
  a->count = n;
  a->u.ints = copy;
  return a;
}

static const RgAttr *dense_new(RgGraph *g, const RgType *tensor, uint32_t n, const int64_t *iv,
                               const double *fv) {
  int64_t numel = rg_type_numel(tensor);
  if (tensor->kind != RG_TYPE_TENSOR || numel < 0 || (n != 1 && (int64_t)n != numel))
    return NULL;
  RgAttr *a = attr_new(g, RG_ATTR_DENSE);
  size_t esize = ir_dense_elem_size(tensor->dtype);
  void *copy = rgs_arena_alloc(ir_arena(g), esize * (n ? n : 1));
  if (!a || !copy)
    return NULL;
  if (fv && n)
    memcpy(copy, fv, esize * n);
  for (uint32_t i = 0; iv && i < n; i++)
    dense_put_int(tensor->dtype, copy, i, iv[i]);
  a->type = tensor;
  a->count = n;
  a->splat = n == 1 && numel != 1;
  a->decoded = copy;
  a->decode_state = 1;
  return a;
}

const RgAttr *rg_attr_dense_ints(RgGraph *g, const RgType *tensor, uint32_t n, const int64_t *v) {
  if (rg_dtype_is_float(tensor->dtype) || tensor->dtype == RG_DT_NONE)
    return NULL;
  return dense_new(g, tensor, n, v, NULL);
}

const RgAttr *rg_attr_dense_floats(RgGraph *g, const RgType *tensor, uint32_t n, const double *v) {
  if (!rg_dtype_is_float(tensor->dtype))
    return NULL;
  return dense_new(g, tensor, n, NULL, v);
}

const RgAttr *rg_attr_array(RgGraph *g, uint32_t n, const RgAttr *const *items) {
  RgAttr *a = attr_new(g, RG_ATTR_ARRAY);
  const RgAttr **copy = n ? rgs_arena_alloc(ir_arena(g), sizeof *copy * n) : NULL;
  if (!a || (n && !copy))
    return NULL;
  if (n)
    memcpy(copy, items, sizeof *copy * n);
  a->count = n;
  a->u.items = copy;
  return a;
}

const RgAttr *rg_attr_dict(RgGraph *g, uint32_t n, const RgNamedAttr *entries) {
  RgAttr *a = attr_new(g, RG_ATTR_DICT);
  RgNamedAttr *copy = n ? rgs_arena_alloc(ir_arena(g), sizeof *copy * n) : NULL;
  if (!a || (n && !copy))
    return NULL;
  for (uint32_t i = 0; i < n; i++) {
    copy[i].name = rg_intern(g, entries[i].name, strlen(entries[i].name));
    copy[i].value = entries[i].value;
    if (!copy[i].name)
      return NULL;
  }
  a->count = n;
  a->u.entries = copy;
  return a;
}

const RgAttr *rg_attr_opaque(RgGraph *g, const char *text, size_t len) {
  RgAttr *a = attr_new(g, RG_ATTR_OPAQUE);
  char *copy = rgs_arena_strdup(ir_arena(g), text, len);
  if (!a || !copy || len > UINT32_MAX)
    return NULL;
  a->text = copy;
  a->text_len = (uint32_t)len;
  a->u.verbatim = copy;
  return a;
}

/* ---- dense decoding ---- */

double ir_f16_to_double(uint16_t h) {
  int e = (h >> 10) & 0x1f, m = h & 0x3ff;
  double s = (h & 0x8000) ? -1.0 : 1.0;
  if (e == 0)
    return s * ldexp(m, -24);
  if (e == 31)
    return m ? NAN : s * INFINITY;
  return s * ldexp(m + 1024, e - 25);
}

double ir_bf16_to_double(uint16_t h) {
  uint32_t bits = (uint32_t)h << 16;
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

/* Raw bits of an integer element, sign- or zero-extended by its type. */
static int64_t from_bits_int(RgDType dt, uint64_t bits) {
  int nbits = rg_dtype_bits(dt);
  if (nbits < 64) {
    bits &= ((uint64_t)1 << nbits) - 1;
    if (!rg_dtype_is_unsigned(dt) && dt != RG_DT_I1 && (bits >> (nbits - 1)) & 1)
      bits |= ~(((uint64_t)1 << nbits) - 1);
  }
  return (int64_t)bits;
}

/* Interprets little-endian raw bits of one element. */
static void from_bits(RgDType dt, uint64_t bits, int64_t *iv, double *fv) {
  switch (dt) {
  case RG_DT_F16: *fv = ir_f16_to_double((uint16_t)bits); return;
  case RG_DT_BF16: *fv = ir_bf16_to_double((uint16_t)bits); return;
  case RG_DT_F32: {
    uint32_t b32 = (uint32_t)bits;
    float f;
    memcpy(&f, &b32, sizeof f);
    *fv = f;
    return;
  }
  case RG_DT_F64: memcpy(fv, &bits, sizeof *fv); return;
  default: break;
  }
  *iv = from_bits_int(dt, bits);
}

static int hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* `"0x...."` body: packed little-endian elements. */
static bool decode_hex(RgGraph *g, RgAttr *a, const char *p, const char *end, int64_t numel) {
  RgDType dt = a->type->dtype;
  bool is_float = rg_dtype_is_float(dt);
  size_t esize = (size_t)(rg_dtype_bits(dt) + 7) / 8;
  size_t nhex = (size_t)(end - p);
  if (nhex % 2 || esize == 0 || esize > 8)
    return false;
  size_t nbytes = nhex / 2;
  if (nbytes % esize)
    return false;
  size_t count = nbytes / esize;
  if (count != 1 && (int64_t)count != numel)
    return false;
  void *out = rgs_arena_alloc(ir_arena(g), ir_dense_elem_size(dt) * (count ? count : 1));
  if (!out) {
    a->decode_state = -2;
    return false;
  }
  if (esize == 1 && !is_float) { /* i8, ui8, i1, i4: the common weight case */
    for (size_t i = 0; i < count; i++) {
      int hi = hexval(p[2 * i]), lo = hexval(p[2 * i + 1]);
      if (hi < 0 || lo < 0)
        return false;
      dense_put_int(dt, out, i, from_bits_int(dt, (uint64_t)(hi * 16 + lo)));
    }
  }
  for (size_t i = esize == 1 && !is_float ? count : 0; i < count; i++) {
    uint64_t bits = 0;
    for (size_t k = 0; k < esize; k++) {
      int hi = hexval(p[(i * esize + k) * 2]), lo = hexval(p[(i * esize + k) * 2 + 1]);
      if (hi < 0 || lo < 0)
        return false;
      bits |= (uint64_t)(hi * 16 + lo) << (8 * k);
    }
    int64_t iv = 0;
    double fv = 0;
    from_bits(dt, bits, &iv, &fv);
    if (is_float)
      ((double *)out)[i] = fv;
    else
      dense_put_int(dt, out, i, iv);
  }
  a->count = (uint32_t)count;
  a->splat = count == 1 && numel != 1;
  a->decoded = out;
  return true;
}

/* One literal element: true/false, integer, float, or a 0x bit pattern. */
static bool decode_elem(RgDType dt, const char **pp, const char *end, int64_t *iv, double *fv) {
  const char *p = *pp;
  bool is_float = rg_dtype_is_float(dt);
  if (end - p >= 4 && memcmp(p, "true", 4) == 0) {
    *iv = 1;
    *fv = 1;
    *pp = p + 4;
    return true;
  }
  if (end - p >= 5 && memcmp(p, "false", 5) == 0) {
    *iv = 0;
    *fv = 0;
    *pp = p + 5;
    return true;
  }
  if (end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
    uint64_t bits = 0;
    const char *q = p + 2;
    int digits = 0;
    while (q < end && hexval(*q) >= 0) {
      if (++digits > 16)
        return false;
      bits = bits * 16 + (uint64_t)hexval(*q++);
    }
    if (!digits)
      return false;
    if (is_float)
      from_bits(dt, bits, iv, fv);
    else
      *iv = (int64_t)bits;
    *pp = q;
    return true;
  }
  char tmp[64];
  size_t n = 0;
  while (p + n < end && n < sizeof tmp - 1 &&
         (strchr("0123456789+-.eE", p[n]) || (p[n] >= 'a' && p[n] <= 'z' && is_float)))
    n++;
  if (!n || n == sizeof tmp - 1)
    return false;
  memcpy(tmp, p, n);
  tmp[n] = 0;
  char *stop;
  if (is_float) {
    *fv = strtod(tmp, &stop);
  } else {
    errno = 0;
    long long v = strtoll(tmp, &stop, 10);
    if (errno == ERANGE)
      return false;
    *iv = v;
  }
  if (*stop)
    return false;
  *pp = p + n;
  return true;
}

static bool decode_list(RgGraph *g, RgAttr *a, const char *p, const char *end, int64_t numel) {
  RgDType dt = a->type->dtype;
  bool is_float = rg_dtype_is_float(dt);
  if (p == end) { /* `dense<>`: the elements of a tensor with none */
    if (numel != 0)
      return false;
    a->count = 0;
    a->splat = false;
    a->decoded = rgs_arena_alloc(ir_arena(g), 8);
    return a->decoded != NULL;
  }
  /* First pass counts the elements so the array is allocated once. */
  size_t count = 0;
  bool bracketed = false;
  for (const char *q = p; q < end; q++) {
    if (*q == '[')
      bracketed = true;
    else if (*q == '(')
      return false; /* complex elements: not decoded */
  }
  if (bracketed) {
    bool in_elem = false;
    for (const char *q = p; q < end; q++) {
      char c = *q;
      bool sep = c == '[' || c == ']' || c == ',' || c == ' ' || c == '\n' || c == '\t';
      if (!sep && !in_elem)
        count++;
      in_elem = !sep;
    }
  } else {
    count = 1;
  }
  if (count != 1 && (int64_t)count != numel)
    return false;
  if (count == 0 && numel != 0)
    return false;
  void *out = rgs_arena_alloc(ir_arena(g), ir_dense_elem_size(dt) * (count ? count : 1));
  if (!out) {
    a->decode_state = -2;
    return false;
  }
  size_t i = 0;
  const char *q = p;
  while (q < end) {
    char c = *q;
    if (c == '[' || c == ']' || c == ',' || c == ' ' || c == '\n' || c == '\t') {
      q++;
      continue;
    }
    int64_t iv = 0;
    double fv = 0;
    if (i >= count || !decode_elem(dt, &q, end, &iv, &fv))
      return false;
    if (is_float)
      ((double *)out)[i++] = fv;
    else
      dense_put_int(dt, out, i++, iv);
  }
  if (i != count)
    return false;
  a->count = (uint32_t)count;
  a->splat = !bracketed && numel != 1;
  a->decoded = out;
  return true;
}

static bool dense_decode(RgGraph *g, RgAttr *a) {
  if (a->decode_state)
    return a->decode_state > 0;
  a->decode_state = -1;
  if (!a->text || !a->type || a->type->kind != RG_TYPE_TENSOR || a->type->dtype == RG_DT_NONE)
    return false;
  int64_t numel = rg_type_numel(a->type);
  if (numel < 0 || numel > UINT32_MAX)
    return false;
  const char *p = a->text, *end = a->text + a->text_len;
  if (end - p < 7 || memcmp(p, "dense<", 6) != 0)
    return false;
  p += 6;
  /* The body ends at the '>' that closes `dense<`; literals hold none. */
  const char *close = memchr(p, '>', (size_t)(end - p));
  if (!close)
    return false;
  bool ok;
  if (p < close && *p == '"') {
    if (close - p < 4 || close[-1] != '"' || p[1] != '0' || (p[2] != 'x' && p[2] != 'X'))
      return false;
    ok = decode_hex(g, a, p + 3, close - 1, numel);
  } else {
    ok = decode_list(g, a, p, close, numel);
  }
  if (ok)
    a->decode_state = 1;
  return ok;
}

bool rg_attr_dense_get_ints(RgGraph *g, const RgAttr *ca, const int64_t **v, uint32_t *n) {
  RgAttr *a = (RgAttr *)ca; /* decoding fills a cache; the value is unchanged */
  if (!a || a->kind != RG_ATTR_DENSE || rg_dtype_is_float(a->type->dtype) || !dense_decode(g, a))
    return false;
  if (!a->wide) {
    int64_t *w = rgs_arena_alloc(ir_arena(g), sizeof *w * (a->count ? a->count : 1));
    if (!w)
      return false;
    for (uint32_t i = 0; i < a->count; i++)
      w[i] = ir_dense_int(a, i);
    a->wide = w;
  }
  *v = a->wide;
  *n = a->count;
  return true;
}

bool rg_attr_dense_view(RgGraph *g, const RgAttr *a, RgTensor *t) {
  memset(t, 0, sizeof *t);
  if (!ir_dense_decoded(g, a) || rg_dtype_is_float(a->type->dtype) ||
      !rg_elem_supported(a->type->dtype) || a->type->rank > RG_TENSOR_MAX_RANK ||
      (int64_t)a->count != rg_type_numel(a->type) || a->splat)
    return false;
  *t = dense_view(a->type->dtype, a->decoded);
  t->rank = a->type->rank;
  for (int32_t d = 0; d < t->rank; d++)
    t->dims[d] = a->type->dims[d];
  t->numel = a->count;
  return true;
}

const RgAttr *rg_attr_dense_tensor(RgGraph *g, const RgType *type, const RgTensor *t) {
  int64_t numel = rg_type_numel(type);
  if (type->kind != RG_TYPE_TENSOR || type->dtype != t->dtype || numel != t->numel ||
      numel > UINT32_MAX)
    return NULL;
  uint32_t count = (uint32_t)numel;
  bool splat = count > 1;
  for (uint32_t i = 1; i < count && splat; i++)
    splat = rg_tensor_elem_equal(t, i, t, 0);
  if (splat)
    count = 1;
  RgAttr *a = attr_new(g, RG_ATTR_DENSE);
  size_t esize = ir_dense_elem_size(type->dtype);
  void *copy = rgs_arena_alloc(ir_arena(g), esize * (count ? count : 1));
  if (!a || !copy)
    return NULL;
  if (rg_tensor_is_float(t))
    for (uint32_t i = 0; i < count; i++)
      ((double *)copy)[i] = rg_tensor_get_float(t, i);
  else if (count)
    memcpy(copy, t->elems_, esize * count); /* the same layout */
  a->type = type;
  a->count = count;
  a->splat = count == 1 && numel != 1;
  a->decoded = copy;
  a->decode_state = 1;
  return a;
}

bool ir_dense_hash(RgGraph *g, const RgAttr *ca, uint32_t *h) {
  RgAttr *a = (RgAttr *)ca;
  if (a->kind != RG_ATTR_DENSE)
    return false;
  if (a->decode_state) {
    if (a->decode_state < 0)
      return false;
    *h = rgs_hash_bytes(a->decoded, ir_dense_elem_size(a->type->dtype) * (size_t)a->count);
    return true;
  }
  RgsArena *ar = ir_arena(g);
  RgsArenaChunk *chunk = ar->chunk;
  char *cur = ar->cur;
  size_t total = ar->total;
  uint32_t count = a->count;
  bool splat = a->splat;
  if (!dense_decode(g, a))
    return false;
  size_t bytes = ir_dense_elem_size(a->type->dtype) * (size_t)a->count;
  *h = rgs_hash_bytes(a->decoded, bytes);
  /* Give the copy back while it is the arena's last allocation. */
  if (bytes > DENSE_HASH_KEEP && ar->chunk == chunk && (char *)a->decoded >= cur &&
      (char *)a->decoded < ar->cur) {
    ar->cur = cur;
    ar->total = total;
    a->decoded = NULL;
    a->decode_state = 0;
    a->count = count;
    a->splat = splat;
  }
  return true;
}

bool ir_dense_decoded(RgGraph *g, const RgAttr *a) {
  return a && a->kind == RG_ATTR_DENSE && dense_decode(g, (RgAttr *)a);
}

bool rg_attr_dense_get_floats(RgGraph *g, const RgAttr *ca, const double **v, uint32_t *n) {
  RgAttr *a = (RgAttr *)ca;
  if (!a || a->kind != RG_ATTR_DENSE || !rg_dtype_is_float(a->type->dtype) || !dense_decode(g, a))
    return false;
  *v = a->decoded;
  *n = a->count;
  return true;
}

bool rg_attr_equal(const RgAttr *a, const RgAttr *b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind)
    return false;
  if (a->text && b->text && a->kind != RG_ATTR_DENSE)
    return a->text_len == b->text_len && memcmp(a->text, b->text, a->text_len) == 0;
  switch (a->kind) {
  case RG_ATTR_UNIT: return true;
  case RG_ATTR_BOOL: return a->u.b == b->u.b;
  case RG_ATTR_INT: return a->u.i == b->u.i && a->type == b->type;
  case RG_ATTR_FLOAT: return a->type == b->type && memcmp(&a->u.f, &b->u.f, sizeof a->u.f) == 0;
  case RG_ATTR_STRING:
    return a->u.str.len == b->u.str.len && memcmp(a->u.str.data, b->u.str.data, a->u.str.len) == 0;
  case RG_ATTR_TYPE: return a->type == b->type;
  case RG_ATTR_DENSE_ARRAY:
    return a->type == b->type && a->count == b->count &&
           (a->count == 0 || memcmp(a->u.ints, b->u.ints, sizeof(int64_t) * a->count) == 0);
  case RG_ATTR_DENSE:
    if (a->text && b->text && a->text_len == b->text_len && memcmp(a->text, b->text, a->text_len) == 0)
      return true;
    if (a->type != b->type || a->decode_state != 1 || b->decode_state != 1 || a->count != b->count)
      return false;
    return memcmp(a->decoded, b->decoded, ir_dense_elem_size(a->type->dtype) * (size_t)a->count) == 0;
  case RG_ATTR_ARRAY:
    if (a->count != b->count)
      return false;
    for (uint32_t i = 0; i < a->count; i++)
      if (!rg_attr_equal(a->u.items[i], b->u.items[i]))
        return false;
    return true;
  case RG_ATTR_DICT:
    if (a->count != b->count)
      return false;
    for (uint32_t i = 0; i < a->count; i++)
      if (strcmp(a->u.entries[i].name, b->u.entries[i].name) != 0 ||
          !rg_attr_equal(a->u.entries[i].value, b->u.entries[i].value))
        return false;
    return true;
  case RG_ATTR_OPAQUE: return false; /* different text */
  }
  return false;
}

/* ---- dense literal validation ---- */

typedef struct DenseCheck {
  RgDType dt;
  const RgType *type;
  const char *end;
  char *why;
  size_t whylen;
  int64_t count; /* scalar elements seen */
} DenseCheck;

static bool dense_fail(DenseCheck *c, const char *fmt, ...) RGS_PRINTF(2, 3);
static bool dense_fail(DenseCheck *c, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->why, c->whylen, fmt, ap);
  va_end(ap);
  return false;
}

static const char *skip_space(const char *p, const char *end) {
  while (p < end && (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r'))
    p++;
  return p;
}

/* Signless integers accept either reading of their bits, as MLIR does:
 * i8 takes -128 to 255. */
static bool int_fits(RgDType dt, int64_t v) {
  int bits = rg_dtype_bits(dt);
  if (dt == RG_DT_I1)
    return v == 0 || v == 1;
  if (bits >= 64)
    return !rg_dtype_is_unsigned(dt) || v >= 0;
  int64_t hi = (int64_t)(((uint64_t)1 << bits) - 1);
  int64_t lo = rg_dtype_is_unsigned(dt) ? 0 : -((int64_t)1 << (bits - 1));
  return v >= lo && v <= hi;
}

static bool dense_elem(DenseCheck *c, const char **pp) {
  const char *p = *pp, *q = p;
  int64_t iv = 0;
  double fv = 0;
  bool is_hex = c->end - p > 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X');
  if (!decode_elem(c->dt, &q, c->end, &iv, &fv)) {
    const char *e = p;
    while (e < c->end && e - p < 24 && *e != ',' && *e != ']' && *e != ' ')
      e++;
    return dense_fail(c, "element %lld ('%.*s') is not a literal of type %s", (long long)c->count,
                      (int)(e - p), p, rg_dtype_name(c->dt));
  }
  if (!rg_dtype_is_float(c->dt) && !is_hex && !int_fits(c->dt, iv))
    return dense_fail(c, "element %lld is %lld, out of range for %s", (long long)c->count,
                      (long long)iv, rg_dtype_name(c->dt));
  c->count++;
  *pp = q;
  return true;
}

/* A bracketed list at nesting `depth`: its length must be dims[depth] and
 * its items lists one level deeper, or scalars at the innermost level. */
static bool dense_list(DenseCheck *c, const char **pp, int32_t depth) {
  const char *p = skip_space(*pp, c->end);
  if (p >= c->end || *p != '[') {
    if (depth != c->type->rank)
      return dense_fail(c, "a scalar element where dimension %d of %s needs a list", (int)depth,
                        c->type->text);
    *pp = p;
    return dense_elem(c, pp);
  }
  if (depth >= c->type->rank)
    return dense_fail(c, "the literal nests deeper than the rank of %s", c->type->text);
  p = skip_space(p + 1, c->end);
  int64_t items = 0;
  if (p < c->end && *p == ']') {
    p++;
  } else {
    for (;;) {
      if (!dense_list(c, &p, depth + 1))
        return false;
      items++;
      p = skip_space(p, c->end);
      if (p < c->end && *p == ',') {
        p++;
        continue;
      }
      if (p < c->end && *p == ']') {
        p++;
        break;
      }
      return dense_fail(c, "expected ',' or ']' in the literal");
    }
  }
  if (items != c->type->dims[depth])
    return dense_fail(c, "dimension %d has %lld element%s in the literal but %lld in %s", (int)depth,
                      (long long)items, items == 1 ? "" : "s", (long long)c->type->dims[depth],
                      c->type->text);
  *pp = p;
  return true;
}

bool ir_dense_check(const RgAttr *a, char *why, size_t whylen) {
  if (!a || a->kind != RG_ATTR_DENSE || !a->text || !a->type)
    return true;
  const RgType *t = a->type;
  if (t->kind == RG_TYPE_UNRANKED || (t->kind == RG_TYPE_TENSOR && rg_type_numel(t) < 0)) {
    snprintf(why, whylen, "dense elements need a static shape, not %s", t->text);
    return false;
  }
  if (t->kind != RG_TYPE_TENSOR || t->dtype == RG_DT_NONE)
    return true; /* vectors, quantized or complex elements: kept verbatim */
  const char *p = a->text + 6, *end = a->text + a->text_len;
  const char *close = memchr(p, '>', (size_t)(end - p));
  if (a->text_len < 7 || memcmp(a->text, "dense<", 6) != 0 || !close)
    return true;
  if (memchr(p, '(', (size_t)(close - p)))
    return true; /* complex elements */
  int64_t numel = rg_type_numel(t);
  DenseCheck c = {t->dtype, t, close, why, whylen, 0};
  p = skip_space(p, close);
  if (p == close) {
    if (numel == 0)
      return true;
    snprintf(why, whylen, "an empty literal for %s, which has %lld elements", t->text, (long long)numel);
    return false;
  }
  if (*p == '"') {
    const char *q = p + 1, *qe = memchr(q, '"', (size_t)(close - q));
    if (!qe || qe - q < 2 || q[0] != '0' || (q[1] != 'x' && q[1] != 'X')) {
      snprintf(why, whylen, "a string literal for %s is neither a hex blob nor a number", t->text);
      return false;
    }
    q += 2;
    for (const char *h = q; h < qe; h++)
      if (hexval(*h) < 0) {
        snprintf(why, whylen, "'%c' is not a hex digit", *h);
        return false;
      }
    size_t esize = (size_t)(rg_dtype_bits(t->dtype) + 7) / 8, nhex = (size_t)(qe - q);
    /* i1 elements are packed eight to a byte, as MLIR writes them. */
    int64_t full = t->dtype == RG_DT_I1 ? (numel + 7) / 8 : (int64_t)esize * numel;
    if (nhex % 2 || (nhex / 2 != esize && (int64_t)(nhex / 2) != full)) {
      snprintf(why, whylen,
               "the hex literal has %zu digits, but %s needs %lld (%lld elements) or %zu for a "
               "splat", nhex, t->text, (long long)(2 * full), (long long)numel, 2 * esize);
      return false;
    }
    return true;
  }
  if (*p != '[') /* one scalar: a splat of any shape */
    return dense_elem(&c, &p) && (skip_space(p, close) == close ||
                                  dense_fail(&c, "unexpected text after the splat value"));
  if (!dense_list(&c, &p, 0))
    return false;
  if (skip_space(p, close) != close)
    return dense_fail(&c, "unexpected text after the literal");
  return true;
}

const RgAttr *rg_attr_dense_text(RgGraph *g, const RgType *type, const char *text, size_t len) {
  if (!type || (type->kind != RG_TYPE_TENSOR && type->kind != RG_TYPE_UNRANKED) || len < 8 ||
      len > UINT32_MAX - 1 || memcmp(text, "dense<", 6) != 0)
    return NULL;
  RgAttr *a = attr_new(g, RG_ATTR_DENSE);
  char *copy = rgs_arena_strdup(ir_arena(g), text, len);
  if (!a || !copy)
    return NULL;
  a->text = copy;
  a->text_len = (uint32_t)len;
  a->type = type;
  /* The body ends at the first '>' (literals hold none); the same cheap
   * shape facts as the reader's, values wait for the first use. */
  const char *body = copy + 6, *bend = memchr(body, '>', len - 6);
  if (!bend)
    return NULL;
  int64_t numel = rg_type_numel(type);
  if (body < bend && *body == '[') {
    a->count = numel >= 0 && numel <= UINT32_MAX ? (uint32_t)numel : 0;
  } else if (body < bend && *body == '"') {
    int bits = rg_dtype_bits(type->dtype);
    size_t bytes = bend - body >= 4 ? (size_t)(bend - body - 4) / 2 : 0, esize = (size_t)(bits + 7) / 8;
    size_t n = esize ? bytes / esize : 0;
    a->count = n <= UINT32_MAX ? (uint32_t)n : 0;
    a->splat = n == 1 && numel != 1;
  } else {
    a->count = body < bend ? 1 : 0;
    a->splat = a->count == 1 && numel != 1;
  }
  return a;
}
