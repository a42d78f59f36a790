/* runtime/ir/type.c - element types, and the decoding of a type's spelling
 * into its kind, element type and dims when it is a builtin scalar, a
 * quantized element type (its storage type) or a ranked or unranked tensor
 * of one (graph.c interns the spellings). */
#include <math.h>
#include <stdlib.h>
#include "rulegen/graph.h"
#include "ir/ir_internal.h"

/* ---- dtypes ---- */

static const struct {
  const char *name;
  int bits;
} dtype_info[RG_DT_COUNT] = {
    [RG_DT_NONE] = {"", 0},      [RG_DT_I1] = {"i1", 1},       [RG_DT_I4] = {"i4", 4},
    [RG_DT_I8] = {"i8", 8},      [RG_DT_I16] = {"i16", 16},    [RG_DT_I32] = {"i32", 32},
    [RG_DT_I48] = {"i48", 48},   [RG_DT_I64] = {"i64", 64},    [RG_DT_UI8] = {"ui8", 8},
    [RG_DT_UI16] = {"ui16", 16}, [RG_DT_UI32] = {"ui32", 32},  [RG_DT_UI64] = {"ui64", 64},
    [RG_DT_F16] = {"f16", 16},   [RG_DT_BF16] = {"bf16", 16},  [RG_DT_F32] = {"f32", 32},
    [RG_DT_F64] = {"f64", 64},   [RG_DT_INDEX] = {"index", 64},
};

const char *rg_dtype_name(RgDType dt) { return dt < RG_DT_COUNT ? dtype_info[dt].name : ""; }
int rg_dtype_bits(RgDType dt) { return dt < RG_DT_COUNT ? dtype_info[dt].bits : 0; }
bool rg_dtype_is_float(RgDType dt) {
  return dt == RG_DT_F16 || dt == RG_DT_BF16 || dt == RG_DT_F32 || dt == RG_DT_F64;
}
bool rg_dtype_is_unsigned(RgDType dt) {
  return dt == RG_DT_UI8 || dt == RG_DT_UI16 || dt == RG_DT_UI32 || dt == RG_DT_UI64;
}

RgDType rg_dtype_from_name(const char *s, size_t len) {
  for (int i = 1; i < RG_DT_COUNT; i++) {
    const char *n = dtype_info[i].name;
    if (strlen(n) == len && memcmp(n, s, len) == 0)
      return (RgDType)i;
  }
  return RG_DT_NONE;
}

/* ---- types ---- */

static bool parse_dim(const char **pp, const char *end, int64_t *dim) {
  const char *p = *pp;
  if (p < end && *p == '?') {
    *dim = RG_DIM_DYNAMIC;
    *pp = p + 1;
    return true;
  }
  if (p >= end || *p < '0' || *p > '9')
    return false;
  int64_t v = 0;
  while (p < end && *p >= '0' && *p <= '9') {
    if (v > (INT64_MAX - 9) / 10)
      return false;
    v = v * 10 + (*p++ - '0');
  }
  *dim = v;
  *pp = p;
  return true;
}

/* `!quant.uniform<STORAGE[<min:max>]:EXPRESSED...>`: the storage type, an
 * integer spelled iN or uN (MLIR's quant dialect writes unsigned storage
 * as u8), or RG_DT_NONE when the text is not such a type. Only the storage
 * type decides how TOSA ops compute on the values. */
static RgDType quant_storage(const char *s, size_t len) {
  static const char pre[] = "!quant.uniform<";
  size_t np = sizeof pre - 1;
  if (len <= np + 1 || memcmp(s, pre, np) != 0 || s[len - 1] != '>')
    return RG_DT_NONE;
  const char *p = s + np, *end = s + len - 1;
  while (p < end && *p == ' ')
    p++;
  const char *q = p;
  while (q < end && ((*q >= 'a' && *q <= 'z') || (*q >= '0' && *q <= '9')))
    q++;
  char name[8];
  size_t n = (size_t)(q - p);
  if (n < 2 || n > 4 || (p[0] != 'i' && p[0] != 'u') || (q < end && *q != '<' && *q != ':' && *q != ' '))
    return RG_DT_NONE;
  if (p[0] == 'u') { /* u8 -> ui8 */
    name[0] = 'u';
    name[1] = 'i';
    memcpy(name + 2, p + 1, n - 1);
    n++;
  } else {
    memcpy(name, p, n);
  }
  RgDType dt = rg_dtype_from_name(name, n);
  return dt == RG_DT_I1 || dt == RG_DT_INDEX || rg_dtype_is_float(dt) ? RG_DT_NONE : dt;
}

/* Fills the decoded fields of a type from its text (kind, rank, dims in
 * `arena`) and gives the spelling of its element type, which the caller
 * interns (*elem_len 0: none). */
bool ir_type_decode(RgsArena *arena, RgType *t, const char **elem, size_t *elem_len) {
  const char *s = t->text, *end = s + t->text_len;
  t->kind = RG_TYPE_OTHER;
  t->dtype = RG_DT_NONE;
  t->rank = -1;
  *elem = NULL;
  *elem_len = 0;
  RgDType dt = rg_dtype_from_name(s, t->text_len);
  if (dt != RG_DT_NONE) {
    t->kind = RG_TYPE_SCALAR;
    t->dtype = dt;
    return true;
  }
  if ((dt = quant_storage(s, t->text_len)) != RG_DT_NONE) {
    t->kind = RG_TYPE_QUANT;
    t->dtype = dt;
    return true;
  }
  if (t->text_len < 8 || memcmp(s, "tensor<", 7) != 0 || end[-1] != '>')
    return true;
  const char *p = s + 7, *close = end - 1;
  if (*p == '*') {
    if (p + 1 >= close || p[1] != 'x')
      return true;
    t->kind = RG_TYPE_UNRANKED;
    *elem = p + 2;
    *elem_len = (size_t)(close - p - 2);
    return true;
  }
  int64_t dims[64];
  int32_t rank = 0;
  for (;;) {
    const char *q = p;
    int64_t d;
    if (!parse_dim(&q, close, &d) || q >= close || *q != 'x')
      break;
    if (rank == 64)
      return true; /* absurd rank: keep it verbatim */
    dims[rank++] = d;
    p = q + 1;
  }
  /* The element type runs to the closing '>' unless an encoding follows;
   * a top-level ',' marks one, and such tensors stay verbatim. */
  int depth = 0;
  for (const char *q = p; q < close; q++) {
    if (*q == '<' || *q == '(' || *q == '[' || *q == '{')
      depth++;
    else if (*q == '>' || *q == ')' || *q == ']' || *q == '}')
      depth--;
    else if (*q == ',' && depth == 0)
      return true;
  }
  if (p >= close)
    return true;
  int64_t *copy = NULL;
  if (rank) {
    copy = rgs_arena_alloc(arena, sizeof *copy * (size_t)rank);
    if (!copy)
      return false;
    memcpy(copy, dims, sizeof *copy * (size_t)rank);
  }
  t->kind = RG_TYPE_TENSOR;
  t->rank = rank;
  t->dims = copy;
  *elem = p;
  *elem_len = (size_t)(close - p);
  return true;
}

int64_t rg_type_numel(const RgType *t) {
  if (t->kind == RG_TYPE_SCALAR)
    return 1;
  if (t->kind != RG_TYPE_TENSOR)
    return -1;
  int64_t n = 1;
  for (int32_t i = 0; i < t->rank; i++) {
    if (t->dims[i] < 0)
      return -1;
    if (t->dims[i] && n > INT64_MAX / t->dims[i])
      return -1;
    n *= t->dims[i];
  }
  return n;
}

bool rg_type_is_tensor(const RgType *t) {
  return t->kind == RG_TYPE_TENSOR || t->kind == RG_TYPE_UNRANKED;
}

/* ---- quantized element types ---- */

static const RgType *elem_of(const RgType *t) {
  if (!t)
    return NULL;
  return t->kind == RG_TYPE_TENSOR || t->kind == RG_TYPE_UNRANKED ? t->elem : t;
}

RgDType rg_type_storage(const RgType *t) {
  const RgType *e = elem_of(t);
  if (!e)
    return RG_DT_NONE;
  return e->kind == RG_TYPE_SCALAR || e->kind == RG_TYPE_QUANT ? e->dtype : RG_DT_NONE;
}

bool rg_type_is_quant(const RgType *t) {
  const RgType *e = elem_of(t);
  return e && e->kind == RG_TYPE_QUANT;
}

/* Per-axis and sub-channel types list their scales in braces. */
bool rg_type_is_quant_per_tensor(const RgType *t) {
  const RgType *e = elem_of(t);
  return e && e->kind == RG_TYPE_QUANT && !memchr(e->text, '{', e->text_len);
}

/* `!quant.uniform<i8:f32, SCALE[:ZP]>`: the parameters after the comma at
 * the outer level. Per-axis types (scales in braces) are not per-tensor. */
bool ir_type_quant_params(const RgType *t, double *scale, int64_t *zp) {
  if (!rg_type_is_quant_per_tensor(t))
    return false;
  const RgType *e = elem_of(t);
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

double rg_type_quant_scale(const RgType *t) {
  double s;
  int64_t zp;
  return ir_type_quant_params(t, &s, &zp) ? s : 0;
}
