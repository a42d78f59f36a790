/* tools/prover/elem.c - what a value computes at one symbolic index: the
 * element meanings of the TOSA ops, RESCALE, and the aten ops of the
 * XNNPACK rule sets, as terms over the instance's free inputs. */
#include "prover.h"

/* ---- element meanings ---- */

/* A free value in the query, used only where cond does not hold: a
 * counterexample where every such cond holds does not need it. */
static void free_unless(Inst *in, Ast cond) {
  in->opaque_used = in->has_uf = true;
  if (in->nexact < 16)
    in->exact[in->nexact++] = cond;
  else
    in->free_always = true;
}

/* Operand k of n read at the result index, stretched along its size-1 dims. */
static Ast bcast(Inst *in, Val *n, uint32_t k, Ast const *idx) {
  Val *o = n->opnd[k];
  if (o->scalar)
    return elem(in, o, NULL);
  Ast j[MAXR];
  for (int d = 0; d < in->R; d++)
    j[d] = Z3_mk_ite(Z, Z3_mk_eq(Z, o->dims[d], ix(in, 1)), ix(in, 0), idx[d]);
  return elem(in, o, j);
}

static Ast fminmax(Inst *in, Ast a, Ast b, bool max, Ast ignore) {
  Ast na = Z3_mk_fpa_is_nan(Z, a), nb = Z3_mk_fpa_is_nan(Z, b);
  Ast pick = Z3_mk_ite(Z, max ? Z3_mk_fpa_geq(Z, a, b) : Z3_mk_fpa_leq(Z, a, b), a, b);
  Ast nan = Z3_mk_ite(Z, ignore, Z3_mk_ite(Z, na, b, a), Z3_mk_ite(Z, na, a, b));
  return Z3_mk_ite(Z, or2(in, na, nb), nan, pick);
}

static Ast binary(Inst *in, Val *n, Ast a, Ast b) {
  RgDType dt = n->opnd[0]->dt;
  if (n->k == K_MUL && dt != RG_DT_I32 && n->nopnd > 2) /* the evaluator's ERROR_IF */
    require(in, Z3_mk_eq(Z, elem(in, n->opnd[2], NULL), bvnum(in, 0, 8)));
  if (isf(dt)) {
    switch (n->k) {
    case K_ADD: return narrow(in, Z3_mk_fpa_add(Z, rne(in), widen(in, a, dt), widen(in, b, dt)), dt);
    case K_SUB: return narrow(in, Z3_mk_fpa_sub(Z, rne(in), widen(in, a, dt), widen(in, b, dt)), dt);
    case K_MUL: return narrow(in, Z3_mk_fpa_mul(Z, rne(in), widen(in, a, dt), widen(in, b, dt)), dt);
    case K_MAX: return fminmax(in, a, b, true, n->ignore);
    case K_MIN: return fminmax(in, a, b, false, n->ignore);
    case K_EQ: return bool_bv(in, Z3_mk_fpa_eq(Z, a, b));
    case K_GT: return bool_bv(in, Z3_mk_fpa_gt(Z, a, b));
    case K_GE: return bool_bv(in, Z3_mk_fpa_geq(Z, a, b));
    default: break;
    }
    unknown(in, "%s on floats", n->op->name);
    return NULL;
  }
  switch (n->k) {
  case K_ADD:
  case K_SUB: {
    Ast v = n->k == K_ADD ? Z3_mk_bvadd(Z, sext64(in, a, dt), sext64(in, b, dt))
                          : Z3_mk_bvsub(Z, sext64(in, a, dt), sext64(in, b, dt));
    require(in, in_range(in, v, dt));
    return low(in, v, dt);
  }
  case K_MUL: {
    Ast p = Z3_mk_bvmul(Z, sext64(in, a, dt), sext64(in, b, dt));
    if (dt != RG_DT_I32)
      return low(in, p, n->dt);
    /* shift in [0, 63] (an i8); 0 keeps the low bits */
    Ast sh = sext64(in, elem(in, n->opnd[2], NULL), n->opnd[2]->dt);
    require(in, and2(in, Z3_mk_bvsge(Z, sh, i64(in, 0)), Z3_mk_bvsle(Z, sh, i64(in, 62))));
    Ast half = Z3_mk_bvshl(Z, i64(in, 1), Z3_mk_bvsub(Z, sh, i64(in, 1)));
    Ast r = Z3_mk_bvashr(Z, Z3_mk_bvadd(Z, p, half), sh);
    Ast pos = Z3_mk_bvsgt(Z, sh, i64(in, 0));
    require(in, Z3_mk_implies(Z, pos, in_range(in, r, RG_DT_I32)));
    return low(in, Z3_mk_ite(Z, pos, r, p), dt);
  }
  case K_INTDIV:
    require(in, Z3_mk_not(Z, Z3_mk_eq(Z, b, num(in, dt, 0))));
    require(in, Z3_mk_not(Z, and2(in, Z3_mk_eq(Z, a, num(in, dt, (double)rg_elem_min(dt))),
                                  Z3_mk_eq(Z, b, num(in, dt, -1)))));
    return Z3_mk_bvsdiv(Z, a, b);
  case K_MAX: return Z3_mk_ite(Z, Z3_mk_bvsge(Z, a, b), a, b);
  case K_MIN: return Z3_mk_ite(Z, Z3_mk_bvsle(Z, a, b), a, b);
  case K_EQ: return bool_bv(in, Z3_mk_eq(Z, a, b));
  case K_GT: return bool_bv(in, dt == RG_DT_I1 ? Z3_mk_bvugt(Z, a, b) : Z3_mk_bvsgt(Z, a, b));
  case K_GE: return bool_bv(in, dt == RG_DT_I1 ? Z3_mk_bvuge(Z, a, b) : Z3_mk_bvsge(Z, a, b));
  case K_LAND: return Z3_mk_bvand(Z, a, b);
  case K_LOR: return Z3_mk_bvor(Z, a, b);
  case K_LXOR: return Z3_mk_bvxor(Z, a, b);
  default: break;
  }
  unknown(in, "%s has no meaning here", n->op->name);
  return NULL;
}

static Ast negate(Inst *in, Val *n, Ast v) {
  RgDType dt = n->dt;
  if (isf(dt))
    return Z3_mk_fpa_neg(Z, v);
  Ast izp = n->nopnd > 1 ? sext64(in, elem(in, n->opnd[1], NULL), dt) : i64(in, 0);
  Ast ozp = n->nopnd > 2 ? sext64(in, elem(in, n->opnd[2], NULL), dt) : i64(in, 0);
  Ast w = Z3_mk_bvsub(Z, sext64(in, v, dt), izp);
  require(in, in_range(in, w, RG_DT_I32));
  w = Z3_mk_bvsub(Z, ozp, w);
  require(in, in_range(in, w, RG_DT_I32));
  Ast lo = i64(in, rg_elem_min(dt)), hi = i64(in, rg_elem_max(dt));
  w = Z3_mk_ite(Z, Z3_mk_bvslt(Z, w, lo), lo, Z3_mk_ite(Z, Z3_mk_bvsgt(Z, w, hi), hi, w));
  return low(in, w, dt);
}

Ast cast(Inst *in, RgDType from, RgDType to, Ast v) {
  Z3_sort os = sort_of(in, to);
  bool fi = isf(from), fo = isf(to);
  if (!fi && !fo)
    return to == RG_DT_I1 ? bool_bv(in, Z3_mk_not(Z, Z3_mk_eq(Z, v, num(in, from, 0)))) : low(in, sext64(in, v, from), to);
  if (!fi)
    return from == RG_DT_I1 ? Z3_mk_fpa_to_fp_unsigned(Z, rne(in), v, os) : Z3_mk_fpa_to_fp_signed(Z, rne(in), v, os);
  if (fo)
    return Z3_mk_fpa_to_fp_float(Z, rne(in), v, os);
  if (to == RG_DT_I1) {
    unknown(in, "tosa.cast from float to i1");
    return NULL;
  }
  require(in, Z3_mk_not(Z, Z3_mk_fpa_is_nan(Z, v)));
  Z3_sort f64 = Z3_mk_fpa_sort_64(Z);
  Ast rv = Z3_mk_fpa_round_to_integral(Z, rne(in), v), r64 = Z3_mk_fpa_to_fp_float(Z, rne(in), rv, f64);
  Ast lo = Z3_mk_fpa_numeral_double(Z, (double)rg_elem_min(to), f64);
  Ast hi = Z3_mk_fpa_numeral_double(Z, (double)rg_elem_max(to), f64);
  Ast mid = low(in, Z3_mk_fpa_to_sbv(Z, Z3_mk_fpa_rtz(Z), r64, 64), to);
  return Z3_mk_ite(Z, Z3_mk_fpa_leq(Z, r64, lo), num(in, to, (double)rg_elem_min(to)),
                   Z3_mk_ite(Z, Z3_mk_fpa_geq(Z, r64, hi), num(in, to, (double)rg_elem_max(to)), mid));
}

static Ast read_leaf(Inst *in, Val *v, Ast const *idx);

/* A validity rule of a node's operands: assumed of the pattern, required
 * of a node the replacement makes. */
void valid(Inst *in, Val *n, Ast a) {
  if (n->created)
    require(in, a);
  else
    fact(in, a);
}

/* AVG_POOL2D over one element (op_avg_pool2d, count 1): floats +0.0 + x
 * in f32 rounded to acc_type, divided by 1, rounded to the type; integers
 * (x - input_zp) scaled by reciprocal_scale(1) = (2^30 + 1, 30), plus
 * output_zp, clipped. */
static Ast avg_one(Inst *in, Val *n, Ast v) {
  RgDType dt = n->dt;
  Ast izp = elem(in, n->opnd[1], NULL), ozp = izp ? elem(in, n->opnd[2], NULL) : NULL;
  if (!ozp)
    return NULL;
  if (isf(dt)) {
    valid(in, n, and2(in, Z3_mk_fpa_is_zero(Z, izp), Z3_mk_fpa_is_zero(Z, ozp)));
    Z3_sort f32 = Z3_mk_fpa_sort_32(Z);
    Ast acc = Z3_mk_fpa_add(Z, rne(in), Z3_mk_fpa_zero(Z, f32, false), widen(in, v, dt));
    Ast a16 = widen(in, narrow(in, acc, RG_DT_F16), RG_DT_F16), ab16 = widen(in, narrow(in, acc, RG_DT_BF16), RG_DT_BF16);
    acc = Z3_mk_ite(Z, Z3_mk_eq(Z, n->acc, bvnum(in, 1, 2)), a16, Z3_mk_ite(Z, Z3_mk_eq(Z, n->acc, bvnum(in, 2, 2)), ab16, acc));
    return narrow(in, acc, dt);
  }
  Ast z = sext64(in, izp, dt), oz = sext64(in, ozp, dt);
  if (dt != RG_DT_I8)
    valid(in, n, and2(in, Z3_mk_eq(Z, z, i64(in, 0)), Z3_mk_eq(Z, oz, i64(in, 0))));
  Ast a = Z3_mk_bvsub(Z, sext64(in, v, dt), z);
  require(in, in_range(in, a, RG_DT_I32));
  require(in, and2(in, Z3_mk_bvsge(Z, a, i64(in, -((int64_t)1 << 29))), Z3_mk_bvslt(Z, a, i64(in, (int64_t)1 << 29))));
  Ast r = Z3_mk_bvashr(Z, Z3_mk_bvadd(Z, Z3_mk_bvmul(Z, a, i64(in, ((int64_t)1 << 30) + 1)), i64(in, (int64_t)1 << 29)),
                       i64(in, 30));
  r = Z3_mk_bvadd(Z, r, oz);
  require(in, in_range(in, r, RG_DT_I32));
  Ast lo = i64(in, rg_elem_min(dt)), hi = i64(in, rg_elem_max(dt));
  return low(in, Z3_mk_ite(Z, Z3_mk_bvslt(Z, r, lo), lo, Z3_mk_ite(Z, Z3_mk_bvsgt(Z, r, hi), hi, r)), dt);
}

/* ---- RESCALE, as op_rescale of backends/tosa/tosa_eval_elem.c with its
 * attributes as Booleans ---- */

Ast ite64(Inst *in, Ast c, int64_t a, int64_t b) { return Z3_mk_ite(Z, c, i64(in, a), i64(in, b)); }

/* An integer element as 64 bits, zero-extended where its side is unsigned. */
static Ast ext_u(Inst *in, Ast v, RgDType dt, Ast u) {
  return Z3_mk_ite(Z, u, Z3_mk_zero_ext(Z, (unsigned)(64 - rg_dtype_bits(dt)), v), sext64(in, v, dt));
}

/* A per-channel parameter at channel c (a splat or a one-element value
 * wherever it is read). */
Ast channel_read(Inst *in, Val *v, Ast c) {
  if (v->kind == V_LEAF && v->vec && !v->elem)
    return read_leaf(in, v, &c);
  return elem(in, v, NULL);
}

/* The multiplier and shift a RESCALE applies at the result index, as 64
 * bits; facts of the types (an i16 multiplier under scale32 = false) and
 * of tosa_rescale_is_identity where it was asked. */
static bool rescale_params(Inst *in, Val *n, Ast const *idx, Ast *m, Ast *sh) {
  Ast c = in->R ? Z3_mk_ite(Z, n->pc, idx[in->R - 1], ix(in, 0)) : ix(in, 0);
  Ast mv = channel_read(in, n->opnd[1], c), sv = mv ? channel_read(in, n->opnd[2], c) : NULL;
  if (!sv)
    return false;
  *m = sext64(in, mv, n->opnd[1]->dt);
  *sh = sext64(in, sv, n->opnd[2]->dt);
  Ast m16 = Z3_mk_implies(Z, Z3_mk_not(Z, n->s32), in_range(in, *m, RG_DT_I16));
  if (n->created)
    require(in, m16); /* a new RESCALE must be valid */
  else
    fact(in, m16);
  if (n->ident) {
    Ast top = Z3_mk_ite(Z, n->s32, i64(in, 30), i64(in, 14));
    fact(in, Z3_mk_implies(Z, n->ident,
                           Z3_mk_and(Z, 3, (Ast[]){Z3_mk_bvsge(Z, *sh, i64(in, 2)), Z3_mk_bvsle(Z, *sh, top),
                                                   Z3_mk_eq(Z, *m, Z3_mk_bvshl(Z, i64(in, 1), *sh))})));
  }
  return true;
}

static Ast rescale(Inst *in, Val *n, Ast const *idx) {
  Val *x = n->opnd[0];
  RgDType it = x->dt, ot = n->dt;
  Ast a = elem(in, x, idx), m = NULL, sh = NULL;
  Ast izp = a ? elem(in, n->opnd[3], NULL) : NULL, ozp = izp ? elem(in, n->opnd[4], NULL) : NULL;
  if (!ozp || !rescale_params(in, n, idx, &m, &sh))
    return NULL;
  Ast v = Z3_mk_bvsub(Z, ext_u(in, a, it, n->iu), ext_u(in, izp, it, n->iu));
  /* apply_scale_32 / apply_scale_16 */
  Ast one = i64(in, 1), half = Z3_mk_bvshl(Z, one, Z3_mk_bvsub(Z, sh, one));
  require(in, Z3_mk_bvsge(Z, m, i64(in, 0)));
  require(in, and2(in, Z3_mk_bvsge(Z, sh, i64(in, 2)), Z3_mk_bvsle(Z, sh, i64(in, 62))));
  Ast v_ok = Z3_mk_and(Z, 3, (Ast[]){Z3_mk_bvsge(Z, v, Z3_mk_bvneg(Z, half)), Z3_mk_bvslt(Z, v, half),
                                     in_range(in, v, RG_DT_I32)});
  require(in, Z3_mk_implies(Z, n->s32, v_ok));
  Ast adj = ite64(in, Z3_mk_bvsge(Z, v, i64(in, 0)), (int64_t)1 << 30, -((int64_t)1 << 30));
  Ast dbl = Z3_mk_and(Z, 3, (Ast[]){n->s32, n->dbl, Z3_mk_bvsgt(Z, sh, i64(in, 31))});
  Ast round = Z3_mk_ite(Z, dbl, Z3_mk_bvadd(Z, half, adj), half);
  Ast r = Z3_mk_bvashr(Z, Z3_mk_bvadd(Z, Z3_mk_bvmul(Z, v, m), round), sh);
  require(in, Z3_mk_implies(Z, Z3_mk_not(Z, n->s32), in_range(in, r, RG_DT_I32)));
  Ast res = Z3_mk_bvadd(Z, r, ext_u(in, ozp, ot, n->ou));
  require(in, in_range(in, res, RG_DT_I32));
  int ob = rg_dtype_bits(ot);
  Ast lo = ite64(in, n->ou, 0, rg_elem_min(ot)), hi = ite64(in, n->ou, (int64_t)(((uint64_t)1 << ob) - 1), rg_elem_max(ot));
  res = Z3_mk_ite(Z, Z3_mk_bvslt(Z, res, lo), lo, Z3_mk_ite(Z, Z3_mk_bvsgt(Z, res, hi), hi, res));
  return low(in, res, ot);
}

/* The validity rules of a RESCALE (the evaluator's ERROR_IFs): assumed of
 * the pattern, proven of the replacement. */
void rescale_rules(Inst *in, Val *n) {
  RgDType it = n->opnd[0]->dt, ot = n->dt;
  bool narrow_i = it == RG_DT_I8 || it == RG_DT_I16, narrow_o = ot == RG_DT_I8 || ot == RG_DT_I16;
  attr_fact(in, Z3_mk_implies(Z, Z3_mk_not(Z, n->s32), Z3_mk_not(Z, n->dbl)));
  attr_fact(in, Z3_mk_not(Z, and2(in, n->iu, n->ou)));
  attr_fact(in, Z3_mk_implies(Z, n->iu, bool_c(in, narrow_i && ot != RG_DT_I32)));
  attr_fact(in, Z3_mk_implies(Z, n->ou, bool_c(in, narrow_o && it != RG_DT_I32)));
  if (!in->R)
    attr_fact(in, Z3_mk_not(Z, n->pc));
  for (int side = 0; side < 2; side++) {
    RgDType dt = side ? ot : it;
    Ast u = side ? n->ou : n->iu, zp = elem(in, n->opnd[3 + side], NULL);
    if (!zp)
      return;
    Ast z = ext_u(in, zp, dt, u), zero = Z3_mk_eq(Z, z, i64(in, 0));
    Ast i16u = and2(in, bool_c(in, dt == RG_DT_I16), u);
    attr_fact(in, Z3_mk_implies(Z, Z3_mk_not(Z, zero), or2(in, bool_c(in, dt == RG_DT_I8), i16u)));
    attr_fact(in, Z3_mk_implies(Z, i16u, or2(in, zero, Z3_mk_eq(Z, z, i64(in, 32768)))));
  }
}

/* ---- the aten ops of backends/xnnpack (arith of xnnpack_eval.c): floats
 * computed in f32 and rounded once to the result type, integers wrapped;
 * a Scalar (alpha, other) as a double, an int64 and whether a float ---- */

/* x OP y in the result type: floats in f32 (y32 already f32) rounded once
 * to the type, integers wrapped. */
static Ast aten_op(Inst *in, RgDType dt, Ast x, Ast y32, bool mul) {
  Ast a = isf(dt) ? widen(in, x, dt) : x, r;
  if (in->abstract) { /* the arithmetic a free function: equal operands, equal results */
    char name[48];
    snprintf(name, sizeof name, "aten.%s.%s", mul ? "mul" : "add", isf(dt) ? "f32" : rg_dtype_name(dt));
    Z3_sort s = Z3_get_sort(Z, a), dom[2] = {s, s};
    r = Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), 2, dom, s), 2, (Ast[]){a, y32});
    in->has_uf = in->opaque_used = in->free_always = true;
  } else if (!isf(dt)) {
    r = mul ? Z3_mk_bvmul(Z, a, y32) : Z3_mk_bvadd(Z, a, y32);
  } else {
    r = mul ? Z3_mk_fpa_mul(Z, rne(in), a, y32) : Z3_mk_fpa_add(Z, rne(in), a, y32);
  }
  return isf(dt) ? narrow(in, r, dt) : r;
}

static Ast aten_elem(Inst *in, Val *n, Ast const *idx) {
  RgDType dt = n->dt;
  Ast a = bcast(in, n, 0, idx);
  if (!a)
    return NULL;
  if (!isf(dt) && n->nisf)
    require(in, Z3_mk_not(Z, n->nisf)); /* a float Scalar with an integer result: ERROR */
  Z3_sort f32 = Z3_mk_fpa_sort_32(Z);
  if (n->k == K_ATEN_MULS && n->exact && isf(n->exact_dt) && isf(dt)) /* x * (float)other, other an element */
    return aten_op(in, dt, a, Z3_mk_fpa_to_fp_float(Z, rne(in), n->exact, f32), true);
  if (n->k == K_ATEN_MULS && n->exact && n->exact_dt == dt) /* an int other (a float one fails above) */
    return aten_op(in, dt, a, n->exact, true);
  if (n->k == K_ATEN_MULS) /* x * (float)other */
    return aten_op(in, dt, a, isf(dt) ? Z3_mk_fpa_to_fp_float(Z, rne(in), n->nf, f32) : low(in, n->ni, dt), true);
  Ast b = bcast(in, n, 1, idx);
  if (!b)
    return NULL;
  Ast y = isf(dt) ? widen(in, b, dt) : b;
  if (n->k == K_ATEN_ADD) { /* x + alpha * y, the product rounded first; alpha 1: x + y */
    Ast scaled = isf(dt) ? Z3_mk_fpa_mul(Z, rne(in), y, Z3_mk_fpa_to_fp_float(Z, rne(in), n->nf, f32))
                         : Z3_mk_bvmul(Z, y, low(in, n->ni, dt)); /* commutative: spelled as mul.Scalar's */
    y = Z3_mk_ite(Z, Z3_mk_fpa_eq(Z, n->nf, num(in, RG_DT_F64, 1)), y, scaled);
  }
  return aten_op(in, dt, a, y, n->k != K_ATEN_ADD);
}

/* The product of a [M, K] and b [K, N] (b read as [N, K] when
 * transposed: linear's weight) at idx: f32 products summed from +0.0 in
 * ascending k, rounded once to the type (integers wrap), as
 * xnnpack_eval.c's matmul_into; for K of up to MAXRED, which the
 * instance is bounded to (and says so). */
static Ast matmul_at(Inst *in, Val *n, Val *a, Val *b, bool transposed, Ast const *idx) {
  RgDType dt = n->dt;
  Ast K = a->dims[1], bounded = Z3_mk_bvule(Z, K, ix(in, MAXRED)), acc, res = NULL;
  if (n->created)
    require(in, bounded);
  else
    fact(in, bounded);
  in->bounded_reduce = true;
  acc = isf(dt) ? Z3_mk_fpa_zero(Z, Z3_mk_fpa_sort_32(Z), false) : num(in, dt, 0);
  for (int k = 0; k < MAXRED; k++) {
    Ast ja[2] = {idx[0], ix(in, k)}, jb[2] = {ix(in, k), idx[1]}, jt[2] = {idx[1], ix(in, k)};
    Ast x = elem(in, a, ja), y = x ? elem(in, b, transposed ? jt : jb) : NULL;
    if (!y)
      return NULL;
    if (in->abstract) { /* free functions of the type: equal operands, equal results */
      char name[64];
      snprintf(name, sizeof name, "matmul.step.%s", rg_dtype_name(dt));
      Z3_sort s = Z3_get_sort(Z, acc), dom[3] = {s, sort_of(in, dt), sort_of(in, dt)};
      acc = Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), 3, dom, s), 3, (Ast[]){acc, x, y});
      in->has_uf = in->opaque_used = in->free_always = true;
    } else if (isf(dt)) {
      acc = Z3_mk_fpa_add(Z, rne(in), acc, Z3_mk_fpa_mul(Z, rne(in), widen(in, x, dt), widen(in, y, dt)));
    } else {
      acc = Z3_mk_bvadd(Z, acc, Z3_mk_bvmul(Z, x, y));
    }
    Ast here = isf(dt) ? narrow(in, acc, dt) : acc;
    res = res ? Z3_mk_ite(Z, Z3_mk_eq(Z, K, ix(in, k + 1)), here, res) : here;
  }
  return res;
}

/* A Scalar times v, in v's element type dt (one rounding; integers by
 * the Scalar truncated to an int64, wrapped), or v where the Scalar is 1. */
static Ast scaled(Inst *in, RgDType dt, Ast v, Ast f) {
  if (isf(dt)) {
    Ast p = narrow(in, Z3_mk_fpa_mul(Z, rne(in), Z3_mk_fpa_to_fp_float(Z, rne(in), f, Z3_mk_fpa_sort_32(Z)), widen(in, v, dt)), dt);
    return Z3_mk_ite(Z, Z3_mk_fpa_eq(Z, f, num(in, RG_DT_F64, 1)), v, p);
  }
  return Z3_mk_bvmul(Z, v, low(in, Z3_mk_fpa_to_sbv(Z, Z3_mk_fpa_rtz(Z), f, 64), dt));
}

/* aten.mm; aten.addmm (beta * self + alpha * (m1 @ m2), self broadcast);
 * aten.linear (x @ w^T + bias): the product rounded to the type first,
 * then the bias added as aten.add.Tensor adds, as add_bias of
 * xnnpack_eval.c. */
static Ast matmul_elem(Inst *in, Val *n, Ast const *idx) {
  bool addmm = n->k == K_ATEN_ADDMM;
  Val *a = n->opnd[addmm ? 1 : 0], *b = n->opnd[addmm ? 2 : 1];
  Ast v = matmul_at(in, n, a, b, n->k == K_ATEN_LINEAR, idx);
  uint32_t bias = addmm ? 0 : 2;
  if (!v || n->k == K_ATEN_MM || bias >= n->nopnd)
    return v;
  Ast c = bcast(in, n, bias, idx);
  if (!c)
    return NULL;
  RgDType dt = n->dt;
  if (addmm)
    v = scaled(in, dt, v, n->nf), c = scaled(in, dt, c, n->bf);
  return aten_op(in, dt, v, isf(dt) ? widen(in, c, dt) : c, false);
}

/* A reduction over an axis of size 1 is its one element; over a longer
 * axis a free function of the node (no counterpart on the other side). */
Ast reduce(Inst *in, Val *n, Ast const *idx) {
  Val *x = n->opnd[0];
  Ast one = elem(in, x, idx);
  if (!one)
    return NULL;
  RgDType dt = x->dt;
  Ast v = one;
  if (n->k == K_RSUM && isf(dt)) /* the sum starts at +0.0 */
    v = narrow(in, Z3_mk_fpa_add(Z, rne(in), Z3_mk_fpa_zero(Z, Z3_mk_fpa_sort_32(Z), false), widen(in, one, dt)), dt);
  if (n->k == K_RPROD && isf(dt))
    v = narrow(in, Z3_mk_fpa_mul(Z, rne(in), Z3_mk_fpa_numeral_float(Z, 1.0f, Z3_mk_fpa_sort_32(Z)), widen(in, one, dt)), dt);
  Ast len = axis_dim(in, x->dims, n->ax);
  in->long_reduce = true;
  if (!in->fold_reduce) { /* first: a free value, no counterpart on the other side */
    Z3_sort dom[MAXR];
    for (int d = 0; d < in->R; d++)
      dom[d] = bv(in, IBITS);
    char name[32];
    snprintf(name, sizeof name, "reduce%d", (int)(n - in->vals));
    Ast other = Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), (unsigned)in->R, dom, sort_of(in, n->dt)),
                          (unsigned)in->R, idx);
    free_unless(in, Z3_mk_eq(Z, len, ix(in, 1)));
    return Z3_mk_ite(Z, Z3_mk_eq(Z, len, ix(in, 1)), v, other);
  }
  /* then: its elements in order folded by a free function of the op and
   * type (so the proof holds for any combination), for axes of up to
   * MAXRED elements: the instance is bounded so, and says so */
  _Static_assert(MAXRED == 4, "the bounds printed say 1..4");
  Ast bounded = Z3_mk_bvule(Z, len, ix(in, MAXRED));
  if (n->created)
    require(in, bounded);
  else
    fact(in, bounded);
  in->bounded_reduce = true;
  char name[64];
  snprintf(name, sizeof name, "reduce.%s.%s", n->op->name, rg_dtype_name(n->dt));
  Z3_sort s = sort_of(in, n->dt), dom[2] = {s, sort_of(in, dt)};
  Z3_func_decl comb = Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), 2, dom, s);
  Ast acc = v, res = v, j[MAXR];
  for (int k = 1; k < MAXRED; k++) {
    for (int d = 0; d < in->R; d++)
      j[d] = Z3_mk_ite(Z, Z3_mk_eq(Z, n->ax, i64(in, d)), ix(in, k), idx[d]);
    Ast e = elem(in, x, j);
    if (!e)
      return NULL;
    acc = Z3_mk_app(Z, comb, 2, (Ast[]){acc, e});
    res = Z3_mk_ite(Z, Z3_mk_eq(Z, len, ix(in, k + 1)), acc, res);
  }
  in->opaque_used = in->has_uf = in->free_always = true;
  return res;
}

/* The index of the input of a transpose read at the result index. */
static void transpose_index(Inst *in, Val *n, Ast const *idx, Ast *j) {
  for (int d = 0; d < in->R; d++) {
    Ast r = ix(in, 0);
    for (int i = in->R - 1; i >= 0; i--)
      r = Z3_mk_ite(Z, Z3_mk_eq(Z, n->perm[i], i64(in, d)), idx[i], r);
    j[d] = r;
  }
}

static Ast opaque(Inst *in, Val *n, Ast const *idx) {
  Ast args[MAXOPS];
  Z3_sort dom[MAXOPS];
  for (uint32_t k = 0; k < n->nopnd; k++) {
    if (!(args[k] = bcast(in, n, k, idx)))
      return NULL;
    dom[k] = sort_of(in, n->opnd[k]->dt);
  }
  in->has_uf = in->opaque_used = in->free_always = true;
  char name[160];
  snprintf(name, sizeof name, "%s.%s.%u", n->op->name, rg_dtype_name(n->dt), n->nopnd);
  for (uint32_t k = 0; k < n->nopnd; k++)
    snprintf(name + strlen(name), sizeof name - strlen(name), ".%s", rg_dtype_name(n->opnd[k]->dt));
  return Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), n->nopnd, dom, sort_of(in, n->dt)), n->nopnd,
                   args);
}

/* The row-major offset of idx in dims, in 16 bits: exact where idx lies
 * inside dims and the value has fewer than 2^16 elements. */
static Ast offset16(Inst *in, Ast const *dims, Ast const *idx) {
  Ast o = bvnum(in, 0, 16);
  for (int d = 0; d < in->R; d++)
    o = Z3_mk_bvadd(Z, Z3_mk_bvmul(Z, o, Z3_mk_extract(Z, 15, 0, dims[d])), Z3_mk_extract(Z, 15, 0, idx[d]));
  return o;
}

static Ast read_leaf_at(Inst *in, Val *v, Ast const *idx, Ast key);

/* The element of v at a row-major offset (reshapes read by their
 * offsets): a reshape passes it on, an input is read by it, any other
 * value at the index j with j < dims(v) and offset(j) = off (no division),
 * where off lies inside v. */
static Ast elem_at_offset(Inst *in, Val *v, Ast off) {
  if (is_op(v, K_RESHAPE))
    return elem_at_offset(in, v->opnd[0], off);
  if (v->kind == V_LEAF && !v->elem && !v->scalar && !v->vec)
    return read_leaf_at(in, v, NULL, off);
  Ast j[MAXR], below[MAXR], count, bounded;
  for (int d = 0; d < in->R; d++) {
    j[d] = fresh(in, "reshape_index", bv(in, IBITS));
    below[d] = Z3_mk_bvult(Z, j[d], v->dims[d]);
  }
  count = few_elements(in, v->dims, &bounded);
  Ast inside = and2(in, bounded, Z3_mk_bvult(Z, Z3_mk_zero_ext(Z, IBITS - 16, off), count));
  fact(in, Z3_mk_implies(Z, inside, and2(in, mk_and(in, (uint32_t)in->R, below),
                                         Z3_mk_eq(Z, offset16(in, v->dims, j), off))));
  return elem(in, v, j);
}

/* A reshape: its input where the shape stays; to another shape first a
 * free value (no counterpart on the other side), then the input's element
 * at the same row-major offset, for values of fewer than 2^16 elements
 * (reshape_rules). */
static Ast reshape_elem(Inst *in, Val *n, Ast const *idx) {
  Val *x = n->opnd[0];
  in->other_reshape = true;
  if (in->flat_reshape)
    return elem_at_offset(in, x, offset16(in, n->dims, idx));
  Ast v = elem(in, x, idx), same = all_dims(in, n, x, false);
  Z3_sort dom[MAXR];
  for (int d = 0; d < in->R; d++)
    dom[d] = bv(in, IBITS);
  char name[32];
  snprintf(name, sizeof name, "reshape%d", (int)(n - in->vals));
  free_unless(in, same);
  Z3_func_decl f = Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), (unsigned)in->R, dom, sort_of(in, n->dt));
  return v ? Z3_mk_ite(Z, same, v, Z3_mk_app(Z, f, (unsigned)in->R, idx)) : NULL;
}

static bool abstractable(Kind k) {
  return (k >= K_CLAMP && k <= K_ABS) || (k >= K_LNOT && k <= K_CAST) || k == K_RESCALE;
}

/* A RESCALE's operands at the result index and its attributes, as the
 * arguments of its free function. */
static uint32_t rescale_args(Inst *in, Val *n, Ast const *idx, Ast *args, Z3_sort *dom) {
  Ast m, sh;
  args[0] = elem(in, n->opnd[0], idx);
  args[1] = args[0] ? elem(in, n->opnd[3], NULL) : NULL;
  args[2] = args[1] ? elem(in, n->opnd[4], NULL) : NULL;
  if (!args[2] || !rescale_params(in, n, idx, &m, &sh))
    return 0;
  args[3] = m, args[4] = sh;
  Ast flags[5] = {n->s32, n->dbl, n->pc, n->iu, n->ou};
  for (int i = 0; i < 5; i++)
    args[5 + i] = bool_bv(in, flags[i]);
  for (int i = 0; i < 10; i++)
    dom[i] = Z3_get_sort(Z, args[i]);
  return 10;
}

/* An arithmetic op as a free function of its operands' elements and its
 * attributes, its REQUIREs a free predicate of the same: equal
 * applications on both sides are equal by congruence, which Z3 sees
 * without bit-blasting the arithmetic twice. A proof so holds for every
 * meaning of the op; a counterexample is retried with the exact one. */
static Ast abstract_elem(Inst *in, Val *n, Ast const *idx) {
  Ast args[MAXOPS + 10];
  Z3_sort dom[MAXOPS + 10];
  uint32_t na = 0;
  char name[200];
  snprintf(name, sizeof name, "%s.%s", n->op->name, rg_dtype_name(n->dt));
  if (n->k == K_RESCALE && !(na = rescale_args(in, n, idx, args, dom)))
    return NULL;
  for (uint32_t k = 0; k < n->nopnd && n->k != K_RESCALE; k++) {
    if (!(args[na] = bcast(in, n, k, idx)))
      return NULL;
    dom[na++] = sort_of(in, n->opnd[k]->dt);
    snprintf(name + strlen(name), sizeof name - strlen(name), ".%s", rg_dtype_name(n->opnd[k]->dt));
  }
  if (n->k == K_CLAMP) {
    args[na] = n->lo, dom[na++] = sort_of(in, n->dt);
    args[na] = n->hi, dom[na++] = sort_of(in, n->dt);
  }
  if (n->ignore) {
    args[na] = bool_bv(in, n->ignore);
    dom[na++] = bv(in, 1);
  }
  in->has_uf = in->opaque_used = in->free_always = true;
  Ast v = Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), na, dom, sort_of(in, n->dt)), na, args);
  char rq[220];
  snprintf(rq, sizeof rq, "require.%s", name);
  require(in, Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, rq), na, dom, Z3_mk_bool_sort(Z)), na, args));
  return v;
}

/* BILINEAR at a unit scale (remainders 0, weights 1 and 0): the element,
 * with its neighbours below and to the right (clamped to the edge) added
 * times 0, each step rounded as the evaluator does. */
static Ast bilinear_unit(Inst *in, Val *n, Ast const *idx, Ast v) {
  Val *x = n->opnd[0];
  RgDType dt = n->dt;
  Ast j[3][MAXR], one = Z3_mk_fpa_numeral_float(Z, 1.0f, Z3_mk_fpa_sort_32(Z));
  Ast zero = Z3_mk_fpa_zero(Z, Z3_mk_fpa_sort_32(Z), false), w[4][2] = {{one, one}, {one, zero}, {zero, one}, {zero, zero}};
  for (int k = 0; k < 3; k++)
    for (int d = 0; d < 4; d++) {
      Ast up = Z3_mk_bvadd(Z, idx[d], ix(in, 1)), last = Z3_mk_bvsub(Z, x->dims[d], ix(in, 1));
      bool moves = (d == 1 && k >= 1) || (d == 2 && k != 1); /* k: (y0, x1), (y1, x0), (y1, x1) */
      j[k][d] = moves ? Z3_mk_ite(Z, Z3_mk_bvugt(Z, up, last), last, up) : idx[d];
    }
  Ast acc = NULL;
  for (int k = 0; k < 4; k++) {
    Ast e = k ? elem(in, x, j[k - 1]) : v;
    if (!e)
      return NULL;
    Ast t = round_to(in, Z3_mk_fpa_mul(Z, rne(in), round_to(in, Z3_mk_fpa_mul(Z, rne(in), widen(in, e, dt), w[k][0]), dt),
                                       w[k][1]), dt);
    acc = k ? round_to(in, Z3_mk_fpa_add(Z, rne(in), acc, t), dt) : t;
  }
  return narrow(in, acc, dt);
}

/* v where n's geometry has an exact meaning (n->ints[0]); elsewhere a free
 * function of the index, named after what n is (resize, pool). */
static Ast exact_or_free(Inst *in, Val *n, Ast const *idx, Ast v, const char *what) {
  Z3_sort dom[MAXR];
  for (int d = 0; d < in->R; d++)
    dom[d] = bv(in, IBITS);
  char name[32];
  snprintf(name, sizeof name, "%s%d", what, (int)(n - in->vals));
  free_unless(in, n->ints[0]);
  Z3_func_decl f = Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), (unsigned)in->R, dom, sort_of(in, n->dt));
  return Z3_mk_ite(Z, n->ints[0], v, Z3_mk_app(Z, f, (unsigned)in->R, idx));
}

/* RESIZE at scale n/n, offset 0 and border 0 on both axes (n->ints[0]):
 * NEAREST_NEIGHBOR reads the element at the same index, BILINEAR as
 * bilinear_unit; at any other geometry a free value. Integer BILINEAR
 * gives a wider type, any other mode fails. */
static Ast resize_elem(Inst *in, Val *n, Ast const *idx) {
  require(in, isf(n->dt) ? or2(in, n->nearest, n->bilinear) : n->nearest);
  Ast *sc = n->opnd[1]->ints, lim = i64(in, 1 << 11), size = ix(in, 16384);
  Ast checks[6] = {Z3_mk_bvsle(Z, sc[0], lim), Z3_mk_bvsle(Z, sc[2], lim)}; /* its other ERROR_IFs at this geometry */
  for (int d = 1; d < 3; d++) {
    checks[2 * d] = Z3_mk_bvult(Z, n->dims[d], size);
    checks[2 * d + 1] = Z3_mk_bvult(Z, n->opnd[0]->dims[d], size);
  }
  require(in, Z3_mk_implies(Z, n->ints[0], mk_and(in, 6, checks)));
  Ast v = elem(in, n->opnd[0], idx);
  if (v && isf(n->dt)) {
    Ast b = bilinear_unit(in, n, idx, v);
    v = b ? Z3_mk_ite(Z, n->bilinear, b, v) : NULL;
  }
  return v ? exact_or_free(in, n, idx, v, "resize") : NULL;
}

/* TABLE looks each element up on its own: a free function of the element,
 * one per table value (the same table, the same lookup), for any table
 * contents. */
static Ast table_elem(Inst *in, Val *n, Ast const *idx) {
  Ast v = elem(in, n->opnd[0], idx);
  if (!v)
    return NULL;
  char name[64];
  snprintf(name, sizeof name, "table%d.%s", (int)(n->opnd[1] - in->vals), rg_dtype_name(n->dt));
  Z3_sort dom = sort_of(in, n->opnd[0]->dt);
  in->opaque_used = in->has_uf = in->free_always = true;
  return Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), 1, &dom, sort_of(in, n->dt)), 1, &v);
}

/* CLAMP: NaN to min_val under nan_mode IGNORE, else kept. */
static Ast clamp_elem(Inst *in, Val *n, Ast const *idx) {
  Ast v = elem(in, n->opnd[0], idx);
  if (!v)
    return NULL;
  if (!isf(n->dt))
    return Z3_mk_ite(Z, Z3_mk_bvslt(Z, v, n->lo), n->lo, Z3_mk_ite(Z, Z3_mk_bvsgt(Z, v, n->hi), n->hi, v));
  Ast m = Z3_mk_ite(Z, Z3_mk_fpa_geq(Z, v, n->lo), v, n->lo);
  m = Z3_mk_ite(Z, Z3_mk_fpa_leq(Z, m, n->hi), m, n->hi);
  return Z3_mk_ite(Z, Z3_mk_fpa_is_nan(Z, v), Z3_mk_ite(Z, n->ignore, n->lo, v), m);
}

/* An elementwise op of two operands, each broadcast to the result. */
static Ast binary_elem(Inst *in, Val *n, Ast const *idx) {
  Ast a = bcast(in, n, 0, idx), b = a ? bcast(in, n, 1, idx) : NULL;
  return b ? binary(in, n, a, b) : NULL;
}

/* An elementwise op of one operand: NEGATE, ABS, LOGICAL_NOT, CAST. */
static Ast unary_elem(Inst *in, Val *n, Ast const *idx) {
  Ast v = elem(in, n->opnd[0], idx);
  if (!v)
    return NULL;
  switch (n->k) {
  case K_NEG: return negate(in, n, v);
  case K_LNOT: return Z3_mk_bvnot(Z, v);
  case K_CAST: return cast(in, n->opnd[0]->dt, n->dt, v);
  default: break;
  }
  if (isf(n->dt)) /* ABS */
    return Z3_mk_fpa_abs(Z, v);
  require(in, Z3_mk_not(Z, Z3_mk_eq(Z, v, num(in, n->dt, (double)rg_elem_min(n->dt)))));
  return Z3_mk_ite(Z, Z3_mk_bvslt(Z, v, num(in, n->dt, 0)), Z3_mk_bvneg(Z, v), v);
}

static Ast select_elem(Inst *in, Val *n, Ast const *idx) {
  Ast c = bcast(in, n, 0, idx), a = c ? bcast(in, n, 1, idx) : NULL, b = a ? bcast(in, n, 2, idx) : NULL;
  return b ? Z3_mk_ite(Z, Z3_mk_eq(Z, c, bvnum(in, 1, 1)), a, b) : NULL;
}

/* An op that reads its input at another index: TRANSPOSE, REVERSE,
 * SLICE, TILE (the index modulo the input's dims: non-linear unless they
 * stay). */
static Ast moved_elem(Inst *in, Val *n, Ast const *idx) {
  Ast j[MAXR];
  Val *x = n->opnd[0];
  if (n->k == K_TRANSPOSE)
    transpose_index(in, n, idx, j);
  for (int d = 0; d < in->R && n->k == K_REVERSE; d++)
    j[d] = Z3_mk_ite(Z, Z3_mk_eq(Z, n->ax, i64(in, d)), Z3_mk_bvsub(Z, Z3_mk_bvsub(Z, n->dims[d], ix(in, 1)), idx[d]),
                     idx[d]);
  for (int d = 0; d < in->R && n->k == K_SLICE; d++)
    j[d] = Z3_mk_bvadd(Z, idx[d], Z3_mk_extract(Z, IBITS - 1, 0, n->opnd[1]->ints[d]));
  for (int d = 0; d < in->R && n->k == K_TILE; d++)
    j[d] = Z3_mk_ite(Z, Z3_mk_eq(Z, n->dims[d], x->dims[d]), idx[d], Z3_mk_bvurem(Z, idx[d], x->dims[d]));
  return elem(in, x, j);
}

/* CONCAT: the operand whose range along the axis holds the index. */
static Ast concat_elem(Inst *in, Val *n, Ast const *idx) {
  Ast j[MAXR], res = NULL, off = ix(in, 0);
  for (uint32_t k = 0; k < n->nopnd; k++) {
    for (int d = 0; d < in->R; d++)
      j[d] = Z3_mk_ite(Z, Z3_mk_eq(Z, n->ax, i64(in, d)), Z3_mk_bvsub(Z, idx[d], off), idx[d]);
    Ast v = elem(in, n->opnd[k], j);
    if (!v)
      return NULL;
    res = res ? Z3_mk_ite(Z, Z3_mk_bvuge(Z, axis_dim(in, idx, n->ax), off), v, res) : v;
    off = Z3_mk_bvadd(Z, off, axis_dim(in, n->opnd[k]->dims, n->ax));
  }
  return res;
}

/* PAD: the input where the index falls in it, pad_const elsewhere. */
static Ast pad_elem(Inst *in, Val *n, Ast const *idx) {
  Val *pd = n->opnd[1];
  Ast j[MAXR], inside[MAXR];
  for (int d = 0; d < in->R; d++) {
    Ast lo = Z3_mk_extract(Z, IBITS - 1, 0, pd->ints[2 * d]);
    j[d] = Z3_mk_bvsub(Z, idx[d], lo);
    inside[d] = and2(in, Z3_mk_bvuge(Z, idx[d], lo), Z3_mk_bvult(Z, j[d], n->opnd[0]->dims[d]));
  }
  Ast v = elem(in, n->opnd[0], j), c = v ? elem(in, n->opnd[2], NULL) : NULL;
  return c ? Z3_mk_ite(Z, mk_and(in, (uint32_t)in->R, inside), v, c) : NULL;
}

/* MAX_POOL2D, AVG_POOL2D: a 1x1 window reads one element (a NaN's
 * payload aside); any other window a free value. */
static Ast pool_elem(Inst *in, Val *n, Ast const *idx) {
  Ast v = elem(in, n->opnd[0], idx);
  if (v && n->k == K_AVGPOOL)
    v = avg_one(in, n, v);
  return v ? exact_or_free(in, n, idx, v, "pool") : NULL;
}

/* A node's element at idx, by the family of its op. */
static Ast node_elem(Inst *in, Val *n, Ast const *idx) {
  if (in->abstract && abstractable(n->k))
    return abstract_elem(in, n, idx);
  switch (n->k) {
  case K_IDENT: return elem(in, n->opnd[0], idx);
  case K_CLAMP: return clamp_elem(in, n, idx);
  case K_ADD: case K_SUB: case K_MUL: case K_INTDIV: case K_MAX: case K_MIN: case K_EQ: case K_GT: case K_GE:
  case K_LAND: case K_LOR: case K_LXOR: return binary_elem(in, n, idx);
  case K_NEG: case K_ABS: case K_LNOT: case K_CAST: return unary_elem(in, n, idx);
  case K_SELECT: return select_elem(in, n, idx);
  case K_TRANSPOSE: case K_REVERSE: case K_SLICE: case K_TILE: return moved_elem(in, n, idx);
  case K_CONCAT: return concat_elem(in, n, idx);
  case K_PAD: return pad_elem(in, n, idx);
  case K_RSUM: case K_RPROD: case K_RMAX: case K_RMIN: case K_RALL: case K_RANY: return reduce(in, n, idx);
  case K_RESHAPE: return reshape_elem(in, n, idx);
  case K_MAXPOOL: case K_AVGPOOL: return pool_elem(in, n, idx);
  case K_RESIZE: return resize_elem(in, n, idx);
  case K_TABLE: return table_elem(in, n, idx);
  case K_RESCALE: return rescale(in, n, idx);
  case K_ATEN_ADD: case K_ATEN_MULS: case K_ATEN_MUL: return aten_elem(in, n, idx);
  case K_ATEN_MM: case K_ATEN_ADDMM: case K_ATEN_LINEAR: return matmul_elem(in, n, idx);
  case K_OPAQUE: return opaque(in, n, idx);
  default: break;
  }
  unknown(in, "%s has no meaning for rulegen --prove", n->op->name);
  return NULL;
}

/* A read of an input, as a constant with one congruence rule per earlier
 * read of the same input (Ackermann's reduction: the query then has no
 * free functions, which Z3 bit-blasts fast); the same read twice is the
 * same constant. */
static Ast read_leaf(Inst *in, Val *v, Ast const *idx) {
  uint32_t rank = v->vec ? 1 : v->scalar ? 0 : (uint32_t)in->R;
  /* with reshapes read by their offsets, an input is a function of its
   * row-major offset (the same thing for its fewer than 2^16 elements;
   * a read outside it is never used) */
  bool flat = in->flat_reshape && rank == (uint32_t)in->R && !v->scalar && !v->vec;
  return read_leaf_at(in, v, idx, flat ? offset16(in, v->dims, idx) : NULL);
}

/* A read of an input at idx, or at row-major offset key (then idx may be
 * NULL), as a constant with one congruence rule per earlier read of the
 * same input. */
static Ast read_leaf_at(Inst *in, Val *v, Ast const *idx, Ast key) {
  uint32_t rank = key ? 0 : v->vec ? 1 : v->scalar ? 0 : (uint32_t)in->R;
  Ast j[MAXR];
  for (uint32_t d = 0; d < rank; d++)
    j[d] = Z3_simplify(Z, idx[d]);
  if (key)
    key = Z3_simplify(Z, key);
  for (uint32_t i = 0; i < in->napps; i++) {
    struct App *p = &in->apps[i];
    bool same = p->leaf == v && (!key || (p->key && Z3_is_eq_ast(Z, p->key, key)));
    for (uint32_t d = 0; same && d < rank; d++)
      same = p->idx[d] == j[d] || Z3_is_eq_ast(Z, p->idx[d], j[d]);
    if (same)
      return p->c;
  }
  if (in->napps == 256)
    return unknown(in, "too many reads of inputs"), NULL;
  struct App *p = &in->apps[in->napps];
  p->leaf = v;
  memcpy(p->idx, j, sizeof(Ast) * rank);
  p->key = key;
  p->c = fresh(in, "read", sort_of(in, v->dt));
  for (uint32_t i = 0; i < in->napps; i++) {
    struct App *o = &in->apps[i];
    if (o->leaf != v)
      continue;
    Ast eq[MAXR];
    for (uint32_t d = 0; d < rank; d++)
      eq[d] = Z3_mk_eq(Z, o->idx[d], j[d]);
    Ast same = key ? Z3_mk_eq(Z, o->key, key) : mk_and(in, rank, eq);
    fact(in, Z3_mk_implies(Z, same, Z3_mk_eq(Z, o->c, p->c)));
  }
  in->napps++;
  return p->c;
}

Ast elem(Inst *in, Val *v, Ast const *idx) {
  if (!v)
    return NULL;
  switch (v->kind) {
  case V_SPLAT: return v->elem;
  case V_LEAF: {
    if (v->elem)
      return v->elem;
    Ast e = read_leaf(in, v, idx);
    if (e && v->nnz && isf(v->dt))
      fact(in, Z3_mk_implies(Z, v->nnz, Z3_mk_not(Z, neg_zero(in, e))));
    return e;
  }
  case V_NODE: return node_elem(in, v, idx);
  case V_SHAPE: break;
  }
  unknown(in, "a shape value read as a tensor");
  return NULL;
}
