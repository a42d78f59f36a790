/* dsl/generable.c - the constructs the checker accepts but the code
 * generator cannot emit yet. `rulegen -o` runs this after dsl_check and
 * stops with an error at each use, so code generation never meets them
 * (and never emits wrong C for them); `--check` and `--dump-ast` accept
 * them. An entry goes away when gen/ learns the construct. */
#include "dsl.h"

static void unsupported(DslProgram *p, RgLoc loc, const char *what) {
  rg_diag(p->diags, RG_ERROR, loc, "%s is not supported by the code generator yet", what);
}

static void walk_expr(DslProgram *p, const DslExpr *e) {
  if (!e)
    return;
  for (uint32_t i = 0; i < e->nargs; i++)
    walk_expr(p, e->args[i]);
  switch (e->kind) {
  case DSL_EX_NAME:
    if (!e->var && !e->cls && !e->opdecl)
      unsupported(p, e->loc, e->type == DSL_TY_TYPE ? "a type literal" : "'inf'");
    return;
  case DSL_EX_BINARY:
    if (e->type == DSL_TY_INTS)
      unsupported(p, e->loc, e->op == DSL_OP_ADD ? "int list '+'" : "int list '*'");
    return;
  case DSL_EX_CALL:
    switch (e->builtin) {
    case DSL_BI_MIN: unsupported(p, e->loc, "'min'"); return;
    case DSL_BI_MAX: unsupported(p, e->loc, "'max'"); return;
    case DSL_BI_COND: unsupported(p, e->loc, "the conditional '?:'"); return;
    case DSL_BI_SLICE: unsupported(p, e->loc, "an int list slice 'l[a .. b]'"); return;
    case DSL_BI_SUM: unsupported(p, e->loc, "'sum'"); return;
    case DSL_BI_PROD: unsupported(p, e->loc, "'prod'"); return;
    case DSL_BI_CUMSUM: unsupported(p, e->loc, "'cumsum'"); return;
    case DSL_BI_FULL: unsupported(p, e->loc, "'full'"); return;
    default: return;
    }
  default:
    return;
  }
}

static void walk_pattern(DslProgram *p, const DslPattern *pt) {
  if (pt->kind == DSL_PAT_SPLAT)
    walk_expr(p, pt->splat);
  if (pt->kind != DSL_PAT_OP)
    return;
  for (uint32_t i = 0; i < pt->nargs; i++)
    walk_pattern(p, pt->args[i]);
  for (uint32_t i = 0; i < pt->nattrs; i++) {
    const DslAttrPat *ap = &pt->attrs[i];
    if (ap->absent)
      unsupported(p, ap->name.loc, "an absent-attribute test '{!name}'");
    if (ap->fallback)
      unsupported(p, ap->fallback->loc, "a binding with a fallback '?\?'");
    if (!ap->binds)
      walk_expr(p, ap->value);
  }
}

static void walk_repl(DslProgram *p, const DslRepl *r) {
  if (r->capture.s)
    unsupported(p, r->capture.loc, "a named replacement node 'NAME:(op ...)'");
  if (r->kind == DSL_REP_EXPR)
    walk_expr(p, r->expr);
  for (uint32_t i = 0; i < r->nargs; i++)
    walk_repl(p, r->args[i]);
  for (uint32_t i = 0; i < r->nattrs; i++) {
    if (r->attrs[i].decl && r->attrs[i].decl->type == DSL_TY_TYPE)
      unsupported(p, r->attrs[i].name.loc, "a type-valued attribute in a replacement");
    walk_expr(p, r->attrs[i].value);
  }
}

void dsl_check_generable(DslProgram *p) {
  for (uint32_t i = 0; i < p->npasses; i++) {
    const DslPass *ps = p->passes[i];
    for (uint32_t k = 0; k < ps->nrules; k++) {
      walk_pattern(p, ps->rules[k]->pattern);
      walk_expr(p, ps->rules[k]->guard);
      walk_repl(p, ps->rules[k]->repl);
    }
  }
}
