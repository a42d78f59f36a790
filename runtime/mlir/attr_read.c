/* runtime/mlir/attr_read.c - the MLIR reader's type and attribute
 * builders, called from the grammar's actions: tensor types are validated
 * and interned, literals are range-checked against their types, and dense
 * payloads are kept verbatim for lazy decoding. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include "mlir/mlir_internal.h"

/* ---- types ---- */

static bool int_type_width(const char *s, uint32_t len, uint32_t *width, char *sign) {
  *sign = 0;
  if (len && (s[0] == 's' || s[0] == 'u')) {
    *sign = s[0];
    s++;
    len--;
  }
  if (len < 2 || s[0] != 'i')
    return false;
  uint64_t w = 0;
  for (uint32_t i = 1; i < len; i++) {
    if (s[i] < '0' || s[i] > '9' || i > 9)
      return false;
    w = w * 10 + (uint64_t)(s[i] - '0');
  }
  *width = (uint32_t)w;
  return true;
}

static bool is_float_name(const char *s, uint32_t len) {
  static const char *const names[] = {
      "f16", "bf16", "f32", "f64", "f80", "f128", "tf32", "f4E2M1FN", "f6E2M3FN", "f6E3M2FN",
      "f8E5M2", "f8E4M3", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E3M4",
      "f8E8M0FNU"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0)
      return true;
  return false;
}

/* Element types a tensor may hold. */
static bool valid_elem(const char *s, uint32_t len) {
  uint32_t w;
  char sign;
  if (int_type_width(s, len, &w, &sign))
    return w >= 1;
  if (is_float_name(s, len) || (len == 5 && memcmp(s, "index", 5) == 0))
    return true;
  if (len > 1 && s[0] == '!')
    return true;
  static const char *const shaped[] = {"complex<", "vector<", "tuple<", "memref<"};
  for (size_t i = 0; i < sizeof shaped / sizeof shaped[0]; i++) {
    size_t n = strlen(shaped[i]);
    if (len > n && memcmp(s, shaped[i], n) == 0 && s[len - 1] == '>')
      return true;
  }
  return false;
}

/* Checks `tensor<...>` text (whitespace already removed). Returns the
 * offset of the first bad byte, or -1 when valid. */
static long check_tensor(const char *s, uint32_t len, const char **why) {
  const char *p = s + 7, *end = s + len - 1;
  if (p < end && *p == '*') {
    if (p + 1 >= end || p[1] != 'x') {
      *why = "expected 'x' after '*' in unranked tensor type";
      return p + 1 - s;
    }
    p += 2;
  } else {
    while (p < end && ((*p >= '0' && *p <= '9') || *p == '?')) {
      if (*p == '?') {
        p++;
      } else {
        const char *d = p;
        uint64_t v = 0;
        while (p < end && *p >= '0' && *p <= '9') {
          if (v > (uint64_t)(INT64_MAX - 9) / 10) {
            *why = "dimension too large in tensor type";
            return d - s;
          }
          v = v * 10 + (uint64_t)(*p++ - '0');
        }
      }
      if (p >= end || *p != 'x') {
        *why = "expected 'x' after a dimension in tensor type";
        return p - s;
      }
      p++;
    }
  }
  /* element type, up to a top-level ',' (the encoding) */
  const char *e = p;
  int depth = 0;
  while (e < end && !(depth == 0 && *e == ',')) {
    if (*e == '<' || *e == '(' || *e == '[' || *e == '{')
      depth++;
    else if (*e == '>' || *e == ')' || *e == ']' || *e == '}')
      depth--;
    else if (*e == '"')
      break;
    e++;
  }
  if (e == p || !valid_elem(p, (uint32_t)(e - p))) {
    *why = "invalid element type in tensor type";
    return p - s;
  }
  if (e < end && e + 1 >= end) {
    *why = "expected an encoding attribute after ','";
    return e - s;
  }
  return -1;
}

static MlirTy type_tok(MlirParser *p, const MlirTok *t);

/* ---- aliases of affine maps and integer sets ----
 * `#map = affine_map<...>` is resolved where `#map` is used, so the graph
 * holds the map itself whatever the file called it; the writer names
 * maps and sets as mlir-opt does (#map, #map1, ...), and a file gives the
 * same output under any alias names. */

struct MapAlias {
  const char *name; /* without '#' */
  uint32_t len;
  const RgAttr *a;
};

static struct MapAlias *map_slot(const MlirParser *p, const char *name, size_t len) {
  uint32_t h = rgs_hash_bytes(name, len) & p->maps_mask;
  while (p->maps[h].name && !(p->maps[h].len == len && !memcmp(p->maps[h].name, name, len)))
    h = (h + 1) & p->maps_mask;
  return &p->maps[h];
}

static const struct MapAlias *map_find(const MlirParser *p, const char *name, size_t len) {
  const struct MapAlias *e = map_slot(p, name, len);
  return e->name ? e : NULL;
}

void mlir_map_alias(MlirParser *p, const MlirTok *name, const RgAttr *a) {
  if (!p->maps || (p->maps_len + 1) * 2 > p->maps_mask + 1) {
    uint32_t old_cap = p->maps ? p->maps_mask + 1 : 0, cap = old_cap ? old_cap * 2 : 16;
    struct MapAlias *old = p->maps, *m = rg_alloc(sizeof *m * cap);
    if (!m) {
      mlir_nomem(p, name->s);
      return;
    }
    memset(m, 0, sizeof *m * cap);
    p->maps = m;
    p->maps_mask = cap - 1;
    for (uint32_t i = 0; i < old_cap; i++)
      if (old[i].name)
        *map_slot(p, old[i].name, old[i].len) = old[i];
    rg_free(old);
  }
  struct MapAlias *e = map_slot(p, name->s + 1, name->len - 1);
  if (e->name) {
    mlir_error(p, name->s, "redefinition of alias '%.*s'", (int)(name->len > 60 ? 60 : name->len),
               name->s);
    return;
  }
  e->name = rg_intern(p->g, name->s + 1, name->len - 1);
  e->len = name->len - 1;
  e->a = a;
  if (!e->name)
    mlir_nomem(p, name->s);
  p->maps_len++;
}

static bool alias_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$' || c == '.';
}

/* s..end with each `#name` of a map alias (outside strings) replaced by
 * the map, into p->scratch; false when there is none. */
static bool map_subst(MlirParser *p, const char *s, const char *end) {
  const char *from = s;
  bool in_str = false, any = false;
  p->scratch.len = 0;
  for (const char *c = s; c < end; c++) {
    if (*c == '"')
      in_str = !in_str;
    else if (*c == '\\' && in_str)
      c++;
    else if (*c == '#' && !in_str) {
      const char *n = c + 1;
      while (n < end && alias_char(*n))
        n++;
      const struct MapAlias *e = n > c + 1 ? map_find(p, c + 1, (size_t)(n - c - 1)) : NULL;
      if (e) {
        rgs_buf_put(&p->scratch, from, (size_t)(c - from));
        rgs_buf_put(&p->scratch, e->a->text, e->a->text_len);
        from = n;
        any = true;
      }
    }
  }
  if (any)
    rgs_buf_put(&p->scratch, from, (size_t)(end - from));
  if (p->scratch.oom) {
    mlir_nomem(p, s);
    return false;
  }
  return any;
}

/* A type naming map aliases (a memref layout) holds the maps instead. */
MlirTy mlir_type_tok(MlirParser *p, const MlirTok *t) {
  MlirTy r = type_tok(p, t);
  if (r.t && p->maps_len && memchr(t->s, '#', t->len) && map_subst(p, t->s, t->s + t->len)) {
    r.t = rg_type_get(p->g, p->scratch.data, p->scratch.len);
    if (!r.t)
      mlir_nomem(p, t->s);
  }
  return r;
}

static MlirTy type_tok(MlirParser *p, const MlirTok *t) {
  MlirTy r = {NULL, t->s + t->len};
  if (p->failed)
    return r;
  const char *s = t->s;
  uint32_t len = t->len;
  /* Most types repeat: one already interned with this exact spelling was
   * validated when first seen. */
  r.t = ir_type_find(p->g, s, len);
  if (r.t)
    return r;
  uint32_t w;
  char sign;
  if (int_type_width(s, len, &w, &sign) && w > 16777215) {
    mlir_error(p, s, "integer bitwidth is limited to 16777215 bits");
    return r;
  }
  if (len > 7 && memcmp(s, "tensor<", 7) == 0) {
    /* Spacing inside a tensor type is not significant: drop it so that
     * equal types intern to one (strings and encodings stay as they are). */
    bool space = false;
    for (uint32_t i = 0; i < len && !space; i++)
      space = s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r';
    if (space && !memchr(s, '"', len)) {
      p->scratch.len = 0;
      for (uint32_t i = 0; i < len; i++)
        if (!(s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
          rgs_buf_putc(&p->scratch, s[i]);
      if (p->scratch.oom) {
        mlir_nomem(p, s);
        return r;
      }
      s = p->scratch.data;
      len = (uint32_t)p->scratch.len;
    }
    const char *why = NULL;
    long bad = check_tensor(s, len, &why);
    if (bad >= 0) {
      mlir_error(p, s == t->s ? t->s + bad : t->s, "%s", why);
      return r;
    }
  }
  r.t = rg_type_get(p->g, s, len);
  if (!r.t)
    mlir_nomem(p, t->s);
  return r;
}

void mlir_type_push(MlirParser *p, MlirTy t) {
  if (!p->failed)
    VEC_PUSH(p, p->types, t.t);
}

MlirTy mlir_type_fn(MlirParser *p, MlirSig sig) {
  MlirTy r = {NULL, sig.end};
  if (p->failed)
    return r;
  const RgType **ts = &p->types.v[p->types.len - sig.nin - sig.nout];
  RgsBuf *b = &p->scratch;
  b->len = 0;
  rgs_buf_putc(b, '(');
  for (uint32_t i = 0; i < sig.nin; i++) {
    if (i)
      rgs_buf_put(b, ", ", 2);
    rgs_buf_put(b, ts[i]->text, ts[i]->text_len);
  }
  rgs_buf_put(b, ") -> ", 5);
  bool paren = sig.nout != 1 || ts[sig.nin]->text[0] == '(';
  if (paren)
    rgs_buf_putc(b, '(');
  for (uint32_t i = 0; i < sig.nout; i++) {
    if (i)
      rgs_buf_put(b, ", ", 2);
    rgs_buf_put(b, ts[sig.nin + i]->text, ts[sig.nin + i]->text_len);
  }
  if (paren)
    rgs_buf_putc(b, ')');
  p->types.len -= sig.nin + sig.nout;
  if (b->oom) {
    mlir_nomem(p, NULL);
    return r;
  }
  r.t = rg_type_get(p->g, b->data, b->len);
  if (!r.t)
    mlir_nomem(p, NULL);
  return r;
}

/* ---- attributes ---- */

/* An attribute spelled s..end (NULL: none); errors are reported at `at`. */
static RgAttr *attr_new_at(MlirParser *p, RgAttrKind kind, const char *s, const char *end,
                           const char *at) {
  RgAttr *a = rgs_arena_zalloc(ir_arena(p->g), sizeof *a);
  if (!a) {
    mlir_nomem(p, at);
    return NULL;
  }
  a->kind = kind;
  if (s) {
    if ((size_t)(end - s) > UINT32_MAX - 1) {
      mlir_error(p, at, "attribute too large");
      return NULL;
    }
    /* a hex blob (weights) of a source that outlives the graph: no copy */
    bool in_place = p->src_kept && (size_t)(end - s) >= MLIR_IN_PLACE && memcmp(s, "dense<\"0x", 9) == 0;
    const char *text = in_place ? s : mlir_arena_dup(p, s, (size_t)(end - s));
    if (!text)
      return NULL;
    a->text = text;
    a->text_len = (uint32_t)(end - s);
    if (!ir_attr_remember(p->g, a)) {
      mlir_nomem(p, at);
      return NULL;
    }
  }
  return a;
}

static RgAttr *attr_new(MlirParser *p, RgAttrKind kind, const char *s, const char *end) {
  return attr_new_at(p, kind, s, end, s);
}

/* Sets r->a to the attribute of this kind already read with the spelling
 * s..r->end, if there is one (attributes are uniqued by spelling). */
static bool attr_reuse(MlirParser *p, MlirAt *r, RgAttrKind kind, const char *s) {
  r->a = ir_attr_find(p->g, (int)kind, s, (size_t)(r->end - s));
  return r->a != NULL;
}

/* Magnitude of an integer token; false on overflow beyond 64 bits. */
static bool int_value(const MlirTok *t, uint64_t *mag, bool *neg, bool *hex) {
  const char *s = t->s, *end = t->s + t->len;
  *neg = *s == '-';
  if (*neg)
    s++;
  *hex = end - s > 2 && s[0] == '0' && s[1] == 'x';
  uint64_t v = 0;
  if (*hex) {
    for (s += 2; s < end; s++) {
      if (v >> 60)
        return false;
      v = v * 16 + (uint64_t)mlir_hexv(*s);
    }
  } else {
    for (; s < end; s++) {
      uint64_t dgt = (uint64_t)(*s - '0');
      if (v > (UINT64_MAX - dgt) / 10)
        return false;
      v = v * 10 + dgt;
    }
  }
  *mag = v;
  return true;
}

static double bits_to_double(RgDType dt, uint64_t bits) {
  if (dt == RG_DT_F64) {
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
  }
  if (dt == RG_DT_F32) {
    uint32_t b32 = (uint32_t)bits;
    float f;
    memcpy(&f, &b32, sizeof f);
    return f;
  }
  if (dt == RG_DT_BF16)
    return ir_bf16_to_double((uint16_t)bits);
  return ir_f16_to_double((uint16_t)bits);
}

static bool parse_double(MlirParser *p, const MlirTok *t, double *out) {
  char small[64];
  char *buf = small;
  if (t->len >= sizeof small) {
    buf = rg_alloc(t->len + 1);
    if (!buf) {
      mlir_nomem(p, t->s);
      return false;
    }
  }
  memcpy(buf, t->s, t->len);
  buf[t->len] = 0;
  errno = 0;
  double v = strtod(buf, NULL);
  bool range = errno == ERANGE && isinf(v);
  if (buf != small)
    rg_free(buf);
  if (range) {
    mlir_error(p, t->s, "floating point literal out of range");
    return false;
  }
  *out = v;
  return true;
}

/* Checks an integer literal against an integer type of `width` bits
 * (t NULL: untyped, i64). Returns 0 with *out set, 1 when the value only
 * fits a type wider than 64 bits (kept verbatim), -1 after an error. */
static int int_literal(MlirParser *p, const MlirTok *num, const RgType *t, uint32_t width,
                       char sign, int64_t *out) {
  uint64_t mag;
  bool neg, hex;
  bool fits = int_value(num, &mag, &neg, &hex);
  if (!fits) {
    if (width > 64)
      return 1;
    mlir_error(p, num->s, "integer constant out of range for attribute");
    return -1;
  }
  if (neg && sign == 'u') {
    mlir_error(p, num->s, "negative integer literal not valid for unsigned integer type");
    return -1;
  }
  if (width < 64) {
    uint64_t lim_pos = sign == 's' ? ((uint64_t)1 << (width - 1)) - 1 : ((uint64_t)1 << width) - 1;
    uint64_t lim_neg = (uint64_t)1 << (width - 1);
    if (neg ? mag > lim_neg : mag > lim_pos) {
      mlir_error(p, num->s, "integer constant out of range for type '%s'", t ? t->text : "i64");
      return -1;
    }
  } else if (neg && mag > (uint64_t)1 << 63) {
    if (width > 64)
      return 1;
    mlir_error(p, num->s, "integer constant out of range for attribute");
    return -1;
  } else if (!neg && mag > (uint64_t)INT64_MAX && (!t || sign == 's')) {
    if (width > 64)
      return 1;
    mlir_error(p, num->s, "integer constant out of range for attribute");
    return -1;
  }
  *out = neg ? (int64_t)(0 - mag) : (int64_t)mag;
  return 0;
}

MlirAt mlir_attr_number(MlirParser *p, const MlirTok *num, const MlirTy *ty, bool is_float) {
  MlirAt r = {NULL, ty ? ty->end : num->s + num->len};
  if (p->failed)
    return r;
  const RgType *t = ty ? ty->t : NULL;
  uint32_t width = 64;
  char sign = 0;
  bool is_int_type = !t || int_type_width(t->text, t->text_len, &width, &sign) ||
                     strcmp(t->text, "index") == 0;
  bool is_float_type = t && is_float_name(t->text, t->text_len);
  if (is_float) {
    if (!t || is_float_type) {
      RgAttrKind kind = t && t->dtype == RG_DT_NONE ? RG_ATTR_OPAQUE : RG_ATTR_FLOAT;
      double v;
      if (attr_reuse(p, &r, kind, num->s) || !parse_double(p, num, &v))
        return r;
      RgAttr *a = attr_new(p, kind, num->s, r.end);
      if (a) {
        a->type = t;
        if (a->kind == RG_ATTR_FLOAT)
          a->u.f = v;
        else
          a->u.verbatim = a->text;
      }
      r.a = a;
      return r;
    }
    mlir_error(p, num->s, "floating point value not valid for type '%s'", t->text);
    return r;
  }
  uint64_t mag;
  bool neg, hex;
  bool fits = int_value(num, &mag, &neg, &hex);
  if (is_float_type) {
    if (!hex) {
      mlir_error(p, num->s, "unexpected decimal integer literal for a floating point value "
            "(add a '.' to make it a float)");
      return r;
    }
    int bits = t->dtype == RG_DT_NONE ? 128 : rg_dtype_bits(t->dtype);
    if (neg || !fits || (bits < 64 && (mag >> bits) != 0)) {
      mlir_error(p, num->s, "hexadecimal float constant out of range for type '%s'", t->text);
      return r;
    }
    RgAttrKind kind = t->dtype == RG_DT_NONE ? RG_ATTR_OPAQUE : RG_ATTR_FLOAT;
    if (attr_reuse(p, &r, kind, num->s))
      return r;
    RgAttr *a = attr_new(p, kind, num->s, r.end);
    if (a) {
      a->type = t;
      if (a->kind == RG_ATTR_FLOAT)
        a->u.f = bits_to_double(t->dtype, mag);
      else
        a->u.verbatim = a->text;
    }
    r.a = a;
    return r;
  }
  if (!is_int_type) {
    mlir_error(p, num->s, "integer literal not valid for type '%s'", t->text);
    return r;
  }
  int64_t v = 0;
  int k = int_literal(p, num, t, width, sign, &v);
  if (k < 0 || attr_reuse(p, &r, k == 0 ? RG_ATTR_INT : RG_ATTR_OPAQUE, num->s))
    return r;
  RgAttr *a = attr_new(p, k == 0 ? RG_ATTR_INT : RG_ATTR_OPAQUE, num->s, r.end);
  if (a) {
    a->type = t;
    if (k == 0)
      a->u.i = v;
    else
      a->u.verbatim = a->text;
  }
  r.a = a;
  return r;
}

MlirAt mlir_attr_bool(MlirParser *p, const MlirTok *t, bool v) {
  MlirAt r = {NULL, t->s + t->len};
  if (p->failed)
    return r;
  r.a = rg_attr_bool(p->g, v);
  if (!r.a)
    mlir_nomem(p, t->s);
  return r;
}

MlirAt mlir_attr_unit(MlirParser *p, const MlirTok *t) {
  MlirAt r = {p->unit, t->s + t->len};
  return r;
}

MlirAt mlir_attr_string(MlirParser *p, const MlirTok *t, const MlirTy *ty) {
  if (ty)
    return mlir_attr_verbatim(p, t, ty);
  MlirAt r = {NULL, t->s + t->len};
  if (p->failed || attr_reuse(p, &r, RG_ATTR_STRING, t->s) || !mlir_unescape(p, t))
    return r;
  RgAttr *a = attr_new(p, RG_ATTR_STRING, t->s, r.end);
  if (!a)
    return r;
  char *data = mlir_arena_dup(p, p->scratch.data, p->scratch.len);
  if (!data)
    return r;
  a->u.str.data = data;
  a->u.str.len = (uint32_t)p->scratch.len;
  r.a = a;
  return r;
}

MlirAt mlir_attr_verbatim(MlirParser *p, const MlirTok *t, const MlirTy *ty) {
  MlirAt r = {NULL, ty ? ty->end : t->s + t->len};
  if (p->failed)
    return r;
  const char *s = t->s, *end = r.end;
  if (p->maps_len && memchr(s, '#', (size_t)(end - s))) {
    const struct MapAlias *e = t->s[0] == '#' && !ty ? map_find(p, t->s + 1, t->len - 1) : NULL;
    if (e) {
      r.a = e->a;
      return r;
    }
    if (map_subst(p, s, end)) {
      s = p->scratch.data;
      end = s + p->scratch.len;
    }
  }
  if ((r.a = ir_attr_find(p->g, RG_ATTR_OPAQUE, s, (size_t)(end - s))) != NULL)
    return r;
  RgAttr *a = attr_new_at(p, RG_ATTR_OPAQUE, s, end, t->s);
  if (a) {
    a->type = ty ? ty->t : NULL;
    a->u.verbatim = a->text;
  }
  r.a = a;
  return r;
}

MlirAt mlir_attr_dense(MlirParser *p, const MlirTok *t, MlirTy ty) {
  MlirAt r = {NULL, ty.end};
  if (p->failed)
    return r;
  if (ty.t->kind != RG_TYPE_TENSOR && ty.t->kind != RG_TYPE_UNRANKED &&
      memcmp(ty.t->text, "vector<", ty.t->text_len < 7 ? ty.t->text_len : 7) != 0) {
    mlir_error(p, t->s + t->len, "expected a tensor or vector type after 'dense<...> :', found '%s'",
          ty.t->text);
    return r;
  }
  if (attr_reuse(p, &r, RG_ATTR_DENSE, t->s))
    return r;
  RgAttr *a = attr_new(p, RG_ATTR_DENSE, t->s, ty.end);
  if (!a)
    return r;
  a->type = ty.t;
  /* Cheap shape facts now; element values are decoded on first use. */
  const char *body = t->s + 6, *bend = t->s + t->len - 1;
  int64_t numel = rg_type_numel(ty.t);
  if (body < bend && *body == '[') {
    a->count = numel >= 0 && numel <= UINT32_MAX ? (uint32_t)numel : 0;
  } else if (body < bend && *body == '"') {
    int bits = rg_dtype_bits(ty.t->dtype);
    size_t bytes = (size_t)(bend - body - 4) / 2, esize = (size_t)(bits + 7) / 8;
    size_t n = esize ? bytes / esize : 0;
    a->count = n <= UINT32_MAX ? (uint32_t)n : 0;
    a->splat = n == 1 && numel != 1;
  } else {
    a->count = body < bend ? 1 : 0;
    a->splat = a->count == 1 && numel != 1;
  }
  r.a = a;
  return r;
}

MlirAt mlir_attr_typeattr(MlirParser *p, MlirTy ty) {
  MlirAt r = {NULL, ty.end};
  if (p->failed)
    return r;
  r.a = rg_attr_type(p->g, ty.t);
  if (!r.a)
    mlir_nomem(p, NULL);
  return r;
}

uint32_t mlir_list_begin(MlirParser *p) { return p->attrs.len; }

void mlir_list_push(MlirParser *p, MlirAt a) {
  if (p->failed)
    return;
  if (a.a && a.a == p->bare_pending) {
    mlir_error(p, a.end - a.a->text_len, "expected an attribute value, found '%.*s'",
               (int)a.a->text_len, a.a->text);
    return;
  }
  VEC_PUSH(p, p->attrs, a.a);
}

MlirAt mlir_attr_array(MlirParser *p, uint32_t base, const MlirTok *close) {
  MlirAt r = {NULL, close->s + 1};
  if (p->failed)
    return r;
  r.a = rg_attr_array(p->g, p->attrs.len - base, &p->attrs.v[base]);
  p->attrs.len = base;
  if (!r.a)
    mlir_nomem(p, close->s);
  return r;
}

uint32_t mlir_dict_begin(MlirParser *p) {
  if (!p->failed)
    VEC_PUSH(p, p->dict_bases, p->named.len);
  return p->named.len;
}

void mlir_dict_end(MlirParser *p) {
  if (!p->failed)
    p->dict_bases.len--;
}

static bool valid_bare(const char *s, uint32_t len) {
  if (!len || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_'))
    return false;
  for (uint32_t i = 1; i < len; i++) {
    char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
          c == '_' || c == '$' || c == '.'))
      return false;
  }
  return true;
}

void mlir_dict_entry(MlirParser *p, const MlirTok *key, const MlirAt *value) {
  if (p->failed)
    return;
  const char *s = key->s;
  size_t len = key->len;
  if (key->s[0] == '"') {
    if (!mlir_unescape(p, key))
      return;
    s = p->scratch.data;
    len = p->scratch.len;
    if (len == 0 || memchr(s, 0, len)) {
      mlir_error(p, key->s, len ? "attribute name contains a NUL byte" : "empty attribute name");
      return;
    }
  } else if (!valid_bare(s, key->len)) {
    mlir_error(p, key->s, "expected an attribute name, found '%.*s'", (int)(key->len > 40 ? 40 : key->len),
          key->s);
    return;
  }
  const char *name = rg_intern(p->g, s, len);
  if (!name) {
    mlir_nomem(p, key->s);
    return;
  }
  uint32_t base = p->dict_bases.v[p->dict_bases.len - 1];
  for (uint32_t i = base; i < p->named.len; i++) {
    if (p->named.v[i].name == name) {
      mlir_error(p, key->s, "duplicate key '%s' in dictionary attribute", name);
      return;
    }
  }
  RgNamedAttr e = {name, value ? mlir_pretty_entry(p, name, value->a) : p->unit};
  if (!e.value)
    return;
  VEC_PUSH(p, p->named, e);
}

MlirAt mlir_attr_dict(MlirParser *p, uint32_t base, const MlirTok *close) {
  MlirAt r = {NULL, close->s + 1};
  if (p->failed)
    return r;
  r.a = rg_attr_dict(p->g, p->named.len - base, &p->named.v[base]);
  p->named.len = base;
  p->dict_bases.len--;
  if (!r.a)
    mlir_nomem(p, close->s);
  return r;
}

void mlir_darray_begin(MlirParser *p, const MlirTok *open, MlirTy elem) {
  if (p->failed)
    return;
  const RgType *t = elem.t;
  uint32_t w;
  char sign;
  p->darr_start = open->s;
  p->darr_elem = t;
  p->darr_ints.len = p->darr_floats.len = 0;
  p->darr_float = is_float_name(t->text, t->text_len);
  if (!p->darr_float && !int_type_width(t->text, t->text_len, &w, &sign))
    mlir_error(p, open->s + open->len, "invalid element type '%s' for array<...>", t->text);
}

void mlir_darray_elem(MlirParser *p, const MlirTok *t, bool is_float) {
  if (p->failed)
    return;
  if (t->s[0] == 't' || t->s[0] == 'f') { /* true / false */
    if (p->darr_float) {
      mlir_error(p, t->s, "boolean value not valid for a float array");
      return;
    }
    VEC_PUSH(p, p->darr_ints, t->s[0] == 't');
    return;
  }
  if (is_float && !p->darr_float) {
    mlir_error(p, t->s, "floating point value not valid for integer element type");
    return;
  }
  if (p->darr_float) {
    double v;
    if (is_float) {
      if (!parse_double(p, t, &v))
        return;
    } else {
      uint64_t mag;
      bool neg, hex;
      if (!int_value(t, &mag, &neg, &hex)) {
        mlir_error(p, t->s, "integer constant out of range");
        return;
      }
      v = hex ? bits_to_double(p->darr_elem->dtype == RG_DT_NONE ? RG_DT_F64 : p->darr_elem->dtype, mag)
              : (neg ? -(double)mag : (double)mag);
    }
    VEC_PUSH(p, p->darr_floats, v);
    return;
  }
  uint32_t width = 64;
  char sign = 0;
  int64_t v = 0;
  int_type_width(p->darr_elem->text, p->darr_elem->text_len, &width, &sign);
  int k = int_literal(p, t, p->darr_elem, width, sign, &v);
  if (k == 0)
    VEC_PUSH(p, p->darr_ints, v);
  else if (k > 0)
    mlir_error(p, t->s, "integer constant out of range for array element");
}

MlirAt mlir_attr_darray(MlirParser *p, const MlirTok *close) {
  MlirAt r = {NULL, close->s + 1};
  if (p->failed || attr_reuse(p, &r, RG_ATTR_DENSE_ARRAY, p->darr_start))
    return r;
  RgAttr *a = attr_new(p, RG_ATTR_DENSE_ARRAY, p->darr_start, r.end);
  if (!a)
    return r;
  a->type = p->darr_elem;
  uint32_t n = p->darr_float ? p->darr_floats.len : p->darr_ints.len;
  a->count = n;
  if (n) {
    void *copy = mlir_arena(p, 8 * (size_t)n);
    if (!copy)
      return r;
    if (p->darr_float) {
      memcpy(copy, p->darr_floats.v, 8 * (size_t)n);
      a->u.floats = copy;
    } else {
      memcpy(copy, p->darr_ints.v, 8 * (size_t)n);
      a->u.ints = copy;
    }
  }
  r.a = a;
  return r;
}

const RgAttr *mlir_pretty_entry(MlirParser *p, const char *key, const RgAttr *a) {
  if (!a || a != p->bare_pending)
    return a;
  p->bare_pending = NULL;
  /* An enum property in its short form: `key = V` is `#dialect.key<V>`,
   * or `#dialect.attr<V>` where the dialect names the enum otherwise. */
  const RgDialectSyntax *d = p->ops.v[p->ops.len - 1].dialect;
  const char *attr = mlir_enum_attr(d, key);
  RgsBuf *b = &p->scratch;
  b->len = 0;
  rgs_buf_putc(b, '#');
  rgs_buf_put(b, d->name, strlen(d->name));
  rgs_buf_putc(b, '.');
  rgs_buf_put(b, attr, strlen(attr));
  rgs_buf_putc(b, '<');
  rgs_buf_put(b, a->text, a->text_len);
  rgs_buf_putc(b, '>');
  const RgAttr *r = b->oom ? NULL : rg_attr_opaque(p->g, b->data, b->len);
  if (!r)
    mlir_nomem(p, NULL);
  return r;
}
