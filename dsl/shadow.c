/* dsl/shadow.c - rule shadowing: rule B can never fire when an earlier
 * unguarded rule A of the same pass matches everything B matches (A's
 * pattern subsumes B's). Rules are bucketed by root op, so each is
 * compared only with rules that can match the same nodes. */
#include <stdlib.h>
#include "check.h"

/* ---- shadowing: does pattern a match everything b matches? ---- */

typedef struct Sub {
  DslPattern **map; /* a's var index -> b's node at the binding */
} Sub;

static bool lit_equal(const DslExpr *x, const DslExpr *y) {
  if (x->kind != y->kind)
    return false;
  switch (x->kind) {
  case DSL_EX_INT: return x->ival == y->ival;
  case DSL_EX_FLOAT: return x->fval == y->fval;
  case DSL_EX_BOOL: return x->bval == y->bval;
  case DSL_EX_STR: return x->ival == y->ival && memcmp(x->str, y->str, (size_t)x->ival) == 0;
  case DSL_EX_ARRAY:
    if (x->nargs != y->nargs)
      return false;
    for (uint32_t i = 0; i < x->nargs; i++)
      if (!lit_equal(x->args[i], y->args[i]))
        return false;
    return true;
  default:
    return false; /* not a literal: cannot prove equal */
  }
}

/* Whether attribute pattern y (NULL: b does not mention the attribute)
 * can match an absent attribute: no pattern, `!name`, `?? lit`, or a
 * literal equal to the declared default. */
static bool may_be_absent(const DslAttrPat *y) {
  if (!y || y->absent || y->fallback)
    return true;
  const DslAttrDecl *d = y->decl;
  if (!d || !d->optional)
    return false;
  return !y->binds && d->defval && lit_equal(d->defval, y->value);
}

/* Whether a's attribute test x accepts every node b's test y (NULL: none)
 * accepts. A plain binding of an optional attribute fails when the
 * attribute is absent, so it does not subsume a test that accepts
 * absence; `?? lit` binds either way and accepts everything. */
static bool attr_subsumes(const DslAttrPat *x, const DslAttrPat *y) {
  bool optional = x->decl && x->decl->optional;
  if (x->absent)
    return y && y->absent;
  if (x->binds)
    return x->fallback || !optional || !may_be_absent(y);
  if (!y || y->absent || y->binds)
    return false;
  /* both literals; absence is covered by equal literals too (the default
   * is the same declaration) */
  return lit_equal(x->value, y->value);
}

static bool subsumes(Sub *s, const DslPattern *a, const DslPattern *b);

static bool subsumes_args(Sub *s, const DslPattern *a, const DslPattern *b, bool swap) {
  for (uint32_t i = 0; i < a->nargs; i++) {
    uint32_t j = swap && i < 2 ? 1 - i : i;
    if (!subsumes(s, a->args[i], b->args[j]))
      return false;
  }
  return true;
}

static bool subsumes(Sub *s, const DslPattern *a, const DslPattern *b) {
  switch (a->kind) {
  case DSL_PAT_WILD:
    return true;
  case DSL_PAT_VAR:
    if (!a->var)
      return false;
    if (a->binds) {
      s->map[a->var->index] = (DslPattern *)b;
      return true;
    } else {
      /* a repeats a variable: b must repeat the same one here */
      const DslPattern *first = s->map[a->var->index];
      return first && b->var && first->var == b->var &&
             (b->kind == DSL_PAT_VAR || b->kind == DSL_PAT_OP || b->kind == DSL_PAT_SPLAT);
    }
  case DSL_PAT_SPLAT:
    if (b->kind != DSL_PAT_SPLAT)
      return false;
    if (a->splat->var && a->splat->var->kind == DSL_VAR_SPLAT && a->splat->var->pat == a)
      return true;
    return lit_equal(a->splat, b->splat);
  case DSL_PAT_OP:
    break;
  }
  if (b->kind != DSL_PAT_OP)
    return false;
  if (a->var)
    s->map[a->var->index] = (DslPattern *)b;
  /* ops(b) must be a subset of ops(a); both are sorted by id */
  uint32_t j = 0;
  for (uint32_t i = 0; i < b->nops; i++) {
    while (j < a->nops && a->ops[j]->id < b->ops[i]->id)
      j++;
    if (j == a->nops || a->ops[j] != b->ops[i])
      return false;
  }
  if (a->rest.s ? b->nargs < a->nargs : (b->rest.s || b->nargs != a->nargs))
    return false;
  for (uint32_t i = 0; i < a->nattrs; i++) {
    const DslAttrPat *x = &a->attrs[i];
    const DslAttrPat *y = NULL;
    for (uint32_t k = 0; k < b->nattrs && !y; k++)
      if (strcmp(b->attrs[k].name.s, x->name.s) == 0)
        y = &b->attrs[k];
    if (!attr_subsumes(x, y))
      return false;
  }
  bool direct = subsumes_args(s, a, b, false);
  bool swapped = (a->commutative || b->commutative) && a->nargs >= 2
                     ? subsumes_args(s, a, b, true) : false;
  if (b->commutative && !a->commutative)
    return direct && swapped; /* b also matches the swapped order */
  return direct || (a->commutative && swapped);
}

void dsl_check_shadowing(Checker *c, DslPass *ps, const bool *clean) {
  DslProgram *p = c->p;
  if (ps->nrules < 2 || !p->nops)
    return;
  /* bucket earlier unguarded rules by root op so each rule is compared
   * only with rules that could match the same nodes */
  typedef struct Bucket { uint32_t *rules, n, cap; } Bucket;
  Bucket *bk = rg_alloc(p->nops * sizeof *bk);
  uint32_t maxvars = 0;
  for (uint32_t i = 0; i < ps->nrules; i++)
    if (ps->rules[i]->nvars > maxvars)
      maxvars = ps->rules[i]->nvars;
  Sub s;
  s.map = rg_alloc((maxvars ? maxvars : 1) * sizeof *s.map);
  if (!bk || !s.map) {
    rg_free(bk);
    rg_free(s.map);
    return;
  }
  memset(bk, 0, p->nops * sizeof *bk);
  for (uint32_t j = 0; j < ps->nrules; j++) {
    DslRule *rb = ps->rules[j];
    if (!clean[j] || !rb->pattern->nops)
      continue;
    Bucket *b0 = &bk[rb->pattern->ops[0]->id];
    for (uint32_t k = 0; k < b0->n; k++) {
      DslRule *ra = ps->rules[b0->rules[k]];
      memset(s.map, 0, (maxvars ? maxvars : 1) * sizeof *s.map);
      if (subsumes(&s, ra->pattern, rb->pattern)) {
        err(c, rb->name.loc, "rule '%s' can never fire: rule '%s' before it matches everything it matches",
            rb->name.s, ra->name.s);
        note(c, ra->name.loc, "rule '%s' is defined here", ra->name.s);
        break;
      }
    }
    if (rb->guard)
      continue;
    for (uint32_t i = 0; i < rb->pattern->nops; i++) {
      Bucket *bb = &bk[rb->pattern->ops[i]->id];
      if (bb->n == bb->cap) {
        uint32_t cap = bb->cap ? bb->cap * 2 : 4;
        uint32_t *a = rg_realloc(bb->rules, cap * sizeof *a);
        if (!a)
          continue;
        bb->rules = a;
        bb->cap = cap;
      }
      bb->rules[bb->n++] = j;
    }
  }
  for (uint32_t i = 0; i < p->nops; i++)
    rg_free(bk[i].rules);
  rg_free(bk);
  rg_free(s.map);
}
