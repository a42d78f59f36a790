/* backends/tosa/tosa_smt.c - SMT meanings of TOSA 1.0 ops for rgopt --prove,
 * bound in tosa.ops with smt(...), each the evaluator's semantics
 * (tosa_eval_*.c) as Z3 terms of one result element: integers as
 * bit-vectors of their width (REQUIREs as definedness conditions), floats
 * in Z3's floating-point theory computed in f32 and rounded once to f16
 * or bf16 as the evaluators do, min/max by explicit comparisons (fp.min
 * and fp.max leave -0/+0 open), data movement as index maps. Ops without
 * an exact meaning in the theory (exp, tanh, ...) are uninterpreted
 * functions of their input. tests/unit/test_smt_tosa.c keeps each meaning
 * bit-equal to its evaluator. */
#include <z3.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "rulegen/eval.h"
#include "rulegen/prove.h"
#include "rules/builtin.h"

typedef Z3_ast Ast;
#define Z (rg_smt_context(s))

static const RgType *res_type(const RgNode *n, uint32_t r) { return n->results[r].type; }
static const RgType *opnd_type(RgSmt *s, const RgNode *n, uint32_t k) {
  const RgValue *v = rg_smt_operand_value(s, n, k);
  return v ? v->type : NULL;
}

/* Operand k read at the result index, stretched where its dim is 1. */
static Ast bcast(RgSmt *s, const RgNode *n, uint32_t k, Ast const *idx) {
  const RgType *t = opnd_type(s, n, k), *rt = res_type(n, 0);
  if (!t || !rg_type_is_tensor(t) || t->rank != rt->rank || t->rank > 8)
    return rg_smt_unsupported(s, "%s: operand %u is not broadcast to the result", rg_op_name(rg_smt_graph(s), n->op), k);
  Ast j[8];
  for (int32_t d = 0; d < t->rank; d++)
    j[d] = t->dims[d] == 1 ? rg_smt_index(s, 0) : idx[d];
  return rg_smt_operand(s, n, k, j);
}

static Z3_sort f32(RgSmt *s) { return Z3_mk_fpa_sort_32(Z); }
static Ast rne(RgSmt *s) { return Z3_mk_fpa_rne(Z); }
/* A float operand widened to f32 (exact), and an f32 result rounded to dt. */
static Ast widen(RgSmt *s, Ast a, RgDType dt) {
  return dt == RG_DT_F32 ? a : Z3_mk_fpa_to_fp_float(Z, rne(s), a, f32(s));
}
static Ast narrow(RgSmt *s, Ast a, RgDType dt) {
  return dt == RG_DT_F32 ? a : Z3_mk_fpa_to_fp_float(Z, rne(s), a, rg_smt_sort(s, dt));
}
static Ast bool_bv(RgSmt *s, Ast c) {
  return Z3_mk_ite(Z, c, Z3_mk_int(Z, 1, Z3_mk_bv_sort(Z, 1)), Z3_mk_int(Z, 0, Z3_mk_bv_sort(Z, 1)));
}
static Ast sext64(RgSmt *s, Ast a, RgDType dt) {
  int bits = rg_dtype_bits(dt);
  if (bits >= 64)
    return a;
  return rg_dtype_is_unsigned(dt) || dt == RG_DT_I1 ? Z3_mk_zero_ext(Z, (unsigned)(64 - bits), a)
                                                    : Z3_mk_sign_ext(Z, (unsigned)(64 - bits), a);
}
static Ast i64(RgSmt *s, int64_t v) { return rg_smt_int(s, RG_DT_I64, v); }
/* v (64 bits) within dt's range. */
static Ast in_range(RgSmt *s, Ast v, RgDType dt) {
  return Z3_mk_and(Z, 2, (Ast[]){Z3_mk_bvsge(Z, v, i64(s, rg_elem_min(dt))), Z3_mk_bvsle(Z, v, i64(s, rg_elem_max(dt)))});
}
static Ast low(RgSmt *s, Ast v64, RgDType dt) {
  int bits = rg_dtype_bits(dt);
  return bits >= 64 ? v64 : Z3_mk_extract(Z, (unsigned)bits - 1, 0, v64);
}

/* ---- data movement ---- */

Ast tosa_smt_identity(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  (void)r;
  return rg_smt_operand(s, n, 0, idx);
}

Ast tosa_smt_const(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  return rg_smt_dense(s, rg_node_attr(n, "values"), res_type(n, r), idx);
}

Ast tosa_smt_reshape(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  const RgType *in = opnd_type(s, n, 0), *out = res_type(n, r);
  if (!rg_type_is_tensor(in) || in->rank > 8)
    return rg_smt_unsupported(s, "tosa.reshape of a value that is not a ranked tensor");
  Ast j[8];
  rg_smt_delinear(s, rg_smt_linear(s, idx, out->dims, out->rank), in->dims, in->rank, j);
  return rg_smt_operand(s, n, 0, j);
}

Ast tosa_smt_transpose(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  const int64_t *p;
  uint32_t np;
  const RgType *out = res_type(n, r);
  if (!rg_eval_attr_ints(n, "perms", &p, &np) || np != (uint32_t)out->rank || np > 8)
    return rg_smt_unsupported(s, "tosa.transpose without perms of its rank");
  Ast j[8];
  for (uint32_t i = 0; i < np; i++) {
    if (p[i] < 0 || p[i] >= (int64_t)np)
      return rg_smt_unsupported(s, "tosa.transpose: perms out of range");
    j[p[i]] = idx[i];
  }
  return rg_smt_operand(s, n, 0, j);
}

/* The ints of a constant shape operand (tosa.const_shape). */
static bool shape_ints(RgSmt *s, const RgNode *n, uint32_t k, const int64_t **v, uint32_t *cnt) {
  const RgValue *ov = rg_smt_operand_value(s, n, k);
  const RgNode *def = ov ? rg_value_def(ov) : NULL;
  const RgAttr *a = def ? rg_node_attr(def, "values") : NULL;
  return a && rg_attr_dense_get_ints(rg_smt_graph(s), a, v, cnt);
}

Ast tosa_smt_slice(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  const int64_t *start;
  uint32_t ns;
  const RgType *out = res_type(n, r);
  if (!shape_ints(s, n, 1, &start, &ns) || (ns != (uint32_t)out->rank && ns != 1))
    return rg_smt_unsupported(s, "tosa.slice with a start that is not constant");
  Ast j[8];
  for (int32_t d = 0; d < out->rank && d < 8; d++) {
    int64_t st = start[ns == 1 ? 0 : d];
    j[d] = st ? Z3_mk_bvadd(Z, idx[d], rg_smt_index(s, st)) : idx[d];
  }
  return rg_smt_operand(s, n, 0, j);
}

Ast tosa_smt_pad(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  const int64_t *pads;
  uint32_t np;
  const RgType *out = res_type(n, r), *in = opnd_type(s, n, 0);
  if (!shape_ints(s, n, 1, &pads, &np) || np != 2 * (uint32_t)out->rank || out->rank > 8)
    return rg_smt_unsupported(s, "tosa.pad with padding that is not constant");
  Ast j[8], inside[8];
  for (int32_t d = 0; d < out->rank; d++) {
    Ast lo = rg_smt_index(s, pads[2 * d]);
    j[d] = pads[2 * d] ? Z3_mk_bvsub(Z, idx[d], lo) : idx[d];
    inside[d] = Z3_mk_and(Z, 2, (Ast[]){Z3_mk_bvuge(Z, idx[d], lo), Z3_mk_bvult(Z, j[d], rg_smt_index(s, in->dims[d]))});
  }
  Ast zero[8];
  const RgType *pt = opnd_type(s, n, 2);
  for (int32_t d = 0; pt && d < pt->rank && d < 8; d++)
    zero[d] = rg_smt_index(s, 0);
  Ast v = rg_smt_operand(s, n, 0, j), pc = rg_smt_operand(s, n, 2, zero);
  if (!v || !pc)
    return NULL;
  return out->rank ? Z3_mk_ite(Z, Z3_mk_and(Z, (unsigned)out->rank, inside), v, pc) : v;
}

Ast tosa_smt_concat(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  int64_t axis;
  const RgType *out = res_type(n, r);
  if (!rg_eval_attr_int(n, "axis", &axis) || axis < 0 || axis >= out->rank || out->rank > 8)
    return rg_smt_unsupported(s, "tosa.concat without a valid axis");
  Ast res = NULL;
  int64_t off = 0;
  for (uint32_t k = 0; k < n->num_operands; off += opnd_type(s, n, k)->dims[axis], k++) {
    Ast j[8];
    memcpy(j, idx, sizeof(Ast) * (size_t)out->rank);
    j[axis] = off ? Z3_mk_bvsub(Z, idx[axis], rg_smt_index(s, off)) : idx[axis];
    Ast v = rg_smt_operand(s, n, k, j);
    if (!v)
      return NULL;
    Ast here = Z3_mk_bvult(Z, idx[axis], rg_smt_index(s, off + opnd_type(s, n, k)->dims[axis]));
    if (!res)
      res = v;
    else
      res = Z3_mk_ite(Z, Z3_mk_bvuge(Z, idx[axis], rg_smt_index(s, off)), v, res);
    (void)here;
  }
  return res;
}

Ast tosa_smt_tile(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  const RgType *in = opnd_type(s, n, 0), *out = res_type(n, r);
  Ast j[8];
  for (int32_t d = 0; d < out->rank && d < 8; d++)
    j[d] = in->dims[d] == 1 ? rg_smt_index(s, 0)
           : in->dims[d] == out->dims[d] ? idx[d]
                                         : Z3_mk_bvurem(Z, idx[d], rg_smt_index(s, in->dims[d]));
  return rg_smt_operand(s, n, 0, j);
}

Ast tosa_smt_reverse(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  int64_t axis;
  const RgType *out = res_type(n, r);
  if (!rg_eval_attr_int(n, "axis", &axis) || axis < 0 || axis >= out->rank || out->rank > 8)
    return rg_smt_unsupported(s, "tosa.reverse without a valid axis");
  Ast j[8];
  memcpy(j, idx, sizeof(Ast) * (size_t)out->rank);
  j[axis] = Z3_mk_bvsub(Z, rg_smt_index(s, out->dims[axis] - 1), idx[axis]);
  return rg_smt_operand(s, n, 0, j);
}

/* ---- elementwise ---- */

typedef enum Bin { ADD, SUB, MUL, MAX, MIN, EQ, GT, GE, AND, OR, XOR } Bin;

static Ast fminmax(RgSmt *s, Ast a, Ast b, bool max, bool ignore) {
  Ast na = Z3_mk_fpa_is_nan(Z, a), nb = Z3_mk_fpa_is_nan(Z, b);
  Ast pick = Z3_mk_ite(Z, max ? Z3_mk_fpa_geq(Z, a, b) : Z3_mk_fpa_leq(Z, a, b), a, b);
  Ast nan = ignore ? Z3_mk_ite(Z, na, b, a) : Z3_mk_ite(Z, na, a, b);
  return Z3_mk_ite(Z, Z3_mk_or(Z, 2, (Ast[]){na, nb}), nan, pick);
}

/* A binary op at one index: its operands' elements a and b, of element
 * type dt, and the result's element type. */
typedef struct BinAt {
  Bin op;
  Ast a, b;
  RgDType dt, out;
} BinAt;

static Ast float_bin(RgSmt *s, const RgNode *n, const BinAt *x) {
  Ast a = x->a, b = x->b;
  RgDType dt = x->dt;
  switch (x->op) {
  case ADD: return narrow(s, Z3_mk_fpa_add(Z, rne(s), widen(s, a, dt), widen(s, b, dt)), dt);
  case SUB: return narrow(s, Z3_mk_fpa_sub(Z, rne(s), widen(s, a, dt), widen(s, b, dt)), dt);
  case MUL: return narrow(s, Z3_mk_fpa_mul(Z, rne(s), widen(s, a, dt), widen(s, b, dt)), dt);
  case MAX: return fminmax(s, a, b, true, rg_eval_nan_ignore(n));
  case MIN: return fminmax(s, a, b, false, rg_eval_nan_ignore(n));
  case EQ: return bool_bv(s, Z3_mk_fpa_eq(Z, a, b));
  case GT: return bool_bv(s, Z3_mk_fpa_gt(Z, a, b));
  case GE: return bool_bv(s, Z3_mk_fpa_geq(Z, a, b));
  default: return rg_smt_unsupported(s, "%s on floats", rg_op_name(rg_smt_graph(s), n->op));
  }
}

static Ast int_mul(RgSmt *s, const RgNode *n, const BinAt *x) {
  int64_t shift = 0;
  if (n->num_operands > 2 && !rg_smt_operand_int(s, n, 2, &shift))
    return rg_smt_unsupported(s, "tosa.mul with a shift that is not constant");
  Ast p = Z3_mk_bvmul(Z, sext64(s, x->a, x->dt), sext64(s, x->b, x->dt));
  if (shift <= 0 || x->dt != RG_DT_I32)
    return low(s, p, x->out);
  if (shift > 62)
    return rg_smt_unsupported(s, "tosa.mul shift %lld", (long long)shift);
  Ast v = Z3_mk_bvashr(Z, Z3_mk_bvadd(Z, p, i64(s, (int64_t)1 << (shift - 1))), i64(s, shift));
  rg_smt_require(s, in_range(s, v, RG_DT_I32));
  return low(s, v, x->out);
}

static Ast int_bin(RgSmt *s, const RgNode *n, const BinAt *x) {
  Ast a = x->a, b = x->b;
  RgDType dt = x->dt;
  switch (x->op) {
  case ADD:
  case SUB: {
    Ast v = x->op == ADD ? Z3_mk_bvadd(Z, sext64(s, a, dt), sext64(s, b, dt))
                         : Z3_mk_bvsub(Z, sext64(s, a, dt), sext64(s, b, dt));
    if (rg_dtype_bits(dt) < 64)
      rg_smt_require(s, in_range(s, v, dt));
    return low(s, v, dt);
  }
  case MUL: return int_mul(s, n, x);
  case MAX: return Z3_mk_ite(Z, Z3_mk_bvsge(Z, a, b), a, b);
  case MIN: return Z3_mk_ite(Z, Z3_mk_bvsle(Z, a, b), a, b);
  case EQ: return bool_bv(s, Z3_mk_eq(Z, a, b));
  case GT: return bool_bv(s, dt == RG_DT_I1 ? Z3_mk_bvugt(Z, a, b) : Z3_mk_bvsgt(Z, a, b));
  case GE: return bool_bv(s, dt == RG_DT_I1 ? Z3_mk_bvuge(Z, a, b) : Z3_mk_bvsge(Z, a, b));
  case AND: return Z3_mk_bvand(Z, a, b);
  case OR: return Z3_mk_bvor(Z, a, b);
  case XOR: return Z3_mk_bvxor(Z, a, b);
  }
  return NULL;
}

static Ast binary(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx, Bin op) {
  Ast a = bcast(s, n, 0, idx), b = a ? bcast(s, n, 1, idx) : NULL;
  if (!a || !b)
    return NULL;
  BinAt x = {op, a, b, opnd_type(s, n, 0)->dtype, res_type(n, r)->dtype};
  return rg_dtype_is_float(x.dt) ? float_bin(s, n, &x) : int_bin(s, n, &x);
}

#define BINARY(NAME, OP)                                            \
  Ast NAME(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) { \
    return binary(s, n, r, idx, OP);                                \
  }
BINARY(tosa_smt_add, ADD)
BINARY(tosa_smt_sub, SUB)
BINARY(tosa_smt_mul, MUL)
BINARY(tosa_smt_maximum, MAX)
BINARY(tosa_smt_minimum, MIN)
BINARY(tosa_smt_equal, EQ)
BINARY(tosa_smt_greater, GT)
BINARY(tosa_smt_greater_equal, GE)
BINARY(tosa_smt_logical_and, AND)
BINARY(tosa_smt_logical_or, OR)
BINARY(tosa_smt_logical_xor, XOR)
BINARY(tosa_smt_bitwise_and, AND)
BINARY(tosa_smt_bitwise_or, OR)
BINARY(tosa_smt_bitwise_xor, XOR)

Ast tosa_smt_select(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  (void)r;
  Ast c = bcast(s, n, 0, idx), a = c ? bcast(s, n, 1, idx) : NULL, b = a ? bcast(s, n, 2, idx) : NULL;
  if (!b)
    return NULL;
  return Z3_mk_ite(Z, Z3_mk_eq(Z, c, Z3_mk_int(Z, 1, Z3_mk_bv_sort(Z, 1))), a, b);
}

Ast tosa_smt_clamp(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  (void)r;
  Ast v = rg_smt_operand(s, n, 0, idx);
  RgDType dt = opnd_type(s, n, 0)->dtype;
  double fmin, fmax;
  int64_t imin = 0, imax = 0;
  if (!v || !rg_eval_attr_number(n, "min_val", &fmin, &imin, NULL) ||
      !rg_eval_attr_number(n, "max_val", &fmax, &imax, NULL))
    return v ? rg_smt_unsupported(s, "tosa.clamp without numeric bounds") : NULL;
  if (!rg_dtype_is_float(dt)) {
    Ast lo = rg_smt_int(s, dt, imin), hi = rg_smt_int(s, dt, imax);
    return Z3_mk_ite(Z, Z3_mk_bvslt(Z, v, lo), lo, Z3_mk_ite(Z, Z3_mk_bvsgt(Z, v, hi), hi, v));
  }
  Ast lo = rg_smt_float(s, dt, rg_elem_round(dt, fmin)), hi = rg_smt_float(s, dt, rg_elem_round(dt, fmax));
  Ast m = Z3_mk_ite(Z, Z3_mk_fpa_geq(Z, v, lo), v, lo);
  m = Z3_mk_ite(Z, Z3_mk_fpa_leq(Z, m, hi), m, hi);
  return Z3_mk_ite(Z, Z3_mk_fpa_is_nan(Z, v), rg_eval_nan_ignore(n) ? lo : v, m);
}

Ast tosa_smt_negate(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  (void)r;
  Ast v = rg_smt_operand(s, n, 0, idx);
  RgDType dt = opnd_type(s, n, 0)->dtype;
  if (!v || rg_dtype_is_float(dt))
    return v ? Z3_mk_fpa_neg(Z, v) : NULL;
  int64_t izp = 0, ozp = 0;
  if ((n->num_operands > 1 && !rg_smt_operand_int(s, n, 1, &izp)) ||
      (n->num_operands > 2 && !rg_smt_operand_int(s, n, 2, &ozp)))
    return rg_smt_unsupported(s, "tosa.negate with zero points that are not constant");
  RgDType acc = rg_dtype_bits(dt) > 32 ? RG_DT_I48 : RG_DT_I32;
  Ast w = Z3_mk_bvsub(Z, sext64(s, v, dt), i64(s, izp));
  rg_smt_require(s, in_range(s, w, acc));
  w = Z3_mk_bvsub(Z, i64(s, ozp), w);
  rg_smt_require(s, in_range(s, w, acc));
  Ast lo = i64(s, rg_elem_min(dt)), hi = i64(s, rg_elem_max(dt));
  w = Z3_mk_ite(Z, Z3_mk_bvslt(Z, w, lo), lo, Z3_mk_ite(Z, Z3_mk_bvsgt(Z, w, hi), hi, w));
  return low(s, w, dt);
}

Ast tosa_smt_abs(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  (void)r;
  Ast v = rg_smt_operand(s, n, 0, idx);
  RgDType dt = opnd_type(s, n, 0)->dtype;
  if (!v || rg_dtype_is_float(dt))
    return v ? Z3_mk_fpa_abs(Z, v) : NULL;
  rg_smt_require(s, Z3_mk_not(Z, Z3_mk_eq(Z, v, rg_smt_int(s, dt, rg_elem_min(dt)))));
  return Z3_mk_ite(Z, Z3_mk_bvslt(Z, v, rg_smt_int(s, dt, 0)), Z3_mk_bvneg(Z, v), v);
}

Ast tosa_smt_bitwise_not(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  (void)r;
  Ast v = rg_smt_operand(s, n, 0, idx);
  return v ? Z3_mk_bvnot(Z, v) : NULL;
}

Ast tosa_smt_logical_not(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  return tosa_smt_bitwise_not(s, n, r, idx);
}

/* Float unary ops computed in f32 exactly as the evaluator does. */
static Ast float_unary(RgSmt *s, const RgNode *n, Ast const *idx, int which) {
  Ast v = rg_smt_operand(s, n, 0, idx);
  RgDType dt = opnd_type(s, n, 0)->dtype;
  if (!v)
    return NULL;
  if (!rg_dtype_is_float(dt))
    return rg_smt_unsupported(s, "%s on integers", rg_op_name(rg_smt_graph(s), n->op));
  Ast x = widen(s, v, dt), one = Z3_mk_fpa_numeral_float(Z, 1.0f, f32(s)), y;
  switch (which) {
  case 0: y = Z3_mk_fpa_div(Z, rne(s), one, x); break;                               /* reciprocal */
  case 1: y = Z3_mk_fpa_div(Z, rne(s), one, Z3_mk_fpa_sqrt(Z, rne(s), x)); break;    /* rsqrt */
  case 2: y = Z3_mk_fpa_round_to_integral(Z, Z3_mk_fpa_rtn(Z), x); break;            /* floor */
  default: y = Z3_mk_fpa_round_to_integral(Z, Z3_mk_fpa_rtp(Z), x); break;           /* ceil */
  }
  return narrow(s, y, dt);
}

Ast tosa_smt_reciprocal(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  (void)r;
  return float_unary(s, n, idx, 0);
}
Ast tosa_smt_rsqrt(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  (void)r;
  return float_unary(s, n, idx, 1);
}
Ast tosa_smt_floor(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  (void)r;
  return float_unary(s, n, idx, 2);
}
Ast tosa_smt_ceil(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  (void)r;
  return float_unary(s, n, idx, 3);
}

/* exp, log, sigmoid, tanh, erf, sin, cos, pow: libm results, which no
 * theory gives; one function of the element for each op. */
Ast tosa_smt_opaque(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  Ast args[3];
  for (uint32_t k = 0; k < n->num_operands && k < 3; k++)
    if (!(args[k] = bcast(s, n, k, idx)))
      return NULL;
  return rg_smt_opaque(s, n, args, n->num_operands < 3 ? n->num_operands : 3, res_type(n, r)->dtype);
}

/* CAST as op_cast: int->int wraps, ->i1 is `!= 0`, to float rounds once to
 * nearest even, float->int rounds to nearest even and saturates (NaN is a
 * REQUIRE failure). */
Ast tosa_smt_cast(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  Ast v = rg_smt_operand(s, n, 0, idx);
  RgDType in = opnd_type(s, n, 0)->dtype, out = res_type(n, r)->dtype;
  Z3_sort os = rg_smt_sort(s, out);
  if (!v || !os)
    return v ? rg_smt_unsupported(s, "tosa.cast to %s", rg_dtype_name(out)) : NULL;
  bool fi = rg_dtype_is_float(in), fo = rg_dtype_is_float(out);
  bool uns = rg_dtype_is_unsigned(in) || in == RG_DT_I1;
  if (!fi && !fo)
    return out == RG_DT_I1 ? bool_bv(s, Z3_mk_not(Z, Z3_mk_eq(Z, v, rg_smt_int(s, in, 0)))) : low(s, sext64(s, v, in), out);
  if (!fi)
    return uns ? Z3_mk_fpa_to_fp_unsigned(Z, rne(s), v, os) : Z3_mk_fpa_to_fp_signed(Z, rne(s), v, os);
  if (fo)
    return Z3_mk_fpa_to_fp_float(Z, rne(s), v, os);
  if (out == RG_DT_I1 || rg_dtype_bits(out) > 32)
    return rg_smt_unsupported(s, "tosa.cast from float to %s", rg_dtype_name(out));
  rg_smt_require(s, Z3_mk_not(Z, Z3_mk_fpa_is_nan(Z, v)));
  Z3_sort f64 = Z3_mk_fpa_sort_64(Z);
  Ast rv = Z3_mk_fpa_round_to_integral(Z, rne(s), v), r64 = Z3_mk_fpa_to_fp_float(Z, rne(s), rv, f64);
  Ast lo = Z3_mk_fpa_numeral_double(Z, (double)rg_elem_min(out), f64);
  Ast hi = Z3_mk_fpa_numeral_double(Z, (double)rg_elem_max(out), f64);
  Ast mid = low(s, Z3_mk_fpa_to_sbv(Z, Z3_mk_fpa_rtz(Z), r64, 64), out);
  return Z3_mk_ite(Z, Z3_mk_fpa_leq(Z, r64, lo), rg_smt_int(s, out, rg_elem_min(out)),
                   Z3_mk_ite(Z, Z3_mk_fpa_geq(Z, r64, hi), rg_smt_int(s, out, rg_elem_max(out)), mid));
}

/* A float that is never -0.0: sums that start at +0.0 (+0 + -0 is +0),
 * exp and sigmoid (at least +0). What tosa_never_negative_zero relies on. */
static Ast not_neg_zero(RgSmt *s, Ast v, RgDType dt) {
  if (!rg_dtype_is_float(dt))
    return v;
  rg_smt_assume(s, Z3_mk_not(Z, Z3_mk_and(Z, 2, (Ast[]){Z3_mk_fpa_is_zero(Z, v), Z3_mk_fpa_is_negative(Z, v)})));
  return v;
}

/* matmul, convolutions, reduce_sum: the element is left free (a function
 * of this node and the index: equal for the node on both sides of a
 * rewrite), known only never to be -0.0. */
Ast tosa_smt_accumulate(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  const RgType *t = res_type(n, r);
  Z3_sort es = rg_smt_sort(s, t->dtype), dom[8];
  if (!es || t->rank > 8)
    return rg_smt_unsupported(s, "%s of element type %s", rg_op_name(rg_smt_graph(s), n->op), rg_dtype_name(t->dtype));
  char name[64];
  snprintf(name, sizeof name, "acc%u.%u", n->id, r);
  for (int32_t d = 0; d < t->rank; d++)
    dom[d] = Z3_mk_bv_sort(Z, rg_smt_index_bits(s));
  Ast v = Z3_mk_app(Z, Z3_mk_func_decl(Z, Z3_mk_string_symbol(Z, name), (unsigned)t->rank, dom, es), (unsigned)t->rank, idx);
  return not_neg_zero(s, v, t->dtype);
}

Ast tosa_smt_exp(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  Ast v = tosa_smt_opaque(s, n, r, idx);
  return v ? not_neg_zero(s, v, res_type(n, r)->dtype) : NULL;
}

/* ---- rescale ---- */

/* apply_scale_32 / apply_scale_16 on 64-bit terms, with their REQUIREs. */
static Ast apply_scale(RgSmt *s, Ast v, Ast m, Ast sh, bool scale32, bool dbl) {
  Ast one = i64(s, 1);
  rg_smt_require(s, Z3_mk_bvsge(Z, m, i64(s, 0)));
  rg_smt_require(s, Z3_mk_and(Z, 2, (Ast[]){Z3_mk_bvsge(Z, sh, i64(s, 2)), Z3_mk_bvsle(Z, sh, i64(s, 62))}));
  Ast half = Z3_mk_bvshl(Z, one, Z3_mk_bvsub(Z, sh, one)), round = half;
  if (scale32) {
    rg_smt_require(s, Z3_mk_and(Z, 2, (Ast[]){Z3_mk_bvsge(Z, v, Z3_mk_bvneg(Z, half)), Z3_mk_bvslt(Z, v, half)}));
    rg_smt_require(s, in_range(s, v, RG_DT_I32));
    if (dbl) {
      Ast adj = Z3_mk_ite(Z, Z3_mk_bvsge(Z, v, i64(s, 0)), i64(s, (int64_t)1 << 30), i64(s, -((int64_t)1 << 30)));
      round = Z3_mk_ite(Z, Z3_mk_bvsgt(Z, sh, i64(s, 31)), Z3_mk_bvadd(Z, half, adj), half);
    }
  }
  Ast r = Z3_mk_bvashr(Z, Z3_mk_bvadd(Z, Z3_mk_bvmul(Z, v, m), round), sh);
  if (!scale32)
    rg_smt_require(s, in_range(s, r, RG_DT_I32));
  return r;
}

/* A per-tensor or per-channel parameter (multiplier, shift) as 64 bits. */
static Ast channel_param(RgSmt *s, const RgNode *n, uint32_t k, Ast const *idx, int32_t rank, bool per_channel) {
  Ast j[1] = {per_channel ? idx[rank - 1] : rg_smt_index(s, 0)};
  Ast v = rg_smt_operand(s, n, k, j);
  const RgType *t = opnd_type(s, n, k);
  return v ? sext64(s, v, t->dtype) : NULL;
}

/* RESCALE as op_rescale: zero points, unsigned sides, SINGLE/DOUBLE_ROUND,
 * the REQUIREs of apply_scale, clipping to the output range. */
Ast tosa_smt_rescale(RgSmt *s, const RgNode *n, uint32_t r, Ast const *idx) {
  const RgType *it = opnd_type(s, n, 0), *ot = res_type(n, r);
  bool scale32 = rg_eval_attr_bool(n, "scale32", true), pc = rg_eval_attr_bool(n, "per_channel", false);
  bool in_u = rg_eval_attr_bool(n, "input_unsigned", false), out_u = rg_eval_attr_bool(n, "output_unsigned", false);
  bool present = false, dbl = rg_eval_attr_enum_is(n, "rounding_mode", "DOUBLE_ROUND", &present);
  if (!present)
    dbl = rg_eval_attr_bool(n, "double_round", false);
  if (it->dtype == RG_DT_UI8 || it->dtype == RG_DT_UI16 || ot->dtype == RG_DT_UI8 || ot->dtype == RG_DT_UI16)
    return rg_smt_unsupported(s, "tosa.rescale on ui8/ui16 tensors");
  int64_t izp = 0, ozp = 0;
  if (!rg_smt_operand_int(s, n, 3, &izp) || !rg_smt_operand_int(s, n, 4, &ozp))
    return rg_smt_unsupported(s, "tosa.rescale with zero points that are not constant");
  int ib = rg_dtype_bits(it->dtype), ob = rg_dtype_bits(ot->dtype);
  if (in_u)
    izp = (int64_t)((uint64_t)izp & (((uint64_t)1 << ib) - 1));
  if (out_u)
    ozp = (int64_t)((uint64_t)ozp & (((uint64_t)1 << ob) - 1));
  Ast a = rg_smt_operand(s, n, 0, idx);
  Ast m = a ? channel_param(s, n, 1, idx, it->rank, pc) : NULL, sh = m ? channel_param(s, n, 2, idx, it->rank, pc) : NULL;
  if (!sh)
    return NULL;
  Ast v = in_u ? Z3_mk_zero_ext(Z, (unsigned)(64 - ib), a) : sext64(s, a, it->dtype);
  v = Z3_mk_bvsub(Z, v, i64(s, izp));
  Ast res = Z3_mk_bvadd(Z, apply_scale(s, v, m, sh, scale32, dbl), i64(s, ozp));
  rg_smt_require(s, in_range(s, res, RG_DT_I32));
  int64_t lo = out_u ? 0 : rg_elem_min(ot->dtype), hi = out_u ? (int64_t)(((uint64_t)1 << ob) - 1) : rg_elem_max(ot->dtype);
  res = Z3_mk_ite(Z, Z3_mk_bvslt(Z, res, i64(s, lo)), i64(s, lo), Z3_mk_ite(Z, Z3_mk_bvsgt(Z, res, i64(s, hi)), i64(s, hi), res));
  return low(s, res, ot->dtype);
}
