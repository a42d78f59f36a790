/* gen/ir.c - phase 1: checked AST -> rule IR. Takes a checked pass; gives
 * a GenPass: the ops the pass names (local indices), and per rule its
 * variants (one per operand order of its commutative ops), each a list of
 * tests in the order a matcher runs them (pre-order over the pattern) plus
 * where every variable is bound. Tests are plain values compared with
 * gen_test_eq, so the tree builder can share a test among the rules that
 * start with it; bindings name pattern nodes, so one action function serves
 * every variant and every root op of a rule. */
#include <math.h>
#include <stdlib.h>
#include "gen_internal.h"

/* ---- local op table ---- */

static int find_local(DslOpDecl *const *lops, uint32_t n, const DslOpDecl *op) {
  uint32_t lo = 0, hi = n;
  while (lo < hi) { /* sorted by id once complete; linear before */
    uint32_t mid = lo + (hi - lo) / 2;
    if (lops[mid]->id < op->id)
      lo = mid + 1;
    else
      hi = mid;
  }
  return lo < n && lops[lo] == op ? (int)lo : -1;
}

int gen_local_index(const GenPass *gp, const DslOpDecl *op) { return find_local(gp->lops, gp->nlops, op); }

/* Attribute names are few per pass: a linear search is enough. */
uint32_t gen_attr_index(Gen *g, GenPass *gp, const char *name) {
  for (uint32_t i = 0; i < gp->nattrs; i++)
    if (strcmp(gp->attrs[i], name) == 0)
      return i;
  if (gp->attrs_named) { /* the rule IR collects every name before printing */
    RgLoc none = {NULL, 0};
    gen_error(g, none, "internal error: attribute '%s' read after the pass's attribute ids were named", name);
    return 0;
  }
  if (gp->nattrs == gp->capattrs) {
    uint32_t cap = gp->capattrs ? gp->capattrs * 2 : 8;
    const char **a = rgs_arena_alloc(&g->arena, sizeof *a * cap);
    if (!a) {
      g->ok = false;
      return 0;
    }
    if (gp->nattrs)
      memcpy(a, gp->attrs, sizeof *a * gp->nattrs);
    gp->attrs = a;
    gp->capattrs = cap;
  }
  gp->attrs[gp->nattrs] = name;
  return gp->nattrs++;
}

/* Marks op in a by-declaration-id set. */
static void add_local(bool *seen, const DslOpDecl *op) {
  if (op)
    seen[op->id] = true;
}

/* The op that `const(...)` builds in a pass: the constant-trait op of the
 * dialect of the rule's root. */
DslOpDecl *gen_const_op_for(const DslProgram *p, const DslRule *r) {
  const char *dialect = r->pattern->nops ? r->pattern->ops[0]->dialect : NULL;
  for (uint32_t i = 0; i < p->nops; i++) {
    DslOpDecl *op = p->ops[i];
    if ((op->traits & (1u << DSL_TRAIT_CONSTANT)) && (!dialect || strcmp(op->dialect, dialect) == 0))
      return op;
  }
  return NULL;
}

const DslAttrDecl *gen_const_attr_of(const DslOpDecl *op) {
  for (uint32_t i = 0; i < op->nattrs; i++)
    if (op->attrs[i].type == DSL_TY_TENSOR || op->attrs[i].type == DSL_TY_ANY)
      return &op->attrs[i];
  return op->nattrs ? &op->attrs[0] : NULL;
}

static void collect_expr_ops(const DslProgram *p, bool *seen, const DslRule *r, const DslExpr *e) {
  if (!e)
    return;
  if (e->kind == DSL_EX_NAME && e->opdecl)
    add_local(seen, e->opdecl);
  if (e->kind == DSL_EX_NAME && e->cls)
    for (uint32_t i = 0; i < e->cls->nops; i++)
      add_local(seen, e->cls->ops[i]);
  if (e->kind == DSL_EX_CALL && e->builtin == DSL_BI_CONST) /* the op it creates */
    add_local(seen, e->opdecl ? e->opdecl : gen_const_op_for(p, r));
  for (uint32_t i = 0; i < e->nargs; i++)
    collect_expr_ops(p, seen, r, e->args[i]);
}

static void collect_pattern_ops(bool *seen, const DslPattern *pt) {
  for (uint32_t i = 0; i < pt->nops; i++)
    add_local(seen, pt->ops[i]);
  for (uint32_t i = 0; i < pt->nargs; i++)
    collect_pattern_ops(seen, pt->args[i]);
}

static void collect_repl_ops(const DslProgram *p, bool *seen, const DslRule *r, const DslRepl *rp) {
  if (!rp)
    return;
  if (rp->kind == DSL_REP_OP && rp->op)
    add_local(seen, rp->op);
  if (rp->kind == DSL_REP_EXPR)
    collect_expr_ops(p, seen, r, rp->expr);
  for (uint32_t i = 0; i < rp->nfor_lists; i++)
    collect_expr_ops(p, seen, r, rp->for_lists[i]);
  for (uint32_t i = 0; i < rp->nattrs; i++)
    collect_expr_ops(p, seen, r, rp->attrs[i].value);
  for (uint32_t i = 0; i < rp->nargs; i++)
    collect_repl_ops(p, seen, r, rp->args[i]);
}

/* ---- flattening patterns into tests ---- */

/* A test that compares with a variable bound later in the walk (an
 * attribute of the root named again in an operand's pattern, or a value
 * met first in a swapped operand): added once the walk has bound it. */
typedef struct FlatLater {
  GenTestKind kind; /* GEN_T_SAME or GEN_T_ATTR_VAR */
  GenPath path;
  const char *attr;
  const DslVar *var;
} FlatLater;

typedef struct Flat {
  Gen *g;
  GenPass *gp;
  GenVariant *v;
  uint32_t commut_seen;
  bool *bound; /* by variable index: bound so far in this walk */
  FlatLater *later;
  uint32_t nlater, caplater;
} Flat;

static void bind_at(Flat *f, const DslVar *var, GenPath path) {
  f->v->bind[var->index].path = path;
  f->bound[var->index] = true;
}

/* Keeps a comparison with var for the end of the walk; false when out of
 * memory. */
static bool defer(Flat *f, FlatLater later) {
  if (f->nlater == f->caplater) {
    uint32_t cap = f->caplater ? f->caplater * 2 : 8;
    FlatLater *n = rg_realloc(f->later, sizeof *n * cap);
    if (!n)
      return f->g->ok = false;
    f->later = n;
    f->caplater = cap;
  }
  f->later[f->nlater++] = later;
  return true;
}

static GenTest *add_test(Flat *f) {
  GenVariant *v = f->v;
  if (v->ntests == v->cap) {
    uint32_t cap = v->cap ? v->cap * 2 : 8;
    GenTest *t = rgs_arena_alloc(&f->g->arena, sizeof *t * cap);
    if (!t) {
      f->g->ok = false;
      return NULL;
    }
    if (v->ntests)
      memcpy(t, v->tests, sizeof *t * v->ntests);
    v->tests = t;
    v->cap = cap;
  }
  GenTest *t = &v->tests[v->ntests++];
  memset(t, 0, sizeof *t);
  return t;
}

static GenPath path_child(GenPath p, uint32_t i) {
  if (p.n < GEN_MAXPATH)
    p.i[p.n++] = (uint8_t)i;
  return p;
}

static int cmp_u16(const void *a, const void *b) {
  uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;
  return x < y ? -1 : x > y;
}

static uint16_t *local_ops_of(Gen *g, const GenPass *gp, DslOpDecl *const *ops, uint32_t n) {
  uint16_t *r = rgs_arena_alloc(&g->arena, sizeof *r * (n ? n : 1));
  if (!r) {
    g->ok = false;
    return NULL;
  }
  for (uint32_t i = 0; i < n; i++)
    r[i] = (uint16_t)gen_local_index(gp, ops[i]);
  qsort(r, n, sizeof *r, cmp_u16);
  return r;
}

static uint32_t pnode_index(const GenRule *r, const DslPattern *pt) {
  for (uint32_t i = 0; i < r->npnodes; i++)
    if (r->pnodes[i] == pt)
      return i;
  return 0;
}

/* t: its attribute equals that of var's binding, which the walk has met. */
static void attr_var_test(Flat *f, GenTest *t, const DslVar *var) {
  t->kind = GEN_T_ATTR_VAR;
  t->other = f->v->bind[var->index].path;
  t->other_attr = var->attr ? var->attr->name.s : t->attr;
  gen_attr_index(f->g, f->gp, t->other_attr);
}

static void flatten_attrs(Flat *f, const DslPattern *pt, GenPath node) {
  GenVariant *v = f->v;
  for (uint32_t i = 0; i < pt->nattrs; i++) {
    DslAttrPat *ap = &pt->attrs[i];
    if (ap->binds && ap->fallback) {
      /* Binds the attribute or the fallback: never fails to match. */
      GenBinding *b = &v->bind[ap->value->var->index];
      f->bound[ap->value->var->index] = true;
      b->path = node;
      b->node = pnode_index(v->rule, pt);
      gen_attr_index(f->g, f->gp, ap->name.s);
      continue;
    }
    if (!ap->absent && !ap->binds && ap->value->kind == DSL_EX_NAME && ap->value->var &&
        !f->bound[ap->value->var->index]) {
      gen_attr_index(f->g, f->gp, ap->name.s);
      if (!defer(f, (FlatLater){GEN_T_ATTR_VAR, node, ap->name.s, ap->value->var}))
        return;
      continue;
    }
    GenTest *t = add_test(f);
    if (!t)
      return;
    t->path = node;
    t->attr = ap->name.s;
    gen_attr_index(f->g, f->gp, ap->name.s);
    if (ap->absent) {
      t->kind = GEN_T_ATTR_ABSENT;
    } else if (ap->binds) {
      t->kind = GEN_T_ATTR_HAS;
      GenBinding *b = &v->bind[ap->value->var->index];
      f->bound[ap->value->var->index] = true;
      b->path = node;
      b->node = pnode_index(v->rule, pt);
    } else if (ap->value->kind == DSL_EX_NAME && ap->value->var) {
      attr_var_test(f, t, ap->value->var);
    } else {
      t->kind = GEN_T_ATTR_EQ;
      t->lit = ap->value;
      t->lit_type = ap->decl ? ap->decl->type : ap->value->type;
      t->decl = ap->decl;
    }
  }
}

static void flatten(Flat *f, const DslPattern *pt, GenPath node) {
  GenVariant *v = f->v;
  if (node.n >= GEN_MAXPATH) {
    gen_error(f->g, pt->loc, "pattern nested deeper than %d levels", GEN_MAXPATH);
    return;
  }
  GenTest *t = add_test(f);
  if (!t)
    return;
  t->kind = node.n == 0 ? GEN_T_COUNT : GEN_T_OP;
  t->path = node;
  t->ops = local_ops_of(f->g, f->gp, pt->ops, pt->nops);
  t->nops = pt->nops;
  t->nargs = pt->nargs;
  t->rest = pt->rest.s != NULL;
  uint32_t me = pnode_index(v->rule, pt);
  v->node_at[me] = node;
  if (pt->opvar) {
    v->bind[pt->opvar->index] = (GenBinding){node, me, 0};
    f->bound[pt->opvar->index] = true;
  }
  if (pt->restvar) {
    v->bind[pt->restvar->index] = (GenBinding){node, me, pt->nargs};
    f->bound[pt->restvar->index] = true;
  }
  flatten_attrs(f, pt, node);
  bool swap = false;
  /* Commutative means operands 0 and 1 swap; later ones (MUL's shift)
   * stay in place. */
  if (pt->commutative && pt->nargs >= 2) {
    swap = (v->swap_mask >> f->commut_seen) & 1;
    f->commut_seen++;
  }
  for (uint32_t k = 0; k < pt->nargs; k++) {
    const DslPattern *a = pt->args[swap && k < 2 ? 1 - k : k];
    GenPath vp = path_child(node, k);
    switch (a->kind) {
    case DSL_PAT_WILD:
      break;
    case DSL_PAT_VAR:
      if (a->binds) {
        bind_at(f, a->var, vp);
      } else if (a->var && !f->bound[a->var->index]) {
        if (!defer(f, (FlatLater){GEN_T_SAME, vp, NULL, a->var}))
          return;
      } else if (a->var) {
        GenTest *s = add_test(f);
        if (!s)
          return;
        s->kind = GEN_T_SAME;
        s->path = vp;
        s->other = v->bind[a->var->index].path;
      }
      break;
    case DSL_PAT_OP:
      if (a->var)
        bind_at(f, a->var, vp);
      flatten(f, a, vp);
      break;
    case DSL_PAT_SPLAT: {
      GenTest *s = add_test(f);
      if (!s)
        return;
      s->kind = GEN_T_SPLAT;
      s->path = vp;
      if (a->var && a->capture.s && a->var->kind == DSL_VAR_VALUE)
        bind_at(f, a->var, vp);
      for (uint32_t j = 0; j < v->rule->rule->nvars; j++) {
        DslVar *var = v->rule->rule->vars[j];
        if (var->pat == a)
          bind_at(f, var, vp);
      }
      if (a->splat && a->splat->kind != DSL_EX_NAME) {
        GenTest *e = add_test(f);
        if (!e)
          return;
        e->kind = GEN_T_SPLAT_EQ;
        e->path = vp;
        e->lit = a->splat;
        e->lit_type = DSL_TY_FLOAT;
      }
      break;
    }
    }
  }
}

/* Flattens one variant's pattern, then adds the comparisons the walk met
 * before the variable they compare with was bound. */
static bool flatten_variant(Gen *g, GenPass *gp, GenVariant *v, const DslRule *dr) {
  Flat f = {g, gp, v, 0, rg_alloc(sizeof(bool) * (dr->nvars + 1)), NULL, 0, 0};
  if (!f.bound)
    return g->ok = false;
  memset(f.bound, 0, sizeof(bool) * (dr->nvars + 1));
  flatten(&f, dr->pattern, (GenPath){0, {0}});
  for (uint32_t i = 0; i < f.nlater && g->ok; i++) {
    const FlatLater *l = &f.later[i];
    if (!f.bound[l->var->index]) {
      gen_error(g, dr->loc, "'%s' is compared before it is bound", l->var->name.s);
      break;
    }
    GenTest *t = add_test(&f);
    if (!t)
      break;
    t->path = l->path;
    if (l->kind == GEN_T_SAME) {
      t->kind = GEN_T_SAME;
      t->other = v->bind[l->var->index].path;
    } else {
      t->attr = l->attr;
      attr_var_test(&f, t, l->var);
    }
  }
  rg_free(f.bound);
  rg_free(f.later);
  return g->ok;
}

static uint32_t count_commutative(const DslPattern *pt) {
  uint32_t n = pt->kind == DSL_PAT_OP && pt->commutative && pt->nargs >= 2;
  for (uint32_t i = 0; i < pt->nargs; i++)
    n += count_commutative(pt->args[i]);
  return n;
}

static uint32_t count_pnodes(const DslPattern *pt) {
  uint32_t n = pt->kind == DSL_PAT_OP;
  for (uint32_t i = 0; i < pt->nargs; i++)
    n += count_pnodes(pt->args[i]);
  return n;
}

static void list_pnodes(GenRule *r, DslPattern *pt) {
  if (pt->kind != DSL_PAT_OP)
    return;
  r->pnodes[r->npnodes++] = pt;
  for (uint32_t i = 0; i < pt->nargs; i++)
    list_pnodes(r, pt->args[i]);
}

/* ---- what the action reads ---- */

static void use_expr(GenRule *r, const DslExpr *e) {
  if (!e)
    return;
  if (e->kind == DSL_EX_NAME && e->var)
    r->used[e->var->index] = true;
  for (uint32_t i = 0; i < e->nargs; i++)
    use_expr(r, e->args[i]);
}

static void use_repl(GenRule *r, const DslRepl *rp) {
  if (rp->var)
    r->used[rp->var->index] = true;
  if (rp->kind == DSL_REP_EXPR)
    use_expr(r, rp->expr);
  for (uint32_t i = 0; i < rp->nfor_lists; i++)
    use_expr(r, rp->for_lists[i]);
  for (uint32_t i = 0; i < rp->nattrs; i++)
    use_expr(r, rp->attrs[i].value);
  for (uint32_t i = 0; i < rp->nargs; i++)
    use_repl(r, rp->args[i]);
}

/* Attribute variables of a kind with a C reading are read into `v_`; the
 * others stay the attribute itself, `a_`. */
bool gen_attr_has_reading(DslType t) {
  return t == DSL_TY_INTS || t == DSL_TY_INT || t == DSL_TY_FLOAT || t == DSL_TY_BOOL || t == DSL_TY_STR;
}

/* Parameters of the action: the pattern nodes its bindings hang off (in
 * pattern order) and the values it reads, in binding order. Attribute
 * bindings with a reading are always read: a bound attribute of the wrong
 * kind fails the match even when the rule does not use it. */
static bool plan_params(Gen *g, GenRule *r) {
  DslRule *dr = r->rule;
  r->params = rgs_arena_zalloc(&g->arena, sizeof *r->params * (r->npnodes + dr->nvars + 1));
  if (!r->params)
    return false;
  for (uint32_t i = 0; i < dr->nvars; i++)
    if (dr->vars[i]->kind == DSL_VAR_ATTR && gen_attr_has_reading(dr->vars[i]->type))
      r->used[i] = true;
  const GenVariant *v0 = &r->variants[0];
  for (uint32_t k = 1; k < r->npnodes; k++) {
    bool need = false;
    for (uint32_t i = 0; i < dr->nvars && !need; i++) {
      DslVarKind kind = dr->vars[i]->kind;
      need = r->used[i] && (kind == DSL_VAR_ATTR || kind == DSL_VAR_REST || kind == DSL_VAR_OP) &&
             v0->bind[i].node == k;
    }
    if (need)
      r->params[r->nparams++] = (GenParam){true, k, NULL};
  }
  for (uint32_t i = 0; i < dr->nvars; i++) {
    DslVar *var = dr->vars[i];
    if (r->used[i] && (var->kind == DSL_VAR_VALUE || var->kind == DSL_VAR_SPLAT))
      r->params[r->nparams++] = (GenParam){false, 0, var};
  }
  return true;
}

static bool build_rule(Gen *g, GenPass *gp, GenRule *r, DslRule *dr, uint16_t index) {
  r->rule = dr;
  r->index = index;
  r->fn = gen_str(g, "%s__%s", gp->cname, gen_cname(g, dr->name.s));
  uint32_t nc = count_commutative(dr->pattern);
  if (nc > DSL_MAX_COMMUTATIVE) { /* the checker reports it first */
    gen_error(g, dr->loc, "rule '%s' has %u commutative ops; at most %d are expanded", dr->name.s, nc,
              DSL_MAX_COMMUTATIVE);
    nc = 0;
  }
  r->nvariants = 1u << nc;
  uint32_t np = count_pnodes(dr->pattern);
  r->pnodes = rgs_arena_alloc(&g->arena, sizeof *r->pnodes * (np ? np : 1));
  r->variants = rgs_arena_zalloc(&g->arena, sizeof *r->variants * r->nvariants);
  r->used = rgs_arena_zalloc(&g->arena, sizeof *r->used * (dr->nvars + 1));
  if (!r->pnodes || !r->variants || !r->used)
    return false;
  list_pnodes(r, dr->pattern);
  for (uint32_t m = 0; m < r->nvariants; m++) {
    GenVariant *v = &r->variants[m];
    v->rule = r;
    v->swap_mask = m;
    v->bind = rgs_arena_zalloc(&g->arena, sizeof *v->bind * (dr->nvars + 1));
    v->node_at = rgs_arena_zalloc(&g->arena, sizeof *v->node_at * (np + 1));
    if (!v->bind || !v->node_at)
      return false;
    if (!flatten_variant(g, gp, v, dr))
      return false;
  }
  if (dr->guard)
    use_expr(r, dr->guard);
  use_repl(r, dr->repl);
  return plan_params(g, r);
}

bool gen_pass_build(Gen *g, DslPass *pass, GenPass *gp) {
  const DslProgram *p = g->p;
  memset(gp, 0, sizeof *gp);
  gp->pass = pass;
  gp->cname = gen_cname(g, pass->name.s);
  bool *seen = rg_alloc(sizeof *seen * (p->nops + 1));
  if (!seen)
    return g->ok = false;
  memset(seen, 0, sizeof *seen * (p->nops + 1));
  for (uint32_t i = 0; i < pass->nrules; i++) {
    DslRule *r = pass->rules[i];
    collect_pattern_ops(seen, r->pattern);
    collect_repl_ops(p, seen, r, r->repl);
    collect_expr_ops(p, seen, r, r->guard);
  }
  uint32_t n = 0;
  for (uint32_t i = 0; i < p->nops; i++)
    n += seen[i];
  gp->lops = rgs_arena_alloc(&g->arena, sizeof *gp->lops * (n ? n : 1));
  gp->rules = rgs_arena_zalloc(&g->arena, sizeof *gp->rules * (pass->nrules ? pass->nrules : 1));
  if (!gp->lops || !gp->rules) {
    rg_free(seen);
    return g->ok = false;
  }
  /* p->ops is indexed by declaration id, so this is sorted by id. */
  for (uint32_t i = 0; i < p->nops; i++)
    if (seen[i])
      gp->lops[gp->nlops++] = p->ops[i];
  rg_free(seen);
  for (uint32_t i = 0; i < pass->nrules && g->ok; i++) {
    if (!build_rule(g, gp, &gp->rules[i], pass->rules[i], (uint16_t)i))
      g->ok = false;
    gp->nrules++;
  }
  return g->ok;
}

/* ---- comparing tests ---- */

bool gen_path_eq(GenPath a, GenPath b) { return a.n == b.n && memcmp(a.i, b.i, a.n) == 0; }

bool gen_expr_same(const DslExpr *a, const DslExpr *b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind || a->type != b->type || a->nargs != b->nargs)
    return false;
  switch (a->kind) { /* a literal's op is a parser flag */
  case DSL_EX_INT: return a->ival == b->ival;
  case DSL_EX_FLOAT: return memcmp(&a->fval, &b->fval, sizeof a->fval) == 0;
  case DSL_EX_BOOL: return a->bval == b->bval;
  case DSL_EX_STR: return strcmp(a->str, b->str) == 0;
  case DSL_EX_NAME:
    return a->var == b->var && a->cls == b->cls && a->opdecl == b->opdecl && (a->var || strcmp(a->str, b->str) == 0);
  case DSL_EX_CALL:
    if (a->builtin != b->builtin || a->ext != b->ext || strcmp(a->str, b->str) != 0 ||
        (a->kw || b->kw) != (a->kw && b->kw) || (a->kw && strcmp(a->kw, b->kw) != 0))
      return false;
    break;
  default:
    if (a->op != b->op)
      return false;
    break;
  }
  for (uint32_t i = 0; i < a->nargs; i++)
    if (!gen_expr_same(a->args[i], b->args[i]))
      return false;
  return true;
}

bool gen_test_eq(const GenTest *a, const GenTest *b) {
  if (a->kind != b->kind || !gen_path_eq(a->path, b->path))
    return false;
  switch (a->kind) {
  case GEN_T_COUNT: return a->nargs == b->nargs && a->rest == b->rest;
  case GEN_T_OP:
    return a->nargs == b->nargs && a->rest == b->rest && a->nops == b->nops &&
           memcmp(a->ops, b->ops, sizeof *a->ops * a->nops) == 0;
  case GEN_T_ATTR_HAS:
  case GEN_T_ATTR_ABSENT: return strcmp(a->attr, b->attr) == 0;
  case GEN_T_ATTR_EQ: return strcmp(a->attr, b->attr) == 0 && gen_expr_same(a->lit, b->lit) && a->decl == b->decl;
  case GEN_T_ATTR_VAR:
    return strcmp(a->attr, b->attr) == 0 && gen_path_eq(a->other, b->other) &&
           strcmp(a->other_attr, b->other_attr) == 0;
  case GEN_T_SAME: return gen_path_eq(a->other, b->other);
  case GEN_T_SPLAT: return true;
  case GEN_T_SPLAT_EQ: return gen_expr_same(a->lit, b->lit);
  }
  return false;
}

bool gen_lit_int(const DslExpr *e, int64_t *out) {
  if (e->kind == DSL_EX_INT) {
    *out = e->ival;
    return true;
  }
  if (e->kind == DSL_EX_UNARY && e->op == '-' && e->nargs == 1 && e->args[0]->kind == DSL_EX_INT &&
      e->args[0]->ival != INT64_MIN) {
    *out = -e->args[0]->ival;
    return true;
  }
  return false;
}

/* `inf` as a literal: a name bound to nothing. */
static bool is_inf(const DslExpr *e) {
  return e->kind == DSL_EX_NAME && !e->var && e->type == DSL_TY_FLOAT && strcmp(e->str, "inf") == 0;
}

bool gen_lit_float(const DslExpr *e, double *out) {
  int64_t i;
  if (gen_lit_int(e, &i)) {
    *out = (double)i;
    return true;
  }
  if (is_inf(e) || (e->kind == DSL_EX_UNARY && e->op == '-' && e->nargs == 1 && is_inf(e->args[0]))) {
    *out = e->kind == DSL_EX_NAME ? INFINITY : -INFINITY;
    return true;
  }
  if (e->kind == DSL_EX_FLOAT) {
    *out = e->fval;
    return true;
  }
  if (e->kind == DSL_EX_UNARY && e->op == '-' && e->nargs == 1 && e->args[0]->kind == DSL_EX_FLOAT) {
    *out = -e->args[0]->fval;
    return true;
  }
  return false;
}

const char *gen_dtype_c(Gen *g, RgDType dt) {
  const char *n = rg_dtype_name(dt);
  char buf[32] = "RG_DT_";
  size_t k = 6;
  for (size_t i = 0; n[i] && k < sizeof buf - 1; i++)
    buf[k++] = (char)(n[i] >= 'a' && n[i] <= 'z' ? n[i] - 'a' + 'A' : n[i]);
  buf[k] = 0;
  return gen_str(g, "%s", buf);
}

const char *gen_lit_dtype(Gen *g, const DslExpr *e) {
  if (e->kind != DSL_EX_NAME || e->var || e->type != DSL_TY_TYPE)
    return NULL;
  RgDType dt = rg_dtype_from_name(e->str, strlen(e->str));
  return dt == RG_DT_NONE ? NULL : gen_dtype_c(g, dt);
}

/* ---- target-op condition ---- */

/* Per rule: the multiset of op sets its pattern needs. */
uint32_t gen_rule_reqs(Gen *g, const GenPass *gp, const GenVariant *v, GenReq *reqs, uint32_t max) {
  uint32_t n = 0;
  const DslPattern *root = v->rule->rule->pattern;
  const uint16_t *rops = local_ops_of(g, gp, root->ops, root->nops);
  reqs[n++] = (GenReq){rops, root->nops, 1};
  for (uint32_t i = 0; i < v->ntests; i++) {
    const GenTest *t = &v->tests[i];
    if (t->kind != GEN_T_OP)
      continue;
    bool merged = false;
    for (uint32_t k = 0; k < n && !merged; k++)
      if (reqs[k].nops == t->nops && memcmp(reqs[k].ops, t->ops, sizeof *t->ops * t->nops) == 0) {
        reqs[k].count++;
        merged = true;
      }
    if (!merged && n < max)
      reqs[n++] = (GenReq){t->ops, t->nops, 1};
  }
  return n;
}
