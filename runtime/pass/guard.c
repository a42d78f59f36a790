/* runtime/pass/guard.c - the values guards compute, which generated matchers
 * call: checked integer arithmetic, integer arrays from attributes and
 * shapes, the permutation algebra
 * of the transpose rules (iota, compose, inverse), array arithmetic, and
 * use-chain reachability. Arrays a guard builds live in the rewriter's
 * scratch memory until the next match. */
#include "rulegen/pass.h"
#include "rulegen/match.h"
#include "ir/ir_internal.h"

/* ---- checked integer arithmetic: false on overflow or division by zero ---- */

bool rg_i64_add(int64_t a, int64_t b, int64_t *out) {
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN - b))
    return false;
  *out = a + b;
  return true;
}

bool rg_i64_sub(int64_t a, int64_t b, int64_t *out) {
  if ((b < 0 && a > INT64_MAX + b) || (b > 0 && a < INT64_MIN + b))
    return false;
  *out = a - b;
  return true;
}

bool rg_i64_mul(int64_t a, int64_t b, int64_t *out) {
  if (a == 0 || b == 0) {
    *out = 0;
    return true;
  }
  if ((a == -1 && b == INT64_MIN) || (b == -1 && a == INT64_MIN))
    return false;
  if ((a > 0 && b > 0 && a > INT64_MAX / b) || (a < 0 && b < 0 && a < INT64_MAX / b) ||
      (a > 0 && b < 0 && b < INT64_MIN / a) || (a < 0 && b > 0 && a < INT64_MIN / b))
    return false;
  *out = a * b;
  return true;
}

bool rg_i64_div(int64_t a, int64_t b, int64_t *out) {
  if (b == 0 || (a == INT64_MIN && b == -1))
    return false;
  *out = a / b;
  return true;
}

bool rg_i64_mod(int64_t a, int64_t b, int64_t *out) {
  if (b == 0 || (a == INT64_MIN && b == -1))
    return false;
  *out = a % b;
  return true;
}

/* ---- integer arrays ---- */

bool rg_attr_to_ints(RgGraph *g, const RgAttr *a, RgInts *out) {
  if (!a)
    return false;
  if (a->kind == RG_ATTR_DENSE_ARRAY && !rg_dtype_is_float(a->type->dtype)) {
    out->v = a->u.ints;
    out->n = a->count;
    return true;
  }
  if (a->kind == RG_ATTR_DENSE && a->type->kind == RG_TYPE_TENSOR && a->type->rank == 1) {
    const int64_t *v;
    uint32_t n;
    if (!rg_attr_dense_get_ints(g, a, &v, &n) || (a->splat && a->type->dims[0] != 1))
      return false;
    out->v = v;
    out->n = n;
    return true;
  }
  return false;
}

bool rg_value_shape(const RgValue *v, RgInts *out) {
  const RgType *t = v->type;
  if (!t || t->kind != RG_TYPE_TENSOR)
    return false;
  for (int32_t i = 0; i < t->rank; i++)
    if (t->dims[i] == RG_DIM_DYNAMIC)
      return false;
  out->v = t->dims;
  out->n = (uint32_t)t->rank;
  return true;
}

bool rg_ints_iota(RgRewriter *rw, int64_t n, RgInts *out) {
  if (n < 0 || n > 1 << 20)
    return false;
  int64_t *v = rg_rw_scratch(rw, (uint32_t)n);
  if (!v)
    return false;
  for (int64_t i = 0; i < n; i++)
    v[i] = i;
  out->v = v;
  out->n = (uint32_t)n;
  return true;
}

bool rg_ints_is_perm(RgInts p) {
  if (p.n > 64)
    return false;
  uint64_t seen = 0;
  for (uint32_t i = 0; i < p.n; i++) {
    if (p.v[i] < 0 || p.v[i] >= (int64_t)p.n || (seen >> p.v[i]) & 1)
      return false;
    seen |= (uint64_t)1 << p.v[i];
  }
  return true;
}

bool rg_ints_compose(RgRewriter *rw, RgInts p, RgInts q, RgInts *out) {
  if (p.n != q.n || !rg_ints_is_perm(p) || !rg_ints_is_perm(q))
    return false;
  int64_t *v = rg_rw_scratch(rw, p.n);
  if (!v)
    return false;
  for (uint32_t i = 0; i < p.n; i++)
    v[i] = p.v[q.v[i]];
  out->v = v;
  out->n = p.n;
  return true;
}

bool rg_ints_inverse(RgRewriter *rw, RgInts p, RgInts *out) {
  if (!rg_ints_is_perm(p))
    return false;
  int64_t *v = rg_rw_scratch(rw, p.n);
  if (!v)
    return false;
  for (uint32_t i = 0; i < p.n; i++)
    v[p.v[i]] = i;
  out->v = v;
  out->n = p.n;
  return true;
}

bool rg_ints_equal(RgInts a, RgInts b) {
  return a.n == b.n && (a.n == 0 || memcmp(a.v, b.v, sizeof *a.v * a.n) == 0);
}

/* Longest list a guard may build (as iota). */
enum { INTS_MAX = 1 << 20 };

bool rg_ints_concat(RgRewriter *rw, RgInts a, RgInts b, RgInts *out) {
  if ((uint64_t)a.n + b.n > INTS_MAX)
    return false;
  int64_t *v = rg_rw_scratch(rw, a.n + b.n);
  if (!v)
    return false;
  if (a.n)
    memcpy(v, a.v, sizeof *v * a.n);
  if (b.n)
    memcpy(v + a.n, b.v, sizeof *v * b.n);
  out->v = v;
  out->n = a.n + b.n;
  return true;
}

bool rg_ints_repeat(RgRewriter *rw, RgInts a, int64_t n, RgInts *out) {
  if (n < 0 || (a.n && n > INTS_MAX / (int64_t)a.n))
    return false;
  uint32_t len = (uint32_t)(a.n * n);
  int64_t *v = rg_rw_scratch(rw, len);
  if (!v)
    return false;
  for (uint32_t i = 0; i < len; i++)
    v[i] = a.v[i % a.n];
  out->v = v;
  out->n = len;
  return true;
}

bool rg_ints_slice(RgInts a, int64_t lo, int64_t hi, RgInts *out) {
  if (lo < 0 || lo > hi || hi > (int64_t)a.n)
    return false;
  out->v = a.v + lo;
  out->n = (uint32_t)(hi - lo);
  return true;
}

bool rg_ints_sum(RgInts a, int64_t *out) {
  int64_t s = 0;
  for (uint32_t i = 0; i < a.n; i++)
    if (!rg_i64_add(s, a.v[i], &s))
      return false;
  *out = s;
  return true;
}

bool rg_ints_prod(RgInts a, int64_t *out) {
  int64_t s = 1;
  for (uint32_t i = 0; i < a.n; i++)
    if (!rg_i64_mul(s, a.v[i], &s))
      return false;
  *out = s;
  return true;
}

bool rg_ints_cumsum(RgRewriter *rw, RgInts a, RgInts *out) {
  int64_t *v = rg_rw_scratch(rw, a.n);
  if (!v)
    return false;
  int64_t s = 0;
  for (uint32_t i = 0; i < a.n; i++) {
    if (!rg_i64_add(s, a.v[i], &s))
      return false;
    v[i] = s;
  }
  out->v = v;
  out->n = a.n;
  return true;
}

/* ---- reachability guard ---- */

static bool has_op(const RgOpId *ops, uint32_t n, RgOpId op) {
  for (uint32_t i = 0; i < n; i++)
    if (ops[i] == op)
      return true;
  return false;
}

bool rg_value_reaches(const RgValue *v, const RgOpId *targets, uint32_t ntargets,
                      const RgOpId *through, uint32_t nthrough) {
  /* Depth-first over users; a chain of `through` ops is followed along
   * their first result. Visited nodes are remembered so diamonds stay
   * linear; the bound keeps pathological graphs cheap (answering "reaches"
   * is the conservative choice for a guard that blocks a rewrite). */
  enum { MAXV = 4096 };
  const RgValue *stack[256];
  const RgNode *seen[MAXV];
  uint32_t sp = 0, nseen = 0;
  stack[sp++] = v;
  while (sp) {
    const RgValue *cur = stack[--sp];
    for (const RgUse *u = cur->uses; u; u = u->next) {
      const RgNode *user = u->user;
      if (has_op(targets, ntargets, user->op))
        return true;
      if (!has_op(through, nthrough, user->op) || user->num_results == 0)
        continue;
      bool dup = false;
      for (uint32_t i = 0; i < nseen && !dup; i++)
        dup = seen[i] == user;
      if (dup)
        continue;
      if (nseen == MAXV || sp == 256)
        return true;
      seen[nseen++] = user;
      stack[sp++] = &user->results[0];
    }
  }
  return false;
}
