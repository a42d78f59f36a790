/* gen/expr.c - guard and attribute expressions as C: each DSL expression
 * becomes a C expression, with temporaries declared before it where a
 * step can fail (checked arithmetic, array reads, extern calls), so a
 * failure leaves the rule through its fail statement. Shared by the guard
 * printer (guard.c) and the rule actions (action.c). */
#include "gen_internal.h"

static const char *new_tmp(Gen *g) { return gen_str(g, "t%u", ++g->tmp); }

/* Whether v captures the matched root op (`q:(op ...)` at the top). */
static bool captures_root(const Gen *g, const DslVar *v) {
  if (v->kind != DSL_VAR_OP || !g->cur || !g->cur->nvariants)
    return false;
  const GenVariant *v0 = &g->cur->variants[0];
  return v0->node_at[v0->bind[v->index].node].n == 0;
}

static const char *var_c(Gen *g, const DslVar *v) {
  if (captures_root(g, v))
    return "root";
  if (v->kind == DSL_VAR_ATTR && !gen_attr_has_reading(v->type))
    return gen_str(g, "a_%s", v->name.s);
  return gen_str(g, "v_%s", v->name.s);
}

const char *gen_var_c(Gen *g, const DslVar *v) { return var_c(g, v); }
const char *gen_new_tmp(Gen *g) { return new_tmp(g); }

const char *gen_graph(Gen *g) {
  g->graph_used = true;
  return "gr";
}

static const char *fail_stmt(Gen *g) {
  if (!g->discarding)
    return g->guard_fail ? g->guard_fail : "return 0;";
  return gen_str(g, "return RG_DROP(%u);", g->cur->index);
}

const char *gen_ctype(DslType t) {
  switch (t) {
  case DSL_TY_INT: return "int64_t";
  case DSL_TY_FLOAT: return "double";
  case DSL_TY_BOOL: return "bool";
  case DSL_TY_STR: return "const char *";
  case DSL_TY_INTS: return "RgInts";
  case DSL_TY_TYPE: return "RgDType";
  case DSL_TY_TENSOR:
  case DSL_TY_ANY: return "const RgAttr *";
  case DSL_TY_VALUE: return "RgValue *";
  default: return "int";
  }
}

static const char *cexpr(Gen *g, DslExpr *e);

/* `c`, the C of expression e, as a double: cast unless it is one. */
static const char *as_double(Gen *g, const DslExpr *e, const char *c) {
  return e->type == DSL_TY_FLOAT ? c : gen_str(g, "(double)%s", c);
}

static const char *ops_array(Gen *g, DslExpr *e, uint32_t *n) {
  DslOpDecl *list[256];
  uint32_t k = 0;
  DslExpr *single[1] = {e};
  DslExpr **items = e->kind == DSL_EX_ARRAY ? e->args : single;
  uint32_t ni = e->kind == DSL_EX_ARRAY ? e->nargs : 1;
  for (uint32_t i = 0; i < ni; i++) {
    DslExpr *x = items[i];
    if (x->kind == DSL_EX_NAME && x->opdecl && k < 256)
      list[k++] = x->opdecl;
    else if (x->kind == DSL_EX_NAME && x->cls)
      for (uint32_t j = 0; j < x->cls->nops && k < 256; j++)
        list[k++] = x->cls->ops[j];
    else
      gen_error(g, x->loc, "expected an op or op class");
  }
  *n = k;
  if (!k)
    return "NULL";
  RgsBuf b;
  rgs_buf_init(&b);
  for (uint32_t i = 0; i < k; i++)
    rgs_buf_printf(&b, "%srg_rw_op(rw, %s)", i ? ", " : "",
                   gen_op_const(g, g->pass, (uint32_t)gen_local_index(g->pass, list[i])));
  const char *r = gen_str(g, "(const RgOpId[]){%s}", b.data);
  rgs_buf_free(&b);
  return r;
}

/* `t` = result of a fallible runtime call `fn(args, &t)`. */
static const char *fallible(Gen *g, const char *type, const char *fn, const char *args) {
  const char *t = new_tmp(g);
  gen_declare(g, type, t);
  gen_check(g, gen_str(g, "%s(%s, &%s)", fn, args, t), fail_stmt(g));
  return t;
}

/* The C of `e` when it needs no statement before it (a test, a call
 * that cannot fail), else NULL with nothing written: the right operand
 * of `&&` and `||` is then one C expression with the left one. */
static const char *cexpr_pure(Gen *g, DslExpr *e) {
  GenOut out = g->out;
  RgLoc src = g->src;
  uint32_t tmp = g->tmp, nmemo = g->nmemo;
  /* The dry run starts with nothing pending: what it would write is its own. */
  struct GenPending pend = g->pend;
  g->pend = (struct GenPending){0};
  bool ok = g->ok;
  RgsBuf dry;
  rgs_buf_init(&dry);
  g->out.buf = &dry;
  const char *c = cexpr(g, e);
  bool pure = dry.len == 0 && !dry.oom && !g->pend.nchecks && !g->pend.ndecls;
  rgs_buf_free(&dry);
  g->out = out;
  g->src = src;
  g->nmemo = nmemo;
  g->pend = pend;
  if (pure || (ok && !g->ok)) /* an error is reported once */
    return pure ? c : "false";
  g->tmp = tmp;
  return NULL;
}

static const char *cbinary(Gen *g, DslExpr *e) {
  DslExpr *l = e->args[0], *r = e->args[1];
  if (e->op == DSL_OP_AND || e->op == DSL_OP_OR) {
    const char *a = cexpr(g, l);
    const char *b = cexpr_pure(g, r);
    if (b)
      return gen_str(g, "(%s %s %s)", a, e->op == DSL_OP_AND ? "&&" : "||", b);
    const char *t = new_tmp(g);
    gen_line(g, "bool %s = %s;", t, a);
    gen_line(g, "if (%s%s) {", e->op == DSL_OP_AND ? "" : "!", t);
    g->out.indent++;
    b = cexpr(g, r);
    gen_line(g, "%s = %s;", t, b);
    g->out.indent--;
    gen_line(g, "}");
    return t;
  }
  const char *a = cexpr(g, l), *b = cexpr(g, r);
  DslType lt = l->type, rt = r->type;
  const char *da = as_double(g, l, a), *db = as_double(g, r, b);
  if (e->type == DSL_TY_INTS && e->op == DSL_OP_ADD)
    return fallible(g, "RgInts", "rg_ints_concat", gen_str(g, "rw, %s, %s", a, b));
  if (e->type == DSL_TY_INTS && e->op == DSL_OP_MUL)
    return fallible(g, "RgInts", "rg_ints_repeat",
                    lt == DSL_TY_INTS ? gen_str(g, "rw, %s, %s", a, b) : gen_str(g, "rw, %s, %s", b, a));
  bool fl = lt == DSL_TY_FLOAT || rt == DSL_TY_FLOAT;
  static const char *const cmp[] = {[DSL_OP_EQ] = "==", [DSL_OP_NE] = "!=", [DSL_OP_LT] = "<",
                                    [DSL_OP_LE] = "<=", [DSL_OP_GT] = ">", [DSL_OP_GE] = ">="};
  switch (e->op) {
  case DSL_OP_EQ:
  case DSL_OP_NE: {
    const char *neg = e->op == DSL_OP_NE ? "!" : "";
    if (lt == DSL_TY_INTS)
      return gen_str(g, "%srg_ints_equal(%s, %s)", neg, a, b);
    if (lt == DSL_TY_STR)
      return gen_str(g, "(strcmp(%s, %s) %s 0)", a, b, cmp[e->op]);
    if (lt == DSL_TY_TENSOR || lt == DSL_TY_ANY)
      return gen_str(g, "%srg_attr_equal(%s, %s)", neg, a, b);
    if (fl)
      return gen_str(g, "(%s %s %s)", da, cmp[e->op], db);
    return gen_str(g, "(%s %s %s)", a, cmp[e->op], b);
  }
  case DSL_OP_LT:
  case DSL_OP_LE:
  case DSL_OP_GT:
  case DSL_OP_GE:
    if (fl)
      return gen_str(g, "(%s %s %s)", da, cmp[e->op], db);
    return gen_str(g, "(%s %s %s)", a, cmp[e->op], b);
  default:
    break;
  }
  const char *t = new_tmp(g);
  if (fl) {
    static const char *const ar[] = {[DSL_OP_ADD] = "+", [DSL_OP_SUB] = "-", [DSL_OP_MUL] = "*",
                                     [DSL_OP_DIV] = "/"};
    if (e->op == DSL_OP_MOD) {
      gen_line(g, "double %s = fmod(%s, %s);", t, da, db);
      return t;
    }
    gen_line(g, "double %s = %s %s %s;", t, da, ar[e->op], db);
    return t;
  }
  static const char *const fn[] = {[DSL_OP_ADD] = "rg_i64_add", [DSL_OP_SUB] = "rg_i64_sub",
                                   [DSL_OP_MUL] = "rg_i64_mul", [DSL_OP_DIV] = "rg_i64_div",
                                   [DSL_OP_MOD] = "rg_i64_mod"};
  gen_declare(g, "int64_t", t);
  gen_check(g, gen_str(g, "%s(%s, %s, &%s)", fn[e->op], a, b, t), fail_stmt(g));
  return t;
}

static const char *zero_of(DslType t) {
  switch (t) {
  case DSL_TY_INT: return "0";
  case DSL_TY_FLOAT: return "0.0";
  case DSL_TY_BOOL: return "false";
  case DSL_TY_INTS: return "{NULL, 0}";
  case DSL_TY_TYPE: return "RG_DT_NONE";
  default: return "NULL";
  }
}

/* `c ? a : b`: only the branch taken is evaluated, since the other may not
 * be computable (an index out of range). */
static const char *ccond(Gen *g, DslExpr *e) {
  const char *c = cexpr(g, e->args[0]);
  const char *t = new_tmp(g);
  const char *ty = gen_ctype(e->type);
  gen_line(g, "%s%s%s = %s;", ty, ty[strlen(ty) - 1] == '*' ? "" : " ", t, zero_of(e->type));
  for (int k = 1; k <= 2; k++) {
    gen_line(g, k == 1 ? "if (%s) {" : "} else {", c);
    g->out.indent++;
    const char *x = cexpr(g, e->args[k]);
    gen_line(g, "%s = %s;", t, x);
    g->out.indent--;
  }
  gen_line(g, "}");
  return t;
}

static const char *cminmax(Gen *g, DslExpr *e) {
  const char *a = cexpr(g, e->args[0]), *b = cexpr(g, e->args[1]);
  const char *t = new_tmp(g);
  const char *cmp = e->builtin == DSL_BI_MIN ? "<" : ">";
  if (e->type == DSL_TY_FLOAT)
    gen_line(g, "double %s = %s(%s, %s);", t, e->builtin == DSL_BI_MIN ? "fmin" : "fmax", as_double(g, e->args[0], a),
             as_double(g, e->args[1], b));
  else
    gen_line(g, "int64_t %s = %s %s %s ? %s : %s;", t, a, cmp, b, a, b);
  return t;
}

static const char *cextern(Gen *g, DslExpr *e) {
  DslExtern *x = e->ext;
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, "rw");
  for (uint32_t i = 0; i < e->nargs; i++)
    rgs_buf_printf(&b, ", %s", cexpr(g, e->args[i]));
  const char *t = x->is_pred ? gen_str(g, "%s(%s)", x->name.s, b.data)
                             : fallible(g, gen_ctype(x->ret), x->name.s, b.data);
  rgs_buf_free(&b);
  return t;
}

static const char *cconst(Gen *g, DslExpr *e) {
  DslOpDecl *cop = e->opdecl ? e->opdecl : gen_const_op_for(g->p, g->cur->rule);
  const DslAttrDecl *ad = cop ? gen_const_attr_of(cop) : NULL;
  if (!cop || !ad) {
    gen_error(g, e->loc, "const(...) needs an op with the 'constant' trait and a tensor attribute in this dialect");
    return "NULL";
  }
  const char *x = cexpr(g, e->args[0]);
  const char *t = new_tmp(g);
  /* Checked here: an expression may hand the value to an extern. */
  gen_line(g, "RgValue *%s = rg_rw_make(rw, %s, 0, NULL, 1, (const RgNamedAttr[]){{%s, %s}});", t,
           gen_op_const(g, g->pass, (uint32_t)gen_local_index(g->pass, cop)), gen_cquote(g, ad->name.s), x);
  gen_line(g, "if (!%s) return rg_rw_refuse(rw, %u);", t, g->cur->index);
  return t;
}

static const char *creaches(Gen *g, DslExpr *e) {
  const char *v = cexpr(g, e->args[0]);
  uint32_t nt = 0, nth = 0;
  const char *targets = ops_array(g, e->args[1], &nt);
  const char *through = e->nargs > 2 ? ops_array(g, e->args[2], &nth) : "NULL";
  return gen_str(g, "rg_value_reaches(%s, %s, %u, %s, %u)", v, targets, nt, through, nth);
}

/* The builtins builtins.def marks OWN. */
static const char *cown(Gen *g, DslExpr *e) {
  switch (e->builtin) {
  case DSL_BI_USES: return gen_str(g, "(int64_t)%s->num_uses", cexpr(g, e->args[0]));
  case DSL_BI_IS_SPLAT: return gen_str(g, "rg_match_splat(rw, %s, NULL)", cexpr(g, e->args[0]));
  case DSL_BI_REACHES: return creaches(g, e);
  case DSL_BI_CONST: return cconst(g, e);
  case DSL_BI_MIN:
  case DSL_BI_MAX: return cminmax(g, e);
  case DSL_BI_COND: return ccond(g, e);
  default:
    gen_error(g, e->loc, "this builtin is not supported by the code generator");
    return "0";
  }
}

/* A builtin printed as its line of builtins.def says: the arguments in
 * order, floats as double, then the call. */
static const char *ccall(Gen *g, DslExpr *e) {
  if (e->ext)
    return cextern(g, e);
  const DslBuiltinInfo *bi = dsl_builtin_info(e->builtin);
  if (!bi || bi->how == DSL_BIC_OWN)
    return cown(g, e);
  RgsBuf args;
  rgs_buf_init(&args);
  if (bi->how == DSL_BIC_FALLIBLE_RW)
    rgs_buf_puts(&args, "rw");
  else if (bi->how == DSL_BIC_GRAPH)
    rgs_buf_puts(&args, gen_graph(g));
  for (uint32_t i = 0; i < e->nargs; i++) {
    const char *a = cexpr(g, e->args[i]);
    bool dbl = bi->how == DSL_BIC_GRAPH && bi->params[i] == DSL_TY_FLOAT;
    rgs_buf_printf(&args, "%s%s", args.len ? ", " : "", dbl ? as_double(g, e->args[i], a) : a);
  }
  const char *r;
  if (bi->how == DSL_BIC_PURE) {
    r = gen_str(g, "%s(%s)", bi->cfn, args.data);
  } else if (bi->how == DSL_BIC_GRAPH) {
    r = new_tmp(g);
    const char *ty = gen_ctype(bi->ret);
    gen_line(g, "%s%s%s = %s(%s);", ty, ty[strlen(ty) - 1] == '*' ? "" : " ", r, bi->cfn, args.data);
    gen_check(g, r, fail_stmt(g));
  } else {
    r = fallible(g, gen_ctype(bi->ret), bi->cfn, args.data);
  }
  rgs_buf_free(&args);
  return r;
}

/* The C lines an expression needs come from its place in the rules file. */
static const char *cexpr_at(Gen *g, DslExpr *e);

/* Whether e builds a node (`const(...)`): two equal ones build two. */
static bool builds_node(const DslExpr *e) {
  if (e->kind == DSL_EX_CALL && !e->ext && e->builtin == DSL_BI_CONST)
    return true;
  for (uint32_t i = 0; i < e->nargs; i++)
    if (builds_node(e->args[i]))
      return true;
  return false;
}

/* Computed once: expressions that need statements (a temporary) and
 * build no node. An action's own block runs straight through (a failed
 * step returns), so what it computed holds everywhere after. */
static bool worth_keeping(const DslExpr *e) {
  switch (e->kind) {
  case DSL_EX_CALL:
  case DSL_EX_BINARY:
  case DSL_EX_INDEX:
  case DSL_EX_ARRAY:
  case DSL_EX_UNARY: return !builds_node(e);
  default: return false;
  }
}

static const char *memo_find(const Gen *g, const DslExpr *e) {
  for (uint32_t i = 0; i < g->nmemo; i++)
    if (gen_expr_same(g->memo[i].e, e))
      return g->memo[i].c;
  return NULL;
}

static void memo_add(Gen *g, const DslExpr *e, const char *c) {
  struct GenMemo *m = gen_grow(g, g->memo, g->nmemo, &g->capmemo, sizeof *m, 32);
  if (!m)
    return;
  g->memo = m;
  g->memo[g->nmemo++] = (struct GenMemo){e, c};
}

static const char *cexpr(Gen *g, DslExpr *e) {
  const char *c = memo_find(g, e);
  if (c)
    return c;
  RgLoc prev = gen_src_set(g, e->loc);
  c = cexpr_at(g, e);
  gen_src_restore(g, prev);
  if (g->out.indent == g->body_indent && worth_keeping(e))
    memo_add(g, e, c);
  return c;
}

const char *gen_cexpr(Gen *g, DslExpr *e) { return cexpr(g, e); }

static const char *cexpr_at(Gen *g, DslExpr *e) {
  switch (e->kind) {
  case DSL_EX_INT: return gen_c_int(g, e->ival);
  case DSL_EX_FLOAT: return gen_c_float(g, e->fval);
  case DSL_EX_BOOL: return e->bval ? "true" : "false";
  case DSL_EX_STR: return gen_cquote(g, e->str);
  case DSL_EX_NAME:
    if (e->var && e->var->kind == DSL_VAR_ATTR && e->var->type == DSL_TY_TYPE)
      return fallible(g, "RgDType", "rg_attr_get_dtype", var_c(g, e->var));
    if (e->var)
      return var_c(g, e->var);
    if (gen_lit_dtype(g, e))
      return gen_lit_dtype(g, e);
    if (e->type == DSL_TY_FLOAT && strcmp(e->str, "inf") == 0)
      return "INFINITY";
    gen_error(g, e->loc, "'%s' cannot be used as a value here", e->str);
    return "0";
  case DSL_EX_ARRAY: {
    const char *t = new_tmp(g);
    const char **el = rgs_arena_alloc(&g->arena, sizeof *el * (e->nargs ? e->nargs : 1));
    if (!el) {
      g->ok = false;
      return "0";
    }
    for (uint32_t i = 0; i < e->nargs; i++)
      el[i] = cexpr(g, e->args[i]);
    /* In the action's own block a compound literal lives as long as the
     * action; in a nested block (a branch of `?:`, `&&`) it would not. */
    if (e->nargs && g->out.indent == g->body_indent) {
      RgsBuf b;
      rgs_buf_init(&b);
      for (uint32_t i = 0; i < e->nargs; i++)
        rgs_buf_printf(&b, "%s%s", i ? ", " : "", el[i]);
      gen_line(g, "RgInts %s = {(const int64_t[]){%s}, %u};", t, b.data ? b.data : "", e->nargs);
      if (b.oom)
        g->ok = false;
      rgs_buf_free(&b);
      return t;
    }
    gen_line(g, "int64_t *%s_v = rg_rw_scratch(rw, %u);", t, e->nargs);
    gen_line(g, "if (!%s_v) %s", t, fail_stmt(g));
    for (uint32_t i = 0; i < e->nargs; i++)
      gen_line(g, "%s_v[%u] = %s;", t, i, el[i]);
    gen_line(g, "RgInts %s = {%s_v, %u};", t, t, e->nargs);
    return t;
  }
  case DSL_EX_UNARY: {
    const char *x = cexpr(g, e->args[0]);
    if (e->op == '!')
      return gen_str(g, "(!%s)", x);
    if (e->type == DSL_TY_FLOAT)
      return gen_str(g, "(-%s)", as_double(g, e->args[0], x));
    return fallible(g, "int64_t", "rg_i64_sub", gen_str(g, "0, %s", x));
  }
  case DSL_EX_BINARY: return cbinary(g, e);
  case DSL_EX_INDEX: {
    const char *b = cexpr(g, e->args[0]), *i = cexpr(g, e->args[1]);
    return fallible(g, "int64_t", "rg_ints_at", gen_str(g, "%s, %s", b, i));
  }
  case DSL_EX_CALL: return ccall(g, e);
  }
  return "0";
}
