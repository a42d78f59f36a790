/* dsl/shadow.c - rules that can never fire: rule b is shadowed when an
 * earlier unguarded rule a of the same pass matches everything b matches
 * (pattern subsumption: a's op sets contain b's, a's literals appear in b,
 * a's variables bind where b's do, in either operand order of a commutative
 * op). Comparing every pair is quadratic, so earlier rules are indexed by one
 * feature that every rule they subsume must have: an attribute literal (of
 * the root or of a nested op), the single op of an operand, or the operand
 * count. A rule is compared only with the rules filed under its own
 * features, which keeps a pass of 100,000 rules to seconds. */
#include <stdlib.h>
#include "check.h"

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

/* ---- features: what every pattern a subsumes must have ---- */

/* Text of a literal, equal for two literals exactly when lit_equal holds;
 * false when e is not a literal. */
static bool put_lit(RgsBuf *b, const DslExpr *e) {
  switch (e->kind) {
  case DSL_EX_INT: rgs_buf_printf(b, "i%lld", (long long)e->ival); return true;
  case DSL_EX_FLOAT: rgs_buf_printf(b, "f%a", e->fval == 0 ? 0.0 : e->fval); return true; /* -0 == 0 */
  case DSL_EX_BOOL: rgs_buf_printf(b, "b%d", e->bval); return true;
  case DSL_EX_STR:
    rgs_buf_printf(b, "s%lld:", (long long)e->ival);
    rgs_buf_put(b, e->str, (size_t)e->ival);
    return true;
  case DSL_EX_ARRAY:
    rgs_buf_printf(b, "[%u", e->nargs);
    for (uint32_t i = 0; i < e->nargs; i++) {
      rgs_buf_putc(b, ',');
      if (!put_lit(b, e->args[i]))
        return false;
    }
    rgs_buf_putc(b, ']');
    return true;
  default:
    return false;
  }
}

/* An attribute test that compares with a literal: a rule with such a test
 * subsumes only rules with the same literal there (attr_subsumes). */
static bool is_literal_test(const DslAttrPat *ap) { return !ap->binds && !ap->absent && ap->value; }

typedef struct Index {
  DslMap map;    /* feature key -> Bucket */
  RgsArena arena; /* keys and buckets */
  RgsBuf key;
} Index;

typedef struct Bucket {
  uint32_t *rules, n, cap;
} Bucket;

/* Feature keys: "ROOTOP|PATH|ATOM". PATH spells the way down from the root,
 * one step per operand: "K." for operand K, "c." for operand 0 or 1 of a
 * commutative op (either order may match). ATOM is an attribute literal
 * "a NAME=LIT", a single op "o OP", the root's operand count "n N", or "-".
 * Features are looked for down to MAXDEPTH. */
enum { MAXDEPTH = 3 };

static void key_begin(Index *ix, const DslOpDecl *root, const char *path) {
  ix->key.len = 0;
  rgs_buf_printf(&ix->key, "%u|%s|", root->id, path);
}

static bool key_attr(Index *ix, const DslOpDecl *root, const char *path, const DslAttrPat *ap) {
  key_begin(ix, root, path);
  rgs_buf_printf(&ix->key, "a %s=", ap->name.s);
  return put_lit(&ix->key, ap->value);
}

/* First attribute literal of a's pattern in pre-order, spelled as rules it
 * subsumes must have it. 1: found; 0: none; -1: a literal that is not one
 * (a then proves nothing equal, so it subsumes nothing). */
static int attr_feature(Index *ix, const DslOpDecl *root, const DslPattern *a, char *path, int depth) {
  for (uint32_t i = 0; i < a->nattrs; i++)
    if (is_literal_test(&a->attrs[i]))
      return key_attr(ix, root, path, &a->attrs[i]) ? 1 : -1;
  if (depth >= MAXDEPTH)
    return 0;
  size_t len = strlen(path);
  for (uint32_t k = 0; k < a->nargs && k < 100; k++) {
    if (a->args[k]->kind != DSL_PAT_OP)
      continue;
    if (a->commutative && k < 2)
      snprintf(path + len, 8, "c.");
    else
      snprintf(path + len, 8, "%u.", k);
    int r = attr_feature(ix, root, a->args[k], path, depth + 1);
    path[len] = 0;
    if (r)
      return r;
  }
  return 0;
}

/* The feature of rule a filed in the index; false when a can subsume
 * nothing. */
static bool file_key(Index *ix, const DslOpDecl *root, const DslPattern *a) {
  char path[8 * MAXDEPTH + 8] = "";
  int r = attr_feature(ix, root, a, path, 0);
  if (r)
    return r > 0;
  for (uint32_t k = 0; k < a->nargs; k++)
    if (a->args[k]->kind == DSL_PAT_OP && a->args[k]->nops == 1 && k < 100) {
      snprintf(path, sizeof path, a->commutative && k < 2 ? "c." : "%u.", k);
      key_begin(ix, root, path);
      rgs_buf_printf(&ix->key, "o %u", a->args[k]->ops[0]->id);
      return true;
    }
  key_begin(ix, root, "");
  if (!a->rest.s)
    rgs_buf_printf(&ix->key, "n %u", a->nargs);
  else
    rgs_buf_putc(&ix->key, '-');
  return true;
}

static Bucket *bucket(Index *ix, bool create) {
  if (ix->key.oom)
    return NULL;
  Bucket *bk = dsl_map_get(&ix->map, ix->key.data);
  if (bk || !create)
    return bk;
  char *k = rgs_arena_strdup(&ix->arena, ix->key.data, ix->key.len);
  bk = rgs_arena_zalloc(&ix->arena, sizeof *bk);
  if (!k || !bk)
    return NULL;
  dsl_map_put(&ix->map, k, bk);
  return bk;
}

static void bucket_add(Bucket *bk, uint32_t rule) {
  if (bk->n == bk->cap) {
    uint32_t cap = bk->cap ? bk->cap * 2 : 4;
    uint32_t *a = rg_realloc(bk->rules, cap * sizeof *a);
    if (!a)
      return;
    bk->rules = a;
    bk->cap = cap;
  }
  bk->rules[bk->n++] = rule;
}

typedef struct Cands {
  uint32_t *v, n, cap;
} Cands;

static void cands_add(Cands *c, const Bucket *bk) {
  if (!bk)
    return;
  if (c->n + bk->n > c->cap) {
    uint32_t cap = (c->n + bk->n) * 2;
    uint32_t *a = rg_realloc(c->v, cap * sizeof *a);
    if (!a)
      return;
    c->v = a;
    c->cap = cap;
  }
  memcpy(c->v + c->n, bk->rules, bk->n * sizeof *bk->rules);
  c->n += bk->n;
}

/* Looks up every feature of node b (reached by `path`) and of its
 * operands, with each operand step spelled both ways it can be filed. */
static void node_candidates(Index *ix, const DslOpDecl *root, const DslPattern *b, char *path, int depth,
                            Cands *c) {
  for (uint32_t i = 0; i < b->nattrs; i++)
    if (is_literal_test(&b->attrs[i]) && key_attr(ix, root, path, &b->attrs[i]))
      cands_add(c, bucket(ix, false));
  if (depth > 0 && b->nops == 1) {
    key_begin(ix, root, path);
    rgs_buf_printf(&ix->key, "o %u", b->ops[0]->id);
    cands_add(c, bucket(ix, false));
  }
  if (depth >= MAXDEPTH)
    return;
  size_t len = strlen(path);
  for (uint32_t k = 0; k < b->nargs && k < 100; k++) {
    if (b->args[k]->kind != DSL_PAT_OP)
      continue;
    snprintf(path + len, 8, "%u.", k);
    node_candidates(ix, root, b->args[k], path, depth + 1, c);
    if (k < 2) {
      snprintf(path + len, 8, "c.");
      node_candidates(ix, root, b->args[k], path, depth + 1, c);
    }
    path[len] = 0;
  }
}

/* Earlier rules that may subsume b: those filed under a feature b has. */
static void candidates(Index *ix, const DslPattern *b, Cands *c) {
  const DslOpDecl *root = b->ops[0];
  char path[8 * MAXDEPTH + 8] = "";
  c->n = 0;
  node_candidates(ix, root, b, path, 0, c);
  if (!b->rest.s) {
    key_begin(ix, root, "");
    rgs_buf_printf(&ix->key, "n %u", b->nargs);
    cands_add(c, bucket(ix, false));
  }
  key_begin(ix, root, "");
  rgs_buf_putc(&ix->key, '-');
  cands_add(c, bucket(ix, false));
}

static int cmp_u32(const void *x, const void *y) {
  uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
  return a < b ? -1 : a > b;
}

/* A rule that leaves a result alone (`[x, _]`) fires only when that
 * result is dead, and a `for` list only when its lists have one element
 * per result, so like a guarded rule it hides no later rule. */
static bool leaves_result(const DslRepl *r) {
  if (r->kind == DSL_REP_FOR)
    return true;
  for (uint32_t i = 0; r->kind == DSL_REP_LIST && i < r->nargs; i++)
    if (r->args[i]->kind == DSL_REP_ERASE)
      return true;
  return false;
}

void dsl_check_shadowing(Checker *c, DslPass *ps, const bool *clean) {
  DslProgram *p = c->p;
  if (ps->nrules < 2 || !p->nops)
    return;
  uint32_t maxvars = 1;
  for (uint32_t i = 0; i < ps->nrules; i++)
    maxvars = ps->rules[i]->nvars > maxvars ? ps->rules[i]->nvars : maxvars;
  Sub s;
  s.map = rg_alloc(maxvars * sizeof *s.map);
  Index ix;
  memset(&ix, 0, sizeof ix);
  rgs_arena_init(&ix.arena);
  rgs_buf_init(&ix.key);
  Cands cands = {NULL, 0, 0};
  for (uint32_t j = 0; j < ps->nrules && s.map; j++) {
    DslRule *rb = ps->rules[j];
    if (!clean[j] || !rb->pattern->nops)
      continue;
    candidates(&ix, rb->pattern, &cands);
    /* The earliest subsuming rule is the one named. */
    if (cands.n > 1)
      qsort(cands.v, cands.n, sizeof *cands.v, cmp_u32);
    for (uint32_t k = 0; k < cands.n; k++) {
      if (k && cands.v[k] == cands.v[k - 1])
        continue;
      DslRule *ra = ps->rules[cands.v[k]];
      memset(s.map, 0, maxvars * sizeof *s.map);
      if (subsumes(&s, ra->pattern, rb->pattern)) {
        err(c, rb->name.loc, "rule '%s' can never fire: rule '%s' before it matches everything it matches",
            rb->name.s, ra->name.s);
        note(c, ra->name.loc, "rule '%s' is defined here", ra->name.s);
        break;
      }
    }
    if (rb->guard || leaves_result(rb->repl))
      continue;
    for (uint32_t i = 0; i < rb->pattern->nops; i++) {
      Bucket *bk = file_key(&ix, rb->pattern->ops[i], rb->pattern) ? bucket(&ix, true) : NULL;
      if (bk)
        bucket_add(bk, j);
    }
  }
  for (uint32_t i = 0; i < ix.map.cap; i++)
    if (ix.map.keys && ix.map.keys[i])
      rg_free(((Bucket *)ix.map.vals[i])->rules);
  dsl_map_free(&ix.map);
  rgs_arena_free(&ix.arena);
  rgs_buf_free(&ix.key);
  rg_free(cands.v);
  rg_free(s.map);
}
