/* runtime/pass/match.c - helpers called by generated matchers (rulegen/match.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rulegen/match.h"
#include "ir/ir_internal.h"

static const RgAttr *const_payload(const RgNode *n) {
  if (n->num_operands != 0)
    return NULL;
  const RgAttr *a = rg_node_attr(n, "values");
  if (!a)
    a = rg_node_attr(n, "value");
  return a && a->kind == RG_ATTR_DENSE ? a : NULL;
}

bool rg_match_splat(RgRewriter *rw, const RgValue *v, double *out) {
  RgNode *n = rg_match_def(v);
  const RgAttr *a = n ? const_payload(n) : NULL;
  if (!a)
    return false;
  RgGraph *g = rg_rw_graph(rw);
  uint32_t count;
  double d;
  if (rg_dtype_is_float(a->type->dtype)) {
    const double *f;
    if (!rg_attr_dense_get_floats(g, a, &f, &count))
      return false;
    d = f[0];
  } else {
    const int64_t *iv;
    if (!rg_attr_dense_get_ints(g, a, &iv, &count))
      return false;
    d = (double)iv[0];
  }
  if (count != 1)
    return false;
  if (out)
    *out = d;
  return true;
}

bool rg_match_splat_eq(RgRewriter *rw, const RgValue *v, double lit) {
  double d;
  return rg_match_splat(rw, v, &d) && d == lit;
}

bool rg_rw_has_attrs(RgRewriter *rw, bool ex, const RgNode *n, const char *where, const uint16_t *list) {
  const char *const *id = rg_rw_attr_ids(rw);
  for (const uint16_t *k = list + 1 + list[0]; *k != UINT16_MAX; k++) {
    if (rg_match_attr(n, id[*k]))
      continue;
    if (ex) {
      const char *name = rg_rw_pass(rw)->attr_names[*k];
      char small[256], *why = small;
      size_t len = strlen(where) + strlen(name) + sizeof " has no attribute ''";
      if (len > sizeof small && !(why = rg_alloc(len)))
        return false;
      snprintf(why, len, "%s has no attribute '%s'", where, name);
      rg_rw_explain_rules(rw, list + 1, list[0], why);
      if (why != small)
        rg_free(why);
    }
    return false;
  }
  return true;
}

/* The VALUE of an enum attribute spelled `#dialect.kind<VALUE>`. */
static bool enum_value(const RgAttr *a, const char **s, size_t *n) {
  if (a->kind != RG_ATTR_OPAQUE || !a->text || a->text_len < 4 || a->text[0] != '#' ||
      a->text[a->text_len - 1] != '>')
    return false;
  const char *lt = memchr(a->text, '<', a->text_len);
  if (!lt)
    return false;
  *s = lt + 1;
  *n = (size_t)(a->text + a->text_len - 1 - *s);
  return true;
}

bool rg_attr_eq_str(const RgAttr *a, const char *s) {
  if (!a)
    return false;
  size_t len = strlen(s);
  if (a->kind == RG_ATTR_STRING)
    return a->u.str.len == len && memcmp(a->u.str.data, s, len) == 0;
  const char *v;
  size_t n;
  return enum_value(a, &v, &n) && n == len && memcmp(v, s, n) == 0;
}

bool rg_attr_eq_bool(const RgAttr *a, bool b) { return a && a->kind == RG_ATTR_BOOL && a->u.b == b; }
bool rg_attr_eq_int(const RgAttr *a, int64_t v) { return a && a->kind == RG_ATTR_INT && a->u.i == v; }

bool rg_attr_eq_float(const RgAttr *a, double v) {
  double d;
  return rg_attr_get_float(a, &d) && d == v;
}

bool rg_attr_eq_ints(RgGraph *g, const RgAttr *a, const int64_t *v, uint32_t n) {
  RgInts x;
  RgInts y = {v, n};
  return rg_attr_to_ints(g, a, &x) && rg_ints_equal(x, y);
}

bool rg_attr_get_int(const RgAttr *a, int64_t *out) {
  if (!a || a->kind != RG_ATTR_INT)
    return false;
  *out = a->u.i;
  return true;
}

bool rg_attr_get_float(const RgAttr *a, double *out) {
  if (!a)
    return false;
  if (a->kind == RG_ATTR_FLOAT)
    *out = a->u.f;
  else if (a->kind == RG_ATTR_INT)
    *out = (double)a->u.i;
  else
    return false;
  return true;
}

bool rg_attr_get_bool(const RgAttr *a, bool *out) {
  if (!a || a->kind != RG_ATTR_BOOL)
    return false;
  *out = a->u.b;
  return true;
}

bool rg_attr_reads_as(RgGraph *g, const RgAttr *a, RgAttrSchema kind) {
  RgInts ints;
  int64_t i;
  double d;
  bool b;
  const char *s;
  switch (kind) {
  case RG_SCHEMA_INTS: return rg_attr_to_ints(g, a, &ints);
  case RG_SCHEMA_INT: return rg_attr_get_int(a, &i);
  case RG_SCHEMA_NUM: return rg_attr_get_float(a, &d);
  case RG_SCHEMA_BOOL: return rg_attr_get_bool(a, &b);
  case RG_SCHEMA_STR: return rg_attr_get_str(g, a, &s);
  default: return false;
  }
}

bool rg_attr_eq_dtype(const RgAttr *a, RgDType dt) {
  RgDType have;
  return rg_attr_get_dtype(a, &have) && have == dt;
}

bool rg_attr_get_dtype(const RgAttr *a, RgDType *out) {
  if (!a || a->kind != RG_ATTR_TYPE || !a->type || a->type->dtype == RG_DT_NONE)
    return false;
  *out = a->type->dtype;
  return true;
}

bool rg_attr_get_str(RgGraph *g, const RgAttr *a, const char **out) {
  if (!a)
    return false;
  const char *s;
  size_t n;
  if (a->kind == RG_ATTR_STRING) {
    s = a->u.str.data;
    n = a->u.str.len;
  } else if (!enum_value(a, &s, &n)) {
    return false;
  }
  *out = rg_intern(g, s, n);
  return *out != NULL;
}

bool rg_value_rank(const RgValue *v, int64_t *out) {
  if (!v->type || v->type->kind != RG_TYPE_TENSOR)
    return false;
  *out = v->type->rank;
  return true;
}

bool rg_value_numel(const RgValue *v, int64_t *out) {
  if (!v->type)
    return false;
  int64_t n = rg_type_numel(v->type);
  if (n < 0)
    return false;
  *out = n;
  return true;
}

bool rg_value_dtype(const RgValue *v, RgDType *out) {
  if (!v->type || v->type->dtype == RG_DT_NONE)
    return false;
  *out = v->type->dtype;
  return true;
}

const RgAttr *rg_scalar_tensor(RgGraph *g, double c, RgDType dt) {
  return rg_full_tensor(g, (RgInts){NULL, 0}, c, dt);
}

const RgAttr *rg_full_tensor(RgGraph *g, RgInts shape, double c, RgDType dt) {
  if (shape.n > 64)
    return NULL;
  for (uint32_t i = 0; i < shape.n; i++)
    if (shape.v[i] < 0)
      return NULL;
  const RgType *t = rg_type_tensor(g, dt, (int32_t)shape.n, shape.v);
  if (!t)
    return NULL;
  if (rg_dtype_is_float(dt))
    return rg_attr_dense_floats(g, t, 1, &c);
  if (c != floor(c) || !(c >= -9.2e18 && c <= 9.2e18))
    return NULL;
  int64_t v = (int64_t)c;
  int bits = rg_dtype_bits(dt);
  if (bits < 64) {
    int64_t lo = rg_dtype_is_unsigned(dt) || dt == RG_DT_I1 ? 0 : -((int64_t)1 << (bits - 1));
    int64_t hi = rg_dtype_is_unsigned(dt) || dt == RG_DT_I1 ? ((int64_t)1 << bits) - 1
                                                            : ((int64_t)1 << (bits - 1)) - 1;
    if (v < lo || v > hi)
      return NULL;
  }
  return rg_attr_dense_ints(g, t, 1, &v);
}

uint32_t rg_props_copy(const RgNode *n, RgNamedAttr *out, uint32_t max) {
  uint32_t k = n->num_props < max ? n->num_props : max;
  if (k) /* an op without properties may have no attribute array at all */
    memcpy(out, n->attrs, sizeof *out * k);
  return k;
}

bool rg_props_set(RgNamedAttr *p, uint32_t *n, uint32_t max, const char *name, const RgAttr *v) {
  for (uint32_t i = 0; i < *n; i++)
    if (strcmp(p[i].name, name) == 0) {
      p[i].value = v;
      return true;
    }
  if (*n >= max)
    return false;
  p[*n].name = name;
  p[*n].value = v;
  (*n)++;
  return true;
}

/* Beside rg_props_copy, so the rewriter needs nothing of this file. */
enum { REBUILD_MAX = 64 }; /* what generated code allows a replacement node */

/* A node rebuilt from `like`: its operands ops[0..n) then the values of
 * rest[0..nrest), and like's properties. */
typedef struct Rebuilt {
  RgValue *ops[REBUILD_MAX];
  uint32_t n;
  RgNamedAttr props[REBUILD_MAX];
  uint32_t np;
} Rebuilt;

/* False past REBUILD_MAX operands. */
static bool rebuild_parts(RgRewriter *rw, const RgNode *like, RgValue *const *ops, const RgUse *rest, uint32_t nrest,
                          Rebuilt *out) {
  if (out->n + nrest > REBUILD_MAX) {
    rg_rw_fail(rw, RG_ERR_INVALID, "too many operands");
    return false;
  }
  for (uint32_t i = 0; i < out->n; i++)
    out->ops[i] = ops[i];
  for (uint32_t i = 0; i < nrest; i++)
    out->ops[out->n + i] = rest[i].value;
  out->n += nrest;
  out->np = rg_props_copy(like, out->props, REBUILD_MAX);
  return true;
}

RgNode *rg_rw_rebuild(RgRewriter *rw, const RgNode *like, uint32_t n, RgValue *const *ops, const RgUse *rest,
                      uint32_t nrest) {
  Rebuilt b = {.n = n};
  if (!rebuild_parts(rw, like, ops, rest, nrest, &b))
    return NULL;
  return rg_rw_create_like(rw, like, b.n, b.ops, b.np, b.props);
}

RgValue *rg_rw_remake(RgRewriter *rw, const RgNode *like, uint32_t n, RgValue *const *ops, const RgUse *rest,
                      uint32_t nrest) {
  Rebuilt b = {.n = n};
  if (!rebuild_parts(rw, like, ops, rest, nrest, &b))
    return NULL;
  return rg_rw_make_like(rw, like, b.n, b.ops, b.np, b.props);
}
