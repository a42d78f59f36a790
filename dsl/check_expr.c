/* dsl/check_expr.c - the checker's expression half: builtin calls,
 * rule variables (binding and lookup), and typing of guards, attribute
 * values and replacement constants. */
#include <stdlib.h>
#include "rulegen/graph.h"
#include "check.h"

/* ---- "did you mean" ---- */

void dsl_unknown(Checker *c, RgLoc loc, const RgsSuggest *s, const char *fmt, ...) {
  char msg[320];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (s->best)
    err(c, loc, "%s; did you mean '%s'?", msg, s->best);
  else
    err(c, loc, "%s", msg);
}

void dsl_suggest_ops(const DslProgram *p, RgsSuggest *s) {
  for (uint32_t i = 0; i < p->nops; i++)
    rgs_suggest_add(s, p->ops[i]->name);
}

void dsl_suggest_map(const DslMap *m, RgsSuggest *s) {
  for (uint32_t i = 0; i < m->cap; i++)
    if (m->keys[i])
      rgs_suggest_add(s, m->keys[i]);
}

void dsl_suggest_attrs(const DslOpDecl *op, RgsSuggest *s) {
  for (uint32_t i = 0; i < op->nattrs; i++)
    rgs_suggest_add(s, op->attrs[i].name.s);
}

void dsl_suggest_traits(RgsSuggest *s) {
  for (int t = 0; t < DSL_TRAIT_COUNT; t++)
    rgs_suggest_add(s, dsl_trait_name((DslTrait)t));
}

/* ---- builtins (builtins.def) ---- */

void dsl_check_extern(Checker *c, DslExtern *e) {
  if (dsl_builtin_find(e->name.s))
    err(c, e->name.loc, "extern '%s' has the name of a builtin function", e->name.s);
  for (uint32_t i = 0; i < e->nparams; i++)
    if (e->params[i] == DSL_TY_ANY || e->params[i] == DSL_TY_TENSOR)
      err(c, e->loc, "extern '%s': parameter %u cannot have type '%s'", e->name.s,
          i + 1, dsl_type_name(e->params[i]));
  if (e->ret == DSL_TY_ANY || e->ret == DSL_TY_VALUE)
    err(c, e->name.loc, "extern '%s' cannot return '%s'", e->name.s, dsl_type_name(e->ret));
}

/* ---- variables ---- */

DslVar *dsl_find_var(Checker *c, const char *name) {
  for (uint32_t i = 0; i < c->nvars; i++)
    if (strcmp(c->vars[i]->name.s, name) == 0)
      return c->vars[i];
  return NULL;
}

DslVar *dsl_bind(Checker *c, DslName name, DslVarKind kind, DslType type) {
  DslVar *old = dsl_find_var(c, name.s);
  if (old) {
    err(c, name.loc, "'%s' is already bound in this rule", name.s);
    note(c, old->name.loc, "first bound here");
    return NULL;
  }
  DslVar *v = zalloc(c, sizeof *v);
  if (!v)
    return NULL;
  if (c->nvars == c->capvars) {
    uint32_t cap = c->capvars ? c->capvars * 2 : 8;
    DslVar **a = rg_realloc(c->vars, cap * sizeof *a);
    if (!a)
      return NULL;
    c->vars = a;
    c->capvars = cap;
  }
  v->name = name;
  v->kind = kind;
  v->type = type;
  v->index = c->nvars;
  c->vars[c->nvars++] = v;
  return v;
}

/* ---- expressions ---- */

bool dsl_assignable(DslType want, DslType have) {
  if (want == have || want == DSL_TY_ERROR || have == DSL_TY_ERROR)
    return true;
  if (want == DSL_TY_ANY || have == DSL_TY_ANY)
    return true;
  if (want == DSL_TY_FLOAT && have == DSL_TY_INT)
    return true;
  return false;
}

bool dsl_numeric(DslType t) {
  return t == DSL_TY_INT || t == DSL_TY_FLOAT || t == DSL_TY_ANY || t == DSL_TY_ERROR;
}

static const char *binop_text(int op) {
  static const char *t[] = {"||", "&&", "==", "!=", "<", "<=", ">", ">=",
                            "+", "-", "*", "/", "%"};
  return op >= 0 && op < (int)(sizeof t / sizeof t[0]) ? t[op] : "?";
}


/* `c ? a : b`: c is bool; a and b have one type (int and float mix to
 * float). */
static DslType check_cond(Checker *c, DslExpr *e, int ctx) {
  DslType t[3];
  for (uint32_t i = 0; i < 3; i++)
    t[i] = dsl_check_expr(c, e->args[i], ctx);
  e->builtin = DSL_BI_COND;
  if (t[0] == DSL_TY_ERROR || t[1] == DSL_TY_ERROR || t[2] == DSL_TY_ERROR)
    return DSL_TY_ERROR;
  if (!dsl_assignable(DSL_TY_BOOL, t[0])) {
    err(c, e->args[0]->loc, "the condition of '?' must be bool, not %s", dsl_type_name(t[0]));
    return DSL_TY_ERROR;
  }
  if (t[1] == DSL_TY_VALUES || t[1] == DSL_TY_OPS || t[1] == DSL_TY_OP) {
    err(c, e->args[1]->loc, "the branches of '?' cannot be %s", dsl_type_name(t[1]));
    return DSL_TY_ERROR;
  }
  if (dsl_assignable(t[1], t[2]) && t[1] != DSL_TY_ANY)
    return t[1];
  if (dsl_assignable(t[2], t[1]))
    return t[2];
  err(c, e->loc, "the branches of '?' have different types: %s and %s", dsl_type_name(t[1]),
      dsl_type_name(t[2]));
  return DSL_TY_ERROR;
}

static DslType check_call(Checker *c, DslExpr *e, int ctx) {
  if (strcmp(e->str, "?:") == 0)
    return check_cond(c, e, ctx);
  const DslBuiltinInfo *b = dsl_builtin_find(e->str);
  DslExtern *x = b ? NULL : dsl_map_get(&c->p->externmap, e->str);
  DslType argt[16];
  for (uint32_t i = 0; i < e->nargs; i++) {
    DslType t = dsl_check_expr(c, e->args[i], ctx);
    if (i < 16)
      argt[i] = t;
  }
  if (!b && !x) {
    RgsSuggest sg;
    rgs_suggest_init(&sg, e->str);
    dsl_suggest_map(&c->p->externmap, &sg);
    for (uint32_t i = 0; dsl_builtin_at(i); i++)
      rgs_suggest_add(&sg, dsl_builtin_at(i)->name);
    dsl_unknown(c, e->loc, &sg, "unknown function '%s'", e->str);
    return DSL_TY_ERROR;
  }
  const char *what = b ? "builtin" : "extern";
  uint32_t np = b ? b->nparams : x->nparams;
  uint32_t nreq = b ? b->nrequired : x->nparams;
  if (b && (b->flags & DSL_BIF_REPL_ONLY) && ctx != CTX_REPL) {
    err(c, e->loc, "'%s' builds a new constant and can only be used in a replacement", b->name);
    return DSL_TY_ERROR;
  }
  for (uint32_t i = 0; i < e->nargs; i++) {
    const char *kw = e->args[i]->kw;
    if (!kw)
      continue;
    if (!b || !b->kw || strcmp(kw, b->kw) != 0) {
      err(c, e->args[i]->loc, "%s '%s' has no parameter named '%s'", what, e->str, kw);
      return DSL_TY_ERROR;
    }
    if (i != np - 1) {
      err(c, e->args[i]->loc, "'%s=' must be argument %u of '%s'", kw, np, e->str);
      return DSL_TY_ERROR;
    }
  }
  if (e->nargs < nreq || e->nargs > np) {
    if (nreq == np)
      err(c, e->loc, "%s '%s' takes %u argument%s, but %u %s given", what, e->str, np,
          np == 1 ? "" : "s", e->nargs, e->nargs == 1 ? "was" : "were");
    else
      err(c, e->loc, "%s '%s' takes %u to %u arguments, but %u %s given", what, e->str,
          nreq, np, e->nargs, e->nargs == 1 ? "was" : "were");
    return DSL_TY_ERROR;
  }
  for (uint32_t i = 0; i < e->nargs; i++) {
    DslType want = b ? b->params[i] : x->params[i];
    if (!dsl_assignable(want, argt[i]) ||
        (argt[i] == DSL_TY_ANY && (want == DSL_TY_VALUE || want == DSL_TY_OPS))) {
      err(c, e->args[i]->loc, "argument %u of '%s' must be %s, not %s", i + 1, e->str,
          dsl_type_name(want), dsl_type_name(argt[i]));
      return DSL_TY_ERROR;
    }
  }
  if (b) {
    e->builtin = b->id;
    bool ints = true;
    for (uint32_t i = 0; i < e->nargs; i++)
      ints = ints && argt[i] == DSL_TY_INT;
    if ((b->flags & DSL_BIF_INT_IF_INTS) && ints)
      return DSL_TY_INT;
    return b->ret;
  }
  e->ext = x;
  return x->ret;
}

static DslType check_binary(Checker *c, DslExpr *e, DslType a, DslType b) {
  if (a == DSL_TY_ERROR || b == DSL_TY_ERROR)
    return DSL_TY_ERROR;
  const char *op = binop_text(e->op);
  switch ((DslBinOp)e->op) {
  case DSL_OP_OR:
  case DSL_OP_AND:
    if (!dsl_assignable(DSL_TY_BOOL, a) || !dsl_assignable(DSL_TY_BOOL, b)) {
      err(c, e->loc, "operands of '%s' must be bool, not %s and %s", op,
          dsl_type_name(a), dsl_type_name(b));
      return DSL_TY_ERROR;
    }
    return DSL_TY_BOOL;
  case DSL_OP_EQ:
  case DSL_OP_NE:
    if (!(dsl_assignable(a, b) || dsl_assignable(b, a)) || a == DSL_TY_VALUES || a == DSL_TY_OPS ||
        a == DSL_TY_OP || a == DSL_TY_TENSOR) {
      err(c, e->loc, "cannot compare %s with %s", dsl_type_name(a), dsl_type_name(b));
      return DSL_TY_ERROR;
    }
    return DSL_TY_BOOL;
  case DSL_OP_LT:
  case DSL_OP_LE:
  case DSL_OP_GT:
  case DSL_OP_GE:
    if (!dsl_numeric(a) || !dsl_numeric(b)) {
      err(c, e->loc, "operands of '%s' must be numbers, not %s and %s", op,
          dsl_type_name(a), dsl_type_name(b));
      return DSL_TY_ERROR;
    }
    return DSL_TY_BOOL;
  default:
    /* int lists: `a + b` concatenates, `l * n` (or `n * l`) repeats */
    if (e->op == DSL_OP_ADD && a == DSL_TY_INTS && b == DSL_TY_INTS)
      return DSL_TY_INTS;
    if (e->op == DSL_OP_MUL && ((a == DSL_TY_INTS && b == DSL_TY_INT) || (a == DSL_TY_INT && b == DSL_TY_INTS)))
      return DSL_TY_INTS;
    if (!dsl_numeric(a) || !dsl_numeric(b) || (e->op == DSL_OP_MOD && (a == DSL_TY_FLOAT || b == DSL_TY_FLOAT))) {
      err(c, e->loc, "operands of '%s' must be %s, not %s and %s", op,
          e->op == DSL_OP_MOD ? "integers" : "numbers", dsl_type_name(a), dsl_type_name(b));
      return DSL_TY_ERROR;
    }
    /* constant operands: catch overflow and division by zero now */
    DslExpr *x = e->args[0], *y = e->args[1];
    if (x->kind == DSL_EX_INT && y->kind == DSL_EX_INT) {
      int64_t r;
      bool ovf = false;
      switch ((DslBinOp)e->op) {
      case DSL_OP_ADD: ovf = __builtin_add_overflow(x->ival, y->ival, &r); break;
      case DSL_OP_SUB: ovf = __builtin_sub_overflow(x->ival, y->ival, &r); break;
      case DSL_OP_MUL: ovf = __builtin_mul_overflow(x->ival, y->ival, &r); break;
      default:
        if (y->ival == 0) {
          err(c, e->loc, "division by zero");
          return DSL_TY_ERROR;
        }
        ovf = x->ival == INT64_MIN && y->ival == -1;
      }
      if (ovf) {
        err(c, e->loc, "integer overflow in constant expression");
        return DSL_TY_ERROR;
      }
    }
    return a == DSL_TY_FLOAT || b == DSL_TY_FLOAT ? DSL_TY_FLOAT : a == DSL_TY_ANY ? b : a;
  }
}

bool dsl_literal_name(const char *name, DslType *type) {
  if (strcmp(name, "inf") == 0) {
    *type = DSL_TY_FLOAT;
    return true;
  }
  RgDType dt = rg_dtype_from_name(name, strlen(name));
  if (dt == RG_DT_NONE || dt == RG_DT_INDEX)
    return false;
  *type = DSL_TY_TYPE;
  return true;
}

bool dsl_is_literal(const DslExpr *e) {
  switch (e->kind) {
  case DSL_EX_INT:
  case DSL_EX_FLOAT:
  case DSL_EX_BOOL:
  case DSL_EX_STR:
    return true;
  case DSL_EX_NAME:
    return !e->var && !e->cls && !e->opdecl;
  case DSL_EX_UNARY:
    return e->op == '-' && e->args[0]->kind == DSL_EX_NAME && dsl_is_literal(e->args[0]);
  case DSL_EX_ARRAY:
    for (uint32_t i = 0; i < e->nargs; i++)
      if (e->args[i]->kind != DSL_EX_INT)
        return false;
    return true;
  default:
    return false;
  }
}

static DslType check_name(Checker *c, DslExpr *e) {
  DslVar *v = dsl_find_var(c, e->str);
  if (v) {
    e->var = v;
    v->uses++;
    return v->type;
  }
  if (strchr(e->str, '.')) {
    e->opdecl = dsl_map_get(&c->p->opmap, e->str);
    if (e->opdecl)
      return DSL_TY_OPS;
    RgsSuggest sg;
    rgs_suggest_init(&sg, e->str);
    dsl_suggest_ops(c->p, &sg);
    dsl_unknown(c, e->loc, &sg, "unknown op '%s'", e->str);
    return DSL_TY_ERROR;
  }
  e->cls = dsl_map_get(&c->p->classmap, e->str);
  if (e->cls)
    return DSL_TY_OPS;
  DslType lit;
  if (dsl_literal_name(e->str, &lit))
    return lit;
  RgsSuggest sg;
  rgs_suggest_init(&sg, e->str);
  for (uint32_t i = 0; i < c->nvars; i++)
    rgs_suggest_add(&sg, c->vars[i]->name.s);
  dsl_unknown(c, e->loc, &sg, "'%s' is used but never bound", e->str);
  return DSL_TY_ERROR;
}

DslType dsl_check_expr(Checker *c, DslExpr *e, int ctx) {
  DslType t = DSL_TY_ERROR;
  switch (e->kind) {
  case DSL_EX_INT: t = DSL_TY_INT; break;
  case DSL_EX_FLOAT: t = DSL_TY_FLOAT; break;
  case DSL_EX_BOOL: t = DSL_TY_BOOL; break;
  case DSL_EX_STR: t = DSL_TY_STR; break;
  case DSL_EX_NAME: t = check_name(c, e); break;
  case DSL_EX_ARRAY: {
    /* int arrays, or op lists for reaches(..., through=[...]) */
    DslType elem = DSL_TY_INT;
    bool bad = false;
    for (uint32_t i = 0; i < e->nargs; i++) {
      DslType et = dsl_check_expr(c, e->args[i], ctx);
      if (et == DSL_TY_ERROR) {
        bad = true;
        continue;
      }
      if (i == 0 && et == DSL_TY_OPS)
        elem = DSL_TY_OPS;
      if (!dsl_assignable(elem, et) || (elem == DSL_TY_INT && et == DSL_TY_ANY)) {
        err(c, e->args[i]->loc, "array elements must be %s, not %s",
            elem == DSL_TY_OPS ? "ops" : "int", dsl_type_name(et));
        bad = true;
      }
    }
    t = bad ? DSL_TY_ERROR : elem == DSL_TY_OPS ? DSL_TY_OPS : DSL_TY_INTS;
    break;
  }
  case DSL_EX_UNARY: {
    DslType a = dsl_check_expr(c, e->args[0], ctx);
    if (a == DSL_TY_ERROR)
      break;
    if (e->op == '!') {
      if (!dsl_assignable(DSL_TY_BOOL, a))
        err(c, e->loc, "operand of '!' must be bool, not %s", dsl_type_name(a));
      else
        t = DSL_TY_BOOL;
    } else if (!dsl_numeric(a)) {
      err(c, e->loc, "operand of '-' must be a number, not %s", dsl_type_name(a));
    } else {
      t = a;
    }
    break;
  }
  case DSL_EX_BINARY: {
    DslType a = dsl_check_expr(c, e->args[0], ctx);
    DslType b = dsl_check_expr(c, e->args[1], ctx);
    t = check_binary(c, e, a, b);
    break;
  }
  case DSL_EX_INDEX: {
    DslType a = dsl_check_expr(c, e->args[0], ctx);
    DslType i = dsl_check_expr(c, e->args[1], ctx);
    if (a == DSL_TY_ERROR || i == DSL_TY_ERROR)
      break;
    if (a != DSL_TY_INTS && a != DSL_TY_ANY)
      err(c, e->loc, "only int[] can be indexed, not %s", dsl_type_name(a));
    else if (i != DSL_TY_INT && i != DSL_TY_ANY)
      err(c, e->args[1]->loc, "index must be int, not %s", dsl_type_name(i));
    else
      t = DSL_TY_INT;
    break;
  }
  case DSL_EX_CALL: t = check_call(c, e, ctx); break;
  }
  e->type = t;
  return t;
}
