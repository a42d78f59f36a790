/* dsl/check.c - semantic checks over every loaded file: symbol tables,
 * name resolution, arity and attribute checks, patterns, replacements and
 * variable use; expressions are typed in check_expr.c and shadowing is
 * found in shadow.c. */
#include <stdlib.h>

#include "check.h"

static bool push_op(DslProgram *p, DslOpDecl *op) {
  if ((p->nops & (p->nops - 1)) == 0) { /* grow at powers of two */
    uint32_t cap = p->nops ? p->nops * 2 : 16;
    if (cap < 16)
      cap = 16;
    DslOpDecl **a = rg_realloc(p->ops, cap * sizeof *a);
    if (!a)
      return false;
    p->ops = a;
  }
  op->id = p->nops;
  p->ops[p->nops++] = op;
  return true;
}

static bool push_pass(DslProgram *p, DslPass *ps) {
  if ((p->npasses & (p->npasses - 1)) == 0) {
    uint32_t cap = p->npasses ? p->npasses * 2 : 16;
    if (cap < 16)
      cap = 16;
    DslPass **a = rg_realloc(p->passes, cap * sizeof *a);
    if (!a)
      return false;
    p->passes = a;
  }
  p->passes[p->npasses++] = ps;
  return true;
}


/* Where an expression starts (binary nodes carry their operator's place). */
static RgLoc expr_begin(const DslExpr *e) {
  RgLoc l = e->loc;
  for (uint32_t i = 0; i < e->nargs; i++) {
    RgLoc a = expr_begin(e->args[i]);
    if (a.src == l.src && a.off < l.off)
      l = a;
  }
  return l;
}

static void check_op(Checker *c, DslOpDecl *op) {
  for (uint32_t i = 0; i < op->noperands; i++)
    for (uint32_t j = 0; j < i; j++)
      if (strcmp(op->operands[i].name.s, op->operands[j].name.s) == 0) {
        err(c, op->operands[i].name.loc, "duplicate operand '%s' in op '%s'",
            op->operands[i].name.s, op->name);
        note(c, op->operands[j].name.loc, "first defined here");
        break;
      }
  for (uint32_t i = 0; i < op->nattrs; i++)
    for (uint32_t j = 0; j < i; j++)
      if (strcmp(op->attrs[i].name.s, op->attrs[j].name.s) == 0) {
        err(c, op->attrs[i].name.loc, "duplicate attribute '%s' in op '%s'",
            op->attrs[i].name.s, op->name);
        note(c, op->attrs[j].name.loc, "first defined here");
        break;
      }
  for (uint32_t i = 0; i < op->ntrait_names; i++) {
    int t = dsl_trait_lookup(op->trait_names[i].s);
    if (t < 0) {
      RgsSuggest sg;
      rgs_suggest_init(&sg, op->trait_names[i].s);
      dsl_suggest_traits(&sg);
      dsl_unknown(c, op->trait_names[i].loc, &sg, "unknown trait '%s'", op->trait_names[i].s);
      continue;
    }
    op->traits |= 1u << t;
  }
  if ((op->traits & (1u << DSL_TRAIT_COMMUTATIVE)) && op->noperands < 2)
    err(c, op->loc, "op '%s' is commutative but has fewer than 2 operands", op->name);

  if (op->results_attr.s) {
    const DslAttrDecl *ad = NULL;
    for (uint32_t i = 0; i < op->nattrs && !ad; i++)
      if (strcmp(op->attrs[i].name.s, op->results_attr.s) == 0)
        ad = &op->attrs[i];
    RgsSuggest sg;
    rgs_suggest_init(&sg, op->results_attr.s);
    dsl_suggest_attrs(op, &sg);
    if (!ad)
      dsl_unknown(c, op->results_attr.loc, &sg, "op '%s' has no attribute '%s'", op->name, op->results_attr.s);
    else if (ad->type != DSL_TY_INTS)
      err(c, op->results_attr.loc, "'results(len(%s))' needs an int[] attribute, but '%s' is %s",
          ad->name.s, ad->name.s, dsl_type_name(ad->type));
  }
  /* A default is a literal of the attribute's type. */
  for (uint32_t i = 0; i < op->nattrs; i++) {
    DslExpr *e = op->attrs[i].defval;
    if (!e)
      continue;
    DslExpr *lit = e->kind == DSL_EX_UNARY && e->op == '-' && e->nargs == 1 ? e->args[0] : e;
    DslType t = lit->kind == DSL_EX_INT    ? DSL_TY_INT
                : lit->kind == DSL_EX_FLOAT ? DSL_TY_FLOAT
                : lit->kind == DSL_EX_BOOL  ? DSL_TY_BOOL
                : lit->kind == DSL_EX_STR   ? DSL_TY_STR
                                            : DSL_TY_ERROR;
    if (lit != e && t != DSL_TY_INT && t != DSL_TY_FLOAT)
      t = DSL_TY_ERROR;
    e->type = t;
    if (t == DSL_TY_ERROR)
      err(c, expr_begin(e), "the default of attribute '%s' must be a literal", op->attrs[i].name.s);
    else if (!dsl_assignable(op->attrs[i].type, t))
      err(c, e->loc, "the default of attribute '%s' is %s, but the attribute is %s", op->attrs[i].name.s,
          dsl_type_name(t), dsl_type_name(op->attrs[i].type));
  }
}

static DslOpDecl *lookup_op(Checker *c, const char *name, const char *dialect) {
  DslOpDecl *op = dsl_map_get(&c->p->opmap, name);
  if (op || !dialect)
    return op;
  char buf[256];
  if ((size_t)snprintf(buf, sizeof buf, "%s.%s", dialect, name) >= sizeof buf)
    return NULL;
  return dsl_map_get(&c->p->opmap, buf);
}

static int cmp_op(const void *a, const void *b) {
  uint32_t x = (*(DslOpDecl *const *)a)->id, y = (*(DslOpDecl *const *)b)->id;
  return x < y ? -1 : x > y;
}

/* Sorts by id and drops duplicates; returns the new count. */
static uint32_t sort_ops(DslOpDecl **ops, uint32_t n) {
  if (!n)
    return 0;
  qsort(ops, n, sizeof *ops, cmp_op);
  uint32_t k = 1;
  for (uint32_t i = 1; i < n; i++)
    if (ops[i] != ops[k - 1])
      ops[k++] = ops[i];
  return k;
}

static bool class_has_traits(const DslClass *cl, const DslOpDecl *op) {
  return (op->traits & cl->traits) == cl->traits &&
         (!cl->dialect || (op->dialect && strcmp(op->dialect, cl->dialect) == 0));
}

static void check_class(Checker *c, DslClass *cl) {
  DslProgram *p = c->p;
  if (cl->by_traits) {
    for (uint32_t i = 0; i < cl->nmembers; i++) {
      int t = dsl_trait_lookup(cl->members[i].s);
      RgsSuggest sg;
      rgs_suggest_init(&sg, cl->members[i].s);
      dsl_suggest_traits(&sg);
      if (t < 0)
        dsl_unknown(c, cl->members[i].loc, &sg, "unknown trait '%s'", cl->members[i].s);
      else
        cl->traits |= 1u << t;
    }
    /* Only ops of the class's own dialect: what a class means must not
     * depend on which other files happen to be loaded with it. */
    uint32_t n = 0;
    for (uint32_t i = 0; i < p->nops; i++)
      n += class_has_traits(cl, p->ops[i]);
    cl->ops = n ? zalloc(c, n * sizeof *cl->ops) : NULL;
    for (uint32_t i = 0; cl->ops && i < p->nops; i++)
      if (class_has_traits(cl, p->ops[i]))
        cl->ops[cl->nops++] = p->ops[i];
    if (!cl->nops && cl->traits)
      err(c, cl->name.loc, "class '%s' is empty: no op has all of its traits", cl->name.s);
    return;
  }
  cl->ops = cl->nmembers ? zalloc(c, cl->nmembers * sizeof *cl->ops) : NULL;
  for (uint32_t i = 0; cl->ops && i < cl->nmembers; i++) {
    DslOpDecl *op = lookup_op(c, cl->members[i].s, cl->dialect);
    if (!op) {
      /* members of a dialect's class are spelled without the dialect */
      RgsSuggest sg;
      size_t dl = cl->dialect ? strlen(cl->dialect) : 0;
      rgs_suggest_init(&sg, cl->members[i].s);
      for (uint32_t k = 0; k < p->nops; k++) {
        const char *name = p->ops[k]->name;
        if (!strchr(cl->members[i].s, '.') && dl && !strncmp(name, cl->dialect, dl) && name[dl] == '.')
          name += dl + 1;
        rgs_suggest_add(&sg, name);
      }
      dsl_unknown(c, cl->members[i].loc, &sg, "unknown op '%s' in class '%s'", cl->members[i].s, cl->name.s);
      continue;
    }
    cl->ops[cl->nops++] = op;
  }
  cl->nops = sort_ops(cl->ops, cl->nops);
}


static void collect(Checker *c) {
  DslProgram *p = c->p;
  /* Files are collected in load order; an importer is loaded before its
   * imports, so ops come first in a second sweep that visits imports
   * first (post-order), which keeps op ids stable and natural. */
  DslFile **order = rg_alloc((p->nfiles ? p->nfiles : 1) * sizeof *order);
  if (!order)
    return;
  uint32_t n = 0;
  for (uint32_t i = p->nfiles; i-- > 0;)
    order[n++] = p->files[i];
  for (uint32_t fi = 0; fi < n; fi++) {
    DslFile *f = order[fi];
    for (uint32_t i = 0; i < f->ndecls; i++) {
      DslDecl *d = f->decls[i];
      switch (d->kind) {
      case DSL_DECL_OP: {
        DslOpDecl *op = d->u.op;
        if (!op->name)
          break;
        DslOpDecl *old = dsl_map_put(&p->opmap, op->name, op);
        if (old) {
          err(c, op->loc, "duplicate op '%s'", op->name);
          note(c, old->loc, "first defined here");
          break;
        }
        push_op(p, op);
        check_op(c, op);
        break;
      }
      case DSL_DECL_EXTERN: {
        DslExtern *e = d->u.ext;
        DslExtern *old = dsl_map_put(&p->externmap, e->name.s, e);
        if (old) {
          err(c, e->name.loc, "duplicate extern '%s'", e->name.s);
          note(c, old->name.loc, "first defined here");
          break;
        }
        dsl_check_extern(c, e);
        break;
      }
      case DSL_DECL_PASS: {
        DslPass *ps = d->u.pass;
        DslPass *old = dsl_map_put(&p->passmap, ps->name.s, ps);
        if (old) {
          err(c, ps->name.loc, "duplicate pass '%s'", ps->name.s);
          note(c, old->name.loc, "first defined here");
          break;
        }
        push_pass(p, ps);
        break;
      }
      case DSL_DECL_PIPELINE: {
        DslPipeline *pl = d->u.pipeline;
        DslPipeline *old = dsl_map_put(&p->pipemap, pl->name.s, pl);
        if (old) {
          err(c, pl->name.loc, "duplicate pipeline '%s'", pl->name.s);
          note(c, old->name.loc, "first defined here");
        }
        break;
      }
      default:
        break;
      }
    }
  }
  /* classes after every op, so trait classes see all of them */
  for (uint32_t fi = 0; fi < n; fi++) {
    DslFile *f = order[fi];
    for (uint32_t i = 0; i < f->ndecls; i++) {
      DslDecl *d = f->decls[i];
      if (d->kind != DSL_DECL_CLASS)
        continue;
      DslClass *cl = d->u.cls;
      DslClass *old = dsl_map_put(&p->classmap, cl->name.s, cl);
      if (old) {
        err(c, cl->name.loc, "duplicate class '%s'", cl->name.s);
        note(c, old->name.loc, "first defined here");
        continue;
      }
      check_class(c, cl);
    }
  }
  rg_free(order);
}

/* ---- patterns ---- */

static const char *plural(uint32_t n, const char *one, const char *many) {
  return n == 1 ? one : many;
}

/* Operand count check of a node with `nargs` explicit operands (plus a
 * ..rest when has_rest) against op declaration `op`. */
static bool arity_ok(const DslOpDecl *op, uint32_t nargs, bool has_rest) {
  uint32_t min = op->variadic ? op->noperands - 1 : op->noperands;
  if (has_rest)
    return op->variadic || nargs <= op->noperands;
  return op->variadic ? nargs >= min : nargs == op->noperands;
}

static void arity_error(Checker *c, RgLoc loc, const DslOpDecl *op, uint32_t nargs,
                        const char *what) {
  if (op->variadic)
    err(c, loc, "'%s' takes at least %u %s, but the %s has %u", op->name,
        op->noperands - 1, plural(op->noperands - 1, "operand", "operands"), what, nargs);
  else
    err(c, loc, "'%s' takes %u %s, but the %s has %u", op->name, op->noperands,
        plural(op->noperands, "operand", "operands"), what, nargs);
}

/* A root whose result count each node sets is replaced by a `for` list, and
 * only such a root: a fixed count is spelled out as a fixed list. */
static bool check_root_results(Checker *c, const DslOpDecl *op, const DslRepl *rp) {
  bool is_for = rp && rp->kind == DSL_REP_FOR;
  if (op->results_vary && !is_for && rp) {
    if (op->results_attr.s)
      err(c, rp->loc, "'%s' has one result per element of '%s'; replace them with "
          "'=> [(op ...) for n in %s]'", op->name, op->results_attr.s, op->results_attr.s);
    else
      err(c, rp->loc, "'%s' has as many results as each node sets; replace them with "
          "'=> [(op ...) for n in list]'", op->name);
    return false;
  }
  if (!op->results_vary && is_for) {
    err(c, rp->loc, "'%s' has %u result%s, a number fixed by its declaration; list %s "
        "(a 'for' list is for ops declared 'results(len(attr))' or 'results(...)')", op->name,
        op->nresults, op->nresults == 1 ? "" : "s", op->nresults == 1 ? "the replacement" : "one per result");
    return false;
  }
  return true;
}

static DslAttrDecl *find_attr(const DslOpDecl *op, const char *name) {
  for (uint32_t i = 0; i < op->nattrs; i++)
    if (strcmp(op->attrs[i].name.s, name) == 0)
      return &op->attrs[i];
  return NULL;
}

static void check_pattern(Checker *c, DslPattern *pt, bool root);

/* One alternative of the op position that is not an op: a class, or an op
 * written without its dialect. */
static bool add_class_ops(Checker *c, DslPattern *pt, DslName alt) {
  DslProgram *p = c->p;
  DslClass *cl = dsl_map_get(&p->classmap, alt.s);
  if (!cl) {
    const char *full = NULL;
    for (uint32_t k = 0; k < p->nops && !full; k++) {
      const char *dot = strchr(p->ops[k]->name, '.');
      if (dot && strcmp(dot + 1, alt.s) == 0)
        full = p->ops[k]->name;
    }
    RgsSuggest sg;
    rgs_suggest_init(&sg, alt.s);
    dsl_suggest_map(&p->classmap, &sg);
    if (full)
      err(c, alt.loc, "unknown op class '%s'; did you mean the op '%s'?", alt.s, full);
    else
      dsl_unknown(c, alt.loc, &sg, "unknown op class '%s'", alt.s);
    return false;
  }
  for (uint32_t k = 0; pt->ops && k < cl->nops; k++)
    pt->ops[pt->nops++] = cl->ops[k];
  return true;
}

/* The op position's ops, alternatives and classes, sorted by id into
 * pt->ops; false when one is unknown (reported). */
static bool resolve_op_position(Checker *c, DslPattern *pt) {
  DslProgram *p = c->p;
  uint32_t cap = 0;
  for (uint32_t i = 0; i < pt->nalts; i++) {
    DslClass *cl = strchr(pt->alts[i].s, '.') ? NULL : dsl_map_get(&p->classmap, pt->alts[i].s);
    cap += cl ? cl->nops : 1;
  }
  pt->ops = cap ? zalloc(c, cap * sizeof *pt->ops) : NULL;
  bool ok = true;
  for (uint32_t i = 0; i < pt->nalts; i++) {
    const char *n = pt->alts[i].s;
    if (!strchr(n, '.')) {
      ok = add_class_ops(c, pt, pt->alts[i]) && ok;
      continue;
    }
    DslOpDecl *op = dsl_map_get(&p->opmap, n);
    if (op) {
      if (pt->ops)
        pt->ops[pt->nops++] = op;
    } else {
      RgsSuggest sg;
      rgs_suggest_init(&sg, n);
      dsl_suggest_ops(p, &sg);
      dsl_unknown(c, pt->alts[i].loc, &sg, "unknown op '%s'", n);
      ok = false;
    }
  }
  pt->nops = sort_ops(pt->ops, pt->nops);
  return ok;
}

/* `op:` and `t:` before the op tree. */
static void bind_op_captures(Checker *c, DslPattern *pt) {
  if (pt->opcapture.s)
    pt->opvar = dsl_bind(c, pt->opcapture, DSL_VAR_OP, DSL_TY_OP);
  if (pt->opvar)
    pt->opvar->pat = pt;
  if (pt->capture.s) {
    pt->var = dsl_bind(c, pt->capture, DSL_VAR_VALUE, DSL_TY_VALUE);
    if (pt->var)
      pt->var->pat = pt;
  }
}

/* Whether op can be the root of the rule: it has results, and the
 * replacement gives one value per result (a `for` list for an op whose
 * nodes set their count). */
static bool check_root_op(Checker *c, const DslPattern *pt, const DslOpDecl *op) {
  if (op->nresults == 0 && !op->results_vary) {
    err(c, pt->loc, "'%s' has no results and cannot be the root of a pattern", op->name);
    return false;
  }
  const DslRepl *rp = c->rule->repl;
  if (!check_root_results(c, op, rp))
    return false;
  if (op->results_vary || (rp && rp->kind == DSL_REP_FOR))
    return true;
  /* A replacement is one value, so it can stand for a root with one
   * result only. */
  uint32_t nrepl = rp && rp->kind == DSL_REP_LIST ? rp->nargs : 1;
  if (op->nresults != nrepl && (!rp || rp->kind != DSL_REP_LIST)) {
    err(c, pt->loc, "'%s' has %u results; replace each with '=> [r0, r1, ...]' (one per result, "
        "'_' for one left alone)", op->name, op->nresults);
    return false;
  }
  if (op->nresults != nrepl) {
    err(c, rp->loc, "'%s' has %u result%s, but the replacement lists %u", op->name, op->nresults,
        op->nresults == 1 ? "" : "s", nrepl);
    return false;
  }
  return true;
}

/* Every op of the position takes the pattern's operands; the root's can
 * be replaced as written. One error is enough. */
static void check_pattern_ops(Checker *c, const DslPattern *pt, bool root) {
  for (uint32_t i = 0; i < pt->nops; i++) {
    if (!arity_ok(pt->ops[i], pt->nargs, pt->rest.s != NULL)) {
      arity_error(c, pt->loc, pt->ops[i], pt->nargs, "pattern");
      return;
    }
    if (root && !check_root_op(c, pt, pt->ops[i]))
      return;
  }
}

/* The type attribute ap has in every op of the position (DSL_TY_ERROR,
 * reported, when one lacks it or two disagree); sets ap->decl. */
static DslType attr_pattern_type(Checker *c, const DslPattern *pt, DslAttrPat *ap) {
  DslType at = DSL_TY_ERROR;
  for (uint32_t k = 0; k < pt->nops; k++) {
    DslAttrDecl *ad = find_attr(pt->ops[k], ap->name.s);
    if (!ad) {
      RgsSuggest sg;
      rgs_suggest_init(&sg, ap->name.s);
      dsl_suggest_attrs(pt->ops[k], &sg);
      dsl_unknown(c, ap->name.loc, &sg, "op '%s' has no attribute '%s'", pt->ops[k]->name, ap->name.s);
      return DSL_TY_ERROR;
    }
    if (!ap->decl) {
      ap->decl = ad;
      at = ad->type;
    } else if (ad->type != at) {
      err(c, ap->name.loc, "attribute '%s' is %s in '%s' but %s in '%s'", ap->name.s,
          dsl_type_name(at), pt->ops[0]->name, dsl_type_name(ad->type), pt->ops[k]->name);
      return DSL_TY_ERROR;
    }
  }
  return at;
}

/* `{!name}` and `?\?` ask about absence: only of an optional attribute. */
static void check_absence(Checker *c, const DslPattern *pt, const DslAttrPat *ap) {
  if (!(ap->absent || ap->fallback) || !ap->decl || ap->decl->optional)
    return;
  if (ap->absent)
    err(c, ap->name.loc, "attribute '%s' of '%s' is required, so it is never absent", ap->name.s,
        pt->ops[0]->name);
  else
    err(c, ap->fallback->loc, "attribute '%s' of '%s' is required, so '?\?' never applies; "
        "bind it with '{%s = %s}'", ap->name.s, pt->ops[0]->name, ap->name.s,
        ap->value->kind == DSL_EX_NAME ? ap->value->str : "NAME");
}

/* `{name = v}` with a new name v binds the attribute to it (`v ?? lit`:
 * or the literal when absent). */
static void bind_attr(Checker *c, DslAttrPat *ap, DslType at) {
  DslExpr *v = ap->value;
  DslName n = {v->str, v->loc};
  v->var = dsl_bind(c, n, DSL_VAR_ATTR, at);
  if (v->var)
    v->var->attr = ap;
  v->type = at;
  ap->binds = true;
  if (!ap->fallback)
    return;
  DslType ft = dsl_check_expr(c, ap->fallback, CTX_ATTR_PATTERN);
  if (!dsl_is_literal(ap->fallback))
    err(c, ap->fallback->loc, "the value after '?\?' must be a literal");
  else if (!dsl_assignable(at, ft) || ft == DSL_TY_VALUE || ft == DSL_TY_OPS)
    err(c, ap->fallback->loc, "attribute '%s' is %s, but the value after '?\?' is %s", ap->name.s,
        dsl_type_name(at), dsl_type_name(ft));
}

/* Attribute i of the pattern: known to every op, then bound to a new name
 * or compared with a value. ops_ok: the op position resolved. */
static void check_attr_pattern(Checker *c, DslPattern *pt, uint32_t i, bool ops_ok) {
  DslAttrPat *ap = &pt->attrs[i];
  for (uint32_t j = 0; j < i; j++)
    if (strcmp(pt->attrs[j].name.s, ap->name.s) == 0) {
      err(c, ap->name.loc, "attribute '%s' is matched twice", ap->name.s);
      break;
    }
  DslType at = ops_ok ? attr_pattern_type(c, pt, ap) : DSL_TY_ERROR;
  if (ops_ok)
    check_absence(c, pt, ap);
  if (ap->absent)
    return;
  DslExpr *v = ap->value;
  DslType lit;
  bool literal_name = v->kind == DSL_EX_NAME && dsl_literal_name(v->str, &lit) && lit == at;
  if (v->kind == DSL_EX_NAME && !strchr(v->str, '.') && !dsl_find_var(c, v->str) &&
      !dsl_map_get(&c->p->classmap, v->str) && !literal_name) {
    bind_attr(c, ap, at);
    return;
  }
  if (ap->fallback) {
    err(c, v->loc, "'?\?' needs a new name on its left to bind the attribute to");
    return;
  }
  DslType vt = dsl_check_expr(c, v, CTX_ATTR_PATTERN);
  if (!dsl_assignable(at, vt) || vt == DSL_TY_VALUE || vt == DSL_TY_OPS)
    err(c, v->loc, "attribute '%s' is %s, but the pattern compares it with %s", ap->name.s,
        dsl_type_name(at), dsl_type_name(vt));
}

/* An op tree of a pattern, in the order a matcher binds its variables:
 * captures, operands, ..rest, attributes. */
static void check_op_pattern(Checker *c, DslPattern *pt, bool root) {
  bool ops_ok = resolve_op_position(c, pt);
  bind_op_captures(c, pt);
  if (ops_ok)
    check_pattern_ops(c, pt, root);
  pt->commutative = pt->nops > 0 && pt->nargs >= 2;
  for (uint32_t i = 0; i < pt->nops; i++)
    if (!(pt->ops[i]->traits & (1u << DSL_TRAIT_COMMUTATIVE)))
      pt->commutative = false;
  for (uint32_t i = 0; i < pt->nargs; i++)
    check_pattern(c, pt->args[i], false);
  if (pt->rest.s) {
    pt->restvar = dsl_bind(c, pt->rest, DSL_VAR_REST, DSL_TY_VALUES);
    if (pt->restvar)
      pt->restvar->pat = pt;
  }
  for (uint32_t i = 0; i < pt->nattrs; i++)
    check_attr_pattern(c, pt, i, ops_ok);
}

static void check_pattern(Checker *c, DslPattern *pt, bool root) {
  switch (pt->kind) {
  case DSL_PAT_WILD:
    break;
  case DSL_PAT_VAR: {
    DslVar *v = dsl_find_var(c, pt->var_name.s);
    if (v) {
      /* non-linear: same value as the earlier binding */
      v->uses++;
      pt->var = v;
      if (v->type != DSL_TY_VALUE)
        err(c, pt->loc, "'%s' is %s, not a value, and cannot be matched as an operand",
            v->name.s, dsl_type_name(v->type));
      break;
    }
    pt->var = dsl_bind(c, pt->var_name, DSL_VAR_VALUE, DSL_TY_VALUE);
    pt->binds = true;
    if (pt->var)
      pt->var->pat = pt;
    break;
  }
  case DSL_PAT_OP:
    check_op_pattern(c, pt, root);
    break;
  case DSL_PAT_SPLAT: {
    if (pt->capture.s) {
      pt->var = dsl_bind(c, pt->capture, DSL_VAR_VALUE, DSL_TY_VALUE);
      if (pt->var)
        pt->var->pat = pt;
    }
    DslExpr *e = pt->splat;
    if (e->kind == DSL_EX_NAME && !dsl_find_var(c, e->str)) {
      DslName n = {e->str, e->loc};
      e->var = dsl_bind(c, n, DSL_VAR_SPLAT, DSL_TY_FLOAT);
      if (e->var)
        e->var->pat = pt;
      e->type = DSL_TY_FLOAT;
      break;
    }
    DslType t = dsl_check_expr(c, e, CTX_ATTR_PATTERN);
    if (!dsl_numeric(t))
      err(c, e->loc, "splat() matches a number, not %s", dsl_type_name(t));
    break;
  }
  }
}

/* ---- replacements ---- */

static DslRepl *find_node(Checker *c, const char *name) {
  for (uint32_t i = 0; i < c->nnodes; i++)
    if (strcmp(c->nodes[i]->capture.s, name) == 0)
      return c->nodes[i];
  return NULL;
}

/* Whether replacement tree r names a node `name` anywhere. */
static bool names_node(const DslRepl *r, const char *name) {
  if (r->capture.s && strcmp(r->capture.s, name) == 0)
    return true;
  for (uint32_t i = 0; i < r->nargs; i++)
    if (names_node(r->args[i], name))
      return true;
  return false;
}

/* Registers the node named by `e:(op ...)` once its subtree is checked, so
 * only operands to its right (and nodes above it) can use it. */
static void name_node(Checker *c, DslRepl *r) {
  DslVar *v = dsl_find_var(c, r->capture.s);
  DslRepl *old = find_node(c, r->capture.s);
  if (v || old) {
    err(c, r->capture.loc, "'%s' is already bound in this rule", r->capture.s);
    note(c, v ? v->name.loc : old->capture.loc, "first bound here");
    return;
  }
  if (c->nnodes == c->capnodes) {
    uint32_t cap = c->capnodes ? c->capnodes * 2 : 4;
    DslRepl **a = rg_realloc(c->nodes, cap * sizeof *a);
    if (!a)
      return;
    c->nodes = a;
    c->capnodes = cap;
  }
  c->nodes[c->nnodes++] = r;
}

static void check_repl(Checker *c, DslRepl *r, bool root);

/* `[e for n, m in l1, l2]`: the lists are int[] guard-like expressions of
 * the pattern's names; the element names are ints, bound for `e` only
 * (nothing follows `e` in a rule). */
static void check_for(Checker *c, DslRepl *r) {
  bool ok = true;
  for (uint32_t i = 0; i < r->nfor_lists; i++) {
    DslType t = dsl_check_expr(c, r->for_lists[i], CTX_GUARD);
    if (t != DSL_TY_ERROR && t != DSL_TY_INTS) {
      err(c, r->for_lists[i]->loc, "'for' walks int[] lists, not %s", dsl_type_name(t));
      ok = false;
    }
  }
  if (r->nfor_names != r->nfor_lists) {
    err(c, r->for_names[0].loc, "'for' names %u element%s but walks %u list%s; give one name per list",
        r->nfor_names, r->nfor_names == 1 ? "" : "s", r->nfor_lists, r->nfor_lists == 1 ? "" : "s");
    ok = false;
  }
  r->for_vars = zalloc(c, r->nfor_names * sizeof *r->for_vars);
  for (uint32_t i = 0; r->for_vars && i < r->nfor_names; i++)
    r->for_vars[i] = dsl_bind(c, r->for_names[i], DSL_VAR_ITER, DSL_TY_INT);
  if (r->args[0]->kind == DSL_REP_VAR && r->args[0]->splice)
    err(c, r->args[0]->loc, "each element of a 'for' list is one value, not an operand list");
  else if (ok)
    check_repl(c, r->args[0], true);
}

/* A bound name as a replacement: a value, a ..rest splice, or a node the
 * replacement built and named before. */
static void check_repl_var(Checker *c, DslRepl *r, bool root) {
  DslVar *v = dsl_find_var(c, r->name.s);
  DslRepl *node = v ? NULL : find_node(c, r->name.s);
  if (node) {
    node->uses++;
    r->node = node;
    if (r->splice)
      err(c, r->loc, "'..%s' splices an operand list, but '%s' names a node", r->name.s, r->name.s);
    return;
  }
  if (!v) {
    if (names_node(c->rule->repl, r->name.s))
      err(c, r->loc, "'%s' is used before the node it names is built (operands are built "
          "left to right, inner nodes first)", r->name.s);
    else
      err(c, r->loc, "'%s' is used but never bound", r->name.s);
    return;
  }
  v->uses++;
  r->var = v;
  if (r->splice && v->kind != DSL_VAR_REST)
    err(c, r->loc, "'..%s' splices an operand list, but '%s' is %s", v->name.s,
        v->name.s, dsl_type_name(v->type));
  else if (!r->splice && v->kind == DSL_VAR_REST)
    err(c, r->loc, "'%s' is an operand list; write '..%s'", v->name.s, v->name.s);
  else if (!r->splice && v->type != DSL_TY_VALUE)
    err(c, r->loc, "'%s' is %s, not a value", v->name.s, dsl_type_name(v->type));
  else if (root && r->splice)
    err(c, r->loc, "a replacement must be one value, not an operand list");
}

/* `=> [r0, _, r2]`: one replacement per result of the root. */
static void check_repl_list(Checker *c, DslRepl *r) {
  bool any = false;
  for (uint32_t i = 0; i < r->nargs; i++) {
    check_repl(c, r->args[i], true);
    any |= r->args[i]->kind != DSL_REP_ERASE;
  }
  if (!any)
    err(c, r->loc, "every result is left alone; write '=> _' to remove the op");
}

/* The ops a built node may be: the op it names, or those of the matched
 * op it copies (`op:` capture). */
typedef struct OpSet {
  DslOpDecl **ops;
  uint32_t n;
} OpSet;

static OpSet built_ops(Checker *c, DslRepl *r) {
  DslProgram *p = c->p;
  const char *n = r->name.s;
  OpSet set = {NULL, 0};
  if (strchr(n, '.')) {
    r->op = dsl_map_get(&p->opmap, n);
    if (r->op)
      return (OpSet){&r->op, 1};
    RgsSuggest sg;
    rgs_suggest_init(&sg, n);
    dsl_suggest_ops(p, &sg);
    dsl_unknown(c, r->loc, &sg, "unknown op '%s'", n);
    return set;
  }
  DslVar *v = dsl_find_var(c, n);
  if (v && v->kind == DSL_VAR_OP) {
    r->var = v;
    v->uses++;
    if (v->pat)
      set = (OpSet){v->pat->ops, v->pat->nops};
  } else if (v) {
    err(c, r->loc, "'%s' is %s, not a captured op", n, dsl_type_name(v->type));
  } else if (dsl_map_get(&p->classmap, n)) {
    err(c, r->loc, "cannot build an op of class '%s': capture the matched op with 'NAME:%s' and build 'NAME'", n, n);
  } else {
    err(c, r->loc, "unknown op '%s'", n);
  }
  return set;
}

/* Every op the node may be takes its operands (nsplice of them ..rest
 * splices) and has one result. One error is enough. */
static void check_built_results(Checker *c, const DslRepl *r, OpSet set, uint32_t nsplice, bool root) {
  for (uint32_t i = 0; i < set.n; i++) {
    const DslOpDecl *op = set.ops[i];
    if (!arity_ok(op, r->nargs - nsplice, nsplice > 0)) {
      arity_error(c, r->loc, op, r->nargs - nsplice, "replacement");
      return;
    }
    if (op->results_vary) {
      err(c, r->loc, "'%s' has as many results as each node sets, so a replacement cannot build it",
          op->name);
      return;
    }
    if (root && op->nresults == 0) {
      err(c, r->loc, "'%s' has no results and cannot replace a value", op->name);
      return;
    }
    if (op->nresults != 1) {
      err(c, r->loc, "'%s' has %u results; %s must produce exactly one value", op->name,
          op->nresults, root ? "a replacement" : "a replacement operand");
      return;
    }
  }
}

/* Attribute i set on a built node: once, known to every op it may be, of
 * the attribute's type. */
static void check_attr_set(Checker *c, DslRepl *r, uint32_t i, OpSet set) {
  DslAttrSet *as = &r->attrs[i];
  for (uint32_t j = 0; j < i; j++)
    if (strcmp(r->attrs[j].name.s, as->name.s) == 0) {
      err(c, as->name.loc, "attribute '%s' is set twice", as->name.s);
      break;
    }
  DslType t = dsl_check_expr(c, as->value, CTX_REPL);
  for (uint32_t k = 0; k < set.n; k++) {
    DslAttrDecl *ad = find_attr(set.ops[k], as->name.s);
    if (!ad) {
      RgsSuggest sg;
      rgs_suggest_init(&sg, as->name.s);
      dsl_suggest_attrs(set.ops[k], &sg);
      dsl_unknown(c, as->name.loc, &sg, "op '%s' has no attribute '%s'", set.ops[k]->name, as->name.s);
      return;
    }
    if (!as->decl)
      as->decl = ad;
    if (!dsl_assignable(ad->type, t) || t == DSL_TY_VALUE || t == DSL_TY_OPS) {
      err(c, as->value->loc, "attribute '%s' of '%s' is %s, but the value is %s",
          as->name.s, set.ops[k]->name, dsl_type_name(ad->type), dsl_type_name(t));
      return;
    }
  }
}

/* A new op (not a copy of a matched one) needs its required attributes. */
static void check_required_attrs(Checker *c, const DslRepl *r) {
  for (uint32_t k = 0; r->op && k < r->op->nattrs; k++) {
    const DslAttrDecl *ad = &r->op->attrs[k];
    if (ad->optional)
      continue;
    bool given = false;
    for (uint32_t i = 0; i < r->nattrs && !given; i++)
      given = strcmp(r->attrs[i].name.s, ad->name.s) == 0;
    if (!given)
      err(c, r->loc, "'%s' needs attribute '%s' (%s)", r->op->name, ad->name.s,
          dsl_type_name(ad->type));
  }
}

/* The constant op of a dialect: its first op with the 'constant' trait and
 * a tensor (or uninterpreted) attribute to hold the value. */
static DslOpDecl *constant_op_of(const DslProgram *p, const char *dialect) {
  for (uint32_t i = 0; dialect && i < p->nops; i++) {
    DslOpDecl *op = p->ops[i];
    if (!(op->traits & (1u << DSL_TRAIT_CONSTANT)) || !op->dialect ||
        strcmp(op->dialect, dialect) != 0)
      continue;
    for (uint32_t j = 0; j < op->nattrs; j++)
      if (op->attrs[j].type == DSL_TY_TENSOR || op->attrs[j].type == DSL_TY_ANY)
        return op;
  }
  return NULL;
}

/* Each `const(...)` in a value-typed replacement operand builds the
 * constant op of the dialect of the op it feeds (c->const_dialect), so an
 * aten-rooted rule that builds TOSA gets a tosa.const. */
static void resolve_consts(Checker *c, DslExpr *e) {
  if (!e)
    return;
  for (uint32_t i = 0; i < e->nargs; i++)
    resolve_consts(c, e->args[i]);
  if (e->kind != DSL_EX_CALL || e->builtin != DSL_BI_CONST || e->ext)
    return;
  e->opdecl = constant_op_of(c->p, c->const_dialect);
  if (!e->opdecl)
    err(c, e->loc, "'const' builds a constant of the dialect of the op it feeds, '%s', but no op of "
        "that dialect has the 'constant' trait and a tensor attribute", c->const_dialect ? c->const_dialect : "?");
}

/* `(op args... {attrs})`: a node the replacement builds. */
static void check_repl_op(Checker *c, DslRepl *r, bool root) {
  OpSet set = built_ops(c, r);
  uint32_t nsplice = 0;
  const char *outer = c->const_dialect;
  c->const_dialect = set.n ? set.ops[0]->dialect : NULL;
  for (uint32_t i = 1; i < set.n; i++) {
    /* ops declared before any `dialect` line have none */
    const char *d0 = set.ops[0]->dialect, *di = set.ops[i]->dialect;
    if (!d0 || !di ? d0 != di : strcmp(di, d0) != 0)
      c->const_dialect = NULL; /* an op capture of several dialects: no one constant op */
  }
  for (uint32_t i = 0; i < r->nargs; i++) {
    check_repl(c, r->args[i], false);
    nsplice += r->args[i]->kind == DSL_REP_VAR && r->args[i]->splice;
  }
  c->const_dialect = outer;
  if (nsplice && r->nargs - nsplice > DSL_MAX_ARGS)
    err(c, r->loc, "a node built with a '..' splice takes at most %d operands", DSL_MAX_ARGS);
  if (r->nattrs > DSL_MAX_ARGS)
    err(c, r->attrs[DSL_MAX_ARGS].name.loc, "a replacement node sets at most %d attributes", DSL_MAX_ARGS);
  check_built_results(c, r, set, nsplice, root);
  for (uint32_t i = 0; i < r->nattrs; i++)
    check_attr_set(c, r, i, set);
  check_required_attrs(c, r);
  for (uint32_t i = 0; c->built_at && i < set.n; i++)
    if (!c->built_at[set.ops[i]->id].src)
      c->built_at[set.ops[i]->id] = r->loc;
  if (r->capture.s)
    name_node(c, r);
}

static void check_repl(Checker *c, DslRepl *r, bool root) {
  if (r->capture.s && r->kind != DSL_REP_OP) {
    err(c, r->capture.loc, "only a node the replacement builds can be named, like '%s:(op ...)'",
        r->capture.s);
    return;
  }
  switch (r->kind) {
  case DSL_REP_VAR:
    check_repl_var(c, r, root);
    return;
  case DSL_REP_ERASE:
    /* Only a whole replacement or a list element can be `_` (the grammar
     * allows nothing else); the generated code applies it when the root
     * (the result) has no uses. */
    return;
  case DSL_REP_LIST:
    check_repl_list(c, r);
    return;
  case DSL_REP_FOR:
    check_for(c, r);
    return;
  case DSL_REP_EXPR: {
    DslType t = dsl_check_expr(c, r->expr, CTX_REPL);
    if (t != DSL_TY_ERROR && t != DSL_TY_VALUE)
      err(c, r->loc, "replacement operand must be a value, not %s", dsl_type_name(t));
    else if (t == DSL_TY_VALUE)
      resolve_consts(c, r->expr);
    return;
  }
  case DSL_REP_OP:
    check_repl_op(c, r, root);
    return;
  }
}

/* ---- the code generator's limits (DSL_MAX_*) ---- */

/* The first op pattern `depth` or more levels below the root, or NULL. */
static const DslPattern *too_deep(const DslPattern *pt, uint32_t depth) {
  if (pt->kind != DSL_PAT_OP)
    return NULL;
  if (depth >= DSL_MAX_PATTERN_DEPTH)
    return pt;
  for (uint32_t i = 0; i < pt->nargs; i++) {
    const DslPattern *d = too_deep(pt->args[i], depth + 1);
    if (d)
      return d;
  }
  return NULL;
}

/* Commutative ops a matcher tries both ways, as the generator counts them. */
static uint32_t count_commutative(const DslPattern *pt) {
  uint32_t n = pt->kind == DSL_PAT_OP && pt->commutative && pt->nargs >= 2;
  for (uint32_t i = 0; i < pt->nargs; i++)
    n += count_commutative(pt->args[i]);
  return n;
}

static void check_limits(Checker *c, DslRule *r) {
  const DslPattern *deep = too_deep(r->pattern, 0);
  if (deep)
    err(c, deep->loc, "pattern nested deeper than %d levels", DSL_MAX_PATTERN_DEPTH);
  uint32_t nc = count_commutative(r->pattern);
  if (nc > DSL_MAX_COMMUTATIVE)
    err(c, r->loc, "rule '%s' has %u commutative ops; at most %d are expanded", r->name.s, nc, DSL_MAX_COMMUTATIVE);
  if (c->nnodes > DSL_MAX_NAMED_NODES)
    err(c, c->nodes[DSL_MAX_NAMED_NODES]->capture.loc, "more than %d named nodes in one replacement",
        DSL_MAX_NAMED_NODES);
}

/* ---- rules and passes ---- */

static bool check_rule(Checker *c, DslPass *ps, DslRule *r, uint32_t index) {
  size_t errs = c->d->errors;
  r->pass = ps;
  r->index = index;
  c->rule = r;
  c->nvars = 0;
  c->nnodes = 0;
  check_pattern(c, r->pattern, true);
  if (r->guard) {
    DslType t = dsl_check_expr(c, r->guard, CTX_GUARD);
    if (t != DSL_TY_ERROR && t != DSL_TY_BOOL && t != DSL_TY_ANY)
      err(c, r->guard->loc, "guard must be bool, not %s", dsl_type_name(t));
  }
  c->const_dialect = r->pattern->nops ? r->pattern->ops[0]->dialect : NULL;
  check_repl(c, r->repl, true);
  check_limits(c, r);
  r->nvars = c->nvars;
  r->vars = c->nvars ? zalloc(c, c->nvars * sizeof *r->vars) : NULL;
  if (r->vars)
    memcpy(r->vars, c->vars, c->nvars * sizeof *r->vars);
  else
    r->nvars = 0;
  bool clean = c->d->errors == errs;
  for (uint32_t i = 0; clean && i < r->nvars; i++) {
    DslVar *v = r->vars[i];
    if (v->uses == 0 && v->name.s[0] != '_')
      rg_diag(c->d, RG_WARNING, v->name.loc,
              v->kind == DSL_VAR_ITER ? "'%s' names the elements of a 'for' list but is never used "
                                        "(start it with '_' to keep it unused)"
                                      : "'%s' is captured but never used (use '_' to match anything)",
              v->name.s);
  }
  for (uint32_t i = 0; clean && i < c->nnodes; i++)
    if (c->nodes[i]->uses == 0 && c->nodes[i]->capture.s[0] != '_')
      rg_diag(c->d, RG_WARNING, c->nodes[i]->capture.loc,
              "'%s' names a node that is never used again", c->nodes[i]->capture.s);
  return clean;
}

static void check_pass(Checker *c, DslPass *ps) {
  DslMap names;
  memset(&names, 0, sizeof names);
  bool *clean = rg_alloc((ps->nrules ? ps->nrules : 1) * sizeof *clean);
  if (!clean)
    return;
  for (uint32_t i = 0; i < ps->nrules; i++) {
    DslRule *r = ps->rules[i];
    DslRule *old = dsl_map_put(&names, r->name.s, r);
    if (old) {
      err(c, r->name.loc, "duplicate rule '%s' in pass '%s'", r->name.s, ps->name.s);
      note(c, old->name.loc, "first defined here");
    }
    clean[i] = check_rule(c, ps, r, i) && !old;
  }
  dsl_map_free(&names);
  dsl_check_shadowing(c, ps, clean);
  rg_free(clean);
}

static void check_pipeline(Checker *c, DslPipeline *pl) {
  pl->passes = pl->npasses ? zalloc(c, pl->npasses * sizeof *pl->passes) : NULL;
  for (uint32_t i = 0; pl->passes && i < pl->npasses; i++) {
    pl->passes[i] = dsl_map_get(&c->p->passmap, pl->pass_names[i].s);
    RgsSuggest sg;
    rgs_suggest_init(&sg, pl->pass_names[i].s);
    dsl_suggest_map(&c->p->passmap, &sg);
    if (!pl->passes[i])
      dsl_unknown(c, pl->pass_names[i].loc, &sg, "unknown pass '%s' in pipeline '%s'", pl->pass_names[i].s,
                  pl->name.s);
  }
}

void dsl_check(DslProgram *p) {
  Checker c;
  memset(&c, 0, sizeof c);
  c.p = p;
  c.d = p->diags;
  collect(&c);
  c.built_at = p->nops ? rg_alloc(sizeof *c.built_at * p->nops) : NULL;
  if (c.built_at)
    memset(c.built_at, 0, sizeof *c.built_at * p->nops);
  /* passes and pipelines in load order of files, source order within */
  for (uint32_t fi = 0; fi < p->nfiles; fi++) {
    DslFile *f = p->files[fi];
    for (uint32_t i = 0; i < f->ndecls; i++) {
      DslDecl *d = f->decls[i];
      if (d->kind == DSL_DECL_PASS)
        check_pass(&c, d->u.pass);
      else if (d->kind == DSL_DECL_PIPELINE)
        check_pipeline(&c, d->u.pipeline);
    }
  }
  /* An op a rewrite makes (so it has a shape hook) with no evaluator:
   * the proof by execution fails on it; say so now. */
  for (uint32_t i = 0; c.built_at && i < p->nops; i++) {
    const DslOpDecl *op = p->ops[i];
    if (!c.built_at[i].src || !op->shape_fn.s || op->eval_fn.s)
      continue;
    rg_diag(c.d, RG_WARNING, op->shape_fn.loc,
            "op '%s' has a shape hook but no evaluator, so --verify-by-execution cannot run it once a rule "
            "makes it; add 'eval(FN)'", op->name);
    note(&c, c.built_at[i], "a rule makes '%s' here", op->name);
  }
  rg_free(c.built_at);
  dsl_check_c_names(p);
  rg_free(c.vars);
  rg_free(c.nodes);
}
