/* backends/tosa/tosa_eval_elem.c - elementwise TOSA 1.0 ops: binary arithmetic with
 * equal-rank broadcasting (add, sub, mul with shift, maximum, minimum,
 * comparisons, bitwise and logical ops, shifts), select, unary ops (abs,
 * negate with zero points, exp, rsqrt, reciprocal, sigmoid, tanh, ...),
 * clamp, cast, rescale and table. Integer semantics follow the spec's
 * pseudocode exactly: REQUIRE failures are reported, never wrapped silently. */
#include <math.h>
#include <string.h>
#include "rulegen/eval.h"
#include "rulegen/shape.h"
#include "rules/builtin.h"

/* ---- helpers ---- */

/* Arithmetic shift right without relying on implementation-defined >>. */
static int64_t asr64(int64_t v, int s) { return v >= 0 ? v >> s : ~(~v >> s); }

static void store_f(RgTensor *out, int64_t i, float v) {
  rg_tensor_set_float(out, i, out->dtype == RG_DT_F32 ? v : rg_elem_round(out->dtype, v));
}

static RgStatus same_shape(RgInterp *ip, const RgTensor *a, const RgTensor *out, const char *what) {
  bool ok = a->rank == out->rank;
  for (int32_t d = 0; ok && d < a->rank; d++)
    ok = a->dims[d] == out->dims[d];
  if (ok)
    return RG_OK;
  return rg_eval_fail(ip, RG_INTERP_INVALID, "%s shape does not match the result shape", what);
}

/* Equal-rank broadcasting (TOSA 1.0 never adds ranks): rulegen/shape.h. */
static RgStatus bcast_init(RgInterp *ip, RgBroadcastIter *b, const RgTensor *out, RgTensor *const *in, uint32_t k) {
  return rg_broadcast_init(ip, b, out, in, k, RG_BROADCAST_EQUAL_RANK);
}

static bool is_int(const RgTensor *t) { return rg_tensor_is_int(t); }

static RgStatus need_float(RgInterp *ip, const RgTensor *t) {
  if (rg_tensor_is_float(t))
    return RG_OK;
  return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "element type %s is not supported (floats only)",
                     rg_dtype_name(t->dtype));
}

/* ---- binary ops ---- */

typedef enum BinOp {
  B_ADD, B_SUB, B_MUL, B_MAX, B_MIN, B_POW, B_EQ, B_GT, B_GE, B_BAND, B_BOR, B_BXOR,
  B_LAND, B_LOR, B_LXOR, B_SHL, B_SHR, B_ASHR, B_INTDIV
} BinOp;

static bool is_compare(BinOp op) { return op == B_EQ || op == B_GT || op == B_GE; }

/* maximum/minimum/clamp with the spec's nan_mode: PROPAGATE returns NaN if
 * either is NaN; IGNORE returns the other operand. Otherwise a >= b ? a : b
 * (so max(-0, +0) is -0, as in the pseudocode's comparison). */
static float fmax_mode(float a, float b, bool ignore) {
  if (isnan(a) || isnan(b)) {
    if (!ignore)
      return isnan(a) ? a : b;
    return isnan(a) ? b : a;
  }
  return a >= b ? a : b;
}

static float fmin_mode(float a, float b, bool ignore) {
  if (isnan(a) || isnan(b)) {
    if (!ignore)
      return isnan(a) ? a : b;
    return isnan(a) ? b : a;
  }
  return a <= b ? a : b;
}

/* What an integer binary op does to every element: the node, the op, the
 * operands' element type and MUL's shift. */
typedef struct IntBinary {
  const RgNode *n;
  BinOp op;
  RgDType dt;
  int shift;
} IntBinary;

static RgStatus int_binary(RgInterp *ip, IntBinary k, int64_t a, int64_t b, int64_t *r) {
  const RgNode *n = k.n;
  BinOp op = k.op;
  RgDType dt = k.dt;
  int shift = k.shift;
  int bits = rg_dtype_bits(dt);
  switch (op) {
  case B_ADD: *r = a + b; return rg_eval_require_range(ip, *r, dt, "add");
  case B_SUB: *r = a - b; return rg_eval_require_range(ip, *r, dt, "sub");
  case B_MUL:
    if (dt == RG_DT_I32 && shift > 0) {
      int64_t p = a * b; /* |a*b| <= 2^62, plus round < 2^63 */
      *r = asr64(p + ((int64_t)1 << (shift - 1)), shift);
      return rg_eval_require_range(ip, *r, RG_DT_I32, "mul");
    }
    /* i8/i16 products fit; i32 keeps the low 32 bits (spec: apply_mul_s) */
    *r = (int64_t)((uint64_t)a * (uint64_t)b);
    return RG_OK;
  case B_MAX: *r = a >= b ? a : b; return RG_OK;
  case B_MIN: *r = a <= b ? a : b; return RG_OK;
  case B_EQ: *r = a == b; return RG_OK;
  case B_GT: *r = a > b; return RG_OK;
  case B_GE: *r = a >= b; return RG_OK;
  case B_BAND: case B_LAND: *r = a & b; return RG_OK;
  case B_BOR: case B_LOR: *r = a | b; return RG_OK;
  case B_BXOR: case B_LXOR: *r = a ^ b; return RG_OK;
  case B_SHL:
  case B_SHR:
  case B_ASHR:
    if (b < 0 || b >= bits)
      return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "shift %lld outside [0, %d] (REQUIRE)",
                         (long long)b, bits - 1);
    if (op == B_SHL) {
      *r = (int64_t)((uint64_t)a << b);
    } else if (op == B_SHR) {
      uint64_t mask = bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1);
      *r = (int64_t)(((uint64_t)a & mask) >> b);
    } else {
      *r = asr64(a, (int)b);
      if (rg_eval_attr_bool(n, "round", false) && b > 0)
        *r += asr64(a, (int)b - 1) & 1;
    }
    return RG_OK;
  case B_INTDIV:
    if (b == 0)
      return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "division by zero (REQUIRE)");
    *r = a / b; /* C truncates toward zero, as the spec does */
    return rg_eval_require_range(ip, *r, dt, "intdiv");
  case B_POW: break;
  }
  return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "integer operands are not supported");
}

static RgStatus binary(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out,
                       BinOp op) {
  RgTensor *a = in[0], *b = in[1];
  if (a->dtype != b->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand element types differ (%s, %s)",
                       rg_dtype_name(a->dtype), rg_dtype_name(b->dtype));
  if (is_compare(op) ? out->dtype != RG_DT_I1
                     : (op != B_MUL || !is_int(a)) && out->dtype != a->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "result element type %s does not fit the operands",
                       rg_dtype_name(out->dtype));
  bool logical = op == B_LAND || op == B_LOR || op == B_LXOR;
  if (logical && a->dtype != RG_DT_I1)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "logical ops take i1 operands");
  int shift = 0;
  if (op == B_MUL) {
    if (n->num_operands > 2) {
      int64_t s = rg_eval_scalar_int(in[2]);
      if (s < 0 || s > 63)
        return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "shift %lld outside [0, 63] (REQUIRE)",
                           (long long)s);
      if (s != 0 && a->dtype != RG_DT_I32)
        return rg_eval_fail(ip, RG_INTERP_INVALID, "shift must be 0 unless the inputs are i32");
      shift = (int)s;
    }
    if (is_int(a) && out->dtype != RG_DT_I32)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "integer mul must produce i32");
  }
  RgBroadcastIter bc;
  RgStatus s = bcast_init(ip, &bc, out, in, 2);
  if (s != RG_OK)
    return s;
  /* element i reads its operands at i (or a broadcast one) before it is
   * written: an operand of the result's type read for the last time here
   * can hold the result */
  if (!rg_eval_reuse_operand(ip, 0, out))
    rg_eval_reuse_operand(ip, 1, out);
  if (!is_int(a) && out->dtype == RG_DT_F32 && (op == B_ADD || op == B_SUB || op == B_MUL)) {
    rg_eval_arith_f32(op == B_ADD ? RG_ARITH_ADD : op == B_SUB ? RG_ARITH_SUB : RG_ARITH_MUL, a, b, out, &bc);
    return RG_OK;
  }
  bool ignore = rg_eval_nan_ignore(n);
  IntBinary ib = {n, op, a->dtype, shift};
  for (int64_t i = 0; i < out->numel; i++, rg_broadcast_next(&bc)) {
    if (is_int(a)) {
      int64_t r = 0;
      s = int_binary(ip, ib, rg_tensor_get_int(a, bc.off[0]), rg_tensor_get_int(b, bc.off[1]), &r);
      if (s != RG_OK)
        return s;
      rg_tensor_set_int(out, i, rg_elem_wrap(out->dtype, r));
      continue;
    }
    float x = rg_tensor_get_float(a, bc.off[0]), y = rg_tensor_get_float(b, bc.off[1]), r;
    switch (op) {
    case B_ADD: r = x + y; break;
    case B_SUB: r = x - y; break;
    case B_MUL: r = x * y; break;
    case B_MAX: r = fmax_mode(x, y, ignore); break;
    case B_MIN: r = fmin_mode(x, y, ignore); break;
    case B_POW: r = powf(x, y); break;
    case B_EQ: rg_tensor_set_int(out, i, x == y); continue;
    case B_GT: rg_tensor_set_int(out, i, x > y); continue;
    case B_GE: rg_tensor_set_int(out, i, x >= y); continue;
    default:
      return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "float operands are not supported");
    }
    store_f(out, i, r);
  }
  return RG_OK;
}

#define BINARY(name, OP)                                                                  \
  static RgStatus name(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) { \
    return binary(ip, n, in, out, OP);                                                     \
  }
BINARY(op_add, B_ADD)
BINARY(op_sub, B_SUB)
BINARY(op_mul, B_MUL)
BINARY(op_maximum, B_MAX)
BINARY(op_minimum, B_MIN)
BINARY(op_pow, B_POW)
BINARY(op_equal, B_EQ)
BINARY(op_greater, B_GT)
BINARY(op_greater_equal, B_GE)
BINARY(op_bitwise_and, B_BAND)
BINARY(op_bitwise_or, B_BOR)
BINARY(op_bitwise_xor, B_BXOR)
BINARY(op_logical_and, B_LAND)
BINARY(op_logical_or, B_LOR)
BINARY(op_logical_xor, B_LXOR)
BINARY(op_logical_left_shift, B_SHL)
BINARY(op_logical_right_shift, B_SHR)
BINARY(op_arithmetic_right_shift, B_ASHR)
BINARY(op_intdiv, B_INTDIV)

static RgStatus op_select(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  if (in[0]->dtype != RG_DT_I1)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "predicate must be i1");
  if (in[1]->dtype != out->dtype || in[2]->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand element types differ from the result");
  RgBroadcastIter bc;
  RgStatus s = bcast_init(ip, &bc, out, in, 3);
  if (s != RG_OK)
    return s;
  for (int64_t i = 0; i < out->numel; i++, rg_broadcast_next(&bc)) {
    const RgTensor *src = rg_tensor_get_int(in[0], bc.off[0]) ? in[1] : in[2];
    int64_t o = rg_tensor_get_int(in[0], bc.off[0]) ? bc.off[1] : bc.off[2];
    if (rg_tensor_is_int(out))
      rg_tensor_set_int(out, i, rg_tensor_get_int(src, o));
    else
      rg_tensor_set_float(out, i, rg_tensor_get_float(src, o));
  }
  return RG_OK;
}

/* ---- unary ops ---- */

typedef enum UnOp {
  U_ABS, U_EXP, U_LOG, U_RSQRT, U_RECIP, U_SIGMOID, U_TANH, U_ERF, U_FLOOR, U_CEIL, U_SIN,
  U_COS, U_BNOT, U_LNOT, U_CLZ, U_IDENTITY
} UnOp;

static RgStatus unary(RgInterp *ip, RgTensor *const *in, RgTensor *out, UnOp op) {
  RgTensor *a = in[0];
  RgStatus s = same_shape(ip, a, out, "input");
  if (s != RG_OK)
    return s;
  if (a->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "result element type differs from the input");
  bool int_op = op == U_ABS || op == U_BNOT || op == U_LNOT || op == U_CLZ || op == U_IDENTITY;
  if (is_int(a) && !int_op)
    return need_float(ip, a);
  if (op == U_LNOT && a->dtype != RG_DT_I1)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "logical_not takes i1");
  rg_eval_reuse_operand(ip, 0, out); /* element i is read before it is written */
  for (int64_t i = 0; i < a->numel; i++) {
    if (is_int(a)) {
      int64_t v = rg_tensor_get_int(a, i), r = v;
      switch (op) {
      case U_ABS:
        r = v < 0 ? -v : v;
        if ((s = rg_eval_require_range(ip, r, a->dtype, "abs")) != RG_OK)
          return s;
        break;
      case U_BNOT: r = ~v; break;
      case U_LNOT: r = !v; break;
      case U_CLZ: {
        int bits = rg_dtype_bits(a->dtype);
        uint64_t u = (uint64_t)v & (bits >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << bits) - 1));
        r = 0;
        for (int k = bits - 1; k >= 0 && !((u >> k) & 1); k--)
          r++;
        break;
      }
      default: break;
      }
      rg_tensor_set_int(out, i, rg_elem_wrap(out->dtype, r));
      continue;
    }
    float x = rg_tensor_get_float(a, i), r;
    switch (op) {
    case U_ABS: r = fabsf(x); break;
    case U_EXP: r = expf(x); break;
    case U_LOG: r = logf(x); break;
    case U_RSQRT: {
      float q = sqrtf(x);
      r = 1.0f / q;
      break;
    }
    case U_RECIP: r = 1.0f / x; break;
    case U_SIGMOID: {
      float e = expf(-x);
      float d = 1.0f + e;
      r = 1.0f / d;
      break;
    }
    case U_TANH: r = tanhf(x); break;
    case U_ERF: r = erff(x); break;
    case U_FLOOR: r = floorf(x); break;
    case U_CEIL: r = ceilf(x); break;
    case U_SIN: r = sinf(x); break;
    case U_COS: r = cosf(x); break;
    case U_IDENTITY: r = x; break;
    default:
      return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "float operands are not supported");
    }
    store_f(out, i, r);
  }
  return RG_OK;
}

#define UNARY(name, OP)                                                                   \
  static RgStatus name(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) { \
    (void)n;                                                                               \
    return unary(ip, in, out, OP);                                                         \
  }
UNARY(op_abs, U_ABS)
UNARY(op_exp, U_EXP)
UNARY(op_log, U_LOG)
UNARY(op_rsqrt, U_RSQRT)
UNARY(op_reciprocal, U_RECIP)
UNARY(op_sigmoid, U_SIGMOID)
UNARY(op_tanh, U_TANH)
UNARY(op_erf, U_ERF)
UNARY(op_floor, U_FLOOR)
UNARY(op_ceil, U_CEIL)
UNARY(op_sin, U_SIN)
UNARY(op_cos, U_COS)
UNARY(op_bitwise_not, U_BNOT)
UNARY(op_logical_not, U_LNOT)
UNARY(op_clz, U_CLZ)
UNARY(op_identity, U_IDENTITY)

/* NEGATE (TOSA 1.0): integer inputs are widened to the i32 accumulator,
 * input1_zp subtracted, the result is output_zp - value (both steps
 * REQUIRE no i32 overflow), then clipped to the element type. Zero points
 * other than 0 are only allowed for i8. */
static RgStatus op_negate(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  RgTensor *a = in[0];
  RgStatus s = same_shape(ip, a, out, "input");
  if (s != RG_OK)
    return s;
  if (a->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "result element type differs from the input");
  if (!is_int(a)) {
    for (int64_t i = 0; i < a->numel; i++)
      rg_tensor_set_float(out, i, -rg_tensor_get_float(a, i));
    return RG_OK;
  }
  int64_t izp = n->num_operands > 1 ? rg_eval_scalar_int(in[1]) : 0;
  int64_t ozp = n->num_operands > 2 ? rg_eval_scalar_int(in[2]) : 0;
  if (a->dtype != RG_DT_I8 && (izp != 0 || ozp != 0))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "zero points must be 0 unless the type is i8");
  RgDType acc = rg_dtype_bits(a->dtype) > 32 ? RG_DT_I48 : RG_DT_I32;
  for (int64_t i = 0; i < a->numel; i++) {
    int64_t v = rg_tensor_get_int(a, i) - izp;
    if ((s = rg_eval_require_range(ip, v, acc, "negate")) != RG_OK)
      return s;
    v = ozp - v;
    if ((s = rg_eval_require_range(ip, v, acc, "negate")) != RG_OK)
      return s;
    if (v < rg_elem_min(a->dtype))
      v = rg_elem_min(a->dtype);
    if (v > rg_elem_max(a->dtype))
      v = rg_elem_max(a->dtype);
    rg_tensor_set_int(out, i, v);
  }
  return RG_OK;
}

/* ---- clamp ---- */

/* CLAMP: ERROR_IF(max_val < min_val). Floats: with nan_mode IGNORE a NaN
 * input gives min_val; with PROPAGATE it stays NaN. */
static RgStatus op_clamp(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  RgTensor *a = in[0];
  RgStatus s = same_shape(ip, a, out, "input");
  if (s != RG_OK)
    return s;
  if (a->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "result element type differs from the input");
  double fmin, fmax;
  int64_t imin = 0, imax = 0;
  bool fl_min, fl_max;
  if (!rg_eval_attr_number(n, "min_val", &fmin, &imin, &fl_min) ||
      !rg_eval_attr_number(n, "max_val", &fmax, &imax, &fl_max))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs numeric min_val and max_val");
  if (is_int(a)) {
    if (fl_min || fl_max)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "float min_val/max_val for an integer input");
    if (imax < imin)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "max_val < min_val");
    rg_eval_reuse_operand(ip, 0, out); /* element i is read before it is written */
    for (int64_t i = 0; i < a->numel; i++) {
      int64_t v = rg_tensor_get_int(a, i);
      rg_tensor_set_int(out, i, v < imin ? imin : v > imax ? imax : v);
    }
    return RG_OK;
  }
  float lo = rg_elem_round(a->dtype, fmin), hi = rg_elem_round(a->dtype, fmax);
  if (hi < lo)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "max_val < min_val");
  bool ignore = rg_eval_nan_ignore(n);
  rg_eval_reuse_operand(ip, 0, out); /* element i is read before it is written */
  for (int64_t i = 0; i < a->numel; i++) {
    float v = rg_tensor_get_float(a, i);
    if (isnan(v))
      rg_tensor_set_float(out, i, ignore ? lo : v);
    else
      rg_tensor_set_float(out, i, fmin_mode(fmax_mode(v, lo, false), hi, false));
  }
  return RG_OK;
}

/* ---- cast ---- */

/* CAST: int->int truncates to the result width (two's complement) and any
 * int->i1 is `value != 0`; int->float and float->float round to nearest
 * even once, straight to the result type; float->int rounds to nearest even
 * and saturates to the result range. NaN->int is left unpredictable. */
static RgStatus op_cast(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  RgTensor *a = in[0];
  RgStatus s = same_shape(ip, a, out, "input");
  if (s != RG_OK)
    return s;
  for (int64_t i = 0; i < a->numel; i++) {
    if (is_int(a) && is_int(out)) {
      int64_t v = rg_tensor_get_int(a, i);
      rg_tensor_set_int(out, i, out->dtype == RG_DT_I1 ? v != 0 : rg_elem_wrap(out->dtype, v));
    } else if (is_int(a)) {
      rg_tensor_set_float(out, i, rg_elem_round(out->dtype, (double)rg_tensor_get_int(a, i)));
    } else if (!is_int(out)) {
      rg_tensor_set_float(out, i, rg_elem_round(out->dtype, rg_tensor_get_float(a, i)));
    } else {
      float v = rg_tensor_get_float(a, i);
      if (out->dtype == RG_DT_I1)
        return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "cast from float to i1");
      if (isnan(v))
        return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "cast of NaN to an integer type");
      double r = nearbyint((double)v);
      double lo = (double)rg_elem_min(out->dtype), hi = (double)rg_elem_max(out->dtype);
      rg_tensor_set_int(out, i, r <= lo ? rg_elem_min(out->dtype)
                     : r >= hi ? rg_elem_max(out->dtype)
                               : (int64_t)r);
    }
  }
  return RG_OK;
}

/* ---- rescale ---- */

/* apply_scale_32 of the spec: REQUIRE multiplier >= 0, 2 <= shift <= 62 and
 * value in [-2^(shift-1), 2^(shift-1)); round = 2^(shift-1), plus or minus
 * 2^30 for DOUBLE_ROUND when shift > 31; result = (value * m + round) >> s
 * with an arithmetic shift, so exact halves round toward +infinity. */
static RgStatus apply_scale_32(RgInterp *ip, int64_t value, int64_t m, int64_t shift,
                               bool double_round, int64_t *r) {
  if (m < 0)
    return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "multiplier %lld < 0 (REQUIRE)",
                       (long long)m);
  if (shift < 2 || shift > 62)
    return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "shift %lld outside [2, 62] (REQUIRE)",
                       (long long)shift);
  int64_t half = (int64_t)1 << (shift - 1);
  if (value < -half || value >= half || value < INT32_MIN || value > INT32_MAX)
    return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE,
                       "value %lld outside [-2^%d, 2^%d) for shift %d (REQUIRE)",
                       (long long)value, (int)shift - 1, (int)shift - 1, (int)shift);
  int64_t round = half;
  if (double_round && shift > 31)
    round += value >= 0 ? ((int64_t)1 << 30) : -((int64_t)1 << 30);
  *r = asr64(value * m + round, (int)shift);
  return RG_OK;
}

/* apply_scale_16: value is int48, multiplier int16; REQUIRE the result
 * fits i32. No double rounding. */
static RgStatus apply_scale_16(RgInterp *ip, int64_t value, int64_t m, int64_t shift,
                               int64_t *r) {
  if (m < 0)
    return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "multiplier %lld < 0 (REQUIRE)",
                       (long long)m);
  if (shift < 2 || shift > 62)
    return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "shift %lld outside [2, 62] (REQUIRE)",
                       (long long)shift);
  *r = asr64(value * m + ((int64_t)1 << (shift - 1)), (int)shift);
  return rg_eval_require_range(ip, *r, RG_DT_I32, "apply_scale_16");
}

static int64_t zext(RgDType dt, int64_t v) {
  int bits = rg_dtype_bits(dt);
  return bits >= 64 ? v : (int64_t)((uint64_t)v & (((uint64_t)1 << bits) - 1));
}

static RgStatus op_rescale(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  RgTensor *a = in[0], *mult = in[1], *shift = in[2];
  RgStatus s = same_shape(ip, a, out, "input");
  if (s != RG_OK)
    return s;
  bool scale32 = rg_eval_attr_bool(n, "scale32", true);
  bool per_channel = rg_eval_attr_bool(n, "per_channel", false);
  bool in_u = rg_eval_attr_bool(n, "input_unsigned", false);
  bool out_u = rg_eval_attr_bool(n, "output_unsigned", false);
  bool present = false;
  bool dbl = rg_eval_attr_enum_is(n, "rounding_mode", "DOUBLE_ROUND", &present);
  if (!present) /* pre-1.0 spelling: `double_round = true` */
    dbl = rg_eval_attr_bool(n, "double_round", false);
  if (!dbl && present && !rg_eval_attr_enum_is(n, "rounding_mode", "SINGLE_ROUND", NULL))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED,
                       "rounding_mode other than SINGLE_ROUND/DOUBLE_ROUND has no exact result");
  /* The element types carry no signedness in TOSA 1.0; ui8/ui16 tensors
   * (older spelling) are read as unsigned too. */
  RgDType it = a->dtype, ot = out->dtype;
  if (it == RG_DT_UI8 || it == RG_DT_UI16) {
    in_u = true;
    it = it == RG_DT_UI8 ? RG_DT_I8 : RG_DT_I16;
  }
  if (ot == RG_DT_UI8 || ot == RG_DT_UI16) {
    out_u = true;
    ot = ot == RG_DT_UI8 ? RG_DT_I8 : RG_DT_I16;
  }
  if (it != RG_DT_I8 && it != RG_DT_I16 && it != RG_DT_I32 && it != RG_DT_I48)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "input element type %s", rg_dtype_name(a->dtype));
  if (ot != RG_DT_I8 && ot != RG_DT_I16 && ot != RG_DT_I32)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "output element type %s",
                       rg_dtype_name(out->dtype));
  if (scale32 && it == RG_DT_I48)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "scale32 with an i48 input");
  if (!scale32 && dbl)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "DOUBLE_ROUND needs scale32");
  if (in_u && out_u)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "input_unsigned and output_unsigned both set");
  if ((in_u && (it == RG_DT_I32 || it == RG_DT_I48 || ot == RG_DT_I32)) ||
      (out_u && (ot == RG_DT_I32 || it == RG_DT_I32 || it == RG_DT_I48)))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "unsigned flag not allowed with i32/i48");
  if (per_channel && a->rank < 1)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "per_channel needs rank >= 1");
  if (mult->dtype != (scale32 ? RG_DT_I32 : RG_DT_I16))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "multiplier must be %s",
                       scale32 ? "i32" : "i16");
  if ((s = rg_eval_expect_dtype(ip, shift, RG_DT_I8, "shift")) != RG_OK)
    return s;
  int64_t nc = per_channel ? a->dims[a->rank - 1] : 1;
  if (mult->numel != nc || shift->numel != nc)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "multiplier/shift need %lld entries",
                       (long long)nc);
  int64_t izp = rg_eval_scalar_int(in[3]), ozp = rg_eval_scalar_int(in[4]);
  izp = in_u ? zext(it, izp) : izp;
  ozp = out_u ? zext(ot, ozp) : ozp;
  if (izp != 0 && it != RG_DT_I8 && !(it == RG_DT_I16 && in_u))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "input_zp must be 0 for %s", rg_dtype_name(it));
  if (ozp != 0 && ot != RG_DT_I8 && !(ot == RG_DT_I16 && out_u))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "output_zp must be 0 for %s", rg_dtype_name(ot));
  if (it == RG_DT_I16 && in_u && izp != 0 && izp != 32768)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "unsigned i16 input_zp must be 0 or 32768");
  if (ot == RG_DT_I16 && out_u && ozp != 0 && ozp != 32768)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "unsigned i16 output_zp must be 0 or 32768");
  int obits = rg_dtype_bits(ot);
  int64_t lo = out_u ? 0 : rg_elem_min(ot);
  int64_t hi = out_u ? (int64_t)(((uint64_t)1 << obits) - 1) : rg_elem_max(ot);
  for (int64_t i = 0; i < a->numel; i++) {
    int64_t c = per_channel ? i % nc : 0;
    int64_t v = (in_u ? zext(it, rg_tensor_get_int(a, i)) : rg_tensor_get_int(a, i)) - izp, r = 0;
    if (scale32)
      s = apply_scale_32(ip, v, rg_tensor_get_int(mult, c), rg_tensor_get_int(shift, c), dbl, &r);
    else
      s = apply_scale_16(ip, v, rg_tensor_get_int(mult, c), rg_tensor_get_int(shift, c), &r);
    if (s != RG_OK)
      return s;
    r += ozp;
    if ((s = rg_eval_require_range(ip, r, RG_DT_I32, "rescale + output_zp")) != RG_OK)
      return s;
    r = r < lo ? lo : r > hi ? hi : r;
    rg_tensor_set_int(out, i, rg_elem_wrap(out->dtype, r));
  }
  return RG_OK;
}

/* ---- table ---- */

/* TABLE: i8 looks up table[value + 128]; i16 interpolates between
 * table[index] and table[index + 1] with a 7-bit fraction into an i32. */
static RgStatus op_table(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  RgTensor *a = in[0], *t = in[1];
  RgStatus s = same_shape(ip, a, out, "input");
  if (s != RG_OK)
    return s;
  if (a->dtype == RG_DT_I8) {
    if (t->dtype != RG_DT_I8 || t->numel != 256 || out->dtype != RG_DT_I8)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "i8 table needs 256 i8 entries and an i8 result");
    for (int64_t i = 0; i < a->numel; i++)
      rg_tensor_set_int(out, i, rg_tensor_get_int(t, rg_tensor_get_int(a, i) + 128));
    return RG_OK;
  }
  if (a->dtype == RG_DT_I16) {
    if (t->dtype != RG_DT_I16 || t->numel != 513 || out->dtype != RG_DT_I32)
      return rg_eval_fail(ip, RG_INTERP_INVALID,
                         "i16 table needs 513 i16 entries and an i32 result");
    for (int64_t i = 0; i < a->numel; i++) {
      int64_t v = rg_tensor_get_int(a, i) + 32768, idx = v >> 7, frac = v & 0x7f;
      int64_t base = rg_tensor_get_int(t, idx), next = rg_tensor_get_int(t, idx + 1), slope = next - base;
      if ((s = rg_eval_require_range(ip, slope, RG_DT_I16, "table slope")) != RG_OK)
        return s;
      rg_tensor_set_int(out, i, base * 128 + slope * frac);
    }
    return RG_OK;
  }
  return rg_eval_fail(ip, RG_INTERP_INVALID, "input must be i8 or i16");
}

/* The evaluators bound by eval(...) in the .ops declarations. */
RG_EVAL_ONE_RESULT(tosa_eval_add, op_add, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_sub, op_sub, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_mul, op_mul, 2, 3)
RG_EVAL_ONE_RESULT(tosa_eval_maximum, op_maximum, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_minimum, op_minimum, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_pow, op_pow, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_equal, op_equal, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_greater, op_greater, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_greater_equal, op_greater_equal, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_bitwise_and, op_bitwise_and, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_bitwise_or, op_bitwise_or, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_bitwise_xor, op_bitwise_xor, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_logical_and, op_logical_and, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_logical_or, op_logical_or, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_logical_xor, op_logical_xor, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_logical_left_shift, op_logical_left_shift, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_logical_right_shift, op_logical_right_shift, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_arithmetic_right_shift, op_arithmetic_right_shift, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_intdiv, op_intdiv, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_select, op_select, 3, 3)
RG_EVAL_ONE_RESULT(tosa_eval_abs, op_abs, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_exp, op_exp, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_log, op_log, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_rsqrt, op_rsqrt, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_reciprocal, op_reciprocal, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_sigmoid, op_sigmoid, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_tanh, op_tanh, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_erf, op_erf, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_floor, op_floor, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_ceil, op_ceil, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_sin, op_sin, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_cos, op_cos, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_bitwise_not, op_bitwise_not, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_logical_not, op_logical_not, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_clz, op_clz, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_identity, op_identity, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_negate, op_negate, 1, 3)
RG_EVAL_ONE_RESULT(tosa_eval_clamp, op_clamp, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_cast, op_cast, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_rescale, op_rescale, 5, 5)
RG_EVAL_ONE_RESULT(tosa_eval_table, op_table, 2, 2)
