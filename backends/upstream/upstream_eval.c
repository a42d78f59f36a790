/* backends/upstream/upstream_eval.c - evaluators of the upstream MLIR ops
 * that mixed TOSA graphs hold (linalg.matmul, linalg.softmax, tensor.empty,
 * tensor.insert_slice, arith.constant, math.sin, math.cos). Floats compute
 * in fp32, one rounding per arithmetic op in a fixed order, so results are
 * deterministic and a rewrite that keeps the order keeps the bits; the
 * order chosen is the one the ops' own definitions spell out (docs/
 * interpreter.md, "Upstream MLIR ops"). */
#include <math.h>
#include <string.h>
#include "rulegen/eval.h"
#include "rules/builtin.h"

static float round_to(RgDType dt, float v) { return dt == RG_DT_F32 ? v : rg_elem_round(dt, v); }

/* The f32 case of op_matmul through rg_eval_gemm_f32, which adds the
 * products to each result in the same ascending k. */
static RgStatus matmul_f32(RgInterp *ip, const RgTensor *a, const RgTensor *b, const RgTensor *c,
                           RgTensor *out) {
  int64_t M = a->dims[0], K = a->dims[1], N = b->dims[1];
  float *fa = rg_eval_pack_f32(a, 0, M * K), *fb = rg_eval_pack_f32(b, 0, K * N);
  float *fc = rg_eval_pack_f32(c, 0, M * N);
  if (fa && fb && fc) {
    rg_eval_gemm_f32(&(RgGemmF32){.m = M, .n = N, .k = K,
                                   .a = fa, .lda = K, .b = fb, .ldb = N, .c = fc, .ldc = N});
    for (int64_t i = 0; i < M * N; i++)
      rg_tensor_set_float(out, i, fc[i]);
  }
  rg_free(fa);
  rg_free(fb);
  rg_free(fc);
  if (!fa || !fb || !fc)
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: fp32 copies of the operands");
  return RG_OK;
}

/* linalg.matmul(A[M,K], B[K,N], C[M,N]) -> C + A * B: each result starts
 * from C and adds A[i,k] * B[k,j] for k ascending, the multiply and the add
 * each rounded (the op's region is arith.mulf then arith.addf). Integers
 * wrap to the element type (cast_signed). */
static RgStatus op_matmul(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  const RgTensor *a = in[0], *b = in[1], *c = in[2];
  if (a->rank != 2 || b->rank != 2 || !rg_tensor_same_type(c, out) || out->rank != 2 ||
      a->dims[1] != b->dims[0] || a->dims[0] != out->dims[0] || b->dims[1] != out->dims[1])
    return rg_eval_fail(ip, RG_INTERP_INVALID, "expects [M,K] x [K,N] into [M,N]");
  if (a->dtype != out->dtype || b->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "mixed element types");
  int64_t M = a->dims[0], K = a->dims[1], N = b->dims[1];
  if (out->dtype == RG_DT_F32) /* no rounding between the steps */
    return matmul_f32(ip, a, b, c, out);
  if (rg_tensor_is_float(out)) {
    rg_tensor_copy_elems(out, c);
    /* k in the middle loop keeps each result's adds in ascending k */
    for (int64_t i = 0; i < M; i++)
      for (int64_t k = 0; k < K; k++) {
        float av = rg_tensor_get_float(a, i * K + k);
        for (int64_t j = 0; j < N; j++) {
          float p = round_to(out->dtype, av * (float)rg_tensor_get_float(b, k * N + j));
          float o = (float)rg_tensor_get_float(out, i * N + j);
          rg_tensor_set_float(out, i * N + j, round_to(out->dtype, o + p));
        }
      }
    return RG_OK;
  }
  rg_tensor_copy_elems(out, c);
  for (int64_t i = 0; i < M; i++)
    for (int64_t k = 0; k < K; k++)
      for (int64_t j = 0; j < N; j++) {
        uint64_t p = (uint64_t)rg_tensor_get_int(a, i * K + k) * (uint64_t)rg_tensor_get_int(b, k * N + j);
        int64_t prod = rg_elem_wrap(out->dtype, (int64_t)p);
        rg_tensor_set_int(out, i * N + j, rg_elem_wrap(out->dtype, (int64_t)((uint64_t)rg_tensor_get_int(out, i * N + j) + (uint64_t)prod)));
      }
  return RG_OK;
}

/* Slices [q0, q1) of a softmax: slice q = (o, r) holds the elements
 * o * len * inner + r + i * inner for i < len. */
typedef struct SoftmaxJob {
  const RgTensor *x;
  RgTensor *out;
  int64_t len, inner;
} SoftmaxJob;

static void softmax_slices(void *ctx, int64_t q0, int64_t q1) {
  const SoftmaxJob *jb = ctx;
  const RgTensor *x = jb->x;
  RgTensor *out = jb->out;
  RgDType dt = out->dtype;
  int64_t len = jb->len, inner = jb->inner;
  for (int64_t q = q0; q < q1; q++) {
    int64_t base = q / inner * len * inner + q % inner;
    float m = -INFINITY;
    for (int64_t i = 0; i < len; i++) {
      float xv = (float)rg_tensor_get_float(x, base + i * inner);
      m = isnan(m) || isnan(xv) ? NAN : (xv > m ? xv : m);
    }
    float s = 0;
    for (int64_t i = 0; i < len; i++) {
      float d = round_to(dt, (float)rg_tensor_get_float(x, base + i * inner) - m);
      float e = round_to(dt, expf(d));
      rg_tensor_set_float(out, base + i * inner, e);
      s = round_to(dt, s + e);
    }
    for (int64_t i = 0; i < len; i++)
      rg_tensor_set_float(out, base + i * inner, round_to(dt, (float)rg_tensor_get_float(out, base + i * inner) / s));
  }
}

/* linalg.softmax(input, output) {dimension}: along the dimension, m = the
 * maximum, e_i = exp(x_i - m), s = the sum of e_i in ascending index order,
 * y_i = e_i / s (the op's decomposition: reduce max, sub, exp, reduce add,
 * div). A NaN input makes the maximum NaN, and the whole slice NaN. */
static RgStatus op_softmax(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *x = in[0];
  int64_t dim;
  if (!rg_eval_attr_int(n, "dimension", &dim) || dim < 0 || dim >= x->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "dimension missing or outside the rank");
  if (!rg_tensor_same_type(x, out) || !rg_tensor_same_type(in[1], out))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "input, output and result types differ");
  if (!rg_tensor_is_float(out))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "element type %s (floats only)",
                        rg_dtype_name(out->dtype));
  int64_t len = x->dims[dim], inner = 1;
  for (int32_t d = (int32_t)dim + 1; d < x->rank; d++)
    inner *= x->dims[d];
  int64_t outer = len && inner ? x->numel / (len * inner) : 0;
  /* each slice reads its inputs before writing its own results: the
   * input or the init operand (whose values are not read), read for the
   * last time here, can hold the result */
  if (!rg_eval_reuse_operand(ip, 0, out))
    rg_eval_reuse_operand(ip, 1, out);
  SoftmaxJob jb = {x, out, len, inner};
  rg_eval_for(outer * inner, x->numel, softmax_slices, &jb); /* slices are independent */
  return RG_OK;
}

/* tensor.empty: the contents are unspecified; the interpreter gives zeros.
 * Dynamic sizes would make the result type dynamic, which the engine
 * already refuses. */
static RgStatus op_empty(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)ip, (void)n, (void)in, (void)out;
  return RG_OK;
}

/* tensor.insert_slice(source, dest) with static offsets, sizes, strides:
 * dest with dest[offsets + i * strides] = source[i]. Dynamic offsets
 * (extra operands) are not supported. */
static RgStatus op_insert_slice(RgInterp *ip, const RgNode *n, RgTensor *const *in,
                                RgTensor *out) {
  const RgTensor *src = in[0], *dst = in[1];
  const int64_t *off, *size, *stride;
  uint32_t no, ns, nt;
  if (!rg_eval_attr_ints(n, "static_offsets", &off, &no) ||
      !rg_eval_attr_ints(n, "static_sizes", &size, &ns) ||
      !rg_eval_attr_ints(n, "static_strides", &stride, &nt))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "static offsets, sizes and strides required");
  if (!rg_tensor_same_type(dst, out) || src->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "source, dest and result types differ");
  if ((int32_t)no != out->rank || (int32_t)ns != out->rank || (int32_t)nt != out->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "offsets, sizes and strides need %d entries",
                        out->rank);
  /* the source may drop unit dims of the slice (rank-reducing insert) */
  int64_t src_numel = 1;
  for (int32_t d = 0; d < out->rank; d++) {
    if (off[d] < 0 || size[d] < 0 || stride[d] < 1)
      return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "dynamic or negative offset, size or stride");
    if (size[d] && off[d] + (size[d] - 1) * stride[d] >= out->dims[d])
      return rg_eval_fail(ip, RG_INTERP_INVALID, "dim %d: the slice leaves the destination", d);
    src_numel *= size[d];
  }
  if (src_numel != src->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "source has %lld elements, the slice %lld",
                        (long long)src->numel, (long long)src_numel);
  rg_tensor_copy_elems(out, dst);
  int64_t st[RG_TENSOR_MAX_RANK], idx[RG_TENSOR_MAX_RANK] = {0};
  rg_tensor_strides(out, st);
  for (int64_t i = 0; i < src_numel; i++) {
    int64_t o = 0;
    for (int32_t d = 0; d < out->rank; d++)
      o += (off[d] + idx[d] * stride[d]) * st[d];
    if (rg_tensor_is_float(out))
      rg_tensor_set_float(out, o, rg_tensor_get_float(src, i));
    else
      rg_tensor_set_int(out, o, rg_tensor_get_int(src, i));
    rg_index_next(idx, size, out->rank);
  }
  return RG_OK;
}

/* arith.constant {value}: a dense elements attribute, or a scalar. */
static RgStatus op_constant(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)in;
  const RgAttr *a = rg_node_attr(n, "value");
  if (a && a->kind == RG_ATTR_DENSE) {
    if (!a->type || a->type->dtype != out->dtype)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "value does not have the result's element type");
    return rg_eval_fill_dense(ip, a, out);
  }
  double f;
  int64_t iv = 0;
  bool is_float;
  if (!rg_eval_attr_number(n, "value", &f, &iv, &is_float))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "value is not a number or dense<>");
  for (int64_t i = 0; i < out->numel; i++) {
    if (rg_tensor_is_float(out))
      rg_tensor_set_float(out, i, f);
    else if (!is_float)
      rg_tensor_set_int(out, i, iv);
    else
      return rg_eval_fail(ip, RG_INTERP_INVALID, "float value for an integer result");
  }
  return RG_OK;
}

/* math.sin / math.cos: the host libm's fp32 functions, like tosa.sin. */
static RgStatus unary_float(RgInterp *ip, RgTensor *const *in, RgTensor *out, float (*fn)(float)) {
  if (!rg_tensor_same_type(in[0], out) || !rg_tensor_is_float(out))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "expects a float operand of the result's type");
  for (int64_t i = 0; i < out->numel; i++)
    rg_tensor_set_float(out, i, round_to(out->dtype, fn(rg_tensor_get_float(in[0], i))));
  return RG_OK;
}

static RgStatus op_sin(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  return unary_float(ip, in, out, sinf);
}

static RgStatus op_cos(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  return unary_float(ip, in, out, cosf);
}

/* The evaluators bound by eval(...) in upstream.ops. */
RG_EVAL_ONE_RESULT(upstream_eval_linalg_matmul, op_matmul, 3, 3)
RG_EVAL_ONE_RESULT(upstream_eval_linalg_softmax, op_softmax, 2, 2)
RG_EVAL_ONE_RESULT(upstream_eval_tensor_empty, op_empty, 0, 0)
RG_EVAL_ONE_RESULT(upstream_eval_tensor_insert_slice, op_insert_slice, 2, 2)
RG_EVAL_ONE_RESULT(upstream_eval_arith_constant, op_constant, 0, 0)
RG_EVAL_ONE_RESULT(upstream_eval_math_sin, op_sin, 1, 1)
RG_EVAL_ONE_RESULT(upstream_eval_math_cos, op_cos, 1, 1)
