/* backends/arm/arm_eval.c - evaluators of the edge-dialect ops of arm.ops,
 * bound by eval(...), so the Arm passes are proven by execution.
 *
 * Semantics follow PyTorch's CPU kernels for f32: a float op computes in
 * f32 and rounds its result once to the element type (f16/bf16 inputs are
 * widened first); scalar properties are converted to f32. The formulas are
 * torch's own, step by step, e.g. gelu(x) = x * 0.5 * (1 + erf(x / sqrt 2))
 * and sigmoid(x) = 1 / (1 + exp(-x)); clamp propagates NaN. Integer
 * tensors are supported where torch supports them without promotion
 * (clamp with integral bounds, amax/amin, the copies). */
#include <math.h>
#include <string.h>
#include "rules/builtin.h"
#include "rulegen/eval.h"
#include "arm_eval_internal.h"

#define MAXR RG_TENSOR_MAX_RANK
#define SQRT1_2 0.70710678118654752440   /* 1 / sqrt(2) */
#define SQRT_2_PI 0.79788456080286535588 /* sqrt(2 / pi) */

static RgStatus need_float(RgInterp *ip, const RgTensor *t, const char *what) {
  if (!rg_tensor_is_float(t))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "%s is %s; only float tensors are supported",
                        what, rg_dtype_name(t->dtype));
  return RG_OK;
}

static RgStatus same_numel(RgInterp *ip, const RgTensor *in, const RgTensor *out) {
  if (in->numel != out->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "%lld elements in, %lld out",
                        (long long)in->numel, (long long)out->numel);
  return RG_OK;
}

/* A number property, or `dflt` when absent; false when malformed. */
static bool number(const RgNode *n, const char *name, double dflt, double *v, bool *present) {
  *present = rg_node_attr(n, name) != NULL;
  if (!*present) {
    *v = dflt;
    return true;
  }
  return rg_eval_attr_number(n, name, v, NULL, NULL);
}

/* ---- copies: clone, layout copies, squeezes, casts ---- */

/* Element i of `in` stored as element i of `out`: the same value, or a
 * conversion (floats round to the element type, floats to integers
 * truncate toward zero as torch's casts do, integers wrap). */
static RgStatus convert_copy(RgInterp *ip, const RgTensor *in, RgTensor *out) {
  RgStatus st = same_numel(ip, in, out);
  if (st != RG_OK)
    return st;
  for (int64_t i = 0; i < out->numel; i++) {
    if (rg_tensor_is_float(out)) {
      double v = rg_tensor_is_float(in) ? rg_tensor_get_float(in, i) : (double)rg_tensor_get_int(in, i);
      rg_tensor_set_float(out, i, rg_elem_round(out->dtype, v));
    } else if (rg_tensor_is_float(in)) {
      double v = trunc(rg_tensor_get_float(in, i));
      if (!(v >= (double)rg_elem_min(out->dtype) && v <= (double)rg_elem_max(out->dtype)))
        return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "%g does not fit %s", (double)rg_tensor_get_float(in, i),
                            rg_dtype_name(out->dtype));
      rg_tensor_set_int(out, i, (int64_t)v);
    } else {
      rg_tensor_set_int(out, i, rg_elem_wrap(out->dtype, rg_tensor_get_int(in, i)));
    }
  }
  return RG_OK;
}

static RgStatus op_copy(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  return convert_copy(ip, in[0], out);
}

/* Copies that keep the element type: a different one is a malformed node. */
static RgStatus op_same_type_copy(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  if (in[0]->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "%s in, %s out", rg_dtype_name(in[0]->dtype),
                        rg_dtype_name(out->dtype));
  return op_copy(ip, n, in, out);
}

RG_EVAL_ONE_RESULT(arm_eval_copy, op_same_type_copy, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_to_copy, op_copy, 1, 1)

/* ---- elementwise floats ---- */

typedef float (*UnaryFn)(float x, const double *p);

static RgStatus unary(RgInterp *ip, const RgTensor *in, RgTensor *out, UnaryFn fn, const double *p) {
  RgStatus st = need_float(ip, in, "the input");
  if (st == RG_OK)
    st = need_float(ip, out, "the result");
  if (st == RG_OK)
    st = same_numel(ip, in, out);
  if (st != RG_OK)
    return st;
  for (int64_t i = 0; i < out->numel; i++)
    rg_tensor_set_float(out, i, rg_elem_round(out->dtype, fn(rg_tensor_get_float(in, i), p)));
  return RG_OK;
}

static float f_erf(float x, const double *p) { (void)p; return erff(x); }
static float f_tanh(float x, const double *p) { (void)p; return tanhf(x); }
static float f_sigmoid(float x, const double *p) { (void)p; return 1.0f / (1.0f + expf(-x)); }
static float f_add_scalar(float x, const double *p) { return x + (float)p[0] * (float)p[1]; }
static float f_leaky_relu(float x, const double *p) { return x > 0 ? x : x * (float)p[0]; }

static float f_exp(float x, const double *p) { (void)p; return expf(x); }
static float f_expm1(float x, const double *p) { (void)p; return expm1f(x); }
static float f_sqrt(float x, const double *p) { (void)p; return sqrtf(x); }
static float f_reciprocal(float x, const double *p) { (void)p; return 1.0f / x; }
static float f_rsqrt(float x, const double *p) { (void)p; return 1.0f / sqrtf(x); }
static float f_sinh(float x, const double *p) { (void)p; return sinhf(x); }
static float f_cosh(float x, const double *p) { (void)p; return coshf(x); }
static float f_neg(float x, const double *p) { (void)p; return -x; }
/* torch divides: x / (1 + exp(-x)), not x * sigmoid(x) */
static float f_silu(float x, const double *p) { (void)p; return x / (1.0f + expf(-x)); }

/* torch's elu: x <= 0 ? expm1(x * input_scale) * (alpha * scale) : x * scale,
 * the coefficients rounded to f32 first. */
static float f_elu(float x, const double *p) {
  float negcoef = (float)p[0] * (float)p[1], poscoef = (float)p[1], negiptcoef = (float)p[2];
  return x <= 0 ? expm1f(x * negiptcoef) * negcoef : x * poscoef;
}

/* torch's pow(Tensor, Scalar) on f32 takes sqrt for 0.5, 1 / sqrt for
 * -0.5, 1 / x for -1, x * x for 2, (x * x) * x for 3, 1 / (x * x) for -2,
 * and powf otherwise. */
static float f_pow(float x, const double *p) {
  double e = p[0];
  if (e == 0.5)
    return sqrtf(x);
  if (e == -0.5)
    return 1.0f / sqrtf(x);
  if (e == -1)
    return 1.0f / x;
  if (e == 2)
    return x * x;
  if (e == 3)
    return x * x * x;
  if (e == -2)
    return 1.0f / (x * x);
  return powf(x, (float)e);
}

static float f_gelu_erf(float x, const double *p) {
  (void)p;
  return x * 0.5f * (1.0f + erff(x * (float)SQRT1_2));
}

/* torch's tanh form: 0.5 * x * (1 + tanh(sqrt(2/pi) * (x + 0.044715 * x^3))) */
static float f_gelu_tanh(float x, const double *p) {
  (void)p;
  const float beta = (float)SQRT_2_PI, kappa = 0.044715f;
  float cube = x * x * x;
  float inner = beta * (x + kappa * cube);
  return 0.5f * x * (1.0f + tanhf(inner));
}


#define ARM_UNARY(NAME, FN)                                                               \
  static RgStatus NAME(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) { \
    (void)n;                                                                                \
    return unary(ip, in[0], out, FN, NULL);                                                 \
  }
ARM_UNARY(op_erf, f_erf)
ARM_UNARY(op_tanh, f_tanh)
ARM_UNARY(op_sigmoid, f_sigmoid)
ARM_UNARY(op_exp, f_exp)
ARM_UNARY(op_expm1, f_expm1)
ARM_UNARY(op_sqrt, f_sqrt)
ARM_UNARY(op_reciprocal, f_reciprocal)
ARM_UNARY(op_rsqrt, f_rsqrt)
ARM_UNARY(op_sinh, f_sinh)
ARM_UNARY(op_cosh, f_cosh)
ARM_UNARY(op_neg, f_neg)
ARM_UNARY(op_silu, f_silu)

static RgStatus op_elu(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  double p[3];
  bool present;
  if (!number(n, "alpha", 1, &p[0], &present) || !number(n, "scale", 1, &p[1], &present) ||
      !number(n, "input_scale", 1, &p[2], &present))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "'alpha', 'scale' and 'input_scale' must be numbers");
  return unary(ip, in[0], out, f_elu, p);
}

static RgStatus op_pow_scalar(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  double e;
  bool present;
  if (!number(n, "exponent", 0, &e, &present) || !present)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "'exponent' must be a number");
  return unary(ip, in[0], out, f_pow, &e);
}

/* gt.Scalar on a float tensor: x > (f32)other into an i1 result. */
static RgStatus op_gt_scalar(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  double other;
  bool present;
  const RgTensor *x = in[0];
  RgStatus st = need_float(ip, x, "the input");
  if (st == RG_OK)
    st = same_numel(ip, x, out);
  if (st != RG_OK)
    return st;
  if (!number(n, "other", 0, &other, &present) || !present || out->dtype != RG_DT_I1)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs a number 'other' and an i1 result");
  for (int64_t i = 0; i < out->numel; i++)
    rg_tensor_set_int(out, i, rg_tensor_get_float(x, i) > (float)other);
  return RG_OK;
}

/* where.self(c, a, b): a where c else b; operands of the result's shape
 * (broadcasting is not supported). */
static RgStatus op_where(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  const RgTensor *c = in[0], *a = in[1], *b = in[2];
  for (int j = 0; j < 3; j++)
    if (in[j]->rank != out->rank || memcmp(in[j]->dims, out->dims, sizeof(int64_t) * (size_t)out->rank))
      return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "operand %d does not have the result's shape "
                          "(broadcasting is not supported)", j);
  if (c->dtype != RG_DT_I1 || a->dtype != out->dtype || b->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs an i1 condition and values of the result type");
  for (int64_t i = 0; i < out->numel; i++) {
    const RgTensor *pick = rg_tensor_get_int(c, i) ? a : b;
    if (rg_tensor_is_float(out))
      rg_tensor_set_float(out, i, rg_tensor_get_float(pick, i));
    else
      rg_tensor_set_int(out, i, rg_tensor_get_int(pick, i));
  }
  return RG_OK;
}

static RgStatus op_gelu(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  bool present;
  bool tanh_form = rg_eval_attr_enum_is(n, "approximate", "tanh", &present);
  if (present && !tanh_form && !rg_eval_attr_enum_is(n, "approximate", "none", NULL))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "approximate must be \"none\" or \"tanh\"");
  return unary(ip, in[0], out, tanh_form ? f_gelu_tanh : f_gelu_erf, NULL);
}

/* x + alpha * other, the scalar product rounded to f32 first. */
static RgStatus op_add_scalar(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  double p[2];
  bool present;
  if (!number(n, "other", 0, &p[0], &present) || !present || !number(n, "alpha", 1, &p[1], &present))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "'other' and 'alpha' must be numbers");
  return unary(ip, in[0], out, f_add_scalar, p);
}

static RgStatus op_leaky_relu(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  double slope;
  bool present;
  if (!number(n, "negative_slope", 0.01, &slope, &present))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "'negative_slope' must be a number");
  return unary(ip, in[0], out, f_leaky_relu, &slope);
}

RG_EVAL_ONE_RESULT(arm_eval_erf, op_erf, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_tanh, op_tanh, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_sigmoid, op_sigmoid, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_gelu, op_gelu, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_add_scalar, op_add_scalar, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_leaky_relu, op_leaky_relu, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_exp, op_exp, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_expm1, op_expm1, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_sqrt, op_sqrt, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_reciprocal, op_reciprocal, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_rsqrt, op_rsqrt, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_sinh, op_sinh, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_cosh, op_cosh, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_neg, op_neg, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_silu, op_silu, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_elu, op_elu, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_pow_scalar, op_pow_scalar, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_gt_scalar, op_gt_scalar, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_where, op_where, 3, 3)

/* clamp(x, lo, hi) = min(max(x, lo), hi), NaN kept (torch's order: with
 * lo > hi every element is hi). Bounds come from `min`/`max` (clamp) or
 * `min_val`/`max_val` with defaults -1, 1 (hardtanh). */
static RgStatus clamp(RgInterp *ip, const RgNode *n, const RgTensor *in, RgTensor *out, const char *lo_name,
                      const char *hi_name, double lo_dflt, double hi_dflt) {
  double lo, hi;
  bool has_lo, has_hi;
  RgStatus st = same_numel(ip, in, out);
  if (st != RG_OK)
    return st;
  if (!number(n, lo_name, lo_dflt, &lo, &has_lo) || !number(n, hi_name, hi_dflt, &hi, &has_hi))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "the bounds must be numbers");
  has_lo = has_lo || !isnan(lo_dflt);
  has_hi = has_hi || !isnan(hi_dflt);
  if (!rg_tensor_is_float(in) != !rg_tensor_is_float(out))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "%s in, %s out", rg_dtype_name(in->dtype),
                        rg_dtype_name(out->dtype));
  for (int64_t i = 0; i < out->numel; i++) {
    if (rg_tensor_is_float(out)) {
      float x = rg_tensor_get_float(in, i);
      if (!isnan(x)) {
        if (has_lo && x < (float)lo)
          x = (float)lo;
        if (has_hi && x > (float)hi)
          x = (float)hi;
      }
      rg_tensor_set_float(out, i, rg_elem_round(out->dtype, x));
    } else {
      if ((has_lo && lo != floor(lo)) || (has_hi && hi != floor(hi)))
        return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "float bounds on an integer tensor");
      int64_t x = rg_tensor_get_int(in, i);
      if (has_lo && (double)x < lo)
        x = (int64_t)lo;
      if (has_hi && (double)x > hi)
        x = (int64_t)hi;
      rg_tensor_set_int(out, i, rg_elem_wrap(out->dtype, x));
    }
  }
  return RG_OK;
}

static RgStatus op_clamp(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  return clamp(ip, n, in[0], out, "min", "max", NAN, NAN);
}
static RgStatus op_hardtanh(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  return clamp(ip, n, in[0], out, "min_val", "max_val", -1, 1);
}

RG_EVAL_ONE_RESULT(arm_eval_clamp, op_clamp, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_hardtanh, op_hardtanh, 1, 1)

/* ---- data movement and reductions ---- */

static int64_t wrap_dim(int64_t d, int32_t rank) { return d < 0 ? d + rank : d; }

/* Copies out[idx] = x[j] where, for out dim d >= lead, j[d - lead] =
 * start[d] + idx[d] * step[d], taken modulo x's dim when `wrap` (repeat)
 * and otherwise required to be in range (slice: a result type longer than
 * the slice fails). Dims before `lead` are new leading dims. */
typedef struct Gather {
  int32_t lead;
  bool wrap;
  int64_t start[MAXR], step[MAXR];
} Gather;

static RgStatus gather(RgInterp *ip, const RgTensor *x, RgTensor *out, const Gather *m) {
  int64_t st[MAXR], idx[MAXR] = {0};
  rg_tensor_strides(x, st);
  for (int64_t i = 0; i < out->numel; i++) {
    int64_t off = 0;
    for (int32_t d = m->lead; d < out->rank; d++) {
      int64_t len = x->dims[d - m->lead], j = m->start[d] + idx[d] * m->step[d];
      if (m->wrap && len > 0)
        j %= len;
      if (j < 0 || j >= len)
        return rg_eval_fail(ip, RG_INTERP_INVALID, "the result type does not fit the input");
      off += j * st[d - m->lead];
    }
    if (rg_tensor_is_float(out))
      rg_tensor_set_float(out, i, rg_tensor_get_float(x, off));
    else
      rg_tensor_set_int(out, i, rg_tensor_get_int(x, off));
    rg_index_next(idx, out->dims, out->rank);
  }
  return RG_OK;
}

/* repeat: out[i] = in[i mod in.shape], `in` front-padded with 1s. */
static RgStatus op_repeat(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  const RgTensor *x = in[0];
  if (out->rank < x->rank || !rg_tensor_is_float(x) != !rg_tensor_is_float(out))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "rank %d in, %d out", x->rank, out->rank);
  Gather m = {.lead = out->rank - x->rank, .wrap = true};
  for (int32_t d = m.lead; d < out->rank; d++) {
    if (out->numel && (x->dims[d - m.lead] <= 0 || out->dims[d] % x->dims[d - m.lead]))
      return rg_eval_fail(ip, RG_INTERP_INVALID, "dim %d: %lld is not a multiple of %lld", d,
                          (long long)out->dims[d], (long long)x->dims[d - m.lead]);
    m.step[d] = 1;
  }
  return gather(ip, x, out, &m);
}

/* slice_copy.Tensor <{dim, start, end, step}>: Python slicing of one dim;
 * the result type gives the length. */
static RgStatus op_slice(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *x = in[0];
  int64_t dim = 0, start = 0, step = 1;
  rg_eval_attr_int(n, "dim", &dim);
  rg_eval_attr_int(n, "start", &start);
  rg_eval_attr_int(n, "step", &step);
  dim = wrap_dim(dim, x->rank);
  if (dim < 0 || dim >= x->rank || step < 1 || out->rank != x->rank || !rg_tensor_is_float(x) != !rg_tensor_is_float(out))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "bad dim %lld or step %lld", (long long)dim,
                        (long long)step);
  for (int32_t d = 0; d < x->rank; d++)
    if (d != dim && out->dims[d] != x->dims[d])
      return rg_eval_fail(ip, RG_INTERP_INVALID, "dim %d changes from %lld to %lld", d,
                          (long long)x->dims[d], (long long)out->dims[d]);
  int64_t len = x->dims[dim];
  start = start < 0 ? start + len : start;
  Gather m = {.lead = 0, .wrap = false};
  for (int32_t d = 0; d < x->rank; d++)
    m.step[d] = 1;
  m.start[dim] = start < 0 ? 0 : start > len ? len : start;
  m.step[dim] = step;
  return gather(ip, x, out, &m);
}

/* glu(x, dim) = a * sigmoid(b), a and b the halves of x along dim. */
static RgStatus op_glu(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *x = in[0];
  int64_t dim = -1;
  rg_eval_attr_int(n, "dim", &dim);
  dim = wrap_dim(dim, x->rank);
  RgStatus s = need_float(ip, x, "the input");
  if (s != RG_OK)
    return s;
  bool ok = dim >= 0 && dim < x->rank && out->rank == x->rank && out->dims[dim] * 2 == x->dims[dim];
  for (int32_t d = 0; ok && d < x->rank; d++)
    ok = d == dim || out->dims[d] == x->dims[d];
  if (!ok)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "the result is not the input halved along dim %lld",
                        (long long)dim);
  int64_t st[MAXR], idx[MAXR] = {0};
  rg_tensor_strides(x, st);
  int64_t half = out->dims[dim] * st[dim];
  for (int64_t i = 0; i < out->numel; i++) {
    int64_t off = 0;
    for (int32_t d = 0; d < out->rank; d++)
      off += idx[d] * st[d];
    float a = rg_tensor_get_float(x, off), b = rg_tensor_get_float(x, off + half);
    rg_tensor_set_float(out, i, rg_elem_round(out->dtype, a * f_sigmoid(b, NULL)));
    rg_index_next(idx, out->dims, out->rank);
  }
  return RG_OK;
}

/* amax / amin over `dim` (absent or empty: all), keepdim or not; NaN wins. */
static RgStatus reduce_minmax(RgInterp *ip, const RgNode *n, const RgTensor *x, RgTensor *out, bool is_max) {
  if (x->numel == 0 || !rg_tensor_is_float(x) != !rg_tensor_is_float(out))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "an empty input or a changed element kind");
  int64_t *map = NULL, count = 1;
  RgStatus st = arm_reduce_map(ip, n, x, out, &map, &count);
  if (st != RG_OK)
    return st;
  bool *seen = rg_alloc((size_t)(out->numel ? out->numel : 1));
  if (!seen) {
    rg_free(map);
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory");
  }
  memset(seen, 0, (size_t)(out->numel ? out->numel : 1));
  for (int64_t i = 0; i < x->numel; i++) {
    int64_t o = map[i];
    if (rg_tensor_is_float(out)) {
      float v = (float)rg_tensor_get_float(x, i), r = (float)rg_tensor_get_float(out, o);
      if (!seen[o] || isnan(v) || (!isnan(r) && (is_max ? v > r : v < r)))
        rg_tensor_set_float(out, o, v);
    } else {
      int64_t v = rg_tensor_get_int(x, i), r = rg_tensor_get_int(out, o);
      if (!seen[o] || (is_max ? v > r : v < r))
        rg_tensor_set_int(out, o, v);
    }
    seen[o] = true;
  }
  rg_free(seen);
  rg_free(map);
  return RG_OK;
}

static RgStatus op_amax(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  return reduce_minmax(ip, n, in[0], out, true);
}
static RgStatus op_amin(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  return reduce_minmax(ip, n, in[0], out, false);
}

RG_EVAL_ONE_RESULT(arm_eval_repeat, op_repeat, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_slice_copy, op_slice, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_glu, op_glu, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_amax, op_amax, 1, 1)
RG_EVAL_ONE_RESULT(arm_eval_amin, op_amin, 1, 1)

/* ---- convolution and quantization ---- */

/* 2-D convolution, NCHW, weight [OC, IC/groups, KH, KW], optional bias:
 * each output accumulates in f32 from 0 over input channel, then kernel
 * row, then kernel column, one rounding per multiply and per add (as the
 * matrix products do, so a 1x1 convolution equals linear bit for bit),
 * then adds the bias. */
static RgStatus op_convolution(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t nin,
                               RgTensor *out) {
  const RgTensor *x = in[0], *w = in[1], *b = nin > 2 ? in[2] : NULL;
  int64_t groups = 1;
  const int64_t *stride, *pad, *dil;
  uint32_t ns, np, nd;
  RgStatus s = need_float(ip, x, "the input");
  if (s == RG_OK)
    s = need_float(ip, w, "the weight");
  if (s == RG_OK && b)
    s = need_float(ip, b, "the bias");
  if (s == RG_OK)
    s = need_float(ip, out, "the result");
  if (s != RG_OK)
    return s;
  if (!rg_eval_attr_ints(n, "stride", &stride, &ns) || !rg_eval_attr_ints(n, "padding", &pad, &np) ||
      !rg_eval_attr_ints(n, "dilation", &dil, &nd) || !rg_eval_attr_int(n, "groups", &groups) ||
      ns != 2 || np != 2 || nd != 2 || rg_eval_attr_bool(n, "transposed", false))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "only 2-D, non-transposed convolutions with "
                        "two strides, paddings and dilations");
  if (x->rank != 4 || w->rank != 4 || out->rank != 4 || groups < 1 || x->dims[1] % groups ||
      w->dims[0] % groups || w->dims[1] * groups != x->dims[1] || out->dims[0] != x->dims[0] ||
      out->dims[1] != w->dims[0] || (b && (b->rank != 1 || b->dims[0] != w->dims[0])))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand shapes do not match");
  for (int i = 0; i < 2; i++) {
    int64_t span = dil[i] * (w->dims[2 + i] - 1) + 1;
    if (stride[i] < 1 || dil[i] < 1 || pad[i] < 0 ||
        out->dims[2 + i] != (x->dims[2 + i] + 2 * pad[i] - span) / stride[i] + 1)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "the result type does not fit the convolution");
  }
  int64_t icg = w->dims[1], ocg = w->dims[0] / groups;
  int64_t H = x->dims[2], W = x->dims[3], KH = w->dims[2], KW = w->dims[3];
  int64_t i = 0;
  for (int64_t nn = 0; nn < out->dims[0]; nn++)
    for (int64_t oc = 0; oc < out->dims[1]; oc++)
      for (int64_t oh = 0; oh < out->dims[2]; oh++)
        for (int64_t ow = 0; ow < out->dims[3]; ow++, i++) {
          float acc = 0;
          int64_t g = oc / ocg;
          for (int64_t c = 0; c < icg; c++)
            for (int64_t kh = 0; kh < KH; kh++)
              for (int64_t kw = 0; kw < KW; kw++) {
                int64_t ih = oh * stride[0] - pad[0] + kh * dil[0];
                int64_t iw = ow * stride[1] - pad[1] + kw * dil[1];
                if (ih < 0 || ih >= H || iw < 0 || iw >= W)
                  continue;
                float xv = rg_tensor_get_float(x, ((nn * x->dims[1] + g * icg + c) * H + ih) * W + iw);
                float p = xv * rg_tensor_get_float(w, ((oc * icg + c) * KH + kh) * KW + kw);
                acc = acc + p;
              }
          if (b)
            acc = acc + rg_tensor_get_float(b, oc);
          rg_tensor_set_float(out, i, rg_elem_round(out->dtype, acc));
        }
  return RG_OK;
}

RgStatus arm_eval_convolution(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in,
                              RgTensor *out, uint32_t num_out) {
  RgStatus st = rg_eval_arity(ip, num_in, 2, 3, num_out, 1);
  return st != RG_OK ? st : op_convolution(ip, n, in, num_in, out);
}

/* quantize_per_tensor: clamp(round(x * (1 / scale)) + zero_point,
 * quant_min, quant_max), the product in f32 and rounded half to even, as
 * torch.ao's decomposed op computes it. NaN has no quantized value. */
static RgStatus op_quantize(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *x = in[0];
  double scale;
  int64_t zp, lo, hi;
  RgStatus s = need_float(ip, x, "the input");
  if (s != RG_OK)
    return s;
  if (!rg_eval_attr_number(n, "scale", &scale, NULL, NULL) || !(scale > 0) ||
      !rg_eval_attr_int(n, "zero_point", &zp) || !rg_eval_attr_int(n, "quant_min", &lo) ||
      !rg_eval_attr_int(n, "quant_max", &hi) || lo > hi || !rg_tensor_is_int(out) || out->numel != x->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs a positive scale, zero_point, quant_min <= "
                        "quant_max and an integer result of the input's size");
  float inv = (float)(1.0 / scale);
  for (int64_t i = 0; i < x->numel; i++) {
    float v = nearbyintf(rg_tensor_get_float(x, i) * inv);
    if (isnan(v))
      return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "NaN has no quantized value");
    double q = (double)v + (double)zp;
    q = q < (double)lo ? (double)lo : q > (double)hi ? (double)hi : q;
    rg_tensor_set_int(out, i, rg_elem_wrap(out->dtype, (int64_t)q));
  }
  return RG_OK;
}

RG_EVAL_ONE_RESULT(arm_eval_quantize, op_quantize, 1, 1)

/* dequantize_per_tensor: (q - zero_point) * scale, both in f32, as
 * torch.ao's decomposed op computes it. */
static RgStatus op_dequantize(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *x = in[0];
  double scale;
  int64_t zp;
  if (!rg_eval_attr_number(n, "scale", &scale, NULL, NULL) || !(scale > 0) ||
      !rg_eval_attr_int(n, "zero_point", &zp) || !rg_tensor_is_int(x) || rg_tensor_is_int(out) ||
      out->numel != x->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs a positive scale, zero_point, an integer "
                        "input and a float result of its size");
  float s = (float)scale;
  for (int64_t i = 0; i < x->numel; i++)
    rg_tensor_set_float(out, i, rg_elem_round(out->dtype, (double)((float)(rg_tensor_get_int(x, i) - zp) * s)));
  return RG_OK;
}

RG_EVAL_ONE_RESULT(arm_eval_dequantize, op_dequantize, 1, 1)

/* Per-channel parameters of `axis`: the scales and zero points (dense
 * attributes of the axis' length, or splats), the channel of element i
 * being (i / inner) % channels. */
typedef struct Channels {
  const double *scale;
  const int64_t *zp;
  uint32_t nscale, nzp;
  int64_t channels, inner;
} Channels;

static RgStatus channel_params(RgInterp *ip, const RgNode *n, const RgTensor *x, Channels *ch) {
  RgGraph *g = rg_eval_graph(ip);
  int64_t axis;
  if (!rg_eval_attr_int(n, "axis", &axis) || axis < -x->rank || axis >= x->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs an axis of the input");
  if (axis < 0)
    axis += x->rank;
  ch->channels = x->dims[axis];
  ch->inner = 1;
  for (int32_t d = (int32_t)axis + 1; d < x->rank; d++)
    ch->inner *= x->dims[d];
  const RgAttr *sc = rg_node_attr(n, "scales"), *zp = rg_node_attr(n, "zero_points");
  if (!sc || sc->kind != RG_ATTR_DENSE || !zp || zp->kind != RG_ATTR_DENSE ||
      !rg_attr_dense_get_floats(g, sc, &ch->scale, &ch->nscale) ||
      !rg_attr_dense_get_ints(g, zp, &ch->zp, &ch->nzp) ||
      (ch->nscale != 1 && ch->nscale != ch->channels) || (ch->nzp != 1 && ch->nzp != ch->channels))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs scales and zero_points, one a channel");
  for (uint32_t i = 0; i < ch->nscale; i++)
    if (!(ch->scale[i] > 0))
      return rg_eval_fail(ip, RG_INTERP_INVALID, "needs positive scales");
  return RG_OK;
}

static double ch_scale(const Channels *ch, int64_t i) {
  return ch->scale[ch->nscale == 1 ? 0 : (i / ch->inner) % ch->channels];
}

static int64_t ch_zp(const Channels *ch, int64_t i) {
  return ch->zp[ch->nzp == 1 ? 0 : (i / ch->inner) % ch->channels];
}

/* quantize_per_channel: as quantize_per_tensor with the scale and zero
 * point of the element's channel. */
static RgStatus op_quantize_channels(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *x = in[0];
  int64_t lo, hi;
  Channels ch;
  RgStatus s = need_float(ip, x, "the input");
  if (s != RG_OK)
    return s;
  if (!rg_eval_attr_int(n, "quant_min", &lo) || !rg_eval_attr_int(n, "quant_max", &hi) || lo > hi ||
      !rg_tensor_is_int(out) || out->numel != x->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs quant_min <= quant_max and an integer result of "
                        "the input's size");
  if ((s = channel_params(ip, n, x, &ch)) != RG_OK)
    return s;
  for (int64_t i = 0; i < x->numel; i++) {
    float v = nearbyintf(rg_tensor_get_float(x, i) * (float)(1.0 / ch_scale(&ch, i)));
    if (isnan(v))
      return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "NaN has no quantized value");
    double q = (double)v + (double)ch_zp(&ch, i);
    q = q < (double)lo ? (double)lo : q > (double)hi ? (double)hi : q;
    rg_tensor_set_int(out, i, rg_elem_wrap(out->dtype, (int64_t)q));
  }
  return RG_OK;
}

RG_EVAL_ONE_RESULT(arm_eval_quantize_per_channel, op_quantize_channels, 1, 1)

/* dequantize_per_channel: (q - zero_point[c]) * scale[c] in f32. */
static RgStatus op_dequantize_channels(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *x = in[0];
  Channels ch;
  if (!rg_tensor_is_int(x) || rg_tensor_is_int(out) || out->numel != x->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs an integer input and a float result of its size");
  RgStatus s = channel_params(ip, n, x, &ch);
  if (s != RG_OK)
    return s;
  for (int64_t i = 0; i < x->numel; i++) {
    float v = (float)(rg_tensor_get_int(x, i) - ch_zp(&ch, i)) * (float)ch_scale(&ch, i);
    rg_tensor_set_float(out, i, rg_elem_round(out->dtype, (double)v));
  }
  return RG_OK;
}

RG_EVAL_ONE_RESULT(arm_eval_dequantize_per_channel, op_dequantize_channels, 1, 1)
