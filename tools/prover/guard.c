/* tools/prover/guard.c - guard expressions as constraints: the DSL's
 * operators, the builtins' SMT meanings (dsl/builtins.def's smt column)
 * and those of the TOSA externs. */
#include "prover.h"

/* ---- guard expressions ---- */

bool ev_int_num(Inst *in, Ast t, int64_t *v) {
  Ast s = Z3_simplify(Z, t);
  return Z3_is_numeral_ast(Z, s) && Z3_get_numeral_int64(Z, s, v);
}

/* a FLOAT value as a term of element type dt. */
Ast float_as(Inst *in, const Ev *v, RgDType dt) {
  if (v->ty == DSL_TY_INT)
    return isf(dt) ? Z3_mk_fpa_to_fp_signed(Z, rne(in), v->t, sort_of(in, dt)) : low(in, v->t, dt);
  if (v->fdt == RG_DT_NONE)
    return num(in, dt, v->lit);
  if (v->fdt == dt)
    return v->t;
  unknown(in, "a number compared across element types");
  return NULL;
}

static Ast cmp_terms(Inst *in, int op, Ast a, Ast b, bool fl, RgDType dt) {
  if (fl && isf(dt)) {
    switch (op) {
    case DSL_OP_EQ: return Z3_mk_fpa_eq(Z, a, b);
    case DSL_OP_NE: return Z3_mk_not(Z, Z3_mk_fpa_eq(Z, a, b));
    case DSL_OP_LT: return Z3_mk_fpa_lt(Z, a, b);
    case DSL_OP_LE: return Z3_mk_fpa_leq(Z, a, b);
    case DSL_OP_GT: return Z3_mk_fpa_gt(Z, a, b);
    default: return Z3_mk_fpa_geq(Z, a, b);
    }
  }
  switch (op) {
  case DSL_OP_EQ: return Z3_mk_eq(Z, a, b);
  case DSL_OP_NE: return Z3_mk_not(Z, Z3_mk_eq(Z, a, b));
  case DSL_OP_LT: return Z3_mk_bvslt(Z, a, b);
  case DSL_OP_LE: return Z3_mk_bvsle(Z, a, b);
  case DSL_OP_GT: return Z3_mk_bvsgt(Z, a, b);
  default: return Z3_mk_bvsge(Z, a, b);
  }
}

Ast compare(Inst *in, int op, const Ev *a, const Ev *b) {
  if (a->ty == DSL_TY_INTS || b->ty == DSL_TY_INTS) {
    if (op != DSL_OP_EQ && op != DSL_OP_NE)
      return unknown(in, "an ordering of int[] values"), NULL;
    Ast eq = Z3_mk_false(Z);
    if (a->n == b->n) {
      Ast parts[MAXINTS];
      for (uint32_t i = 0; i < a->n; i++)
        parts[i] = Z3_mk_eq(Z, a->a[i], b->a[i]);
      eq = mk_and(in, a->n, parts);
    }
    return op == DSL_OP_EQ ? eq : Z3_mk_not(Z, eq);
  }
  if (a->ty == DSL_TY_STR || b->ty == DSL_TY_STR) { /* rounding modes */
    Ast x = round_term(in, a), y = x ? round_term(in, b) : NULL;
    if (!x || !y || (op != DSL_OP_EQ && op != DSL_OP_NE))
      return unknown(in, "a comparison of strings"), NULL;
    return op == DSL_OP_EQ ? Z3_mk_eq(Z, x, y) : Z3_mk_not(Z, Z3_mk_eq(Z, x, y));
  }
  if (a->ty == DSL_TY_TYPE) {
    bool eq = a->dtype == b->dtype;
    return (op == DSL_OP_EQ) == eq ? Z3_mk_true(Z) : Z3_mk_false(Z);
  }
  if (a->ty == DSL_TY_VALUE) {
    if (a->v == b->v)
      return op == DSL_OP_EQ ? Z3_mk_true(Z) : Z3_mk_false(Z);
    return fresh(in, "same_value", Z3_mk_bool_sort(Z)); /* two values: the proof holds either way */
  }
  if (a->ty == DSL_TY_BOOL)
    return op == DSL_OP_EQ ? Z3_mk_eq(Z, a->t, b->t) : Z3_mk_not(Z, Z3_mk_eq(Z, a->t, b->t));
  if (a->ty == DSL_TY_FLOAT || b->ty == DSL_TY_FLOAT) {
    RgDType dt = a->ty == DSL_TY_FLOAT && a->fdt ? a->fdt : b->ty == DSL_TY_FLOAT && b->fdt ? b->fdt : RG_DT_NONE;
    if (dt == RG_DT_NONE) { /* two literals */
      double x = a->ty == DSL_TY_FLOAT ? a->lit : 0, y = b->ty == DSL_TY_FLOAT ? b->lit : 0;
      bool r = op == DSL_OP_EQ ? x == y : op == DSL_OP_NE ? x != y : op == DSL_OP_LT ? x < y
             : op == DSL_OP_LE ? x <= y : op == DSL_OP_GT ? x > y : x >= y;
      if (a->ty != DSL_TY_FLOAT || b->ty != DSL_TY_FLOAT)
        return unknown(in, "an integer compared with a literal number"), NULL;
      return r ? Z3_mk_true(Z) : Z3_mk_false(Z);
    }
    Ast x = float_as(in, a, dt), y = float_as(in, b, dt);
    return x && y ? cmp_terms(in, op, x, y, true, dt) : NULL;
  }
  return cmp_terms(in, op, a->t, b->t, false, RG_DT_NONE);
}

static Ast ints_at(Inst *in, const Ev *a, Ast k) {
  int64_t kv;
  if (ev_int_num(in, k, &kv)) {
    if (kv < 0 || (uint64_t)kv >= a->n)
      return NULL;
    return a->a[kv];
  }
  if (!a->n)
    return NULL;
  Ast r = a->a[0];
  for (uint32_t i = 1; i < a->n; i++)
    r = Z3_mk_ite(Z, Z3_mk_eq(Z, k, i64(in, i)), a->a[i], r);
  return r;
}

bool set_ints(Inst *in, Ev *out, uint32_t n) {
  out->ty = DSL_TY_INTS;
  if (n > MAXINTS)
    return unknown(in, "an int[] longer than %d", MAXINTS), false;
  out->n = n;
  return true;
}

/* An extern with an SMT meaning; false when it has none. */
static bool ext_meaning(Inst *in, const DslExpr *e, Ev *a, uint32_t n, bool conjunct, Ev *out);

/* ---- the builtins' meanings, named in dsl/builtins.def's smt column:
 * each fills out (zeroed, out->ty the call's type) from the arguments a;
 * false without a reason (unknown, invalid) when it has no meaning for
 * these types ---- */

typedef bool SmtBuiltin(Inst *in, Ev *a, Ev *out);

static bool smt_len(Inst *in, Ev *a, Ev *out) {
  out->t = i64(in, a[0].ty == DSL_TY_VALUES ? (int64_t)a[0].nvs : (int64_t)a[0].n);
  return true;
}

static bool smt_rank(Inst *in, Ev *a, Ev *out) {
  out->t = i64(in, a[0].v->scalar ? 1 : in->R);
  return true;
}

static bool smt_shape(Inst *in, Ev *a, Ev *out) {
  if (a[0].v->scalar)
    return unknown(in, "shape() of a one-element operand"), false;
  if (!set_ints(in, out, (uint32_t)in->R))
    return false;
  for (int d = 0; d < in->R; d++)
    out->a[d] = Z3_mk_zero_ext(Z, 64 - IBITS, a[0].v->dims[d]);
  return true;
}

static bool smt_dtype(Inst *in, Ev *a, Ev *out) {
  (void)in;
  out->dtype = a[0].v->dt;
  return true;
}

/* uses(x): a question about the graph, any count of at least 1. */
static bool smt_uses(Inst *in, Ev *a, Ev *out) {
  (void)a;
  out->t = fresh(in, "uses", bv(in, 64));
  fact(in, Z3_mk_bvsge(Z, out->t, i64(in, 1)));
  return true;
}

static bool smt_iota(Inst *in, Ev *a, Ev *out) {
  int64_t n;
  if (!ev_int_num(in, a[0].t, &n) || n < 0)
    return unknown(in, "iota of a length that is not fixed"), false;
  if (!set_ints(in, out, (uint32_t)n))
    return false;
  for (int64_t i = 0; i < n; i++)
    out->a[i] = i64(in, i);
  return true;
}

/* compose(p, q)[i] = p[q[i]] */
static bool smt_compose(Inst *in, Ev *a, Ev *out) {
  if (!set_ints(in, out, a[1].n))
    return false;
  for (uint32_t i = 0; i < a[1].n; i++) {
    Ast r = ints_at(in, &a[0], a[1].a[i]);
    if (!r)
      return unknown(in, "compose() out of range"), false;
    out->a[i] = r;
  }
  return true;
}

/* inverse(p)[p[i]] = i */
static bool smt_inverse(Inst *in, Ev *a, Ev *out) {
  if (!set_ints(in, out, a[0].n))
    return false;
  for (uint32_t d = 0; d < a[0].n; d++) {
    Ast r = i64(in, 0);
    for (uint32_t i = a[0].n; i-- > 0;)
      r = Z3_mk_ite(Z, Z3_mk_eq(Z, a[0].a[i], i64(in, d)), i64(in, i), r);
    out->a[d] = r;
  }
  return true;
}

/* l[lo .. hi] with bounds the instance fixes. */
static bool smt_slice(Inst *in, Ev *a, Ev *out) {
  int64_t lo, hi;
  if (!ev_int_num(in, a[1].t, &lo) || !ev_int_num(in, a[2].t, &hi))
    return unknown(in, "a list sliced at symbolic bounds"), false;
  if (lo < 0 || hi < lo || (uint64_t)hi > a[0].n)
    return in->invalid = true, false; /* rg_ints_slice fails: the rule does not apply */
  if (!set_ints(in, out, (uint32_t)(hi - lo)))
    return false;
  memcpy(out->a, a[0].a + lo, sizeof(Ast) * (size_t)(hi - lo));
  return true;
}

/* A question about the graph: free, the proof holds either way. */
static bool smt_reaches(Inst *in, Ev *a, Ev *out) {
  (void)a;
  out->t = fresh(in, "reaches", Z3_mk_bool_sort(Z));
  if (in->nuninterp < 8)
    in->uninterp[in->nuninterp++] = "reaches";
  return true;
}

/* A rank-0 constant of the number in the type. */
static bool smt_scalar_tensor(Inst *in, Ev *a, Ev *out) {
  RgDType dt = a[1].dtype;
  Val *v = new_val(in, V_SPLAT, dt);
  if (!v)
    return false;
  if (a[0].fdt != RG_DT_F64)
    return unknown(in, "scalar_tensor of a computed number"), false;
  v->scalar = true;
  if (a[0].v && a[0].v->exact && a[0].v->nf == a[0].t && a[0].v->exact_dt == dt)
    v->elem = a[0].v->exact; /* the guard has the number exact in dt */
  else
    v->elem = isf(dt) ? Z3_mk_fpa_to_fp_float(Z, rne(in), a[0].t, sort_of(in, dt))
                      : low(in, Z3_mk_fpa_to_sbv(Z, Z3_mk_fpa_rtz(Z), a[0].t, 64), dt);
  out->v = v;
  return true;
}

static bool smt_is_splat(Inst *in, Ev *a, Ev *out) {
  out->t = a[0].v->kind == V_SPLAT ? Z3_mk_true(Z) : fresh(in, "is_splat", Z3_mk_bool_sort(Z));
  return true;
}

static bool smt_const(Inst *in, Ev *a, Ev *out) {
  (void)in;
  *out = a[0];
  out->ty = DSL_TY_VALUE;
  return true;
}

/* full(shape, value, dtype): a splat. */
static bool smt_full(Inst *in, Ev *a, Ev *out) {
  Val *v = new_val(in, V_SPLAT, a[2].dtype);
  if (!v || a[0].n != (uint32_t)in->R)
    return unknown(in, "full() of another rank"), false;
  for (int d = 0; d < in->R; d++)
    v->dims[d] = Z3_mk_extract(Z, IBITS - 1, 0, a[0].a[d]);
  v->elem = float_as(in, &a[1], v->dt);
  out->v = v;
  return v->elem != NULL;
}

/* min and max of ints (of floats: no meaning). */
static bool smt_minmax(Inst *in, Ev *a, Ev *out, bool max) {
  if (out->ty != DSL_TY_INT)
    return false;
  out->t = Z3_mk_ite(Z, max ? Z3_mk_bvsge(Z, a[0].t, a[1].t) : Z3_mk_bvsle(Z, a[0].t, a[1].t), a[0].t, a[1].t);
  return true;
}
static bool smt_min(Inst *in, Ev *a, Ev *out) { return smt_minmax(in, a, out, false); }
static bool smt_max(Inst *in, Ev *a, Ev *out) { return smt_minmax(in, a, out, true); }

/* `c ? a : b` of ints, Booleans, or numbers of one element type. */
static bool smt_cond(Inst *in, Ev *a, Ev *out) {
  if (out->ty == DSL_TY_INT || out->ty == DSL_TY_BOOL) {
    out->t = Z3_mk_ite(Z, a[0].t, a[1].t, a[2].t);
    return true;
  }
  RgDType dt = a[1].fdt ? a[1].fdt : a[2].fdt;
  if (out->ty != DSL_TY_FLOAT || dt == RG_DT_NONE)
    return false;
  Ast x = float_as(in, &a[1], dt), y = float_as(in, &a[2], dt);
  if (!x || !y)
    return false;
  out->t = Z3_mk_ite(Z, a[0].t, x, y);
  out->fdt = dt;
  return true;
}

/* Each builtin's meaning, from its line of dsl/builtins.def. */
static SmtBuiltin *const smt_builtins[DSL_BI_COUNT] = {
#define DSL_BUILTIN(ID, name, ret, nreq, kw, flags, how, cfn, read, smt, params) [DSL_BI_##ID] = smt,
#include "builtins.def"
#undef DSL_BUILTIN
    [DSL_BI_COND] = smt_cond,
};

static bool builtin(Inst *in, const DslExpr *e, Ev *a, Ev *out) {
  memset(out, 0, sizeof *out);
  out->ty = e->type;
  SmtBuiltin *meaning = e->builtin < DSL_BI_COUNT ? smt_builtins[e->builtin] : NULL;
  if (meaning && meaning(in, a, out))
    return true;
  if (!in->invalid)
    unknown(in, "builtin %s has no SMT meaning", e->str);
  return false;
}

/* Whether e is a conjunct of the guard (not under !, ||, a comparison). */
static bool is_conjunct(const DslExpr *g, const DslExpr *e) {
  if (g == e)
    return true;
  return g->kind == DSL_EX_BINARY && g->op == DSL_OP_AND && (is_conjunct(g->args[0], e) || is_conjunct(g->args[1], e));
}

/* A name: a bound variable, an element type, inf. */
static bool ev_name(Inst *in, const DslExpr *e, Ev *out) {
  if (e->var) {
    if (!in->bound[e->var->index])
      return unknown(in, "variable %s used before it is bound", e->var->name.s), false;
    *out = in->vars[e->var->index];
    if (out->ty == DSL_TY_INT && e->type == DSL_TY_FLOAT) { /* an int attribute used as a number */
      out->ty = DSL_TY_INT;
    }
    return true;
  }
  if (e->type == DSL_TY_TYPE) {
    out->dtype = rg_dtype_from_name(e->str, strlen(e->str));
    return true;
  }
  if (e->type == DSL_TY_FLOAT && strcmp(e->str, "inf") == 0) {
    out->lit = INFINITY;
    return true;
  }
  return unknown(in, "name %s has no SMT meaning", e->str), false;
}

/* `[a, b, ...]` of ints. */
static bool ev_array(Inst *in, const DslExpr *e, Ev *out) {
  if (!set_ints(in, out, e->nargs))
    return false;
  for (uint32_t i = 0; i < e->nargs; i++) {
    Ev x;
    if (!ev(in, e->args[i], &x))
      return false;
    if (x.ty != DSL_TY_INT)
      return unknown(in, "an array of non-integers"), false;
    out->a[i] = x.t;
  }
  return true;
}

static bool ev_unary(Inst *in, const DslExpr *e, Ev *out) {
  Ev x;
  if (!ev(in, e->args[0], &x))
    return false;
  if (e->op == '!') {
    out->t = Z3_mk_not(Z, x.t);
  } else if (x.ty == DSL_TY_INT) {
    out->t = Z3_mk_bvneg(Z, x.t);
  } else {
    *out = x;
    if (x.fdt == RG_DT_NONE)
      out->lit = -x.lit;
    else
      out->t = isf(x.fdt) ? Z3_mk_fpa_neg(Z, x.t) : Z3_mk_bvneg(Z, x.t);
  }
  return true;
}

static bool ev_binary(Inst *in, const DslExpr *e, Ev *out) {
  Ev x, y;
  if (!ev(in, e->args[0], &x) || !ev(in, e->args[1], &y))
    return false;
  switch (e->op) {
  case DSL_OP_AND: out->t = and2(in, x.t, y.t); return true;
  case DSL_OP_OR: out->t = or2(in, x.t, y.t); return true;
  case DSL_OP_EQ: case DSL_OP_NE: case DSL_OP_LT: case DSL_OP_LE: case DSL_OP_GT: case DSL_OP_GE:
    out->t = compare(in, e->op, &x, &y);
    return out->t != NULL;
  default: break;
  }
  if (x.ty == DSL_TY_INTS && y.ty == DSL_TY_INTS && e->op == DSL_OP_ADD) {
    if (!set_ints(in, out, x.n + y.n))
      return false;
    memcpy(out->a, x.a, sizeof(Ast) * x.n);
    memcpy(out->a + x.n, y.a, sizeof(Ast) * y.n);
    return true;
  }
  if (x.ty == DSL_TY_INT && y.ty == DSL_TY_INT) {
    /* guards compute with checked arithmetic; values stay far below 2^62 */
    switch (e->op) {
    case DSL_OP_ADD: out->t = Z3_mk_bvadd(Z, x.t, y.t); return true;
    case DSL_OP_SUB: out->t = Z3_mk_bvsub(Z, x.t, y.t); return true;
    case DSL_OP_MUL: out->t = Z3_mk_bvmul(Z, x.t, y.t); return true;
    default: break;
    }
  }
  return unknown(in, "an arithmetic operator on these operands"), false;
}

static bool ev_index(Inst *in, const DslExpr *e, Ev *out) {
  Ev x, k;
  if (!ev(in, e->args[0], &x) || !ev(in, e->args[1], &k))
    return false;
  if (x.ty != DSL_TY_INTS || k.ty != DSL_TY_INT)
    return unknown(in, "an index of a non-array"), false;
  out->t = ints_at(in, &x, k.t);
  if (!out->t) /* a numeral index out of range: the rule does not apply */
    return in->invalid = true, false;
  return true;
}

/* A call: a builtin, an extern with an SMT meaning, or a free predicate. */
static bool ev_call(Inst *in, const DslExpr *e, Ev *out) {
  Ev a[8];
  if (e->nargs > 8)
    return unknown(in, "a call with too many arguments"), false;
  for (uint32_t i = 0; i < e->nargs; i++)
    if (e->args[i]->type != DSL_TY_OPS && !ev(in, e->args[i], &a[i]))
      return false;
  if (e->builtin != DSL_BI_NONE)
    return builtin(in, e, a, out);
  if (!e->ext)
    return unknown(in, "call of %s", e->str), false;
  bool conj = in->guard_root && is_conjunct(in->guard_root, e);
  if (ext_meaning(in, e, a, e->nargs, conj, out))
    return !in->unknown[0];
  if (in->unknown[0])
    return false;
  if (!e->ext->is_pred)
    return unknown(in, "extern %s has no SMT meaning", e->str), false;
  /* a predicate without a meaning: free, which is sound; a
   * counterexample that needs it true (or false) is not a real one */
  out->ty = DSL_TY_BOOL;
  out->t = fresh(in, e->str, Z3_mk_bool_sort(Z));
  if (in->nuninterp < 8)
    in->uninterp[in->nuninterp++] = e->str;
  return true;
}

/* A guard expression's value, by its kind. */
bool ev(Inst *in, const DslExpr *e, Ev *out) {
  memset(out, 0, sizeof *out);
  out->ty = e->type;
  switch (e->kind) {
  case DSL_EX_INT:
    if (e->type == DSL_TY_FLOAT)
      out->lit = (double)e->ival;
    else
      out->t = i64(in, e->ival);
    return true;
  case DSL_EX_FLOAT: out->lit = e->fval; return true;
  case DSL_EX_BOOL: out->t = e->bval ? Z3_mk_true(Z) : Z3_mk_false(Z); return true;
  case DSL_EX_STR: out->str = e->str; return true;
  case DSL_EX_NAME: return ev_name(in, e, out);
  case DSL_EX_ARRAY: return ev_array(in, e, out);
  case DSL_EX_UNARY: return ev_unary(in, e, out);
  case DSL_EX_BINARY: return ev_binary(in, e, out);
  case DSL_EX_INDEX: return ev_index(in, e, out);
  case DSL_EX_CALL: return ev_call(in, e, out);
  }
  return unknown(in, "an expression with no SMT meaning"), false;
}

/* ---- SMT meanings of the TOSA externs (backends/tosa/tosa_externs.c,
 * tosa_canon.c), over the instance's types and terms ---- */

Ast bool_c(Inst *in, bool b) { return b ? Z3_mk_true(Z) : Z3_mk_false(Z); }

/* The splat's sign for tosa_add_zero_exact / tosa_sub_zero_exact: whether
 * z is a splat of -0.0 (neg) or of +0.0 / integer 0. */
static Ast zero_is(Inst *in, Val *z, bool neg) {
  if (z->kind != V_SPLAT)
    return Z3_mk_false(Z);
  if (!isf(z->dt))
    return neg ? Z3_mk_false(Z) : Z3_mk_eq(Z, z->elem, num(in, z->dt, 0));
  return and2(in, Z3_mk_fpa_is_zero(Z, z->elem),
              neg ? Z3_mk_fpa_is_negative(Z, z->elem) : Z3_mk_fpa_is_positive(Z, z->elem));
}

/* tosa_never_negative_zero(x) for a value of the pattern: true for
 * integers, a free Bool b for an input whose every element is then not
 * -0.0 where b holds. */
static Ast never_negative_zero(Inst *in, Val *x) {
  if (!isf(x->dt))
    return Z3_mk_true(Z);
  if (x->kind == V_SPLAT)
    return Z3_mk_not(Z, neg_zero(in, x->elem));
  if (x->kind != V_LEAF)
    return fresh(in, "never_negative_zero", Z3_mk_bool_sort(Z));
  if (!x->nnz)
    x->nnz = fresh(in, "never_negative_zero", Z3_mk_bool_sort(Z));
  return x->nnz;
}

Ast all_dims(Inst *in, Val *a, Val *b, bool no_broadcast) {
  Ast parts[MAXR];
  if (a->scalar || b->scalar)
    return bool_c(in, a->scalar && b->scalar);
  for (int d = 0; d < in->R; d++)
    parts[d] = no_broadcast ? or2(in, Z3_mk_eq(Z, a->dims[d], ix(in, 1)), Z3_mk_eq(Z, a->dims[d], b->dims[d]))
                            : Z3_mk_eq(Z, a->dims[d], b->dims[d]);
  return mk_and(in, (uint32_t)in->R, parts);
}

/* The range of an integer type, unsigned where u holds. */
static void int_range(Inst *in, RgDType dt, Ast u, Ast *lo, Ast *hi) {
  *lo = ite64(in, u, 0, rg_elem_min(dt));
  *hi = ite64(in, u, (int64_t)(((uint64_t)1 << rg_dtype_bits(dt)) - 1), rg_elem_max(dt));
}

/* fuse_plan of backends/tosa/tosa_externs.c: whether RESCALEs a (inner)
 * and b (outer) fuse exactly, and the fused multiplier (64 bits). Zero
 * points are the stored values, as const_int reads them. */
static Ast fuse_plan(Inst *in, Val *a, Val *b, Ast *fused) {
  if (!is_op(a, K_RESCALE) || !is_op(b, K_RESCALE) || b->opnd[0] != a)
    return Z3_mk_false(Z);
  Ast c0 = ix(in, 0);
  Ast m1 = channel_read(in, a->opnd[1], c0), s1 = m1 ? channel_read(in, a->opnd[2], c0) : NULL;
  Ast m2 = s1 ? channel_read(in, b->opnd[1], c0) : NULL;
  Ast izp = m2 ? elem(in, a->opnd[3], NULL) : NULL, mzp = izp ? elem(in, a->opnd[4], NULL) : NULL;
  Ast bzp = mzp ? elem(in, b->opnd[3], NULL) : NULL;
  if (!bzp)
    return NULL;
  m1 = sext64(in, m1, a->opnd[1]->dt), s1 = sext64(in, s1, a->opnd[2]->dt), m2 = sext64(in, m2, b->opnd[1]->dt);
  RgDType it = a->opnd[0]->dt, mt = a->dt, ot = b->dt;
  bool narrow_in = it == RG_DT_I8 || it == RG_DT_I16, narrow_out = ot == RG_DT_I8 || ot == RG_DT_I16;
  Ast parts[24];
  uint32_t np = 0;
  parts[np++] = Z3_mk_and(Z, 4, (Ast[]){a->s32, b->s32, Z3_mk_not(Z, a->pc), Z3_mk_not(Z, b->pc)});
  parts[np++] = Z3_mk_eq(Z, mzp, bzp);
  parts[np++] = Z3_mk_eq(Z, a->ou, b->iu);
  parts[np++] = Z3_mk_not(Z, and2(in, a->iu, b->ou));
  parts[np++] = Z3_mk_implies(Z, or2(in, a->iu, b->ou), bool_c(in, narrow_in && narrow_out));
  /* lossless_gain: multiplier = k << shift */
  parts[np++] = and2(in, Z3_mk_bvsge(Z, s1, i64(in, 2)), Z3_mk_bvsle(Z, s1, i64(in, 40)));
  parts[np++] = Z3_mk_bvsgt(Z, m1, i64(in, 0));
  Ast unit = Z3_mk_bvshl(Z, i64(in, 1), s1), k = Z3_mk_bvsdiv(Z, m1, unit);
  parts[np++] = Z3_mk_eq(Z, Z3_mk_bvsrem(Z, m1, unit), i64(in, 0));
  parts[np++] = and2(in, Z3_mk_bvsge(Z, k, i64(in, 1)), Z3_mk_bvsle(Z, k, i64(in, (int64_t)1 << 30)));
  /* nothing saturates in the middle */
  Ast in_lo, in_hi, mid_lo, mid_hi, z = sext64(in, izp, it), oz = sext64(in, mzp, mt);
  int_range(in, it, a->iu, &in_lo, &in_hi);
  int_range(in, mt, a->ou, &mid_lo, &mid_hi);
  Ast v_lo = Z3_mk_bvsub(Z, in_lo, z), v_hi = Z3_mk_bvsub(Z, in_hi, z);
  parts[np++] = Z3_mk_bvsge(Z, v_lo, i64(in, -((int64_t)1 << 48)));
  parts[np++] = Z3_mk_bvsle(Z, v_hi, i64(in, (int64_t)1 << 48));
  parts[np++] = Z3_mk_bvsge(Z, Z3_mk_bvadd(Z, Z3_mk_bvmul(Z, v_lo, k), oz), mid_lo);
  parts[np++] = Z3_mk_bvsle(Z, Z3_mk_bvadd(Z, Z3_mk_bvmul(Z, v_hi, k), oz), mid_hi);
  parts[np++] = Z3_mk_bvsge(Z, m2, i64(in, 0));
  parts[np++] = Z3_mk_bvsle(Z, m2, Z3_mk_bvsdiv(Z, i64(in, INT32_MAX), k));
  *fused = Z3_mk_bvmul(Z, m2, k);
  parts[np++] = Z3_mk_bvsle(Z, *fused, i64(in, INT32_MAX));
  return mk_and(in, np, parts);
}

/* A node the meaning of an extern builds over x (the constant an extern
 * computes from x's data), with the given dims. */
static Val *derived_node(Inst *in, Kind k, Val *x, Ast const *dims) {
  Val *v = new_val(in, V_NODE, x->dt);
  if (!v)
    return NULL;
  v->k = k;
  v->op = x->op;
  v->created = true;
  v->opnd[v->nopnd++] = x;
  memcpy(v->dims, dims, sizeof(Ast) * (size_t)in->R);
  return v;
}

/* Externs about values: types, zeros, NaN modes, clamps, shifts. */
static bool ext_values(Inst *in, const char *nm, Ev *a, uint32_t n, bool conjunct, Ev *out) {
  Val *x = n > 0 && a[0].ty == DSL_TY_VALUE ? a[0].v : NULL;
  Val *y = n > 1 && a[1].ty == DSL_TY_VALUE ? a[1].v : NULL;
  (void)y, (void)conjunct;
  if (strcmp(nm, "tosa_is_int") == 0 && x) {
    out->t = bool_c(in, !isf(x->dt));
  } else if (strcmp(nm, "tosa_ignores_nan") == 0 && x) {
    out->t = x->kind == V_NODE && isf(x->dt) && x->ignore ? x->ignore : Z3_mk_false(Z);
  } else if (strcmp(nm, "tosa_same_type") == 0 && x && y) {
    out->t = x->dt == y->dt ? all_dims(in, x, y, false) : Z3_mk_false(Z);
  } else if (strcmp(nm, "tosa_no_broadcast") == 0 && x && y) {
    out->t = all_dims(in, x, y, true);
  } else if (strcmp(nm, "tosa_unit_dim") == 0 && x && n == 2) {
    Ast parts[MAXR];
    for (int d = 0; d < in->R; d++)
      parts[d] = and2(in, Z3_mk_eq(Z, a[1].t, i64(in, d)), Z3_mk_eq(Z, x->dims[d], ix(in, 1)));
    out->t = in->R ? Z3_mk_or(Z, (unsigned)in->R, parts) : Z3_mk_false(Z);
  } else if (strcmp(nm, "tosa_clamp_is_noop") == 0 && x) {
    if (!is_op(x, K_CLAMP))
      out->t = Z3_mk_false(Z);
    else if (isf(x->dt))
      out->t = Z3_mk_and(Z, 3, (Ast[]){Z3_mk_fpa_is_infinite(Z, x->lo), Z3_mk_fpa_is_negative(Z, x->lo),
                                       and2(in, Z3_mk_fpa_is_infinite(Z, x->hi),
                                            and2(in, Z3_mk_fpa_is_positive(Z, x->hi), Z3_mk_not(Z, x->ignore)))});
    else
      out->t = and2(in, Z3_mk_eq(Z, x->lo, num(in, x->dt, (double)rg_elem_min(x->dt))),
                    Z3_mk_eq(Z, x->hi, num(in, x->dt, (double)rg_elem_max(x->dt))));
  } else if (strcmp(nm, "tosa_clamp_chain_nan_safe") == 0 && x && y) {
    out->t = !is_op(x, K_CLAMP) || !is_op(y, K_CLAMP) ? Z3_mk_false(Z)
             : !isf(x->dt)                            ? Z3_mk_true(Z)
                                                      : or2(in, Z3_mk_not(Z, y->ignore), x->ignore);
  } else if ((strcmp(nm, "tosa_add_zero_exact") == 0 || strcmp(nm, "tosa_sub_zero_exact") == 0) && x && y) {
    bool add = nm[5] == 'a';
    /* add: -0.0, or +0.0 onto a value never -0.0; sub: the other way */
    out->t = or2(in, zero_is(in, y, add), and2(in, zero_is(in, y, !add), never_negative_zero(in, x)));
  } else if (strcmp(nm, "tosa_never_negative_zero") == 0 && x) {
    out->t = never_negative_zero(in, x);
  } else if (strcmp(nm, "tosa_pow2_shift") == 0 && x && y) {
    /* k a splat constant 2^s, s a one-element constant in [0, 30]: the
     * inputs become those constants where the guard is a conjunction */
    if (isf(x->dt) || x->kind == V_NODE || y->kind == V_NODE || !y->scalar) {
      out->t = Z3_mk_false(Z); /* only integer constants */
      return true;
    }
    if (!conjunct)
      return unknown(in, "tosa_pow2_shift outside a conjunction of the guard"), true;
    if (x->kind == V_LEAF && !x->elem)
      x->elem = fresh(in, "k", sort_of(in, x->dt));
    if (y->kind == V_LEAF && !y->elem)
      y->elem = fresh(in, "s", sort_of(in, y->dt));
    Ast s64 = sext64(in, y->elem, y->dt), k64 = sext64(in, x->elem, x->dt);
    out->t = Z3_mk_and(Z, 3, (Ast[]){Z3_mk_bvsge(Z, s64, i64(in, 0)), Z3_mk_bvsle(Z, s64, i64(in, 30)),
                                     Z3_mk_eq(Z, k64, Z3_mk_bvshl(Z, i64(in, 1), s64))});
  } else {
    return false;
  }
  return true;
}

/* Externs about shapes and permutations. */
static bool ext_shapes(Inst *in, const char *nm, Ev *a, uint32_t n, bool conjunct, Ev *out) {
  Val *x = n > 0 && a[0].ty == DSL_TY_VALUE ? a[0].v : NULL;
  Val *y = n > 1 && a[1].ty == DSL_TY_VALUE ? a[1].v : NULL;
  (void)y, (void)conjunct;
  if (strcmp(nm, "tosa_zeros_like") == 0 && x) {
    Val *v = new_val(in, V_SPLAT, x->dt);
    if (!v)
      return true;
    memcpy(v->dims, x->dims, sizeof v->dims);
    v->scalar = x->scalar;
    v->elem = num(in, x->dt, 0);
    out->ty = DSL_TY_TENSOR;
    out->v = v;
  } else if (strcmp(nm, "tosa_permuted_const") == 0 && x && n == 2 && a[1].ty == DSL_TY_INTS) {
    /* c's data permuted: a transpose of c, where perms is a permutation */
    if (!x->konst || a[1].n != (uint32_t)in->R)
      return in->invalid = true, true;
    Ast dims[MAXR];
    for (int d = 0; d < in->R; d++)
      dims[d] = axis_dim(in, x->dims, a[1].a[d]);
    Val *v = derived_node(in, K_TRANSPOSE, x, dims);
    if (!v)
      return true;
    memcpy(v->perm, a[1].a, sizeof(Ast) * (size_t)in->R);
    for (int i = 0; i < in->R; i++) { /* elsewhere the extern fails: no rewrite */
      fact(in, and2(in, Z3_mk_bvsge(Z, v->perm[i], i64(in, 0)), Z3_mk_bvslt(Z, v->perm[i], i64(in, in->R))));
      for (int j = 0; j < i; j++)
        fact(in, Z3_mk_not(Z, Z3_mk_eq(Z, v->perm[i], v->perm[j])));
    }
    out->ty = DSL_TY_VALUE;
    out->v = v;
  } else if (strcmp(nm, "tosa_shape_ints") == 0 && x) {
    if (x->kind != V_SHAPE)
      return unknown(in, "tosa_shape_ints of a value that is not a const_shape"), true;
    set_ints(in, out, x->nints);
    memcpy(out->a, x->ints, sizeof(Ast) * x->nints);
  } else if (strcmp(nm, "tosa_shape_values") == 0 && n == 1 && a[0].ty == DSL_TY_INTS) {
    Val *v = new_val(in, V_SHAPE, RG_DT_NONE);
    if (!v)
      return true;
    v->nints = a[0].n;
    memcpy(v->ints, a[0].a, sizeof(Ast) * a[0].n);
    out->ty = DSL_TY_TENSOR;
    out->v = v;
  } else if (strcmp(nm, "tosa_keeps_nonunit_order") == 0 && x && n == 2 && a[1].ty == DSL_TY_INTS) {
    /* a permutation that keeps the axes of size > 1 in their order */
    if (x->scalar || a[1].n != (uint32_t)in->R) {
      out->t = Z3_mk_false(Z);
      return true;
    }
    Ast parts[MAXR * MAXR + MAXR * MAXR];
    uint32_t np = 0;
    for (int i = 0; i < in->R; i++)
      for (int j = i + 1; j < in->R; j++) {
        Ast pi = a[1].a[i], pj = a[1].a[j], one = ix(in, 1);
        parts[np++] = Z3_mk_or(Z, 3, (Ast[]){Z3_mk_eq(Z, axis_dim(in, x->dims, pi), one),
                                             Z3_mk_eq(Z, axis_dim(in, x->dims, pj), one), Z3_mk_bvslt(Z, pi, pj)});
      }
    for (int i = 0; i < in->R; i++) { /* and a permutation at all */
      parts[np++] = and2(in, Z3_mk_bvsge(Z, a[1].a[i], i64(in, 0)), Z3_mk_bvslt(Z, a[1].a[i], i64(in, in->R)));
      for (int j = 0; j < i; j++)
        parts[np++] = Z3_mk_not(Z, Z3_mk_eq(Z, a[1].a[i], a[1].a[j]));
    }
    out->t = mk_and(in, np, parts);
  } else if ((strcmp(nm, "tosa_shape_scattered") == 0 || strcmp(nm, "tosa_pairs_scattered") == 0) && x && n == 2 &&
             a[1].ty == DSL_TY_INTS) {
    /* w[p[i] * k + j] = in[i * k + j] */
    uint32_t k = nm[5] == 'p' ? 2 : 1;
    if (x->kind != V_SHAPE || x->nints != a[1].n * k || a[1].n > MAXR)
      return unknown(in, "%s of a value that is not a const_shape of its length", nm), true;
    Val *v = new_val(in, V_SHAPE, RG_DT_NONE);
    if (!v)
      return true;
    v->nints = x->nints;
    for (uint32_t d = 0; d < a[1].n; d++)
      for (uint32_t j = 0; j < k; j++) {
        Ast r = x->ints[j];
        for (uint32_t i = 0; i < a[1].n; i++)
          r = Z3_mk_ite(Z, Z3_mk_eq(Z, a[1].a[i], i64(in, d)), x->ints[i * k + j], r);
        v->ints[d * k + j] = r;
      }
    out->ty = DSL_TY_TENSOR;
    out->v = v;
  } else {
    return false;
  }
  return true;
}

/* Externs of the layout plan, pads, tiles, slices and reshapes. */
static bool ext_layout(Inst *in, const char *nm, Ev *a, uint32_t n, bool conjunct, Ev *out) {
  Val *x = n > 0 && a[0].ty == DSL_TY_VALUE ? a[0].v : NULL;
  Val *y = n > 1 && a[1].ty == DSL_TY_VALUE ? a[1].v : NULL;
  (void)y, (void)conjunct;
  if (strcmp(nm, "tosa_layout_perm") == 0 && x) {
    /* the plan's permutation: any permutation of the rank, the same one
     * each time it is asked of the same value */
    set_ints(in, out, (uint32_t)in->R);
    bool asked = in->R && x->layout[0];
    for (int i = 0; i < in->R && !asked; i++) {
      x->layout[i] = fresh(in, "layout_perm", bv(in, 64));
      fact(in, and2(in, Z3_mk_bvsge(Z, x->layout[i], i64(in, 0)), Z3_mk_bvslt(Z, x->layout[i], i64(in, in->R))));
      for (int j = 0; j < i; j++)
        fact(in, Z3_mk_not(Z, Z3_mk_eq(Z, x->layout[i], x->layout[j])));
    }
    memcpy(out->a, x->layout, sizeof(Ast) * (size_t)in->R);
  } else if (strcmp(nm, "tosa_resize_identity") == 0 && x) {
    /* NEAREST_NEIGHBOR at scale n/n, offset and border 0, same type */
    out->t = is_op(x, K_RESIZE) && x->dt == x->opnd[0]->dt
                 ? Z3_mk_and(Z, 3, (Ast[]){x->nearest, x->ints[0], all_dims(in, x, x->opnd[0], false)})
                 : Z3_mk_false(Z);
  } else if (strcmp(nm, "tosa_pad_tile_noop") == 0 && x) {
    out->t = (is_op(x, K_PAD) || is_op(x, K_TILE)) && x->dt == x->opnd[0]->dt ? all_dims(in, x, x->opnd[0], false)
                                                                              : Z3_mk_false(Z);
  } else if ((strcmp(nm, "tosa_slice_in_pad") == 0 || strcmp(nm, "tosa_slice_pad_start") == 0) && x) {
    /* a slice of a pad reading only the pad's input: start - padding before */
    Val *p = is_op(x, K_SLICE) && is_op(x->opnd[0], K_PAD) ? x->opnd[0] : NULL;
    bool start = nm[11] == 'p';
    if (!p) {
      if (start)
        return in->invalid = true, true; /* fails: the rule does not apply */
      out->t = Z3_mk_false(Z);
      return true;
    }
    Ast parts[3 * MAXR];
    uint32_t np = 0;
    if (start)
      set_ints(in, out, (uint32_t)in->R);
    for (int d = 0; d < in->R; d++) {
      Ast st = x->opnd[1]->ints[d], sz = x->opnd[2]->ints[d], lo = p->opnd[1]->ints[2 * d];
      Ast dim = Z3_mk_zero_ext(Z, 64 - IBITS, p->opnd[0]->dims[d]);
      parts[np++] = Z3_mk_bvsge(Z, sz, i64(in, 1));
      parts[np++] = Z3_mk_bvsge(Z, st, lo);
      parts[np++] = Z3_mk_bvsle(Z, Z3_mk_bvsub(Z, st, lo), Z3_mk_bvsub(Z, dim, sz));
      if (start)
        out->a[d] = Z3_mk_bvsub(Z, st, lo);
    }
    if (start)
      fact(in, mk_and(in, np, parts)); /* where the extern gives no start, no rewrite */
    else
      out->t = mk_and(in, np, parts);
  } else {
    return false;
  }
  return true;
}

/* Externs of RESCALE and the aten Scalars. */
static bool ext_quant(Inst *in, const char *nm, Ev *a, uint32_t n, bool conjunct, Ev *out) {
  Val *x = n > 0 && a[0].ty == DSL_TY_VALUE ? a[0].v : NULL;
  Val *y = n > 1 && a[1].ty == DSL_TY_VALUE ? a[1].v : NULL;
  (void)y, (void)conjunct;
  if (strcmp(nm, "xnnpack_computes_in_type") == 0 && n == 1 && a[0].ty == DSL_TY_TYPE) {
    RgDType dt = a[0].dtype;
    out->t = bool_c(in, dt != RG_DT_F16 && dt != RG_DT_BF16 && dt != RG_DT_NONE && dt != RG_DT_INDEX);
  } else if (strcmp(nm, "xnnpack_scalar_exact") == 0 && n == 2 && a[0].fdt == RG_DT_F64 && a[1].ty == DSL_TY_TYPE) {
    /* the number is finite and the type holds it exactly */
    RgDType dt = a[1].dtype;
    Ast c = a[0].t, ok;
    Val *owner = a[0].v && a[0].v->nf == c ? a[0].v : NULL;
    bool small_int = !isf(dt) && rg_dtype_bits(dt) < 64 && dt != RG_DT_I1;
    if ((small_int || (isf(dt) && dt != RG_DT_F64)) && conjunct && owner && !owner->exact) {
      /* in a conjunction: the number is some element h of dt, widened;
       * its reads then take h (exact in f32; an int Scalar's int64 is then
       * h too), not a rounding of it */
      owner->exact = fresh(in, "scalar_exact", sort_of(in, dt));
      owner->exact_dt = dt;
      Z3_sort f64 = Z3_mk_fpa_sort_64(Z);
      ok = Z3_mk_fpa_eq(Z, isf(dt) ? Z3_mk_fpa_to_fp_float(Z, rne(in), owner->exact, f64)
                                   : Z3_mk_fpa_to_fp_signed(Z, rne(in), sext64(in, owner->exact, dt), f64), c);
    } else if (isf(dt) && dt != RG_DT_F64) {
      Ast r = Z3_mk_fpa_to_fp_float(Z, rne(in), Z3_mk_fpa_to_fp_float(Z, rne(in), c, sort_of(in, dt)), Z3_mk_fpa_sort_64(Z));
      ok = Z3_mk_fpa_eq(Z, r, c);
    } else if (!isf(dt) && rg_dtype_bits(dt) < 64 && dt != RG_DT_I1) {
      ok = Z3_mk_and(Z, 3, (Ast[]){Z3_mk_fpa_eq(Z, Z3_mk_fpa_round_to_integral(Z, Z3_mk_fpa_rtz(Z), c), c),
                                   Z3_mk_fpa_geq(Z, c, num(in, RG_DT_F64, (double)rg_elem_min(dt))),
                                   Z3_mk_fpa_leq(Z, c, num(in, RG_DT_F64, (double)rg_elem_max(dt)))});
    } else {
      return unknown(in, "xnnpack_scalar_exact for %s", rg_dtype_name(dt)), true;
    }
    out->t = and2(in, Z3_mk_not(Z, or2(in, Z3_mk_fpa_is_nan(Z, c), Z3_mk_fpa_is_infinite(Z, c))), ok);
  } else if (strcmp(nm, "tosa_avg_pool_unit_exact") == 0 && x) {
    /* same type; integers: equal zero points; floats: an accumulator of
     * f32 or the input's own type, an input never -0.0 */
    Val *v = is_op(x, K_AVGPOOL) && x->dt == x->opnd[0]->dt ? x->opnd[0] : NULL;
    if (!v) {
      out->t = Z3_mk_false(Z);
    } else if (!isf(x->dt)) {
      Ast izp = elem(in, x->opnd[1], NULL), ozp = izp ? elem(in, x->opnd[2], NULL) : NULL;
      out->t = ozp ? Z3_mk_eq(Z, izp, ozp) : NULL;
    } else {
      /* acc_type f32 (0) or x's own type (1 f16, 2 bf16) */
      Ast own = x->dt == RG_DT_F16 ? bvnum(in, 1, 2) : x->dt == RG_DT_BF16 ? bvnum(in, 2, 2) : bvnum(in, 0, 2);
      Ast wide = or2(in, Z3_mk_eq(Z, x->acc, bvnum(in, 0, 2)), Z3_mk_eq(Z, x->acc, own));
      out->t = and2(in, wide, never_negative_zero(in, v));
    }
  } else if (strcmp(nm, "tosa_rescale_is_per_tensor") == 0 && x) {
    out->t = is_op(x, K_RESCALE) ? Z3_mk_not(Z, x->pc) : Z3_mk_false(Z);
  } else if (strcmp(nm, "tosa_rescale_is_identity") == 0 && x) {
    /* every channel's multiplier 2^shift: a fact at each channel read */
    if (!is_op(x, K_RESCALE) || x->dt != x->opnd[0]->dt) {
      out->t = Z3_mk_false(Z);
      return true;
    }
    Ast izp = elem(in, x->opnd[3], NULL), ozp = izp ? elem(in, x->opnd[4], NULL) : NULL;
    if (!ozp)
      return true;
    if (!x->ident)
      x->ident = fresh(in, "rescale_identity", Z3_mk_bool_sort(Z));
    out->t = Z3_mk_and(Z, 3, (Ast[]){Z3_mk_eq(Z, x->iu, x->ou), Z3_mk_eq(Z, izp, ozp), x->ident});
  } else if (strcmp(nm, "tosa_rescales_fuse_exact") == 0 && x && y) {
    Ast m;
    out->t = fuse_plan(in, x, y, &m);
  } else if (strcmp(nm, "tosa_fused_multiplier") == 0 && x && y) {
    Ast m = NULL;
    Ast ok = fuse_plan(in, x, y, &m);
    if (!ok)
      return true;
    if (!m)
      return unknown(in, "tosa_fused_multiplier of values that are not RESCALEs"), true;
    Val *v = new_val(in, V_SPLAT, RG_DT_I32);
    if (!v)
      return true;
    v->scalar = true;
    v->elem = low(in, m, RG_DT_I32);
    fact(in, ok); /* where the plan fails the extern fails: no rewrite */
    out->ty = DSL_TY_TENSOR;
    out->v = v;
  } else if (strcmp(nm, "tosa_reshaped_const") == 0 && x && y) {
    /* c's data in row-major order, with like's shape: a reshape of c */
    if (!x->konst || x->dt != y->dt)
      return in->invalid = true, true; /* fails: the rule does not apply */
    Val *v = derived_node(in, K_RESHAPE, x, y->dims);
    if (v)
      reshape_rules(in, v);
    out->ty = DSL_TY_VALUE;
    out->v = v;
  } else if (strcmp(nm, "tosa_reshape_keeps") == 0 && x && y) {
    out->t = x->dt == y->dt ? all_dims(in, x, y, false) : Z3_mk_false(Z);
  } else {
    return false;
  }
  return true;
}

static bool ext_meaning(Inst *in, const DslExpr *e, Ev *a, uint32_t n, bool conjunct, Ev *out) {
  memset(out, 0, sizeof *out);
  out->ty = e->type;
  return ext_values(in, e->str, a, n, conjunct, out) || ext_shapes(in, e->str, a, n, conjunct, out) ||
         ext_layout(in, e->str, a, n, conjunct, out) || ext_quant(in, e->str, a, n, conjunct, out);
}
