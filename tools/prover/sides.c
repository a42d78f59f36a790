/* tools/prover/sides.c - the pattern and the replacement built as values
 * of the instance, node by node. */
#include "prover.h"

/* ---- the pattern and the replacement ---- */

static void bind(Inst *in, const DslVar *var, const Ev *e) {
  if (!var)
    return;
  in->vars[var->index] = *e;
  in->bound[var->index] = true;
}

static void bind_value(Inst *in, const DslVar *var, Val *v) {
  Ev e;
  memset(&e, 0, sizeof e);
  e.ty = DSL_TY_VALUE;
  e.v = v;
  bind(in, var, &e);
}

/* A validity rule of an attribute: assumed of the pattern, proven of the
 * replacement. */
void attr_fact(Inst *in, Ast a) {
  if (!in->build->in_repl)
    fact(in, a);
  else if (in->build->nnewreqs < 256)
    in->build->newreqs[in->build->nnewreqs++] = a;
  else
    unknown(in, "too many attribute rules");
}

static void perm_rules(Inst *in, Val *n) {
  for (int i = 0; i < in->R; i++) {
    attr_fact(in, Z3_mk_bvult(Z, n->perm[i], i64(in, in->R)));
    for (int j = 0; j < i; j++)
      attr_fact(in, Z3_mk_not(Z, Z3_mk_eq(Z, n->perm[i], n->perm[j])));
  }
}

/* A RESCALE's Boolean attribute by name (rounding_mode: DOUBLE_ROUND). */
static Ast *rescale_flag(Val *n, const char *name) {
  if (n->k != K_RESCALE)
    return NULL;
  return !strcmp(name, "scale32")          ? &n->s32
         : !strcmp(name, "rounding_mode")  ? &n->dbl
         : !strcmp(name, "per_channel")    ? &n->pc
         : !strcmp(name, "input_unsigned") ? &n->iu
         : !strcmp(name, "output_unsigned") ? &n->ou
                                            : NULL;
}

/* A rounding_mode as DOUBLE_ROUND (Bool): a literal, or one read from a
 * RESCALE; the modes without an exact result have no meaning. */
Ast round_term(Inst *in, const Ev *v) {
  if (!v->str)
    return v->t;
  if (strcmp(v->str, "DOUBLE_ROUND") && strcmp(v->str, "SINGLE_ROUND"))
    return unknown(in, "rounding_mode %s", v->str), NULL;
  return bool_c(in, strcmp(v->str, "DOUBLE_ROUND") == 0);
}

static bool attr_get(Inst *in, Val *n, const char *name, Ev *out) {
  memset(out, 0, sizeof *out);
  if (n->nf && (!strcmp(name, "alpha") || !strcmp(name, "other") || (n->bf && !strcmp(name, "beta")))) {
    out->ty = DSL_TY_FLOAT; /* the number, its node beside */
    out->t = name[0] == 'b' ? n->bf : n->nf;
    out->fdt = RG_DT_F64;
    out->v = n;
    return true;
  }
  Ast *flag = rescale_flag(n, name);
  if (flag) {
    out->ty = name[0] == 'r' ? DSL_TY_STR : DSL_TY_BOOL;
    out->t = *flag;
    return true;
  }
  if ((strcmp(name, "min_val") == 0 || strcmp(name, "max_val") == 0) && n->k == K_CLAMP) {
    out->ty = DSL_TY_FLOAT;
    out->t = name[1] == 'i' ? n->lo : n->hi;
    out->fdt = n->dt;
    return true;
  }
  if ((strcmp(name, "perms") == 0 || strcmp(name, "dims") == 0) && n->k == K_TRANSPOSE) {
    set_ints(in, out, (uint32_t)in->R);
    memcpy(out->a, n->perm, sizeof(Ast) * (size_t)in->R);
    return true;
  }
  if ((n->k == K_MAXPOOL || n->k == K_AVGPOOL) && (!strcmp(name, "kernel") || !strcmp(name, "stride") || !strcmp(name, "pad"))) {
    uint32_t at = name[0] == 'k' ? 1 : name[0] == 's' ? 3 : 5, cnt = name[0] == 'p' ? 4 : 2;
    set_ints(in, out, cnt);
    memcpy(out->a, n->ints + at, sizeof(Ast) * cnt);
    return true;
  }
  if (strcmp(name, "axis") == 0 && n->ax) {
    out->ty = DSL_TY_INT;
    out->t = n->ax;
    return true;
  }
  return unknown(in, "attribute %s of %s", name, n->op->name), false;
}

static bool attr_set(Inst *in, Val *n, const char *name, const Ev *v) {
  if ((n->k == K_ATEN_ADD && !strcmp(name, "alpha")) || (n->k == K_ATEN_MULS && !strcmp(name, "other"))) {
    if (v->ty != DSL_TY_FLOAT || !v->v || !v->v->nf)
      return unknown(in, "attribute %s of %s from a computed number", name, n->op->name), false;
    n->nf = v->v->nf, n->ni = v->v->ni, n->nisf = v->v->nisf;
    return true;
  }
  Ast *flag = rescale_flag(n, name);
  if (flag) {
    *flag = name[0] == 'r' ? round_term(in, v) : v->t;
    return *flag != NULL;
  }
  if ((strcmp(name, "min_val") == 0 || strcmp(name, "max_val") == 0) && n->k == K_CLAMP) {
    Ast t = float_as(in, v, n->dt);
    if (name[1] == 'i')
      n->lo = t;
    else
      n->hi = t;
    return t != NULL;
  }
  if (strcmp(name, "nan_mode") == 0 && v->ty == DSL_TY_STR && v->str) {
    n->ignore = bool_c(in, strcmp(v->str, "IGNORE") == 0 && isf(n->opnd[0]->dt));
    return true;
  }
  if ((strcmp(name, "perms") == 0 || strcmp(name, "dims") == 0) && n->k == K_TRANSPOSE) {
    if (v->ty != DSL_TY_INTS || v->n != (uint32_t)in->R)
      return unknown(in, "perms of another length"), false;
    memcpy(n->perm, v->a, sizeof(Ast) * (size_t)in->R);
    return true;
  }
  if (strcmp(name, "axis") == 0 && needs_axis(n->k)) {
    if (v->ty != DSL_TY_INT)
      return unknown(in, "an axis that is not an integer"), false;
    n->ax = v->t; /* out of range: the new op cannot be typed, the rewrite is refused */
    fact(in, and2(in, Z3_mk_bvsge(Z, n->ax, i64(in, 0)), Z3_mk_bvslt(Z, n->ax, i64(in, in->R))));
    return true;
  }
  return unknown(in, "attribute %s of %s", name, n->op->name), false;
}

static Val *shape_val(Inst *in, uint32_t n) {
  Val *v = new_val(in, V_SHAPE, RG_DT_NONE);
  if (!v)
    return NULL;
  v->nints = n;
  for (uint32_t i = 0; i < n; i++) {
    v->ints[i] = fresh(in, "shape_int", bv(in, 64));
    fact(in, and2(in, Z3_mk_bvsge(Z, v->ints[i], i64(in, 0)), Z3_mk_bvslt(Z, v->ints[i], i64(in, 1 << 16))));
  }
  return v;
}

/* The element type operand i of node n takes (arg: its pattern, when
 * matched; RG_DT_NONE: whatever an op there computes). */
static RgDType opnd_want(const Inst *in, const Val *n, const DslPattern *arg, const DslOpDecl *op, Kind k, uint32_t i) {
  if (moves_only_kind(k) && (i == 0 || k == K_CONCAT))
    return n->dt;
  if (k != K_RESCALE)
    return operand_dt(in, op, k, i);
  switch (i) {
  case 0: return arg && arg->kind == DSL_PAT_OP ? RG_DT_NONE : in->T;
  case 1: return RG_DT_I32; /* an i16 multiplier is an i32 in the i16 range */
  case 2: return RG_DT_I8;
  case 3: return n->opnd[0] ? n->opnd[0]->dt : in->T;
  default: return n->dt;
  }
}

/* An input read per channel: a function of one index. */
static void make_vec(Inst *in, Val *v) {
  if (!v || v->kind != V_LEAF || v->vec)
    return;
  v->vec = true;
  Z3_sort dom = bv(in, IBITS);
  v->f = Z3_mk_func_decl(Z, Z3_get_decl_name(Z, v->f), 1, &dom, sort_of(in, v->dt));
}

/* A tosa.const_shape (its ints) or a tosa.const (its data: an input of
 * the pattern, written as a constant). */
static Val *build_data(Inst *in, const DslPattern *p, Kind k, RgDType dt) {
  Val *v = NULL;
  if (k == K_CONST_SHAPE) {
    v = shape_val(in, in->shape_n);
  } else if (p->nargs || p->nattrs) {
    return unknown(in, "a tosa.const pattern with operands or attributes"), NULL;
  } else if ((v = new_leaf(in, dt == RG_DT_NONE ? in->T : dt, false))) {
    v->konst = true;
  }
  if (v)
    bind_value(in, p->var, v);
  return v;
}

/* A node of op and its result type (dt: the type its user reads, or
 * RG_DT_NONE), bound to the pattern's names; an op that cannot have
 * these types makes the instance invalid. */
static Val *node_typed(Inst *in, const DslPattern *p, const DslOpDecl *op, Kind k, RgDType dt) {
  Val *n = new_val(in, V_NODE, result_dt(in, k));
  if (!n)
    return NULL;
  n->op = op;
  n->k = k;
  if (moves_only_kind(k) && dt != RG_DT_NONE)
    n->dt = dt; /* data movement takes any element type: its operand's */
  if (k == K_RESCALE) {
    if (in->nres >= 2)
      return unknown(in, "more than two RESCALEs in a pattern"), NULL;
    n->dt = in->Tr[in->nres++];
  }
  if (!op_takes(k, operand_dt(in, op, k, 0)) || (dt != RG_DT_NONE && n->dt != dt))
    in->invalid = true;
  if (p->opvar) {
    Ev e;
    memset(&e, 0, sizeof e);
    e.ty = DSL_TY_OP;
    e.op = op;
    e.v = n;
    bind(in, p->opvar, &e);
  }
  if (p->var)
    bind_value(in, p->var, n);
  return n;
}

/* The operands of node n: those the pattern names, then one input for
 * each behind a ..rest. */
static bool build_operands(Inst *in, Val *n, const DslPattern *p) {
  const DslOpDecl *op = n->op;
  Kind k = n->k;
  uint32_t want = op->variadic ? (p->nargs > op->noperands ? p->nargs : op->noperands) : op->noperands;
  if (p->nargs > want && !op->variadic)
    return in->invalid = true, false;
  for (uint32_t i = 0; i < p->nargs && !in->unknown[0] && !in->invalid; i++) {
    n->opnd[n->nopnd++] = build_pat(in, p->args[i], opnd_want(in, n, p->args[i], op, k, i), scalar_operand(op, i),
                                    (in->shape_n = shape_operand(in, k, i)) > 0);
    if (k == K_RESCALE && (i == 1 || i == 2))
      make_vec(in, n->opnd[i]);
  }
  if (p->rest.s) { /* the operands after those named: each an input */
    uint32_t extra = op->variadic ? in->rest_extra : want - p->nargs;
    Ev e;
    memset(&e, 0, sizeof e);
    e.ty = DSL_TY_VALUES;
    e.vs = &n->opnd[n->nopnd];
    for (uint32_t i = 0; i < extra && n->nopnd < MAXOPS; i++) {
      uint32_t j = n->nopnd;
      n->opnd[n->nopnd++] = new_leaf(in, k == K_CONCAT ? n->dt : operand_dt(in, op, k, j), scalar_operand(op, j));
      e.nvs++;
    }
    bind(in, p->restvar, &e);
  }
  if (in->unknown[0] || in->invalid)
    return false;
  if (n->nopnd < (op->variadic ? 1 : op->noperands) && k != K_OPAQUE)
    return in->invalid = true, false;
  for (uint32_t i = 0; i < n->nopnd; i++)
    if (!n->opnd[i])
      return false;
  return true;
}

/* The rank node n needs (NHWC pools and resizes, matrices) and the axis
 * it reduces, reverses or concatenates along. */
static bool node_axes(Inst *in, Val *n) {
  Kind k = n->k;
  if ((k == K_MAXPOOL || k == K_AVGPOOL || k == K_RESIZE) && in->R != 4)
    return in->invalid = true, false; /* NHWC */
  if ((k == K_ATEN_MM || k == K_ATEN_ADDMM || k == K_ATEN_LINEAR) && in->R != 2)
    return in->invalid = true, false; /* matrices (a bias as a broadcast [1, N]) */
  if (needs_axis(k)) {
    int64_t a = next_axis(in);
    if (a >= in->R)
      return in->invalid = true, false;
    n->ax = i64(in, a);
  }
  return true;
}

/* The pattern's attributes of node n: each bound to its name or equal
 * to the value the pattern gives. */
static bool match_attrs(Inst *in, Val *n, const DslPattern *p) {
  for (uint32_t i = 0; i < p->nattrs; i++) {
    const DslAttrPat *ap = &p->attrs[i];
    Ev have, want_v;
    if (ap->absent || ap->fallback) {
      if (strcmp(ap->name.s, "nan_mode") == 0) { /* absent: PROPAGATE */
        n->ignore = Z3_mk_false(Z);
        continue;
      }
      return unknown(in, "an absent attribute %s", ap->name.s), false;
    }
    if (strcmp(ap->name.s, "nan_mode") == 0 && ap->value->kind == DSL_EX_STR) {
      Ast ig = bool_c(in, strcmp(ap->value->str, "IGNORE") == 0);
      fact(in, Z3_mk_eq(Z, n->ignore, isf(n->opnd[0]->dt) ? ig : Z3_mk_false(Z)));
      continue;
    }
    if (!attr_get(in, n, ap->name.s, &have))
      return false;
    if (ap->binds) {
      bind(in, ap->value->var, &have);
      continue;
    }
    if (!ev(in, ap->value, &want_v))
      return false;
    Ast eq = compare(in, DSL_OP_EQ, &have, &want_v);
    if (!eq)
      return false;
    fact(in, eq);
  }
  return true;
}

/* An op pattern node: the op of this instance's choice, its type, its
 * operands, its attributes and their validity rules, its shape. */
static Val *build_node(Inst *in, const DslPattern *p, RgDType dt) {
  if (in->altpos >= in->nalt)
    return unknown(in, "too many op alternatives"), NULL;
  const DslOpDecl *op = in->alt[in->altpos++];
  Kind k = kind_of(op);
  if (k == K_NONE)
    return unknown(in, "%s has no meaning for rulegen --prove", op->name), NULL;
  if (k == K_CONST_SHAPE || k == K_CONST)
    return build_data(in, p, k, dt);
  Val *n = node_typed(in, p, op, k, dt);
  if (!n || !build_operands(in, n, p))
    return NULL;
  fresh_attrs(in, n);
  if (!node_axes(in, n) || !match_attrs(in, n, p))
    return NULL;
  attr_rules(in, n);
  if (k == K_TRANSPOSE)
    perm_rules(in, n);
  if (k == K_RESCALE)
    rescale_rules(in, n);
  node_shape(in, n);
  if (in->build->npat < 64) {
    in->build->pat[in->build->npat] = p;
    in->build->pval[in->build->npat++] = n;
  }
  return n;
}

Val *build_pat(Inst *in, const DslPattern *p, RgDType dt, bool scalar, bool shape) {
  if (in->unknown[0] || in->invalid)
    return NULL;
  switch (p->kind) {
  case DSL_PAT_WILD:
    return shape ? shape_val(in, in->shape_n) : new_leaf(in, dt, scalar);
  case DSL_PAT_VAR: {
    if (!p->binds) {
      Val *v = in->vars[p->var->index].v;
      if (!v || (!shape && (v->dt != dt || v->scalar != scalar)) || (shape != (v->kind == V_SHAPE)))
        in->invalid = true; /* one value cannot have two types */
      return v;
    }
    Val *v = shape ? shape_val(in, in->shape_n) : new_leaf(in, dt, scalar);
    bind_value(in, p->var, v);
    return v;
  }
  case DSL_PAT_SPLAT: {
    if (shape)
      return unknown(in, "a splat where a shape is read"), NULL;
    Val *v = new_val(in, V_SPLAT, dt);
    if (!v)
      return NULL;
    v->scalar = scalar;
    if (!scalar)
      fresh_dims(in, v);
    v->elem = fresh(in, "splat", sort_of(in, dt));
    const DslExpr *e = p->splat;
    if (e->kind == DSL_EX_NAME && e->var && e->var->pat == p) {
      Ev s;
      memset(&s, 0, sizeof s);
      s.ty = DSL_TY_FLOAT;
      s.t = v->elem;
      s.fdt = dt;
      bind(in, e->var, &s);
    } else {
      Ev lit;
      if (!ev(in, e, &lit))
        return NULL;
      Ev have;
      memset(&have, 0, sizeof have);
      have.ty = DSL_TY_FLOAT;
      have.t = v->elem;
      have.fdt = dt;
      if (lit.ty == DSL_TY_INT) {
        lit.ty = DSL_TY_FLOAT;
        int64_t iv;
        if (!ev_int_num(in, lit.t, &iv))
          return unknown(in, "a splat of a computed value"), NULL;
        lit.lit = (double)iv;
        lit.fdt = RG_DT_NONE;
      }
      Ast eq = compare(in, DSL_OP_EQ, &have, &lit);
      if (!eq)
        return NULL;
      fact(in, eq); /* the matcher compares as numbers: -0.0 is a splat(0) */
    }
    if (p->var)
      bind_value(in, p->var, v);
    return v;
  }
  case DSL_PAT_OP:
    return build_node(in, p, dt);
  }
  return NULL;
}

/* A rank-0 constant where an aten op broadcasts it (numpy rules). */
static bool numpy_scalar(Kind k, const Val *o) {
  return o->kind == V_SPLAT && o->scalar && (k == K_ATEN_ADD || k == K_ATEN_MUL);
}

static Val *build_rep_node(Inst *in, const DslRepl *r, RgDType dt) {
  const DslOpDecl *op = r->op;
  Val *copy = NULL;
  if (r->var) {
    const Ev *e = &in->vars[r->var->index];
    if (e->ty != DSL_TY_OP)
      return unknown(in, "a replacement op from %s", r->var->name.s), NULL;
    op = e->op;
    copy = e->v;
  }
  if (!op)
    return unknown(in, "a replacement op that is not known"), NULL;
  Kind k = kind_of(op);
  if (k == K_NONE)
    return unknown(in, "%s has no meaning for rulegen --prove", op->name), NULL;
  if (k == K_CONST_SHAPE) {
    if (r->nattrs != 1 || strcmp(r->attrs[0].name.s, "values") != 0)
      return unknown(in, "a const_shape without values"), NULL;
    Ev v;
    if (!ev(in, r->attrs[0].value, &v))
      return NULL;
    if (!v.v || v.v->kind != V_SHAPE)
      return unknown(in, "const_shape values with no SMT meaning"), NULL;
    return v.v;
  }
  Val *n = new_val(in, V_NODE, result_dt(in, k));
  if (!n)
    return NULL;
  n->op = op;
  n->k = k;
  n->created = true;
  if ((moves_only_kind(k) || k == K_RESCALE) && dt != RG_DT_NONE)
    n->dt = dt;
  if (n->dt != dt || !op_takes(k, operand_dt(in, op, k, 0)))
    return in->invalid = true, NULL; /* the new op cannot be typed so: refused */
  for (uint32_t i = 0; i < r->nargs; i++) {
    const DslRepl *a = r->args[i];
    if (a->kind == DSL_REP_VAR && a->splice) {
      const Ev *e = &in->vars[a->var->index];
      for (uint32_t j = 0; j < e->nvs && n->nopnd < MAXOPS; j++)
        n->opnd[n->nopnd++] = e->vs[j];
      continue;
    }
    if (n->nopnd == MAXOPS)
      return unknown(in, "too many operands"), NULL;
    uint32_t j = n->nopnd;
    Val *v = build_rep(in, a, opnd_want(in, n, NULL, op, k, j), scalar_operand(op, j), shape_operand(in, k, j) > 0);
    if (!v)
      return NULL;
    n->opnd[n->nopnd++] = v;
  }
  if (n->nopnd < (op->variadic ? 1 : op->noperands) || (n->nopnd > op->noperands && !op->variadic))
    return in->invalid = true, NULL; /* cannot be typed: the rewrite is refused */
  for (uint32_t i = 0; i < n->nopnd; i++) {
    Val *o = n->opnd[i];
    bool want_shape = shape_operand(in, k, i) > 0;
    if ((o->kind == V_SHAPE) != want_shape || (want_shape && o->nints != shape_operand(in, k, i)) ||
        (!want_shape && (o->dt != opnd_want(in, n, NULL, op, k, i) ||
                         (o->scalar != scalar_operand(op, i) && !numpy_scalar(k, o)))))
      return in->invalid = true, NULL;
  }
  if (copy) {
    n->lo = copy->lo, n->hi = copy->hi, n->ignore = copy->ignore, n->ax = copy->ax;
    n->s32 = copy->s32, n->dbl = copy->dbl, n->pc = copy->pc, n->iu = copy->iu, n->ou = copy->ou;
    n->nf = copy->nf, n->ni = copy->ni, n->nisf = copy->nisf;
    n->bf = copy->bf, n->bi = copy->bi, n->bisf = copy->bisf;
    memcpy(n->perm, copy->perm, sizeof n->perm);
  } else {
    n->ignore = Z3_mk_false(Z); /* nan_mode PROPAGATE unless set */
    if (k == K_ATEN_ADD || k == K_ATEN_ADDMM) { /* alpha (and beta) absent: 1 */
      n->nf = num(in, RG_DT_F64, 1), n->ni = i64(in, 1), n->nisf = Z3_mk_false(Z);
      n->bf = n->nf, n->bi = n->ni, n->bisf = n->nisf;
    }
  }
  for (uint32_t i = 0; i < r->nattrs; i++) {
    Ev v;
    if (!ev(in, r->attrs[i].value, &v) || !attr_set(in, n, r->attrs[i].name.s, &v))
      return NULL;
  }
  if ((k == K_CLAMP && (!n->lo || !n->hi)) || (k == K_TRANSPOSE && in->R && !n->perm[0]) ||
      (needs_axis(k) && !n->ax) || (k == K_RESCALE && (!n->s32 || !n->dbl || !n->pc || !n->iu || !n->ou)) || (k == K_ATEN_MULS && !n->nf))
    return unknown(in, "%s without its attributes", op->name), NULL;
  if (k == K_CLAMP)
    attr_fact(in, ele(in, n->dt, n->lo, n->hi));
  if (k == K_TRANSPOSE)
    perm_rules(in, n);
  if (k == K_RESCALE)
    rescale_rules(in, n);
  node_shape(in, n); /* shape rules: assumed (a new op that cannot be typed is refused) */
  if (r->capture.s && in->build->nrep < 64) {
    in->build->rep[in->build->nrep] = r;
    in->build->rval[in->build->nrep++] = n;
  }
  return n;
}

Val *build_rep(Inst *in, const DslRepl *r, RgDType dt, bool scalar, bool shape) {
  (void)scalar, (void)shape;
  switch (r->kind) {
  case DSL_REP_VAR:
    if (r->node) {
      for (uint32_t i = 0; i < in->build->nrep; i++)
        if (in->build->rep[i] == r->node)
          return in->build->rval[i];
      return unknown(in, "a named node"), NULL;
    }
    if (!r->var || in->vars[r->var->index].ty != DSL_TY_VALUE)
      return unknown(in, "a replacement variable that is not a value"), NULL;
    return in->vars[r->var->index].v;
  case DSL_REP_OP: return build_rep_node(in, r, dt);
  case DSL_REP_EXPR: {
    Ev v;
    if (!ev(in, r->expr, &v))
      return NULL;
    if (!v.v)
      return unknown(in, "a constant with no SMT meaning"), NULL;
    return v.v;
  }
  default: break;
  }
  return unknown(in, "a replacement of this form"), NULL;
}
