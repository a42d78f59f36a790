/* backends/xnnpack/xnnpack_eval.c - edge-dialect (ATen) ops for the reference
 * interpreter: aten.mul.Tensor, mul.Scalar, add.Tensor (alpha), relu, bmm,
 * mm, linear, addmm, view_copy, expand_copy, permute_copy and _constant,
 * so that the XNNPACK pipeline's rewrites are proven by execution.
 *
 * Semantics (docs/interpreter.md, "Edge-dialect ops"): PyTorch
 * broadcasting (ranks aligned on the right, rulegen/shape.h); inputs are converted to the
 * result's element type (the promoted dtype torch computes in); floats
 * compute in f32 ("opmath": f16/bf16 operands are widened, the result is
 * rounded once to the element type), scalars (`other`, `alpha`) are
 * converted to f32, never rounded to f16/bf16 first (torch's CPU kernels
 * do the same); integers wrap to the result's width; bool add is `or`,
 * bool mul `and`. Matrix products accumulate in f32 in ascending k order,
 * starting from 0, one rounding per step; then the bias is added. */
#include <math.h>
#include <string.h>
#include "rulegen/eval.h"
#include "rulegen/shape.h"
#include "rules/builtin.h"

/* ---- helpers ---- */

/* Element i of t converted to the float type dt (round once to dt). */
static float as_float(const RgTensor *t, int64_t i, RgDType dt) {
  if (rg_tensor_is_float(t))
    return t->dtype == dt || dt == RG_DT_F32 ? rg_tensor_get_float(t, i) : rg_elem_round(dt, rg_tensor_get_float(t, i));
  return rg_elem_round(dt, (double)rg_tensor_get_int(t, i));
}

/* Element i of an integer tensor converted to the integer type dt. */
static int64_t as_int(const RgTensor *t, int64_t i, RgDType dt) { return rg_elem_wrap(dt, rg_tensor_get_int(t, i)); }

static RgStatus check_kind(RgInterp *ip, const RgTensor *in, const RgTensor *out, int j) {
  if (rg_tensor_is_int(out) && rg_tensor_is_float(in))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand %d is %s but the result is %s", j,
                       rg_dtype_name(in->dtype), rg_dtype_name(out->dtype));
  return RG_OK;
}

/* A Scalar property: int, float or bool; a float must be finite. */
static bool attr_scalar(const RgNode *n, const char *name, double *f, int64_t *iv, bool *is_float) {
  return rg_eval_attr_number(n, name, f, iv, is_float) && isfinite(*f);
}

static uint64_t u64(int64_t v) { return (uint64_t)v; }

static void store_float(RgTensor *out, int64_t i, float v) {
  rg_tensor_set_float(out, i, out->dtype == RG_DT_F32 ? v : rg_elem_round(out->dtype, v));
}

/* ---- elementwise ---- */

typedef enum { A_MUL, A_ADD, A_SUB, A_DIV } ArithOp;

/* out = a OP (alpha * b), broadcast; `b` NULL means the scalar `sf`/`si`. */
/* The numbers an arithmetic op takes besides its tensors: the scalar
 * operand (b NULL) as float and as integer, and alpha (scaling b, as
 * add.Tensor's alpha does) when has_alpha. */
typedef struct ArithScalars {
  double sf;
  int64_t si;
  double alpha_f;
  int64_t alpha_i;
  bool has_alpha;
} ArithScalars;

static RgStatus arith(RgInterp *ip, ArithOp op, const RgTensor *a, const RgTensor *b, ArithScalars k,
                      RgTensor *out) {
  double sf = k.sf, alpha_f = k.alpha_f;
  int64_t si = k.si, alpha_i = k.alpha_i;
  bool has_alpha = k.has_alpha;
  RgTensor *ops[2] = {(RgTensor *)a, (RgTensor *)b}; /* read only */
  RgBroadcastIter it;
  RgStatus s;
  if ((s = check_kind(ip, a, out, 0)) || (b && (s = check_kind(ip, b, out, 1))) ||
      (s = rg_broadcast_init(ip, &it, out, ops, b ? 2 : 1, RG_BROADCAST_NUMPY)))
    return s;
  bool is_bool = out->dtype == RG_DT_I1;
  for (int64_t i = 0; i < out->numel; i++, rg_broadcast_next(&it)) {
    int64_t oa = it.off[0], ob = b ? it.off[1] : 0;
    if (rg_tensor_is_float(out)) {
      float x = as_float(a, oa, out->dtype);
      float y = b ? as_float(b, ob, out->dtype) : (float)sf;
      if (has_alpha) {
        float ay = (float)alpha_f * y; /* rounded before the add: no FMA */
        y = ay;
      }
      float r = op == A_MUL ? x * y : op == A_ADD ? x + y : op == A_SUB ? x - y : x / y;
      store_float(out, i, r);
    } else if (op == A_DIV) {
      return rg_eval_fail(ip, RG_INTERP_INVALID, "true division into a %s result",
                          rg_dtype_name(out->dtype));
    } else if (is_bool) {
      if (op == A_SUB)
        return rg_eval_fail(ip, RG_INTERP_INVALID, "subtraction of booleans");
      int64_t x = rg_tensor_get_int(a, oa) != 0, y = b ? rg_tensor_get_int(b, ob) != 0 : si != 0;
      if (has_alpha)
        y = y && alpha_i;
      rg_tensor_set_int(out, i, op == A_MUL ? (x && y) : (x || y));
    } else {
      int64_t x = as_int(a, oa, out->dtype), y = b ? as_int(b, ob, out->dtype) : rg_elem_wrap(out->dtype, si);
      if (has_alpha)
        y = rg_elem_wrap(out->dtype, (int64_t)(u64(rg_elem_wrap(out->dtype, alpha_i)) * u64(y)));
      uint64_t r = op == A_MUL ? u64(x) * u64(y) : op == A_ADD ? u64(x) + u64(y) : u64(x) - u64(y);
      rg_tensor_set_int(out, i, rg_elem_wrap(out->dtype, (int64_t)r));
    }
  }
  return RG_OK;
}

static RgStatus op_mul_tensor(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  return arith(ip, A_MUL, in[0], in[1], (ArithScalars){0, 0, 1, 1, false}, out);
}

static RgStatus op_mul_scalar(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  double f = 0;
  int64_t iv = 0;
  bool isf = false;
  if (!attr_scalar(n, "other", &f, &iv, &isf))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "'other' is not a finite int, float or bool");
  if (isf && rg_tensor_is_int(out))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "a float scalar with a %s result", rg_dtype_name(out->dtype));
  return arith(ip, A_MUL, in[0], NULL, (ArithScalars){f, iv, 1, 1, false}, out);
}

/* add.Tensor / sub.Tensor: x OP alpha * y. */
static RgStatus add_sub_tensor(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out,
                               ArithOp op) {
  double f = 1;
  int64_t iv = 1;
  bool isf = false;
  bool has = rg_node_attr(n, "alpha") != NULL;
  if (has && !attr_scalar(n, "alpha", &f, &iv, &isf))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "'alpha' is not a finite int, float or bool");
  if (isf && rg_tensor_is_int(out))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "a float alpha with a %s result", rg_dtype_name(out->dtype));
  /* alpha == 1 is plain addition (torch skips the multiply too). */
  return arith(ip, op, in[0], in[1], (ArithScalars){0, 0, f, iv, has && f != 1}, out);
}

static RgStatus op_add_tensor(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  return add_sub_tensor(ip, n, in, out, A_ADD);
}

static RgStatus op_sub_tensor(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  return add_sub_tensor(ip, n, in, out, A_SUB);
}

/* div.Tensor: true division, always into a float result (integer operands
 * are converted to it first). */
static RgStatus op_div_tensor(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  return arith(ip, A_DIV, in[0], in[1], (ArithScalars){0, 0, 1, 1, false}, out);
}

/* clone: a copy (memory_format does not change values). */
static RgStatus op_clone(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  if (!rg_tensor_same_type(in[0], out))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand and result types differ");
  rg_tensor_copy_elems(out, in[0]);
  return RG_OK;
}

static RgStatus op_relu(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  const RgTensor *a = in[0];
  if (a->dtype != out->dtype || a->numel != out->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand and result types differ");
  for (int64_t i = 0; i < a->numel; i++) {
    if (rg_tensor_is_float(out)) /* clamp_min(x, 0): -0 and NaN kept */
      rg_tensor_set_float(out, i, rg_tensor_get_float(a, i) < 0 ? 0.0f : rg_tensor_get_float(a, i));
    else
      rg_tensor_set_int(out, i, rg_tensor_get_int(a, i) > 0 ? rg_tensor_get_int(a, i) : 0);
  }
  return RG_OK;
}

/* ---- matrix products ---- */

/* A matrix inside a tensor: rows x cols elements, (r, c) at
 * base + r * rs + c * cs (a transpose swaps the strides). */
typedef struct MatView {
  const RgTensor *t;
  int64_t base, rows, cols, rs, cs;
} MatView;

/* out[o + i * N + j] = sum_k a[i, k] * b[k, j] for the a.rows x b.cols
 * product (a.cols == b.rows), f32 accumulation from 0 in ascending k
 * (integers wrap). */
static void matmul_into(RgTensor *out, int64_t o, MatView a, MatView b) {
  int64_t M = a.rows, N = b.cols, K = a.cols;
  for (int64_t i = 0; i < M; i++)
    for (int64_t j = 0; j < N; j++) {
      if (rg_tensor_is_float(out)) {
        float acc = 0.0f;
        for (int64_t k = 0; k < K; k++) {
          /* Two statements: no contraction into a fused multiply-add. */
          float p = rg_tensor_get_float(a.t, a.base + i * a.rs + k * a.cs) * rg_tensor_get_float(b.t, b.base + k * b.rs + j * b.cs);
          acc += p;
        }
        rg_tensor_set_float(out, o + i * N + j, acc); /* rounded to the element type by the caller */
      } else {
        uint64_t acc = 0;
        for (int64_t k = 0; k < K; k++)
          acc += u64(rg_tensor_get_int(a.t, a.base + i * a.rs + k * a.cs)) * u64(rg_tensor_get_int(b.t, b.base + k * b.rs + j * b.cs));
        rg_tensor_set_int(out, o + i * N + j, (int64_t)acc);
      }
    }
}

/* Rounds every element to the element type (after accumulation). */
static void finish(RgTensor *out) {
  for (int64_t i = 0; i < out->numel; i++) {
    if (rg_tensor_is_float(out))
      store_float(out, i, rg_tensor_get_float(out, i));
    else
      rg_tensor_set_int(out, i, rg_elem_wrap(out->dtype, rg_tensor_get_int(out, i)));
  }
}

static RgStatus same_types(RgInterp *ip, RgTensor *const *in, int n, const RgTensor *out) {
  for (int j = 0; j < n; j++)
    if (in[j]->dtype != out->dtype)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "operand %d is %s, the result %s", j,
                         rg_dtype_name(in[j]->dtype), rg_dtype_name(out->dtype));
  return RG_OK;
}

static RgStatus op_bmm(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  const RgTensor *a = in[0], *b = in[1];
  RgStatus s = same_types(ip, in, 2, out);
  if (s)
    return s;
  if (a->rank != 3 || b->rank != 3 || out->rank != 3 || a->dims[0] != b->dims[0] ||
      a->dims[2] != b->dims[1] || out->dims[0] != a->dims[0] || out->dims[1] != a->dims[1] ||
      out->dims[2] != b->dims[2])
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand shapes do not agree");
  int64_t B = a->dims[0], M = a->dims[1], K = a->dims[2], N = b->dims[2];
  for (int64_t i = 0; i < B; i++)
    matmul_into(out, i * M * N, (MatView){a, i * M * K, M, K, K, 1}, (MatView){b, i * K * N, K, N, N, 1});
  finish(out);
  return RG_OK;
}

static RgStatus op_mm(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  const RgTensor *a = in[0], *b = in[1];
  RgStatus s = same_types(ip, in, 2, out);
  if (s)
    return s;
  if (a->rank != 2 || b->rank != 2 || out->rank != 2 || a->dims[1] != b->dims[0] ||
      out->dims[0] != a->dims[0] || out->dims[1] != b->dims[1])
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand shapes do not agree");
  int64_t M = a->dims[0], K = a->dims[1], N = b->dims[1];
  matmul_into(out, 0, (MatView){a, 0, M, K, K, 1}, (MatView){b, 0, K, N, N, 1});
  finish(out);
  return RG_OK;
}

/* out += beta * bias (broadcast), after the product was scaled by alpha;
 * one rounding per operation, as the decomposed ops would round. */
static RgStatus add_bias(RgInterp *ip, RgTensor *out, const RgTensor *bias, double alpha, double beta) {
  RgTensor *ops[1] = {(RgTensor *)bias}; /* read only */
  RgBroadcastIter it;
  RgStatus s = rg_broadcast_init(ip, &it, out, ops, bias ? 1 : 0, RG_BROADCAST_NUMPY);
  if (s)
    return s;
  for (int64_t i = 0; i < out->numel; i++, rg_broadcast_next(&it)) {
    if (rg_tensor_is_float(out)) {
      float v = rg_tensor_get_float(out, i);
      if (alpha != 1)
        v = rg_elem_round(out->dtype, (float)alpha * v);
      if (bias) {
        float c = as_float(bias, it.off[0], out->dtype);
        if (beta != 1)
          c = rg_elem_round(out->dtype, (float)beta * c);
        v = v + c;
      }
      store_float(out, i, v);
    } else {
      uint64_t v = u64(rg_tensor_get_int(out, i)) * u64((int64_t)alpha);
      if (bias)
        v += u64(rg_tensor_get_int(bias, it.off[0])) * u64((int64_t)beta);
      rg_tensor_set_int(out, i, rg_elem_wrap(out->dtype, (int64_t)v));
    }
  }
  return RG_OK;
}

/* linear(x, w, b?) = x @ w^T + b over the last dim of x. */
static RgStatus op_linear(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *x = in[0], *w = in[1];
  RgStatus s = same_types(ip, in, (int)n->num_operands, out);
  if (s)
    return s;
  if (w->rank != 2 || x->rank < 1 || out->rank != x->rank || x->dims[x->rank - 1] != w->dims[1] ||
      out->dims[out->rank - 1] != w->dims[0])
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "only a 2-D weight matching the input is supported");
  int64_t K = w->dims[1], N = w->dims[0], M = K ? x->numel / K : 0;
  matmul_into(out, 0, (MatView){x, 0, M, K, K, 1}, (MatView){w, 0, K, N, 1, K});
  finish(out);
  return add_bias(ip, out, n->num_operands > 2 ? in[2] : NULL, 1, 1);
}

/* addmm(self, m1, m2) = beta * self + alpha * (m1 @ m2). */
static RgStatus op_addmm(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  double alpha = 1, beta = 1;
  int64_t iv;
  bool isf;
  if ((rg_node_attr(n, "alpha") && !attr_scalar(n, "alpha", &alpha, &iv, &isf)) ||
      (rg_node_attr(n, "beta") && !attr_scalar(n, "beta", &beta, &iv, &isf)))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "alpha/beta is not a finite number");
  RgStatus s = op_mm(ip, n, in + 1, out);
  if (s)
    return s;
  if (in[0]->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "self is %s, the result %s", rg_dtype_name(in[0]->dtype),
                       rg_dtype_name(out->dtype));
  return add_bias(ip, out, in[0], alpha, beta);
}

/* ---- data movement ---- */

static void copy_elem(RgTensor *out, int64_t o, const RgTensor *in, int64_t i) {
  if (rg_tensor_is_float(out))
    rg_tensor_set_float(out, o, rg_tensor_get_float(in, i));
  else
    rg_tensor_set_int(out, o, rg_tensor_get_int(in, i));
}

static RgStatus op_view_copy(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  if (in[0]->dtype != out->dtype || in[0]->numel != out->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "cannot view %lld elements of %s as %lld of %s",
                       (long long)in[0]->numel, rg_dtype_name(in[0]->dtype), (long long)out->numel,
                       rg_dtype_name(out->dtype));
  for (int64_t i = 0; i < out->numel; i++)
    copy_elem(out, i, in[0], i);
  return RG_OK;
}

static RgStatus op_expand_copy(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  RgBroadcastIter it;
  RgStatus s = in[0]->dtype != out->dtype
                   ? rg_eval_fail(ip, RG_INTERP_INVALID, "operand and result element types differ")
                   : rg_broadcast_init(ip, &it, out, in, 1, RG_BROADCAST_NUMPY);
  if (s)
    return s;
  for (int64_t i = 0; i < out->numel; i++, rg_broadcast_next(&it))
    copy_elem(out, i, in[0], it.off[0]);
  return RG_OK;
}

/* Offset of multi-index idx with strides st. */
static int64_t offset(const int64_t *idx, const int64_t *st, int32_t rank) {
  int64_t o = 0;
  for (int32_t d = 0; d < rank; d++)
    o += idx[d] * st[d];
  return o;
}

static RgStatus op_permute_copy(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *a = in[0];
  const int64_t *dims;
  uint32_t nd;
  if (!rg_eval_attr_ints(n, "dims", &dims, &nd) || (int64_t)nd != a->rank || a->rank != out->rank ||
      a->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "dims must be an array<i64> of the input's rank");
  int64_t st[RG_TENSOR_MAX_RANK], ost[RG_TENSOR_MAX_RANK], idx[RG_TENSOR_MAX_RANK] = {0};
  bool seen[RG_TENSOR_MAX_RANK] = {false};
  rg_tensor_strides(a, st);
  for (int32_t d = 0; d < out->rank; d++) {
    int64_t p = dims[d] < 0 ? dims[d] + a->rank : dims[d];
    if (p < 0 || p >= a->rank || seen[p] || out->dims[d] != a->dims[p])
      return rg_eval_fail(ip, RG_INTERP_INVALID, "dims is not a permutation matching the result shape");
    seen[p] = true;
    ost[d] = st[p];
  }
  for (int64_t i = 0; i < out->numel; i++) {
    copy_elem(out, i, a, offset(idx, ost, out->rank));
    if (out->rank)
      rg_index_next(idx, out->dims, out->rank);
  }
  return RG_OK;
}

static RgStatus op_constant(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)in;
  const RgAttr *a = rg_node_attr(n, "value");
  if (!a || a->kind != RG_ATTR_DENSE || !a->type)
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "value is not a decodable dense<>");
  if (a->type->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "value of type %s for a %s result", a->type->text,
                       rg_dtype_name(out->dtype));
  return rg_eval_fill_dense(ip, a, out);
}

/* ---- conversions and fills ---- */

/* _to_copy: converts to the result's element type as torch's static_cast
 * does: integers wrap, anything to bool is `!= 0`, integers to floats round
 * to nearest even through f32 (c10::Half and BFloat16 are built from a
 * float, so i64 -> f16 rounds twice), floats to integers truncate toward
 * zero, and a NaN or out-of-range value is UNPREDICTABLE (undefined in
 * C++). */
static RgStatus op_to_copy(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  const RgTensor *a = in[0];
  if (a->rank != out->rank || a->numel != out->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand and result shapes differ");
  for (int64_t i = 0; i < a->numel; i++) {
    if (out->dtype == RG_DT_I1) {
      rg_tensor_set_int(out, i, rg_tensor_is_int(a) ? rg_tensor_get_int(a, i) != 0 : rg_tensor_get_float(a, i) != 0);
    } else if (rg_tensor_is_int(out) && rg_tensor_is_int(a)) {
      rg_tensor_set_int(out, i, rg_elem_wrap(out->dtype, rg_tensor_get_int(a, i)));
    } else if (rg_tensor_is_float(out)) {
      float f = rg_tensor_is_float(a) ? rg_tensor_get_float(a, i) : (float)rg_tensor_get_int(a, i);
      store_float(out, i, f);
    } else {
      double t = trunc((double)rg_tensor_get_float(a, i));
      if (isnan(t) || t < (double)rg_elem_min(out->dtype) || t > (double)rg_elem_max(out->dtype))
        return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "%g does not fit %s (undefined)",
                            (double)rg_tensor_get_float(a, i), rg_dtype_name(out->dtype));
      rg_tensor_set_int(out, i, (int64_t)t);
    }
  }
  return RG_OK;
}

/* full {size, fill_value}: every element is fill_value converted to the
 * result's element type (a float value for an integer result is INVALID). */
static RgStatus op_full(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)in;
  double f = 0;
  int64_t iv = 0;
  bool isf = false;
  if (!attr_scalar(n, "fill_value", &f, &iv, &isf))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "'fill_value' is not a finite int, float or bool");
  if (isf && rg_tensor_is_int(out))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "a float fill_value with a %s result",
                        rg_dtype_name(out->dtype));
  for (int64_t i = 0; i < out->numel; i++) {
    if (rg_tensor_is_float(out))
      store_float(out, i, (float)f);
    else
      rg_tensor_set_int(out, i, out->dtype == RG_DT_I1 ? iv != 0 : rg_elem_wrap(out->dtype, iv));
  }
  return RG_OK;
}

/* The evaluators bound by eval(...) in the .ops declarations. */
RG_EVAL_ONE_RESULT(xnnpack_eval_mul_tensor, op_mul_tensor, 2, 2)
RG_EVAL_ONE_RESULT(xnnpack_eval_mul_scalar, op_mul_scalar, 1, 1)
RG_EVAL_ONE_RESULT(xnnpack_eval_add_tensor, op_add_tensor, 2, 2)
RG_EVAL_ONE_RESULT(xnnpack_eval_sub_tensor, op_sub_tensor, 2, 2)
RG_EVAL_ONE_RESULT(xnnpack_eval_div_tensor, op_div_tensor, 2, 2)
RG_EVAL_ONE_RESULT(xnnpack_eval_clone, op_clone, 1, 1)
RG_EVAL_ONE_RESULT(xnnpack_eval_to_copy, op_to_copy, 1, 1)
RG_EVAL_ONE_RESULT(xnnpack_eval_full, op_full, 0, 0)
RG_EVAL_ONE_RESULT(xnnpack_eval_relu, op_relu, 1, 1)
RG_EVAL_ONE_RESULT(xnnpack_eval_bmm, op_bmm, 2, 2)
RG_EVAL_ONE_RESULT(xnnpack_eval_mm, op_mm, 2, 2)
RG_EVAL_ONE_RESULT(xnnpack_eval_linear, op_linear, 2, 3)
RG_EVAL_ONE_RESULT(xnnpack_eval_addmm, op_addmm, 3, 3)
RG_EVAL_ONE_RESULT(xnnpack_eval_view_copy, op_view_copy, 1, 1)
RG_EVAL_ONE_RESULT(xnnpack_eval_expand_copy, op_expand_copy, 1, 1)
RG_EVAL_ONE_RESULT(xnnpack_eval_permute_copy, op_permute_copy, 1, 1)
RG_EVAL_ONE_RESULT(xnnpack_eval_constant, op_constant, 0, 0)
