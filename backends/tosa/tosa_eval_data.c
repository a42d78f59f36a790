/* backends/tosa/tosa_eval_data.c - TOSA 1.0 data-layout ops and reductions: const,
 * const_shape, reshape, transpose, pad, slice, concat, tile, reverse,
 * gather, scatter, and reduce_sum/max/min/product/all/any plus argmax. Shapes are read from the
 * `!tosa.shape` operands (tosa.const_shape) and checked against the static
 * result type, so a graph whose types lie is reported, not trusted. */
#include <math.h>
#include <string.h>
#include "rulegen/eval.h"
#include "rules/builtin.h"

static void copy_elem(RgTensor *dst, int64_t di, const RgTensor *src, int64_t si) {
  if (rg_tensor_is_int(dst))
    rg_tensor_set_int(dst, di, rg_tensor_get_int(src, si));
  else
    rg_tensor_set_float(dst, di, rg_tensor_get_float(src, si));
}

static RgStatus same_dtype(RgInterp *ip, const RgTensor *a, const RgTensor *out) {
  if (a->dtype == out->dtype)
    return RG_OK;
  return rg_eval_fail(ip, RG_INTERP_INVALID, "element type %s differs from the result's %s",
                     rg_dtype_name(a->dtype), rg_dtype_name(out->dtype));
}

/* Shape operand (`!tosa.shape<N>`) with exactly `want` entries. */
static RgStatus shape_operand(RgInterp *ip, const RgTensor *t, int64_t want, const char *what) {
  if (!rg_tensor_is_int(t) || t->rank != 1 || t->numel != want)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "%s must hold %lld integers", what,
                       (long long)want);
  return RG_OK;
}

static RgStatus dims_mismatch(RgInterp *ip, int32_t d, int64_t want, int64_t got) {
  return rg_eval_fail(ip, RG_INTERP_INVALID, "result dim %d is %lld, the op computes %lld", d,
                     (long long)got, (long long)want);
}

/* ---- constants ---- */

static RgStatus op_const(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)in;
  const RgAttr *a = rg_node_attr(n, "values");
  if (!a)
    a = rg_node_attr(n, "value");
  if (a && a->kind == RG_ATTR_DENSE && a->type &&
      (a->type->dtype != out->dtype && !(rg_elem_is_int(a->type->dtype) && rg_tensor_is_int(out))))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "values of type %s for a %s result",
                       a->type->text, rg_dtype_name(out->dtype));
  return rg_eval_fill_dense(ip, a, out);
}

/* ---- reshape, transpose ---- */

static RgStatus op_reshape(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  RgTensor *a = in[0];
  RgStatus s = same_dtype(ip, a, out);
  if (s != RG_OK)
    return s;
  if (a->numel != out->numel)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "cannot reshape %lld elements into %lld",
                       (long long)a->numel, (long long)out->numel);
  if (n->num_operands > 1) {
    if ((s = shape_operand(ip, in[1], out->rank, "shape")) != RG_OK)
      return s;
    for (int32_t d = 0; d < out->rank; d++)
      if (rg_tensor_get_int(in[1], d) != -1 && rg_tensor_get_int(in[1], d) != out->dims[d])
        return dims_mismatch(ip, d, rg_tensor_get_int(in[1], d), out->dims[d]);
  }
  /* row-major order is kept: element i is element i */
  if (!rg_eval_reuse_operand(ip, 0, out))
    rg_tensor_copy_elems(out, a);
  return RG_OK;
}

/* out.shape[i] = in.shape[perms[i]]; out[idx] = in[j] with j[perms[i]] = idx[i]. */
/* Rows [r0, r1) of the result's last dim of a transpose, each a strided
 * row of the input. */
typedef struct TransposeJob {
  const RgTensor *a;
  RgTensor *out;
  const int64_t *perms;
  int64_t st[RG_TENSOR_MAX_RANK]; /* the input's strides */
} TransposeJob;

static void transpose_rows(void *ctx, int64_t r0, int64_t r1) {
  const TransposeJob *jb = ctx;
  const RgTensor *out = jb->out;
  int32_t last = out->rank - 1;
  int64_t len = out->rank ? out->dims[last] : 1, step = out->rank ? jb->st[jb->perms[last]] : 0;
  for (int64_t r = r0; r < r1; r++) {
    int64_t off = 0;
    for (int64_t d = last - 1, q = r; d >= 0; d--) {
      off += q % out->dims[d] * jb->st[jb->perms[d]];
      q /= out->dims[d];
    }
    rg_eval_copy_row(jb->out, r * len, jb->a, off, len, step);
  }
}

static RgStatus op_transpose(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  RgTensor *a = in[0];
  RgStatus s = same_dtype(ip, a, out);
  if (s != RG_OK)
    return s;
  const int64_t *perms;
  uint32_t np;
  if (!rg_eval_attr_ints(n, "perms", &perms, &np) || (int32_t)np != a->rank ||
      out->rank != a->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "perms must be an array of %d entries", a->rank);
  bool seen[RG_TENSOR_MAX_RANK] = {false};
  for (uint32_t i = 0; i < np; i++) {
    if (perms[i] < 0 || perms[i] >= a->rank || seen[perms[i]])
      return rg_eval_fail(ip, RG_INTERP_INVALID, "perms is not a permutation");
    seen[perms[i]] = true;
    if (out->dims[i] != a->dims[perms[i]])
      return dims_mismatch(ip, (int32_t)i, a->dims[perms[i]], out->dims[i]);
  }
  TransposeJob jb = {a, out, perms, {0}};
  rg_tensor_strides(a, jb.st);
  int64_t len = out->rank ? out->dims[out->rank - 1] : 1;
  rg_eval_for(len ? out->numel / len : 0, out->numel, transpose_rows, &jb);
  return RG_OK;
}

/* ---- pad, slice, concat, tile, reverse ---- */

static RgStatus op_pad(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  RgTensor *a = in[0];
  RgStatus s = same_dtype(ip, a, out);
  if (s != RG_OK)
    return s;
  if (out->rank != a->rank || (s = shape_operand(ip, in[1], 2 * (int64_t)a->rank, "padding")))
    return s ? s : rg_eval_fail(ip, RG_INTERP_INVALID, "rank changes");
  int64_t p[2 * RG_TENSOR_MAX_RANK];
  for (int32_t k = 0; k < 2 * a->rank; k++)
    p[k] = rg_tensor_get_int(in[1], k);
  for (int32_t d = 0; d < a->rank; d++) {
    if (p[2 * d] < 0 || p[2 * d + 1] < 0)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "negative padding");
    if (out->dims[d] != a->dims[d] + p[2 * d] + p[2 * d + 1])
      return dims_mismatch(ip, d, a->dims[d] + p[2 * d] + p[2 * d + 1], out->dims[d]);
  }
  RgTensor *pc = n->num_operands > 2 ? in[2] : NULL;
  if (pc && (s = same_dtype(ip, pc, out)) != RG_OK)
    return s;
  int64_t st[RG_TENSOR_MAX_RANK], idx[RG_TENSOR_MAX_RANK] = {0};
  rg_tensor_strides(a, st);
  for (int64_t i = 0; i < out->numel; i++) {
    int64_t off = 0;
    bool inside = true;
    for (int32_t d = 0; d < out->rank && inside; d++) {
      int64_t j = idx[d] - p[2 * d];
      inside = j >= 0 && j < a->dims[d];
      off += j * st[d];
    }
    if (inside)
      copy_elem(out, i, a, off);
    else if (pc && pc->numel)
      copy_elem(out, i, pc, 0);
    else if (rg_tensor_is_int(out))
      rg_tensor_set_int(out, i, 0);
    else
      rg_tensor_set_float(out, i, 0);
    rg_index_next(idx, out->dims, out->rank);
  }
  return RG_OK;
}

/* SLICE: ERROR_IF(start < 0), ERROR_IF(size <= 0), ERROR_IF(start + size >
 * shape1), ERROR_IF(shape != size) for every dim. */
static RgStatus op_slice(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  RgTensor *a = in[0];
  RgStatus s = same_dtype(ip, a, out);
  if (s != RG_OK)
    return s;
  if (out->rank != a->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "rank changes");
  if ((s = shape_operand(ip, in[1], a->rank, "start")) != RG_OK ||
      (s = shape_operand(ip, in[2], a->rank, "size")) != RG_OK)
    return s;
  int64_t start[RG_TENSOR_MAX_RANK], size[RG_TENSOR_MAX_RANK];
  for (int32_t d = 0; d < a->rank; d++) {
    start[d] = rg_tensor_get_int(in[1], d);
    size[d] = rg_tensor_get_int(in[2], d);
  }
  for (int32_t d = 0; d < a->rank; d++) {
    /* ERROR_IF(size <= 0); -1 (MLIR's "to the end") is the one exception.
     * Some exporters write 0 for a whole dim and the end index for size. */
    if (size[d] < -1 || size[d] == 0)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "size[%d] is %lld: ERROR_IF(size <= 0)", d,
                          (long long)size[d]);
    int64_t sz = size[d] == -1 ? a->dims[d] - start[d] : size[d];
    if (start[d] < 0 || sz < 0 || start[d] + sz > a->dims[d])
      return rg_eval_fail(ip, RG_INTERP_INVALID, "slice [%lld, +%lld) out of dim %d (%lld)",
                         (long long)start[d], (long long)sz, d, (long long)a->dims[d]);
    if (out->dims[d] != sz)
      return dims_mismatch(ip, d, sz, out->dims[d]);
  }
  int64_t st[RG_TENSOR_MAX_RANK], idx[RG_TENSOR_MAX_RANK] = {0};
  rg_tensor_strides(a, st);
  /* a row of the result's last dim at a time (contiguous in the input) */
  int32_t last = out->rank - 1;
  int64_t len = out->rank ? out->dims[last] : 1;
  for (int64_t i = 0; len && i < out->numel; i += len) {
    int64_t off = 0;
    for (int32_t d = 0; d < out->rank; d++)
      off += (d < last ? idx[d] + start[d] : start[d]) * st[d];
    rg_eval_copy_row(out, i, a, off, len, 1);
    rg_index_next(idx, out->dims, last);
  }
  return RG_OK;
}

static RgStatus op_concat(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  int64_t axis;
  if (!rg_eval_attr_int(n, "axis", &axis) || axis < 0 || axis >= out->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "axis missing or out of range");
  int64_t total = 0;
  for (uint32_t k = 0; k < n->num_operands; k++) {
    RgStatus s = same_dtype(ip, in[k], out);
    if (s != RG_OK)
      return s;
    if (in[k]->rank != out->rank)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "operand %u has another rank", k);
    for (int32_t d = 0; d < out->rank; d++)
      if (d != axis && in[k]->dims[d] != out->dims[d])
        return rg_eval_fail(ip, RG_INTERP_INVALID, "operand %u dim %d differs", k, d);
    total += in[k]->dims[axis];
  }
  if (total != out->dims[axis])
    return dims_mismatch(ip, (int32_t)axis, total, out->dims[axis]);
  int64_t outer = 1, inner = 1;
  for (int32_t d = 0; d < axis; d++)
    outer *= out->dims[d];
  for (int32_t d = (int32_t)axis + 1; d < out->rank; d++)
    inner *= out->dims[d];
  int64_t o = 0;
  for (int64_t q = 0; q < outer; q++)
    for (uint32_t k = 0; k < n->num_operands; k++) {
      int64_t chunk = in[k]->dims[axis] * inner;
      rg_eval_copy_row(out, o, in[k], q * chunk, chunk, 1);
      o += chunk;
    }
  return RG_OK;
}

static RgStatus op_tile(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  RgTensor *a = in[0];
  RgStatus s = same_dtype(ip, a, out);
  if (s != RG_OK)
    return s;
  if (out->rank != a->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "rank changes");
  if ((s = shape_operand(ip, in[1], a->rank, "multiples")) != RG_OK)
    return s;
  for (int32_t d = 0; d < a->rank; d++)
    if (out->dims[d] != a->dims[d] * rg_tensor_get_int(in[1], d))
      return dims_mismatch(ip, d, a->dims[d] * rg_tensor_get_int(in[1], d), out->dims[d]);
  int64_t st[RG_TENSOR_MAX_RANK], idx[RG_TENSOR_MAX_RANK] = {0};
  rg_tensor_strides(a, st);
  for (int64_t i = 0; i < out->numel; i++) {
    int64_t off = 0;
    for (int32_t d = 0; d < out->rank; d++)
      off += (idx[d] % a->dims[d]) * st[d];
    copy_elem(out, i, a, off);
    rg_index_next(idx, out->dims, out->rank);
  }
  return RG_OK;
}

static RgStatus op_reverse(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  RgTensor *a = in[0];
  RgStatus s = same_dtype(ip, a, out);
  if (s != RG_OK)
    return s;
  int64_t axis;
  if (!rg_eval_attr_int(n, "axis", &axis) || axis < 0 || axis >= a->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "axis missing or out of range");
  int64_t st[RG_TENSOR_MAX_RANK], idx[RG_TENSOR_MAX_RANK] = {0};
  rg_tensor_strides(a, st);
  for (int64_t i = 0; i < out->numel; i++) {
    int64_t off = 0;
    for (int32_t d = 0; d < out->rank; d++)
      off += (d == axis ? a->dims[d] - 1 - idx[d] : idx[d]) * st[d];
    copy_elem(out, i, a, off);
    rg_index_next(idx, out->dims, out->rank);
  }
  return RG_OK;
}

/* ---- reductions ---- */

typedef enum RedOp { R_SUM, R_MAX, R_MIN, R_PROD, R_ALL, R_ANY } RedOp;

/* The spec's reductions visit the input in row-major order, so each output
 * element accumulates its inputs in increasing index along `axis`, starting
 * from 0 (sum), 1 (product), true (all), false (any). For max/min with
 * nan_mode IGNORE, NaNs are skipped and an all-NaN slice yields NaN. */
static RgStatus reduce(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out,
                       RedOp op) {
  RgTensor *a = in[0];
  RgStatus s = same_dtype(ip, a, out);
  if (s != RG_OK)
    return s;
  int64_t axis;
  if (!rg_eval_attr_int(n, "axis", &axis) || axis < 0 || axis >= a->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "axis missing or out of range");
  if (out->rank != a->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "rank changes");
  for (int32_t d = 0; d < a->rank; d++) {
    int64_t want = d == axis ? 1 : a->dims[d];
    if (out->dims[d] != want)
      return dims_mismatch(ip, d, want, out->dims[d]);
  }
  if ((op == R_ALL || op == R_ANY) && a->dtype != RG_DT_I1)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "reduce_all/any take i1");
  bool ignore = rg_eval_nan_ignore(n);
  int64_t outer = 1, inner = 1, len = a->dims[axis];
  for (int32_t d = 0; d < axis; d++)
    outer *= a->dims[d];
  for (int32_t d = (int32_t)axis + 1; d < a->rank; d++)
    inner *= a->dims[d];
  for (int64_t q = 0; q < outer; q++)
    for (int64_t r = 0; r < inner; r++) {
      int64_t o = q * inner + r;
      if (rg_tensor_is_int(a)) {
        int64_t acc = op == R_SUM || op == R_ANY ? 0 : op == R_PROD || op == R_ALL ? 1
                      : op == R_MAX ? rg_elem_min(a->dtype) : rg_elem_max(a->dtype);
        for (int64_t k = 0; k < len; k++) {
          int64_t v = rg_tensor_get_int(a, (q * len + k) * inner + r);
          switch (op) {
          case R_SUM: acc += v; break;
          case R_PROD: acc *= v; break;
          case R_MAX: acc = v > acc ? v : acc; break;
          case R_MIN: acc = v < acc ? v : acc; break;
          case R_ALL: acc = acc && v; break;
          case R_ANY: acc = acc || v; break;
          }
          if ((op == R_SUM || op == R_PROD) &&
              (s = rg_eval_require_range(ip, acc, a->dtype, "reduction")) != RG_OK)
            return s;
        }
        rg_tensor_set_int(out, o, acc);
        continue;
      }
      float acc = op == R_PROD ? 1.0f : 0.0f;
      bool have = false;
      for (int64_t k = 0; k < len; k++) {
        float v = rg_tensor_get_float(a, (q * len + k) * inner + r);
        switch (op) {
        case R_SUM: acc = acc + v; break;
        case R_PROD: acc = acc * v; break;
        case R_MAX:
        case R_MIN:
          if (isnan(v)) {
            if (!ignore && (!have || !isnan(acc)))
              acc = v; /* PROPAGATE: the first NaN sticks */
            have = have || !ignore;
            break;
          }
          if (!have || (!isnan(acc) && (op == R_MAX ? v > acc : v < acc)))
            acc = v;
          have = true;
          break;
        default:
          return rg_eval_fail(ip, RG_INTERP_INVALID, "reduce_all/any take i1");
        }
        if (op == R_SUM || op == R_PROD)
          acc = rg_elem_round(out->dtype, acc);
      }
      if ((op == R_MAX || op == R_MIN) && !have)
        acc = len ? NAN : (op == R_MAX ? -INFINITY : INFINITY);
      rg_tensor_set_float(out, o, acc);
    }
  return RG_OK;
}

#define REDUCE(name, OP)                                                                  \
  static RgStatus name(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) { \
    return reduce(ip, n, in, out, OP);                                                     \
  }
REDUCE(op_reduce_sum, R_SUM)
REDUCE(op_reduce_max, R_MAX)
REDUCE(op_reduce_min, R_MIN)
REDUCE(op_reduce_product, R_PROD)
REDUCE(op_reduce_all, R_ALL)
REDUCE(op_reduce_any, R_ANY)

/* ARGMAX: index of the first maximum along axis (axis removed from the
 * shape). PROPAGATE: the first NaN wins; IGNORE: NaNs are skipped. */
static RgStatus op_argmax(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  RgTensor *a = in[0];
  int64_t axis;
  if (!rg_eval_attr_int(n, "axis", &axis) || axis < 0 || axis >= a->rank)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "axis missing or out of range");
  if (!rg_tensor_is_int(out) || out->rank != a->rank - 1)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "result must be an integer tensor of rank %d",
                       a->rank - 1);
  for (int32_t d = 0, j = 0; d < a->rank; d++)
    if (d != axis && out->dims[j++] != a->dims[d])
      return dims_mismatch(ip, j - 1, a->dims[d], out->dims[j - 1]);
  bool ignore = rg_eval_nan_ignore(n);
  int64_t outer = 1, inner = 1, len = a->dims[axis];
  for (int32_t d = 0; d < axis; d++)
    outer *= a->dims[d];
  for (int32_t d = (int32_t)axis + 1; d < a->rank; d++)
    inner *= a->dims[d];
  for (int64_t q = 0; q < outer; q++)
    for (int64_t r = 0; r < inner; r++) {
      int64_t best = 0;
      bool have = false;
      for (int64_t k = 0; k < len; k++) {
        int64_t at = (q * len + k) * inner + r, bat = (q * len + best) * inner + r;
        if (rg_tensor_is_int(a)) {
          if (!have || rg_tensor_get_int(a, at) > rg_tensor_get_int(a, bat))
            best = k;
          have = true;
          continue;
        }
        float v = rg_tensor_get_float(a, at), b = rg_tensor_get_float(a, bat);
        if (isnan(v)) {
          if (!ignore && (!have || !isnan(b))) {
            best = k;
            have = true;
          }
          continue;
        }
        if (!have || (!isnan(b) && v > b) || (ignore && isnan(b)))
          best = k;
        have = true;
      }
      rg_tensor_set_int(out, q * inner + r, best);
    }
  return RG_OK;
}

/* ---- gather, scatter ---- */

/* GATHER(values[N,K,C], indices[N,W]) -> [N,W,C]: output[n,w,c] =
 * values[n, indices[n,w], c]; REQUIRE each index in [0, K). */
static RgStatus op_gather(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  const RgTensor *v = in[0], *ix = in[1];
  RgStatus s = same_dtype(ip, v, out);
  if (s != RG_OK)
    return s;
  if (v->rank != 3 || ix->rank != 2 || out->rank != 3 || !rg_tensor_is_int(ix) ||
      (ix->dtype != RG_DT_I32 && ix->dtype != RG_DT_I64))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "expects values [N,K,C], i32 indices [N,W]");
  int64_t N = v->dims[0], K = v->dims[1], C = v->dims[2], W = ix->dims[1];
  if (ix->dims[0] != N || out->dims[0] != N || out->dims[1] != W || out->dims[2] != C)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "shapes do not agree");
  for (int64_t b = 0; b < N; b++)
    for (int64_t w = 0; w < W; w++) {
      int64_t k = rg_tensor_get_int(ix, b * W + w);
      if (k < 0 || k >= K)
        return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "index %lld outside [0, %lld) (REQUIRE)",
                            (long long)k, (long long)K);
      for (int64_t c = 0; c < C; c++)
        copy_elem(out, (b * W + w) * C + c, v, (b * K + k) * C + c);
    }
  return RG_OK;
}

/* SCATTER(values_in[N,K,C], indices[N,W], input[N,W,C]) -> [N,K,C]: a copy
 * of values_in with rows indices[n,w] replaced by input[n,w]; REQUIRE each
 * index in [0, K) and no row written twice. */
static RgStatus op_scatter(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  (void)n;
  const RgTensor *v = in[0], *ix = in[1], *x = in[2];
  RgStatus s = same_dtype(ip, v, out);
  if (s == RG_OK)
    s = same_dtype(ip, x, out);
  if (s != RG_OK)
    return s;
  if (v->rank != 3 || ix->rank != 2 || x->rank != 3 || out->rank != 3 || !rg_tensor_is_int(ix) ||
      (ix->dtype != RG_DT_I32 && ix->dtype != RG_DT_I64))
    return rg_eval_fail(ip, RG_INTERP_INVALID,
                        "expects values_in [N,K,C], i32 indices [N,W], input [N,W,C]");
  int64_t N = v->dims[0], K = v->dims[1], C = v->dims[2], W = ix->dims[1];
  if (ix->dims[0] != N || x->dims[0] != N || x->dims[1] != W || x->dims[2] != C ||
      out->dims[0] != N || out->dims[1] != K || out->dims[2] != C)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "shapes do not agree");
  for (int64_t i = 0; i < out->numel; i++)
    copy_elem(out, i, v, i);
  size_t rows = (size_t)(N * K > 0 ? N * K : 1);
  bool *written = rg_alloc(sizeof *written * rows);
  if (!written)
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory");
  memset(written, 0, sizeof *written * rows);
  for (int64_t b = 0; b < N && s == RG_OK; b++)
    for (int64_t w = 0; w < W && s == RG_OK; w++) {
      int64_t k = rg_tensor_get_int(ix, b * W + w);
      if (k < 0 || k >= K)
        s = rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "index %lld outside [0, %lld) (REQUIRE)",
                         (long long)k, (long long)K);
      else if (written[b * K + k])
        s = rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE, "row %lld written twice (REQUIRE)",
                         (long long)k);
      else {
        written[b * K + k] = true;
        for (int64_t c = 0; c < C; c++)
          copy_elem(out, (b * K + k) * C + c, x, (b * W + w) * C + c);
      }
    }
  rg_free(written);
  return s;
}

/* The evaluators bound by eval(...) in the .ops declarations. */
RG_EVAL_ONE_RESULT(tosa_eval_const, op_const, 0, 0)
RG_EVAL_ONE_RESULT(tosa_eval_const_shape, op_const, 0, 0)
RG_EVAL_ONE_RESULT(tosa_eval_reshape, op_reshape, 1, 2)
RG_EVAL_ONE_RESULT(tosa_eval_transpose, op_transpose, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_pad, op_pad, 2, 3)
RG_EVAL_ONE_RESULT(tosa_eval_slice, op_slice, 3, 3)
RG_EVAL_ONE_RESULT(tosa_eval_concat, op_concat, 1, -1)
RG_EVAL_ONE_RESULT(tosa_eval_tile, op_tile, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_reverse, op_reverse, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_reduce_sum, op_reduce_sum, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_reduce_max, op_reduce_max, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_reduce_min, op_reduce_min, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_reduce_product, op_reduce_product, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_reduce_all, op_reduce_all, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_reduce_any, op_reduce_any, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_argmax, op_argmax, 1, 1)
RG_EVAL_ONE_RESULT(tosa_eval_gather, op_gather, 2, 2)
RG_EVAL_ONE_RESULT(tosa_eval_scatter, op_scatter, 3, 3)
