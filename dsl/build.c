/* dsl/build.c - what the grammar's actions call while parsing: token
 * spellings for syntax errors, vectors, names, locations, node allocation
 * in the program's arena and located errors. The parse driver (parse.c)
 * runs the grammar; the grammar builds through these, never calling back
 * into the driver. */
#include <stdlib.h>
#include "parse.h"
#include "grammar.h"

/* Token spelling for syntax errors. */
const char *dsl_tok_text(int major) {
  switch (major) {
  case 0: return "end of file";
  case TK_ID: return "name";
  case TK_QNAME: return "op name";
  case TK_INT: return "integer";
  case TK_FLOAT: return "float";
  case TK_STRING: return "string";
  case TK_WILD: return "'_'";
  case TK_ELLIPSIS: return "'...'";
  case TK_DOTDOT: return "'..'";
  case TK_LPAREN: return "'('";
  case TK_RPAREN: return "')'";
  case TK_LBRACKET: return "'['";
  case TK_RBRACKET: return "']'";
  case TK_LBRACE: return "'{'";
  case TK_RBRACE: return "'}'";
  case TK_COMMA: return "','";
  case TK_COLON: return "':'";
  case TK_QUESTION: return "'?'";
  case TK_QQ: return "'?\?'";
  case TK_ARROW: return "'=>'";
  case TK_RARROW: return "'->'";
  case TK_EQ: return "'=='";
  case TK_NE: return "'!='";
  case TK_LE: return "'<='";
  case TK_GE: return "'>='";
  case TK_AND: return "'&&'";
  case TK_OR: return "'||'";
  case TK_ASSIGN: return "'='";
  case TK_LT: return "'<'";
  case TK_GT: return "'>'";
  case TK_PLUS: return "'+'";
  case TK_MINUS: return "'-'";
  case TK_STAR: return "'*'";
  case TK_SLASH: return "'/'";
  case TK_PERCENT: return "'%'";
  case TK_NOT: return "'!'";
  case TK_PIPE: return "'|'";
  case TK_DIALECT: return "'dialect'";
  case TK_OP: return "'op'";
  case TK_CLASS: return "'class'";
  case TK_TRAITS: return "'traits'";
  case TK_RESULTS: return "'results'";
  case TK_SHAPE: return "'shape'";
  case TK_EVAL: return "'eval'";
  case TK_SMT: return "'smt'";
  case TK_EXTERN: return "'extern'";
  case TK_PRED: return "'pred'";
  case TK_FN: return "'fn'";
  case TK_IMPORT: return "'import'";
  case TK_PASS: return "'pass'";
  case TK_RULE: return "'rule'";
  case TK_IF: return "'if'";
  case TK_PIPELINE: return "'pipeline'";
  case TK_FIXPOINT: return "'fixpoint'";
  case TK_ONCE: return "'once'";
  case TK_TRUE: return "'true'";
  case TK_FALSE: return "'false'";
  case TK_SPLAT: return "'splat'";
  case TK_CONST: return "'const'";
  case TK_INEXACT: return "'inexact'";
  case TK_FOR: return "'for'";
  case TK_IN: return "'in'";
  default: return "token";
  }
}


DslVec *dsl_vec_new(void) {
  DslVec *v = rg_alloc(sizeof *v);
  if (v)
    memset(v, 0, sizeof *v);
  return v;
}

void dsl_vec_push(DslVec *v, void *item) {
  if (!v)
    return;
  if (v->n == v->cap) {
    uint32_t cap = v->cap ? v->cap * 2 : 4;
    void **items = rg_realloc(v->items, cap * sizeof *items);
    if (!items)
      return; /* out of memory: the item is dropped */
    v->items = items;
    v->cap = cap;
  }
  v->items[v->n++] = item;
}

void dsl_vec_free(DslVec *v) {
  if (!v)
    return;
  rg_free(v->items);
  rg_free(v);
}

void **dsl_vec_finish(DslParseCtx *c, DslVec *v, uint32_t *n) {
  *n = 0;
  if (!v)
    return NULL;
  void **out = NULL;
  if (v->n) {
    out = rgs_arena_alloc(&c->prog->arena, v->n * sizeof *out);
    if (out) {
      memcpy(out, v->items, v->n * sizeof *out);
      *n = v->n;
    }
  }
  dsl_vec_free(v);
  return out;
}

RgLoc dsl_loc(DslParseCtx *c, uint32_t off) {
  RgLoc l = {c->src, off};
  return l;
}

DslName dsl_name(DslParseCtx *c, DslTok t) {
  DslName n = {t.s ? t.s : "", dsl_loc(c, t.off)};
  return n;
}

void *dsl_new(DslParseCtx *c, size_t size) {
  return rgs_arena_zalloc(&c->prog->arena, size);
}

void dsl_error_at(DslParseCtx *c, uint32_t off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rg_vdiag(c->prog->diags, RG_ERROR, dsl_loc(c, off), fmt, ap);
  va_end(ap);
}

/* ---- the builders the grammar's actions call, one per production (or
 * per family of productions), each taking over the lists it is given ---- */

/* Copies a vector of pointers to T into an arena array of T. */
#define FINISH_STRUCTS(T, vec, out, n)                                    \
  do {                                                                    \
    uint32_t k_;                                                          \
    T **p_ = (T **)dsl_vec_finish(ctx, (vec), &k_);                       \
    (out) = k_ ? dsl_new(ctx, k_ * sizeof(T)) : NULL;                     \
    for (uint32_t i_ = 0; (out) && i_ < k_; i_++)                         \
      (out)[i_] = *p_[i_];                                                \
    (n) = (out) ? k_ : 0;                                                 \
  } while (0)

static void add_decl(DslParseCtx *ctx, DslDeclKind kind, uint32_t off, void *node) {
  DslDecl *d = dsl_new(ctx, sizeof *d);
  if (!d)
    return;
  d->kind = kind;
  d->loc = dsl_loc(ctx, off);
  switch (kind) {
  case DSL_DECL_OP: d->u.op = node; break;
  case DSL_DECL_CLASS: d->u.cls = node; break;
  case DSL_DECL_EXTERN: d->u.ext = node; break;
  case DSL_DECL_PASS: d->u.pass = node; break;
  case DSL_DECL_PIPELINE: d->u.pipeline = node; break;
  default: break;
  }
  dsl_vec_push(&ctx->decls, d);
}

static DslName *name_node(DslParseCtx *ctx, DslTok t) {
  DslName *n = dsl_new(ctx, sizeof *n);
  if (n)
    *n = dsl_name(ctx, t);
  return n;
}

/* The names a list of DslTok copies holds, as an arena array; frees it. */
static DslName *finish_names(DslParseCtx *ctx, DslVec *toks, uint32_t *count) {
  uint32_t n;
  DslTok **ts = (DslTok **)dsl_vec_finish(ctx, toks, &n);
  DslName *names = n ? dsl_new(ctx, n * sizeof *names) : NULL;
  for (uint32_t i = 0; names && i < n; i++)
    names[i] = dsl_name(ctx, *ts[i]);
  *count = names ? n : 0;
  return names;
}

DslVec *dsl_vec_of(void *item) {
  DslVec *v = dsl_vec_new();
  dsl_vec_push(v, item);
  return v;
}

DslVec *dsl_vec_add(DslVec *v, void *item) {
  dsl_vec_push(v, item);
  return v;
}

DslVec *dsl_vec_add_some(DslVec *v, void *item) {
  if (item)
    dsl_vec_push(v, item);
  return v;
}

DslVec *dsl_tok_list(DslParseCtx *ctx, DslVec *v, DslTok t) {
  DslTok *p = dsl_new(ctx, sizeof *p);
  if (p) {
    *p = t;
    dsl_vec_push(v, p);
  }
  return v;
}

DslVec *dsl_name_list(DslParseCtx *ctx, DslVec *v, DslTok t) { return dsl_vec_add(v, name_node(ctx, t)); }

DslVec *dsl_type_list(DslParseCtx *ctx, DslVec *v, DslType t) {
  DslType *p = dsl_new(ctx, sizeof *p);
  if (p) {
    *p = t;
    dsl_vec_push(v, p);
  }
  return v;
}

/* ---- .ops declarations ---- */

void dsl_import(DslParseCtx *ctx, DslTok kw, DslTok path) {
  DslDecl *d = dsl_new(ctx, sizeof *d);
  if (d) {
    d->kind = DSL_DECL_IMPORT;
    d->loc = dsl_loc(ctx, kw.off);
    d->u.import.path = dsl_name(ctx, path);
    dsl_vec_push(&ctx->decls, d);
  }
}

void dsl_dialect(DslParseCtx *ctx, DslTok kw, DslTok name) {
  DslDecl *d = dsl_new(ctx, sizeof *d);
  if (d) {
    d->kind = DSL_DECL_DIALECT;
    d->loc = dsl_loc(ctx, kw.off);
    d->u.dialect = dsl_name(ctx, name);
    dsl_vec_push(&ctx->decls, d);
  }
  ctx->dialect = name.s;
}

/* The op's full name: the current dialect's, or as written (which must
 * then name its dialect). */
static void op_name(DslParseCtx *ctx, DslOpDecl *op, DslTok n) {
  if (ctx->dialect) {
    size_t dl = strlen(ctx->dialect), nl = strlen(n.s);
    char *full = dsl_new(ctx, dl + nl + 2);
    if (full) {
      memcpy(full, ctx->dialect, dl);
      full[dl] = '.';
      memcpy(full + dl + 1, n.s, nl + 1);
    }
    op->name = full;
    op->dialect = ctx->dialect;
    return;
  }
  op->name = n.s;
  const char *dot = strchr(n.s, '.');
  op->dialect = dot ? rgs_arena_strdup(&ctx->prog->arena, n.s, (size_t)(dot - n.s)) : NULL;
  if (!dot)
    dsl_error_at(ctx, n.off, "op '%s' needs a dialect: write 'dialect NAME' first or a full name like 'tosa.%s'", n.s,
                 n.s);
}

void dsl_op_decl(DslParseCtx *ctx, DslTok kw, DslTok name, DslVec *operands, DslVec *attrs, DslOpDecl *op) {
  if (op) {
    op->loc = dsl_loc(ctx, name.off);
    op_name(ctx, op, name);
    FINISH_STRUCTS(DslOperandDecl, operands, op->operands, op->noperands);
    operands = NULL;
    for (uint32_t i = 0; i < op->noperands; i++) {
      if (op->operands[i].variadic && i + 1 < op->noperands)
        dsl_error_at(ctx, op->operands[i].name.loc.off, "only the last operand can be variadic");
    }
    op->variadic = op->noperands && op->operands[op->noperands - 1].variadic;
    FINISH_STRUCTS(DslAttrDecl, attrs, op->attrs, op->nattrs);
    attrs = NULL;
    add_decl(ctx, DSL_DECL_OP, kw.off, op);
  }
  dsl_vec_free(operands);
  dsl_vec_free(attrs);
}

DslOperandDecl *dsl_operand(DslParseCtx *ctx, DslTok name, bool variadic) {
  DslOperandDecl *o = dsl_new(ctx, sizeof *o);
  if (o) {
    o->name = dsl_name(ctx, name);
    o->variadic = variadic;
  }
  return o;
}

DslAttrDecl *dsl_attr_decl(DslParseCtx *ctx, DslTok name, DslType t, bool optional, DslExpr *defval) {
  DslAttrDecl *a = dsl_new(ctx, sizeof *a);
  if (a) {
    a->name = dsl_name(ctx, name);
    a->type = t;
    a->optional = optional;
    a->defval = defval;
  }
  if (t == DSL_TY_VALUE)
    dsl_error_at(ctx, name.off, "attribute '%s' cannot have type 'value'", name.s);
  return a;
}

/* Resolves a type name as written in .ops files and extern signatures. */
DslType dsl_type_named(DslParseCtx *ctx, DslTok t, bool array) {
  static const struct { const char *s; DslType ty; } scalars[] = {
    {"int", DSL_TY_INT}, {"i1", DSL_TY_INT}, {"i8", DSL_TY_INT},
    {"i16", DSL_TY_INT}, {"i32", DSL_TY_INT}, {"i64", DSL_TY_INT},
    {"float", DSL_TY_FLOAT}, {"f16", DSL_TY_FLOAT}, {"f32", DSL_TY_FLOAT},
    {"f64", DSL_TY_FLOAT}, {"num", DSL_TY_FLOAT}, {"bool", DSL_TY_BOOL},
    {"str", DSL_TY_STR}, {"string", DSL_TY_STR}, {"type", DSL_TY_TYPE},
    {"tensor", DSL_TY_TENSOR}, {"any", DSL_TY_ANY}, {"value", DSL_TY_VALUE},
  };
  for (size_t i = 0; i < sizeof scalars / sizeof scalars[0]; i++) {
    if (strcmp(scalars[i].s, t.s) != 0)
      continue;
    if (!array)
      return scalars[i].ty;
    if (scalars[i].ty == DSL_TY_INT)
      return DSL_TY_INTS;
    dsl_error_at(ctx, t.off, "arrays of '%s' are not supported (only integer arrays)", t.s);
    return DSL_TY_ERROR;
  }
  dsl_error_at(ctx, t.off, "unknown type '%s'", t.s);
  return DSL_TY_ERROR;
}

DslOpDecl *dsl_op_clauses(DslParseCtx *ctx) {
  DslOpDecl *op = dsl_new(ctx, sizeof *op);
  if (op)
    op->nresults = 1;
  return op;
}

DslOpDecl *dsl_op_results(DslParseCtx *ctx, DslOpDecl *op, DslTok count) {
  if (count.ival > 64)
    dsl_error_at(ctx, count.off, "result count %lld is out of range (limit 64)", (long long)count.ival);
  else if (op)
    op->nresults = (uint32_t)count.ival;
  return op;
}

DslOpDecl *dsl_op_results_len(DslParseCtx *ctx, DslOpDecl *op, DslTok fn, DslTok attr) {
  if (strcmp(fn.s, "len") != 0)
    dsl_error_at(ctx, fn.off, "expected 'results(2)', 'results(len(attribute))' or 'results(...)'");
  else if (op)
    op->results_vary = true, op->results_attr = dsl_name(ctx, attr), op->nresults = 0;
  return op;
}

DslOpDecl *dsl_op_results_vary(DslOpDecl *op) {
  if (op)
    op->results_vary = true, op->nresults = 0;
  return op;
}

DslOpDecl *dsl_op_traits(DslParseCtx *ctx, DslOpDecl *op, DslVec *names) {
  if (!op) {
    dsl_vec_free(names);
    return op;
  }
  op->trait_names = finish_names(ctx, names, &op->ntrait_names);
  return op;
}

DslOpDecl *dsl_op_hook(DslParseCtx *ctx, DslOpDecl *op, DslOpHook hook, DslTok fn) {
  if (!op)
    return op;
  DslName n = dsl_name(ctx, fn);
  switch (hook) {
  case DSL_HOOK_SHAPE: op->shape_fn = n; break;
  case DSL_HOOK_EVAL: op->eval_fn = n; break;
  case DSL_HOOK_SMT: op->smt_fn = n; break;
  }
  return op;
}

void dsl_class_decl(DslParseCtx *ctx, DslTok kw, DslTok name, DslVec *members, bool by_traits) {
  DslClass *c = dsl_new(ctx, sizeof *c);
  if (!c) {
    dsl_vec_free(members);
    return;
  }
  c->loc = dsl_loc(ctx, kw.off);
  c->name = dsl_name(ctx, name);
  c->dialect = ctx->dialect;
  c->by_traits = by_traits;
  if (by_traits)
    c->members = finish_names(ctx, members, &c->nmembers);
  else
    FINISH_STRUCTS(DslName, members, c->members, c->nmembers);
  add_decl(ctx, DSL_DECL_CLASS, kw.off, c);
}

void dsl_extern_decl(DslParseCtx *ctx, DslTok kw, DslTok name, DslVec *params, bool is_pred, DslType ret) {
  DslExtern *e = dsl_new(ctx, sizeof *e);
  if (!e) {
    dsl_vec_free(params);
    return;
  }
  e->loc = dsl_loc(ctx, kw.off);
  e->name = dsl_name(ctx, name);
  e->is_pred = is_pred;
  e->ret = ret;
  FINISH_STRUCTS(DslType, params, e->params, e->nparams);
  add_decl(ctx, DSL_DECL_EXTERN, kw.off, e);
}

/* ---- passes and pipelines ---- */

void dsl_pass_decl(DslParseCtx *ctx, DslTok kw, DslTok name, DslTok doc, int mode, DslVec *rules) {
  DslPass *p = dsl_new(ctx, sizeof *p);
  if (!p) {
    dsl_vec_free(rules);
    return;
  }
  p->loc = dsl_loc(ctx, kw.off);
  p->name = dsl_name(ctx, name);
  p->doc = doc.s;
  p->mode = (DslPassMode)mode;
  p->rules = (DslRule **)dsl_vec_finish(ctx, rules, &p->nrules);
  add_decl(ctx, DSL_DECL_PASS, kw.off, p);
}

DslRule *dsl_rule(DslParseCtx *ctx, DslTok kw, DslTok name, DslPattern *pattern, DslExpr *guard, DslRepl *repl) {
  DslRule *r = dsl_new(ctx, sizeof *r);
  if (r) {
    r->loc = dsl_loc(ctx, kw.off);
    r->name = dsl_name(ctx, name);
    r->pattern = pattern;
    r->guard = guard;
    r->repl = repl;
    if (!pattern || !repl || pattern->kind != DSL_PAT_OP)
      r = NULL; /* a part failed to build; already reported */
  }
  return r;
}

DslRule *dsl_rule_inexact(DslRule *r) {
  if (r)
    r->inexact = true;
  return r;
}

void dsl_pipeline_decl(DslParseCtx *ctx, DslTok kw, DslTok name, DslVec *passes) {
  DslPipeline *pl = dsl_new(ctx, sizeof *pl);
  if (!pl) {
    dsl_vec_free(passes);
    return;
  }
  pl->loc = dsl_loc(ctx, kw.off);
  pl->name = dsl_name(ctx, name);
  if (passes)
    pl->pass_names = finish_names(ctx, passes, &pl->npasses);
  add_decl(ctx, DSL_DECL_PIPELINE, kw.off, pl);
}

/* ---- patterns ---- */

DslPattern *dsl_pattern_not_tree(DslParseCtx *ctx, DslTok t, bool wild) {
  if (wild)
    dsl_error_at(ctx, t.off, "a rule's pattern must be an op tree, like '(tosa.abs x)'");
  else
    dsl_error_at(ctx, t.off, "a rule's pattern must be an op tree, like '(tosa.abs %s)'", t.s);
  return NULL;
}

DslPattern *dsl_pattern_captured(DslParseCtx *ctx, DslTok name, DslPattern *p, bool located_at_name) {
  if (p) {
    p->capture = dsl_name(ctx, name);
    if (located_at_name)
      p->loc = dsl_loc(ctx, name.off);
  }
  return p;
}

DslPattern *dsl_optree(DslParseCtx *ctx, DslOpTreeParts t) {
  DslPattern *p = dsl_new(ctx, sizeof *p);
  if (p) {
    p->kind = DSL_PAT_OP;
    p->loc = dsl_loc(ctx, t.lparen.off);
    if (t.opcapture.s)
      p->opcapture = dsl_name(ctx, t.opcapture);
    FINISH_STRUCTS(DslName, t.alts, p->alts, p->nalts);
    t.alts = NULL;
    p->args = (DslPattern **)dsl_vec_finish(ctx, t.args, &p->nargs);
    t.args = NULL;
    if (t.rest.s)
      p->rest = dsl_name(ctx, t.rest);
    FINISH_STRUCTS(DslAttrPat, t.attrs, p->attrs, p->nattrs);
    t.attrs = NULL;
    for (uint32_t i = 0; i < p->nargs; i++)
      if (!p->args[i])
        p = NULL; /* a failed sub-pattern */
    if (p && !p->nalts)
      p = NULL;
  }
  dsl_vec_free(t.alts);
  dsl_vec_free(t.args);
  dsl_vec_free(t.attrs);
  return p;
}

DslPattern *dsl_parg(DslParseCtx *ctx, DslPatKind kind, DslTok t) {
  DslPattern *p = dsl_new(ctx, sizeof *p);
  if (p) {
    p->kind = kind;
    p->loc = dsl_loc(ctx, t.off);
    if (kind == DSL_PAT_VAR)
      p->var_name = dsl_name(ctx, t);
  }
  return p;
}

DslPattern *dsl_parg_splat(DslParseCtx *ctx, DslTok at, DslTok capture, DslExpr *e) {
  DslPattern *p = dsl_new(ctx, sizeof *p);
  if (p) {
    p->kind = DSL_PAT_SPLAT;
    p->loc = dsl_loc(ctx, at.off);
    p->splat = e;
    if (capture.s)
      p->capture = dsl_name(ctx, capture);
  }
  return e ? p : NULL;
}

DslAttrPat *dsl_attr_pat(DslParseCtx *ctx, DslTok name, DslExpr *value, DslExpr *fallback, bool absent) {
  DslAttrPat *a = dsl_new(ctx, sizeof *a);
  if (a) {
    a->name = dsl_name(ctx, name);
    a->value = value;
    a->fallback = fallback;
    a->absent = absent;
  }
  return absent || value ? a : NULL;
}

DslAttrPat *dsl_attr_pat_or(DslParseCtx *ctx, DslTok name, DslExpr *value, DslExpr *fallback) {
  DslAttrPat *a = dsl_attr_pat(ctx, name, value, fallback, false);
  return fallback ? a : NULL;
}

/* ---- replacements ---- */

DslRepl *dsl_repl_erase(DslParseCtx *ctx, DslTok wild) {
  DslRepl *r = dsl_new(ctx, sizeof *r);
  if (r) {
    r->kind = DSL_REP_ERASE;
    r->loc = dsl_loc(ctx, wild.off);
  }
  return r;
}

DslRepl *dsl_repl_list(DslParseCtx *ctx, DslTok lbracket, DslVec *items) {
  DslRepl *r = dsl_new(ctx, sizeof *r);
  if (!r) {
    dsl_vec_free(items);
    return NULL;
  }
  r->kind = DSL_REP_LIST;
  r->loc = dsl_loc(ctx, lbracket.off);
  r->args = (DslRepl **)dsl_vec_finish(ctx, items, &r->nargs);
  for (uint32_t i = 0; i < r->nargs; i++)
    if (!r->args[i])
      return NULL;
  return r;
}

DslRepl *dsl_repl_for(DslParseCtx *ctx, DslTok lbracket, DslRepl *e, DslVec *names, DslVec *lists) {
  DslRepl *r = dsl_new(ctx, sizeof *r);
  if (!r || !e) {
    dsl_vec_free(names);
    dsl_vec_free(lists);
    return NULL;
  }
  r->kind = DSL_REP_FOR;
  r->loc = dsl_loc(ctx, lbracket.off);
  r->args = dsl_new(ctx, sizeof *r->args);
  if (r->args)
    r->args[0] = e, r->nargs = 1;
  FINISH_STRUCTS(DslName, names, r->for_names, r->nfor_names);
  r->for_lists = (DslExpr **)dsl_vec_finish(ctx, lists, &r->nfor_lists);
  for (uint32_t i = 0; i < r->nfor_lists; i++)
    if (!r->for_lists[i])
      return NULL;
  return r;
}

DslRepl *dsl_repl_var(DslParseCtx *ctx, DslTok at, DslTok name, bool splice) {
  DslRepl *r = dsl_new(ctx, sizeof *r);
  if (r) {
    r->kind = DSL_REP_VAR;
    r->loc = dsl_loc(ctx, at.off);
    r->name = dsl_name(ctx, name);
    r->splice = splice;
  }
  return r;
}

DslRepl *dsl_repl_const(DslParseCtx *ctx, DslTok kw, DslExpr *e) {
  DslRepl *r = dsl_new(ctx, sizeof *r);
  if (!r || !e)
    return NULL;
  r->kind = DSL_REP_EXPR;
  r->loc = dsl_loc(ctx, kw.off);
  r->expr = dsl_expr_call(ctx, kw, dsl_vec_of(e));
  return r->expr ? r : NULL;
}

DslRepl *dsl_repl_op(DslParseCtx *ctx, DslTok lparen, DslTok name, DslVec *args, DslVec *attrs) {
  DslRepl *r = dsl_new(ctx, sizeof *r);
  if (!r) {
    dsl_vec_free(args);
    dsl_vec_free(attrs);
    return NULL;
  }
  r->kind = DSL_REP_OP;
  r->loc = dsl_loc(ctx, lparen.off);
  r->name = dsl_name(ctx, name);
  r->args = (DslRepl **)dsl_vec_finish(ctx, args, &r->nargs);
  FINISH_STRUCTS(DslAttrSet, attrs, r->attrs, r->nattrs);
  for (uint32_t i = 0; i < r->nargs; i++)
    if (!r->args[i])
      return NULL;
  return r;
}

DslRepl *dsl_repl_captured(DslParseCtx *ctx, DslTok name, DslRepl *r) {
  if (r)
    r->capture = dsl_name(ctx, name);
  return r;
}

DslAttrSet *dsl_attr_set(DslParseCtx *ctx, DslTok name, DslExpr *e) {
  DslAttrSet *a = dsl_new(ctx, sizeof *a);
  if (a) {
    a->name = dsl_name(ctx, name);
    a->value = e;
  }
  return e ? a : NULL;
}

/* ---- expressions ---- */

static DslExpr *expr_new(DslParseCtx *ctx, DslExprKind kind, uint32_t off) {
  DslExpr *e = dsl_new(ctx, sizeof *e);
  if (e) {
    e->kind = kind;
    e->loc = dsl_loc(ctx, off);
  }
  return e;
}

/* The checker and the code generator recurse over expressions, so their
 * depth is bounded: a chain of 50,000 `&&` must be an error, not a stack
 * overflow. Parentheses are bounded by the driver; chains of binary
 * operators and indexing are bounded here. */
enum { MAX_EXPR_DEPTH = 1000 };

static DslExpr *deepen(DslParseCtx *ctx, DslExpr *e) {
  if (!e)
    return NULL;
  uint32_t d = 0;
  for (uint32_t i = 0; i < e->nargs; i++) {
    if (!e->args[i])
      return NULL;
    if (e->args[i]->depth > d)
      d = e->args[i]->depth;
  }
  e->depth = d + 1;
  if (e->depth > MAX_EXPR_DEPTH) {
    if (d == MAX_EXPR_DEPTH) /* once per expression: deeper levels see NULL */
      dsl_error_at(ctx, (uint32_t)e->loc.off, "expression nested too deeply (more than %d levels of operators)",
                   MAX_EXPR_DEPTH);
    return NULL;
  }
  return e;
}

/* An expression of kind `kind` at `at` over the n operands given. */
static DslExpr *with_args(DslParseCtx *ctx, DslExprKind kind, DslTok at, DslExpr *const *args, uint32_t n) {
  DslExpr *e = expr_new(ctx, kind, at.off);
  for (uint32_t i = 0; i < n; i++)
    if (!args[i])
      return NULL;
  if (!e)
    return NULL;
  e->args = dsl_new(ctx, n * sizeof *e->args);
  if (!e->args)
    return NULL;
  memcpy(e->args, args, n * sizeof *e->args);
  e->nargs = n;
  return e;
}

DslExpr *dsl_expr_binary(DslParseCtx *ctx, DslExpr *a, int op, DslTok t, DslExpr *b) {
  DslExpr *e = with_args(ctx, DSL_EX_BINARY, t, (DslExpr *[]){a, b}, 2);
  if (!e)
    return NULL;
  e->op = op;
  return deepen(ctx, e);
}

DslExpr *dsl_expr_call(DslParseCtx *ctx, DslTok name, DslVec *args) {
  DslExpr *e = expr_new(ctx, DSL_EX_CALL, name.off);
  if (!e) {
    dsl_vec_free(args);
    return NULL;
  }
  e->str = name.s;
  e->args = (DslExpr **)dsl_vec_finish(ctx, args, &e->nargs);
  for (uint32_t i = 0; i < e->nargs; i++)
    if (!e->args[i])
      return NULL;
  return deepen(ctx, e);
}

DslExpr *dsl_expr_call3(DslParseCtx *ctx, DslTok at, const char *builtin, DslExpr *const args[3]) {
  at.s = builtin;
  DslVec *v = dsl_vec_new();
  for (int i = 0; i < 3; i++)
    dsl_vec_push(v, args[i]);
  DslExpr *e = dsl_expr_call(ctx, at, v);
  return e && args[0] && args[1] && args[2] ? e : NULL;
}

DslExpr *dsl_expr_unary(DslParseCtx *ctx, int op, DslTok at, DslExpr *x) {
  /* Negative literals are folded so patterns can match them directly;
   * once: `--5` stays an expression. */
  if (op == '-' && x && (x->kind == DSL_EX_INT || x->kind == DSL_EX_FLOAT) && x->op == 0) {
    if (x->kind == DSL_EX_INT)
      x->ival = -x->ival;
    else
      x->fval = -x->fval;
    x->loc = dsl_loc(ctx, at.off);
    x->op = 1;
    return x;
  }
  DslExpr *e = with_args(ctx, DSL_EX_UNARY, at, &x, 1);
  if (!e)
    return NULL;
  e->op = op;
  return deepen(ctx, e);
}

DslExpr *dsl_expr_leaf(DslParseCtx *ctx, DslExprKind kind, DslTok t) {
  DslExpr *e = expr_new(ctx, kind, t.off);
  if (!e)
    return NULL;
  switch (kind) {
  case DSL_EX_INT: e->ival = t.ival; break;
  case DSL_EX_FLOAT: e->fval = t.fval; break;
  case DSL_EX_STR: e->str = t.s, e->ival = t.ival; break;
  case DSL_EX_NAME: e->str = t.s; break;
  default: break;
  }
  return e;
}

DslExpr *dsl_expr_bool(DslParseCtx *ctx, DslTok t, bool value) {
  DslExpr *e = expr_new(ctx, DSL_EX_BOOL, t.off);
  if (e)
    e->bval = value;
  return e;
}

DslExpr *dsl_expr_paren(DslExpr *e) {
  if (e && (e->kind == DSL_EX_INT || e->kind == DSL_EX_FLOAT))
    e->op = 1;
  return e;
}

DslExpr *dsl_expr_array(DslParseCtx *ctx, DslTok lbracket, DslVec *items) {
  DslExpr *e = expr_new(ctx, DSL_EX_ARRAY, lbracket.off);
  if (!e || !items) {
    dsl_vec_free(items);
    return e;
  }
  e->args = (DslExpr **)dsl_vec_finish(ctx, items, &e->nargs);
  return deepen(ctx, e);
}

DslExpr *dsl_expr_index(DslParseCtx *ctx, DslExpr *list, DslTok lbracket, DslExpr *index) {
  DslExpr *e = with_args(ctx, DSL_EX_INDEX, lbracket, (DslExpr *[]){list, index}, 2);
  return e ? deepen(ctx, e) : NULL;
}

DslExpr *dsl_expr_keyword(DslTok name, DslExpr *e) {
  if (e)
    e->kw = name.s;
  return e;
}
