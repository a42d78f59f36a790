/* runtime/ir/type.c - element types, and the decoding of a type's spelling
 * into its kind, element type and dims when it is a builtin scalar or a
 * ranked or unranked tensor of one (graph.c interns the spellings). */
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
