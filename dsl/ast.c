/* dsl/ast.c - names of AST enums and dsl_dump_ast(): a stable text form of
 * the checked declarations of the root files, used by golden tests. It
 * prints resolved information (op sets, variable kinds, expression types);
 * and the string map (open addressing) the checker keys by name. */
#include "dsl.h"

/* ---- builtins.def as data ---- */

#define BI_NARGS(...) BI_NARGS_(__VA_ARGS__, 3, 2, 1, 0)
#define BI_NARGS_(a, b, c, n, ...) n
#define BI_CAT(a, b) BI_CAT_(a, b)
#define BI_CAT_(a, b) a##b
#define BI_TYPES(...) BI_CAT(BI_TYPES_, BI_NARGS(__VA_ARGS__))(__VA_ARGS__)
#define BI_TYPES_1(a) {DSL_TY_##a}
#define BI_TYPES_2(a, b) {DSL_TY_##a, DSL_TY_##b}
#define BI_TYPES_3(a, b, c) {DSL_TY_##a, DSL_TY_##b, DSL_TY_##c}
#define BI_COUNT(...) BI_NARGS(__VA_ARGS__)

static const DslBuiltinInfo builtins[] = {
#define DSL_BUILTIN(ID, name, ret, nreq, kw, flags, how, cfn, read, smt, params)            \
  {DSL_BI_##ID, name, DSL_TY_##ret, BI_COUNT params, nreq, BI_TYPES params, kw, flags, \
   DSL_BIC_##how, #cfn, read},
#include "builtins.def"
#undef DSL_BUILTIN
};

const DslBuiltinInfo *dsl_builtin_at(uint32_t i) {
  return i < sizeof builtins / sizeof builtins[0] ? &builtins[i] : NULL;
}

const DslBuiltinInfo *dsl_builtin_find(const char *name) {
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++)
    if (strcmp(builtins[i].name, name) == 0)
      return &builtins[i];
  return NULL;
}

const DslBuiltinInfo *dsl_builtin_info(DslBuiltin id) {
  /* The table is in enum order, DSL_BI_NONE before it. */
  return id > DSL_BI_NONE && id < DSL_BI_COND ? &builtins[id - 1] : NULL;
}

const char *dsl_type_name(DslType t) {
  static const char *names[] = {"<error>", "int", "float", "bool", "str", "int[]",
                                "type", "tensor", "any", "value", "values", "op", "ops"};
  return (unsigned)t < sizeof names / sizeof names[0] ? names[t] : "?";
}

static const char *trait_names[DSL_TRAIT_COUNT] = {
  "elementwise", "unary", "binary", "ternary", "commutative", "layout_agnostic",
  "involution", "idempotent", "constant", "shape_only", "pure",
};

const char *dsl_trait_name(DslTrait t) {
  return (unsigned)t < DSL_TRAIT_COUNT ? trait_names[t] : "?";
}

int dsl_trait_lookup(const char *name) {
  for (int i = 0; i < DSL_TRAIT_COUNT; i++)
    if (strcmp(trait_names[i], name) == 0)
      return i;
  return -1;
}

/* ---- dump ---- */

static void put_loc(RgsBuf *b, RgLoc loc) {
  uint32_t line = 0, col = 0;
  if (loc.src)
    rg_source_linecol(loc.src, loc.off, &line, &col);
  rgs_buf_printf(b, "@%u:%u", line, col);
}

static void put_str(RgsBuf *b, const char *s, size_t n) {
  rgs_buf_putc(b, '"');
  for (size_t i = 0; i < n; i++) {
    unsigned char ch = (unsigned char)s[i];
    if (ch == '"' || ch == '\\')
      rgs_buf_printf(b, "\\%c", ch);
    else if (ch == '\n')
      rgs_buf_puts(b, "\\n");
    else if (ch < 0x20 || ch >= 0x7f)
      rgs_buf_printf(b, "\\x%02x", ch);
    else
      rgs_buf_putc(b, (char)ch);
  }
  rgs_buf_putc(b, '"');
}

static const char *binop[] = {"||", "&&", "==", "!=", "<", "<=", ">", ">=",
                              "+", "-", "*", "/", "%"};

static void put_expr(RgsBuf *b, const DslExpr *e) {
  switch (e->kind) {
  case DSL_EX_INT: rgs_buf_put_i64(b, e->ival); return;
  case DSL_EX_FLOAT: rgs_buf_printf(b, "%.17g", e->fval); return;
  case DSL_EX_BOOL: rgs_buf_puts(b, e->bval ? "true" : "false"); return;
  case DSL_EX_STR: put_str(b, e->str, (size_t)e->ival); return;
  case DSL_EX_NAME:
    rgs_buf_puts(b, e->str);
    if (e->var)
      rgs_buf_printf(b, "$%u", e->var->index);
    else if (e->cls)
      rgs_buf_puts(b, "<class>");
    else if (e->opdecl)
      rgs_buf_puts(b, "<op>");
    return;
  case DSL_EX_ARRAY:
    rgs_buf_putc(b, '[');
    for (uint32_t i = 0; i < e->nargs; i++) {
      if (i)
        rgs_buf_puts(b, ", ");
      put_expr(b, e->args[i]);
    }
    rgs_buf_putc(b, ']');
    return;
  case DSL_EX_UNARY:
    rgs_buf_printf(b, "(%c ", e->op);
    put_expr(b, e->args[0]);
    rgs_buf_printf(b, "):%s", dsl_type_name(e->type));
    return;
  case DSL_EX_BINARY:
    rgs_buf_printf(b, "(%s ", (unsigned)e->op < 13 ? binop[e->op] : "?");
    put_expr(b, e->args[0]);
    rgs_buf_putc(b, ' ');
    put_expr(b, e->args[1]);
    rgs_buf_printf(b, "):%s", dsl_type_name(e->type));
    return;
  case DSL_EX_INDEX:
    put_expr(b, e->args[0]);
    rgs_buf_putc(b, '[');
    put_expr(b, e->args[1]);
    rgs_buf_putc(b, ']');
    return;
  case DSL_EX_CALL:
    rgs_buf_printf(b, "(%s%s", e->ext ? "extern " : "", e->str);
    for (uint32_t i = 0; i < e->nargs; i++) {
      rgs_buf_putc(b, ' ');
      if (e->args[i]->kw)
        rgs_buf_printf(b, "%s=", e->args[i]->kw);
      put_expr(b, e->args[i]);
    }
    rgs_buf_printf(b, "):%s", dsl_type_name(e->type));
    return;
  }
}

static void put_ops(RgsBuf *b, DslOpDecl *const *ops, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (i)
      rgs_buf_putc(b, '|');
    rgs_buf_puts(b, ops[i]->name);
  }
}

static void put_pattern(RgsBuf *b, const DslPattern *pt) {
  if (pt->capture.s && pt->var)
    rgs_buf_printf(b, "%s$%u:", pt->capture.s, pt->var->index);
  switch (pt->kind) {
  case DSL_PAT_WILD:
    rgs_buf_putc(b, '_');
    return;
  case DSL_PAT_VAR:
    rgs_buf_printf(b, "%s%s", pt->binds ? "" : "=", pt->var_name.s);
    if (pt->var)
      rgs_buf_printf(b, "$%u", pt->var->index);
    return;
  case DSL_PAT_SPLAT:
    rgs_buf_puts(b, "splat(");
    put_expr(b, pt->splat);
    rgs_buf_putc(b, ')');
    return;
  case DSL_PAT_OP:
    break;
  }
  rgs_buf_putc(b, '(');
  if (pt->opcapture.s && pt->opvar)
    rgs_buf_printf(b, "%s$%u:", pt->opcapture.s, pt->opvar->index);
  if (pt->nalts == 1 && !strchr(pt->alts[0].s, '.'))
    rgs_buf_printf(b, "%s=", pt->alts[0].s);
  put_ops(b, pt->ops, pt->nops);
  if (pt->commutative)
    rgs_buf_puts(b, " commutative");
  for (uint32_t i = 0; i < pt->nargs; i++) {
    rgs_buf_putc(b, ' ');
    put_pattern(b, pt->args[i]);
  }
  if (pt->rest.s)
    rgs_buf_printf(b, " ..%s$%u", pt->rest.s, pt->restvar ? pt->restvar->index : 0);
  if (pt->nattrs) {
    rgs_buf_puts(b, " {");
    for (uint32_t i = 0; i < pt->nattrs; i++) {
      const DslAttrPat *ap = &pt->attrs[i];
      if (ap->absent) {
        rgs_buf_printf(b, "%s!%s", i ? ", " : "", ap->name.s);
        continue;
      }
      rgs_buf_printf(b, "%s%s %s ", i ? ", " : "", ap->name.s, ap->binds ? "->" : "==");
      put_expr(b, ap->value);
      if (ap->fallback) {
        rgs_buf_puts(b, " ?? ");
        put_expr(b, ap->fallback);
      }
    }
    rgs_buf_putc(b, '}');
  }
  rgs_buf_putc(b, ')');
}

static void put_repl(RgsBuf *b, const DslRepl *r) {
  if (r->capture.s)
    rgs_buf_printf(b, "%s:", r->capture.s);
  switch (r->kind) {
  case DSL_REP_VAR:
    rgs_buf_printf(b, "%s%s", r->splice ? ".." : "", r->name.s);
    if (r->var)
      rgs_buf_printf(b, "$%u", r->var->index);
    else if (r->node)
      rgs_buf_puts(b, "<node>");
    return;
  case DSL_REP_EXPR:
    put_expr(b, r->expr);
    return;
  case DSL_REP_ERASE:
    rgs_buf_putc(b, '_');
    return;
  case DSL_REP_LIST:
    rgs_buf_putc(b, '[');
    for (uint32_t i = 0; i < r->nargs; i++) {
      rgs_buf_puts(b, i ? ", " : "");
      put_repl(b, r->args[i]);
    }
    rgs_buf_putc(b, ']');
    return;
  case DSL_REP_FOR:
    rgs_buf_putc(b, '[');
    put_repl(b, r->args[0]);
    rgs_buf_puts(b, " for ");
    for (uint32_t i = 0; i < r->nfor_names; i++) {
      rgs_buf_puts(b, i ? ", " : "");
      rgs_buf_puts(b, r->for_names[i].s);
      if (r->for_vars && r->for_vars[i])
        rgs_buf_printf(b, "$%u", r->for_vars[i]->index);
    }
    rgs_buf_puts(b, " in ");
    for (uint32_t i = 0; i < r->nfor_lists; i++) {
      rgs_buf_puts(b, i ? ", " : "");
      put_expr(b, r->for_lists[i]);
    }
    rgs_buf_putc(b, ']');
    return;
  case DSL_REP_OP:
    break;
  }
  rgs_buf_putc(b, '(');
  if (r->var)
    rgs_buf_printf(b, "%s$%u", r->name.s, r->var->index);
  else
    rgs_buf_puts(b, r->name.s);
  for (uint32_t i = 0; i < r->nargs; i++) {
    rgs_buf_putc(b, ' ');
    put_repl(b, r->args[i]);
  }
  if (r->nattrs) {
    rgs_buf_puts(b, " {");
    for (uint32_t i = 0; i < r->nattrs; i++) {
      rgs_buf_printf(b, "%s%s = ", i ? ", " : "", r->attrs[i].name.s);
      put_expr(b, r->attrs[i].value);
    }
    rgs_buf_putc(b, '}');
  }
  rgs_buf_putc(b, ')');
}

static const char *var_kind[] = {"value", "attr", "splat", "rest", "op", "for"};

static void dump_op(RgsBuf *b, const DslOpDecl *op) {
  rgs_buf_printf(b, "op #%u %s(", op->id, op->name);
  for (uint32_t i = 0; i < op->noperands; i++)
    rgs_buf_printf(b, "%s%s%s", i ? ", " : "", op->operands[i].name.s,
                  op->operands[i].variadic ? "..." : "");
  rgs_buf_puts(b, ")");
  if (op->nattrs) {
    rgs_buf_puts(b, " {");
    for (uint32_t i = 0; i < op->nattrs; i++) {
      rgs_buf_printf(b, "%s%s%s: %s", i ? ", " : "", op->attrs[i].name.s,
                    op->attrs[i].optional ? "?" : "", dsl_type_name(op->attrs[i].type));
      if (op->attrs[i].defval) {
        rgs_buf_puts(b, " = ");
        put_expr(b, op->attrs[i].defval);
      }
    }
    rgs_buf_puts(b, "}");
  }
  if (op->results_attr.s)
    rgs_buf_printf(b, " results(len(%s))", op->results_attr.s);
  else if (op->results_vary)
    rgs_buf_puts(b, " results(...)");
  else
    rgs_buf_printf(b, " results(%u)", op->nresults);
  if (op->traits) {
    rgs_buf_puts(b, " traits(");
    bool first = true;
    for (int t = 0; t < DSL_TRAIT_COUNT; t++)
      if (op->traits & (1u << t)) {
        rgs_buf_printf(b, "%s%s", first ? "" : ", ", trait_names[t]);
        first = false;
      }
    rgs_buf_puts(b, ")");
  }
  if (op->shape_fn.s)
    rgs_buf_printf(b, " shape(%s)", op->shape_fn.s);
  if (op->eval_fn.s)
    rgs_buf_printf(b, " eval(%s)", op->eval_fn.s);
  if (op->smt_fn.s)
    rgs_buf_printf(b, " smt(%s)", op->smt_fn.s);
  rgs_buf_putc(b, '\n');
}

static void dump_rule(RgsBuf *b, const DslRule *r) {
  rgs_buf_printf(b, "  %srule %s #%u ", r->inexact ? "inexact " : "", r->name.s, r->index);
  put_loc(b, r->loc);
  rgs_buf_putc(b, '\n');
  for (uint32_t i = 0; i < r->nvars; i++) {
    const DslVar *v = r->vars[i];
    rgs_buf_printf(b, "    var $%u %s %s %s uses=%u ", v->index, v->name.s,
                  var_kind[v->kind], dsl_type_name(v->type), v->uses);
    put_loc(b, v->name.loc);
    rgs_buf_putc(b, '\n');
  }
  rgs_buf_puts(b, "    match ");
  put_pattern(b, r->pattern);
  rgs_buf_putc(b, '\n');
  if (r->guard) {
    rgs_buf_puts(b, "    if ");
    put_expr(b, r->guard);
    rgs_buf_putc(b, '\n');
  }
  rgs_buf_puts(b, "    => ");
  put_repl(b, r->repl);
  rgs_buf_putc(b, '\n');
}

static void dump_file(RgsBuf *b, const DslFile *f) {
  rgs_buf_printf(b, "file %s\n", f->src->name);
  for (uint32_t i = 0; i < f->ndecls; i++) {
    const DslDecl *d = f->decls[i];
    switch (d->kind) {
    case DSL_DECL_IMPORT:
      rgs_buf_puts(b, "import ");
      put_str(b, d->u.import.path.s, strlen(d->u.import.path.s));
      rgs_buf_printf(b, " -> %s\n", d->u.import.file ? d->u.import.file->src->name : "<missing>");
      break;
    case DSL_DECL_DIALECT:
      rgs_buf_printf(b, "dialect %s\n", d->u.dialect.s);
      break;
    case DSL_DECL_OP:
      dump_op(b, d->u.op);
      break;
    case DSL_DECL_CLASS:
      rgs_buf_printf(b, "class %s = [", d->u.cls->name.s);
      put_ops(b, d->u.cls->ops, d->u.cls->nops);
      rgs_buf_puts(b, "]\n");
      break;
    case DSL_DECL_EXTERN: {
      const DslExtern *e = d->u.ext;
      rgs_buf_printf(b, "extern %s %s(", e->is_pred ? "pred" : "fn", e->name.s);
      for (uint32_t k = 0; k < e->nparams; k++)
        rgs_buf_printf(b, "%s%s", k ? ", " : "", dsl_type_name(e->params[k]));
      rgs_buf_printf(b, ") -> %s\n", dsl_type_name(e->ret));
      break;
    }
    case DSL_DECL_PASS: {
      const DslPass *ps = d->u.pass;
      rgs_buf_printf(b, "pass %s %s", ps->name.s, ps->mode == DSL_MODE_ONCE ? "once" : "fixpoint");
      if (ps->doc) {
        rgs_buf_putc(b, ' ');
        put_str(b, ps->doc, strlen(ps->doc));
      }
      rgs_buf_putc(b, '\n');
      for (uint32_t k = 0; k < ps->nrules; k++)
        dump_rule(b, ps->rules[k]);
      break;
    }
    case DSL_DECL_PIPELINE: {
      const DslPipeline *pl = d->u.pipeline;
      rgs_buf_printf(b, "pipeline %s = [", pl->name.s);
      for (uint32_t k = 0; k < pl->npasses; k++)
        rgs_buf_printf(b, "%s%s", k ? ", " : "", pl->pass_names[k].s);
      rgs_buf_puts(b, "]\n");
      break;
    }
    }
  }
}

void dsl_dump_ast(RgsBuf *out, const DslProgram *p) {
  for (uint32_t i = 0; i < p->nroots; i++)
    dump_file(out, p->roots[i]);
}

/* ---- string map (open addressing) ---- */

void *dsl_map_get(const DslMap *m, const char *key) {
  if (!m->cap)
    return NULL;
  uint32_t mask = m->cap - 1;
  for (uint32_t i = rgs_hash_bytes(key, strlen(key)) & mask;; i = (i + 1) & mask) {
    if (!m->keys[i])
      return NULL;
    if (strcmp(m->keys[i], key) == 0)
      return m->vals[i];
  }
}

void *dsl_map_put(DslMap *m, const char *key, void *val) {
  if ((m->count + 1) * 2 > m->cap) {
    uint32_t cap = m->cap ? m->cap * 2 : 64;
    const char **keys = rg_alloc(cap * sizeof *keys);
    void **vals = rg_alloc(cap * sizeof *vals);
    if (!keys || !vals) {
      rg_free(keys);
      rg_free(vals);
      return NULL;
    }
    memset(keys, 0, cap * sizeof *keys);
    for (uint32_t j = 0; j < m->cap; j++) {
      if (!m->keys[j])
        continue;
      uint32_t i = rgs_hash_bytes(m->keys[j], strlen(m->keys[j])) & (cap - 1);
      while (keys[i])
        i = (i + 1) & (cap - 1);
      keys[i] = m->keys[j];
      vals[i] = m->vals[j];
    }
    rg_free(m->keys);
    rg_free(m->vals);
    m->keys = keys;
    m->vals = vals;
    m->cap = cap;
  }
  uint32_t mask = m->cap - 1;
  uint32_t i = rgs_hash_bytes(key, strlen(key)) & mask;
  for (; m->keys[i]; i = (i + 1) & mask)
    if (strcmp(m->keys[i], key) == 0)
      return m->vals[i];
  m->keys[i] = key;
  m->vals[i] = val;
  m->count++;
  return NULL;
}

void dsl_map_free(DslMap *m) {
  rg_free(m->keys);
  rg_free(m->vals);
  memset(m, 0, sizeof *m);
}

/* ---- parse driver ---- */
