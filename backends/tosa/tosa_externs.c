/* backends/tosa/tosa_externs.c - the native parts of the TOSA rules: when a
 * transpose moves for free across a binary op, when two RESCALEs fuse
 * bit-exactly (docs/rescale.md has the arithmetic), and the constants the
 * rewrites build. Each returns false when it cannot decide, which keeps the
 * rule from firing. */
#include <math.h>
#include <string.h>
#include "rulegen/interp.h"
#include "rules/builtin.h"

static bool is_op(RgGraph *g, const RgNode *n, const char *name) {
  return n && strcmp(rg_op_name(g, n->op), name) == 0;
}

/* The single integer of a tosa.const operand (a splat or one element). */
static bool const_int(RgGraph *g, const RgValue *v, int64_t *out) {
  const RgNode *n = rg_value_def(v);
  if (!is_op(g, n, "tosa.const"))
    return false;
  const int64_t *iv;
  uint32_t count;
  if (!rg_attr_dense_get_ints(g, rg_node_attr(n, "values"), &iv, &count) || count != 1)
    return false;
  *out = iv[0];
  return true;
}

static bool static_shape(const RgValue *v, RgInts *s) { return rg_value_shape(v, s); }

bool tosa_keeps_nonunit_order(RgRewriter *rw, RgValue *v, RgInts perms) {
  (void)rw;
  RgInts s;
  if (!static_shape(v, &s) || s.n != perms.n || !rg_ints_is_perm(perms))
    return false;
  /* Output axis i reads input axis perms[i]: the data order is unchanged
   * when the input axes of size > 1 appear in increasing order. */
  int64_t last = -1;
  for (uint32_t i = 0; i < perms.n; i++) {
    int64_t a = perms.v[i];
    if (s.v[a] == 1)
      continue;
    if (a < last)
      return false;
    last = a;
  }
  return true;
}

bool tosa_is_broadcast_safe(RgRewriter *rw, RgValue *v, RgInts perms) {
  RgGraph *g = rg_rw_graph(rw);
  RgInts s;
  if (!static_shape(v, &s) || s.n != perms.n || !rg_ints_is_perm(perms))
    return false;
  /* Free when the transpose folds away: a constant (permuted at compile
   * time, once: it must have no other user, unless it is a splat, whose
   * permuted copy is one element again; never a frozen one, which
   * fold_const may not fold), or a layout change that moves only size-1
   * axes (a reshape, or nothing when the shape stays). */
  const RgNode *d = rg_value_def(v);
  if (is_op(g, d, "tosa.const") && !rg_node_is_frozen(d) && (v->num_uses == 1 || rg_match_splat(rw, v, NULL)))
    return true;
  return tosa_keeps_nonunit_order(rw, v, perms);
}

bool tosa_clamp_chain_nan_safe(RgRewriter *rw, RgValue *inner, RgValue *outer) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *a = rg_value_def(inner), *b = rg_value_def(outer);
  if (!is_op(g, a, "tosa.clamp") || !is_op(g, b, "tosa.clamp") || !inner->type)
    return false;
  if (!rg_dtype_is_float(inner->type->dtype))
    return true; /* integers have no NaN */
  /* A NaN that the inner clamp lets through (PROPAGATE, the default) is
   * turned into min_val by an outer IGNORE clamp, so the outer one is not
   * a no-op then. */
  return !rg_attr_eq_str(rg_node_attr(b, "nan_mode"), "IGNORE") ||
         rg_attr_eq_str(rg_node_attr(a, "nan_mode"), "IGNORE");
}

bool tosa_rescale_is_per_tensor(RgRewriter *rw, RgValue *r) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *n = rg_value_def(r);
  if (!is_op(g, n, "tosa.rescale") || n->num_operands < 3)
    return false;
  /* Only per_channel = false: a per-channel RESCALE with splat multiplier
   * and shift scales every channel alike, but its multiplier and shift
   * tensors are shaped by the last axis, so it cannot be rebuilt on an
   * input whose last axis differs (rgdiff seed 80). */
  bool per_channel = true;
  return rg_attr_get_bool(rg_node_attr(n, "per_channel"), &per_channel) && !per_channel;
}

/* Range of the stored integers of a value as RESCALE reads them. */
static bool int_range(RgDType dt, bool as_unsigned, int64_t *lo, int64_t *hi) {
  int bits = rg_dtype_bits(dt);
  if (rg_dtype_is_float(dt) || bits < 1 || bits > 48)
    return false;
  if (as_unsigned || rg_dtype_is_unsigned(dt)) {
    *lo = 0;
    *hi = ((int64_t)1 << bits) - 1;
  } else {
    *lo = -((int64_t)1 << (bits - 1));
    *hi = ((int64_t)1 << (bits - 1)) - 1;
  }
  return true;
}

typedef struct Rescale {
  int64_t multiplier, shift, input_zp, output_zp;
  bool scale32, per_channel, input_unsigned, output_unsigned;
  const RgAttr *rounding;
  const RgType *in_type, *out_type;
} Rescale;

static bool read_rescale(RgGraph *g, const RgValue *v, Rescale *r) {
  const RgNode *n = rg_value_def(v);
  if (!is_op(g, n, "tosa.rescale") || n->num_operands != 5 || n->num_results != 1)
    return false;
  r->rounding = rg_node_attr(n, "rounding_mode");
  r->in_type = n->operands[0].value->type;
  r->out_type = n->results[0].type;
  return const_int(g, n->operands[1].value, &r->multiplier) && const_int(g, n->operands[2].value, &r->shift) &&
         const_int(g, n->operands[3].value, &r->input_zp) && const_int(g, n->operands[4].value, &r->output_zp) &&
         rg_attr_get_bool(rg_node_attr(n, "scale32"), &r->scale32) &&
         rg_attr_get_bool(rg_node_attr(n, "per_channel"), &r->per_channel) &&
         rg_attr_get_bool(rg_node_attr(n, "input_unsigned"), &r->input_unsigned) &&
         rg_attr_get_bool(rg_node_attr(n, "output_unsigned"), &r->output_unsigned) && r->in_type &&
         r->out_type && r->rounding;
}

/* The integer gain k of a RESCALE that is exact: multiplier = k << shift. */
static bool lossless_gain(const Rescale *r, int64_t *k) {
  if (r->shift < 2 || r->shift > 62 || r->multiplier <= 0)
    return false;
  int64_t unit = (int64_t)1 << (r->shift > 40 ? 40 : r->shift);
  if (r->shift > 40 || r->multiplier % unit != 0)
    return false;
  *k = r->multiplier / unit;
  return *k >= 1;
}

static bool fuse_plan(RgGraph *g, const RgValue *inner, const RgValue *outer, int64_t *fused) {
  Rescale a, b;
  if (!read_rescale(g, inner, &a) || !read_rescale(g, outer, &b))
    return false;
  if (!a.scale32 || !b.scale32 || a.per_channel || b.per_channel)
    return false;
  if (!rg_attr_eq_str(b.rounding, "SINGLE_ROUND") && !rg_attr_eq_str(b.rounding, "DOUBLE_ROUND"))
    return false;
  if (!rg_attr_eq_str(a.rounding, "SINGLE_ROUND") && !rg_attr_eq_str(a.rounding, "DOUBLE_ROUND"))
    return false;
  /* The middle value must be read back exactly as it was written. */
  if (a.output_zp != b.input_zp || a.output_unsigned != b.input_unsigned || a.out_type->dtype != b.in_type->dtype)
    return false;
  /* The fused RESCALE takes the inner input flag and the outer output
   * flag; TOSA 1.0 forbids both set and an unsigned side facing an i32/i48
   * one (ERROR_IF), so such pairs stay apart (rgdiff seed 408). */
  bool narrow_in = a.in_type->dtype == RG_DT_I8 || a.in_type->dtype == RG_DT_I16;
  bool narrow_out = b.out_type->dtype == RG_DT_I8 || b.out_type->dtype == RG_DT_I16;
  if ((a.input_unsigned && b.output_unsigned) || ((a.input_unsigned || b.output_unsigned) && !(narrow_in && narrow_out)))
    return false;
  int64_t k;
  if (!lossless_gain(&a, &k))
    return false;
  /* No input value may saturate in the middle type: then the middle value
   * is exactly (x - izp) * k + ozp and the outer RESCALE sees (x - izp) * k. */
  int64_t in_lo, in_hi, mid_lo, mid_hi;
  if (!int_range(a.in_type->dtype, a.input_unsigned, &in_lo, &in_hi) ||
      !int_range(a.out_type->dtype, a.output_unsigned, &mid_lo, &mid_hi))
    return false;
  int64_t v_lo = in_lo - a.input_zp, v_hi = in_hi - a.input_zp;
  if (k > ((int64_t)1 << 30) || v_lo < -((int64_t)1 << 48) || v_hi > ((int64_t)1 << 48))
    return false;
  if (v_lo * k + a.output_zp < mid_lo || v_hi * k + a.output_zp > mid_hi)
    return false;
  /* The outer REQUIRE on its input range holds for (x - izp) * k, so it
   * holds for the smaller |x - izp| the fused RESCALE sees; the double-round
   * adjustment depends only on the sign, which k >= 1 keeps. */
  int64_t m = b.multiplier * k;
  if (b.multiplier < 0 || b.multiplier > INT32_MAX / k || m > INT32_MAX)
    return false;
  *fused = m;
  return true;
}

/* A RESCALE that returns its input: same element type and signedness,
 * equal zero points, and per channel multiplier == 2^shift (so that
 * apply_scale(v) = (v * 2^s + 2^(s-1)) >> s = v; DOUBLE_ROUND only adds
 * its correction for shift > 31, which a 32-bit multiplier 2^s cannot
 * reach). docs/rescale.md has the arithmetic. */
bool tosa_rescale_is_identity(RgRewriter *rw, RgValue *r) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *n = rg_value_def(r);
  if (!is_op(g, n, "tosa.rescale") || n->num_operands != 5 || n->num_results != 1)
    return false;
  bool scale32, iu, ou;
  if (!rg_attr_get_bool(rg_node_attr(n, "scale32"), &scale32) ||
      !rg_attr_get_bool(rg_node_attr(n, "input_unsigned"), &iu) ||
      !rg_attr_get_bool(rg_node_attr(n, "output_unsigned"), &ou) || iu != ou)
    return false;
  const RgType *in_t = n->operands[0].value->type, *out_t = n->results[0].type;
  if (!in_t || !out_t || in_t->dtype != out_t->dtype || rg_dtype_is_float(in_t->dtype))
    return false;
  int64_t izp, ozp;
  if (!const_int(g, n->operands[3].value, &izp) || !const_int(g, n->operands[4].value, &ozp) || izp != ozp)
    return false;
  const int64_t *m, *sh;
  uint32_t nm, ns;
  const RgNode *mn = rg_value_def(n->operands[1].value), *sn = rg_value_def(n->operands[2].value);
  if (!is_op(g, mn, "tosa.const") || !is_op(g, sn, "tosa.const") ||
      !rg_attr_dense_get_ints(g, rg_node_attr(mn, "values"), &m, &nm) ||
      !rg_attr_dense_get_ints(g, rg_node_attr(sn, "values"), &sh, &ns) || nm == 0 || ns == 0)
    return false;
  /* One value each (a splat) or one per channel; a splat stands for all. */
  uint32_t count = nm > ns ? nm : ns;
  int max_shift = scale32 ? 30 : 14; /* 2^s must fit the i32 / i16 multiplier */
  for (uint32_t c = 0; c < count; c++) {
    int64_t mc = m[nm == 1 ? 0 : c], sc = sh[ns == 1 ? 0 : c];
    if ((nm != 1 && nm != count) || (ns != 1 && ns != count))
      return false;
    if (sc < 2 || sc > max_shift || mc != ((int64_t)1 << sc))
      return false;
  }
  return true;
}

bool tosa_rescales_fuse_exact(RgRewriter *rw, RgValue *inner, RgValue *outer) {
  int64_t m;
  return fuse_plan(rg_rw_graph(rw), inner, outer, &m);
}

bool tosa_fused_multiplier(RgRewriter *rw, RgValue *inner, RgValue *outer, const RgAttr **out) {
  RgGraph *g = rg_rw_graph(rw);
  int64_t m;
  if (!fuse_plan(g, inner, outer, &m))
    return false;
  int64_t one = 1;
  const RgType *t = rg_type_tensor(g, RG_DT_I32, 1, &one);
  *out = t ? rg_attr_dense_ints(g, t, 1, &m) : NULL;
  return *out != NULL;
}

bool tosa_permuted_const(RgRewriter *rw, RgValue *v, RgInts perms, const RgAttr **out) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *n = rg_value_def(v);
  RgInts s;
  /* each element of a per-axis quantized constant has its channel's
   * scale, and the channel axis would move */
  if (!is_op(g, n, "tosa.const") || !static_shape(v, &s) || s.n != perms.n || !rg_ints_is_perm(perms) ||
      s.n > 16 || (rg_type_is_quant(v->type) && !rg_type_is_quant_per_tensor(v->type)))
    return false;
  const RgAttr *a = rg_node_attr(n, "values");
  if (!a || a->kind != RG_ATTR_DENSE)
    return false;
  int64_t dims[16];
  for (uint32_t i = 0; i < s.n; i++)
    dims[i] = s.v[perms.v[i]];
  const RgType *t = rg_type_tensor(g, a->type->dtype, (int32_t)s.n, dims);
  int64_t numel = rg_type_numel(v->type);
  if (!t || numel < 0 || numel > (1 << 24))
    return false;
  bool is_float = rg_dtype_is_float(a->type->dtype);
  const int64_t *iv = NULL;
  const double *fv = NULL;
  uint32_t count;
  /* integers are read and permuted at their own width (a view of the
   * attribute), without an int64 copy */
  RgTensor src, dst = {0};
  bool narrow = !is_float && s.n <= RG_TENSOR_MAX_RANK && rg_attr_dense_view(g, a, &src);
  if (narrow)
    count = (uint32_t)src.numel;
  else if (is_float ? !rg_attr_dense_get_floats(g, a, &fv, &count) : !rg_attr_dense_get_ints(g, a, &iv, &count))
    return false;
  bool all_equal = true; /* stored in full but splat-valued: emit a splat */
  for (uint32_t i = 1; i < count && all_equal; i++)
    all_equal = narrow ? rg_tensor_elem_equal(&src, i, &src, 0) : is_float ? fv[i] == fv[0] : iv[i] == iv[0];
  if (count == 1 || all_equal) { /* a splat stays a splat */
    int64_t first = narrow ? rg_tensor_get_int(&src, 0) : 0;
    *out = is_float ? rg_attr_dense_floats(g, t, 1, fv) : rg_attr_dense_ints(g, t, 1, narrow ? &first : iv);
    return *out != NULL;
  }
  if (narrow && rg_tensor_init(&dst, a->type->dtype, (int32_t)s.n, dims) != RG_OK)
    return false;
  int64_t *perm_i = is_float || narrow ? NULL : rg_rw_scratch(rw, (uint32_t)numel);
  double *perm_f = is_float ? (double *)rg_rw_scratch(rw, (uint32_t)numel) : NULL;
  if ((is_float && !perm_f) || (!is_float && !narrow && !perm_i))
    return false;
  /* Row-major strides of the input; walk the output in order. */
  int64_t stride[16], idx[16] = {0};
  int64_t acc = 1;
  for (int i = (int)s.n - 1; i >= 0; i--) {
    stride[i] = acc;
    acc *= s.v[i];
  }
  for (int64_t o = 0; o < numel; o++) {
    int64_t src_i = 0;
    for (uint32_t i = 0; i < s.n; i++)
      src_i += idx[i] * stride[perms.v[i]];
    if (is_float)
      perm_f[o] = fv[src_i];
    else if (narrow)
      rg_tensor_set_int(&dst, o, rg_tensor_get_int(&src, src_i));
    else
      perm_i[o] = iv[src_i];
    for (int i = (int)s.n - 1; i >= 0; i--) {
      if (++idx[i] < dims[i])
        break;
      idx[i] = 0;
    }
  }
  if (narrow) {
    *out = rg_attr_dense_tensor(g, t, &dst);
    rg_tensor_release(&dst);
  } else {
    *out = is_float ? rg_attr_dense_floats(g, t, (uint32_t)numel, perm_f)
                    : rg_attr_dense_ints(g, t, (uint32_t)numel, perm_i);
  }
  return *out != NULL;
}

bool tosa_shape_values(RgRewriter *rw, RgInts shape, const RgAttr **out) {
  RgGraph *g = rg_rw_graph(rw);
  int64_t n = shape.n;
  const RgType *t = rg_type_tensor(g, RG_DT_INDEX, 1, &n);
  *out = t ? rg_attr_dense_ints(g, t, shape.n, shape.v) : NULL;
  return *out != NULL;
}

/* ---- canonicalizations (rules/cleanup.rules) ---- */

bool tosa_is_int(RgRewriter *rw, RgValue *v) {
  (void)rw;
  return v->type && v->type->kind == RG_TYPE_TENSOR && v->type->dtype != RG_DT_NONE &&
         !rg_dtype_is_float(v->type->dtype);
}

bool tosa_ignores_nan(RgRewriter *rw, RgValue *v) {
  (void)rw;
  const RgNode *n = rg_value_def(v);
  return n && v->type && rg_dtype_is_float(v->type->dtype) &&
         rg_attr_eq_str(rg_node_attr(n, "nan_mode"), "IGNORE");
}

static bool attr_num(const RgAttr *a, double *out) {
  if (a && a->kind == RG_ATTR_INT)
    *out = (double)a->u.i;
  else if (a && a->kind == RG_ATTR_FLOAT)
    *out = a->u.f;
  else
    return false;
  return true;
}

bool tosa_clamp_is_noop(RgRewriter *rw, RgValue *c) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *n = rg_value_def(c);
  double lo, hi;
  if (!is_op(g, n, "tosa.clamp") || !c->type || !attr_num(rg_node_attr(n, "min_val"), &lo) ||
      !attr_num(rg_node_attr(n, "max_val"), &hi))
    return false;
  RgDType dt = c->type->dtype;
  if (rg_dtype_is_float(dt)) /* only [-inf, inf], and a NaN must stay NaN */
    return isinf(lo) && lo < 0 && isinf(hi) && hi > 0 && !tosa_ignores_nan(rw, c);
  int64_t tlo, thi;
  return int_range(dt, false, &tlo, &thi) && lo <= (double)tlo && hi >= (double)thi;
}

bool tosa_zeros_like(RgRewriter *rw, RgValue *v, const RgAttr **out) {
  RgGraph *g = rg_rw_graph(rw);
  if (!v->type || v->type->kind != RG_TYPE_TENSOR || rg_type_numel(v->type) < 0)
    return false;
  int64_t zi = 0;
  double zf = 0.0;
  *out = rg_dtype_is_float(v->type->dtype) ? rg_attr_dense_floats(g, v->type, 1, &zf)
                                           : rg_attr_dense_ints(g, v->type, 1, &zi);
  return *out != NULL;
}

/* The sign of a constant's zero elements: 1 when it is a splat of -0.0,
 * 0 for a splat of +0.0 (or an integer 0), -1 otherwise. */
static int zero_splat_sign(RgGraph *g, const RgValue *z) {
  const RgNode *n = rg_value_def(z);
  const RgAttr *a = is_op(g, n, "tosa.const") ? rg_node_attr(n, "values") : NULL;
  const double *fv;
  const int64_t *iv;
  uint32_t count;
  bool is_float = z->type && rg_dtype_is_float(z->type->dtype);
  if (!z->type || rg_type_is_quant(z->type)) /* storage 0 stands for -zp * scale */
    return -1;
  if (a && is_float && rg_attr_dense_get_floats(g, a, &fv, &count) && count >= 1) {
    for (uint32_t i = 0; i < count; i++)
      if (fv[i] != 0.0 || signbit(fv[i]) != signbit(fv[0]))
        return -1;
    return signbit(fv[0]) ? 1 : 0;
  }
  if (a && !is_float && rg_attr_dense_get_ints(g, a, &iv, &count) && count >= 1) {
    for (uint32_t i = 0; i < count; i++)
      if (iv[i] != 0)
        return -1;
    return 0;
  }
  return -1;
}

/* Whether `v` can never hold -0.0 (integers never do). Round to nearest
 * gives -0.0 from an addition only when both addends are -0.0, so a sum
 * with one addend that is never -0.0 is not either, and accumulations that
 * start at +0.0 (matmul, convolutions, reduce_sum) never produce it. Ops
 * that only move data pass the question on to their input. */
static bool never_negative_zero(RgGraph *g, const RgValue *v, int depth) {
  if (!v->type || !rg_dtype_is_float(v->type->dtype))
    return v->type && v->type->dtype != RG_DT_NONE;
  const RgNode *n = rg_value_def(v);
  if (!n || depth > 24)
    return false;
  const char *op = rg_op_name(g, n->op);
  if (strcmp(op, "tosa.const") == 0) {
    const double *fv;
    uint32_t count;
    if (!rg_attr_dense_get_floats(g, rg_node_attr(n, "values"), &fv, &count))
      return false;
    for (uint32_t i = 0; i < count; i++)
      if (fv[i] == 0.0 && signbit(fv[i]))
        return false;
    return true;
  }
  static const char *const accumulating[] = {"tosa.matmul", "tosa.conv2d", "tosa.depthwise_conv2d",
                                             "tosa.conv3d", "tosa.reduce_sum", "tosa.exp",
                                             "tosa.sigmoid", "tosa.abs"};
  for (size_t i = 0; i < sizeof accumulating / sizeof *accumulating; i++)
    if (strcmp(op, accumulating[i]) == 0)
      return true;
  if (strcmp(op, "tosa.add") == 0 && n->num_operands == 2)
    return never_negative_zero(g, n->operands[0].value, depth + 1) ||
           never_negative_zero(g, n->operands[1].value, depth + 1);
  if (strcmp(op, "tosa.sub") == 0 && n->num_operands == 2) /* a - b is -0.0 only for a = -0.0 */
    return never_negative_zero(g, n->operands[0].value, depth + 1);
  static const char *const moving[] = {"tosa.reshape", "tosa.transpose", "tosa.identity",
                                       "tosa.slice", "tosa.tile", "tosa.reverse"};
  for (size_t i = 0; i < sizeof moving / sizeof *moving; i++)
    if (strcmp(op, moving[i]) == 0 && n->num_operands >= 1)
      return never_negative_zero(g, n->operands[0].value, depth + 1);
  return false;
}

bool tosa_add_zero_exact(RgRewriter *rw, RgValue *x, RgValue *zero) {
  RgGraph *g = rg_rw_graph(rw);
  int sign = zero_splat_sign(g, zero);
  return sign == 1 || (sign == 0 && never_negative_zero(g, x, 0));
}

bool tosa_never_negative_zero(RgRewriter *rw, RgValue *v) { return never_negative_zero(rg_rw_graph(rw), v, 0); }

bool tosa_sub_zero_exact(RgRewriter *rw, RgValue *x, RgValue *zero) {
  RgGraph *g = rg_rw_graph(rw);
  int sign = zero_splat_sign(g, zero);
  (void)x;
  return sign == 0 || (sign == 1 && never_negative_zero(g, x, 0)); /* x - +0 = x + -0 */
}

bool tosa_reshaped_const(RgRewriter *rw, RgValue *c, RgValue *like, const RgAttr **out) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *n = rg_value_def(c);
  const RgAttr *a = is_op(g, n, "tosa.const") ? rg_node_attr(n, "values") : NULL;
  /* a quantized constant holds storage values; a per-axis one would move
   * elements to other scales */
  const RgType *t = like->type;
  if (!a || a->kind != RG_ATTR_DENSE || !t || t->kind != RG_TYPE_TENSOR || !a->type || !c->type)
    return false;
  if (rg_type_is_quant(t) && (!rg_type_is_quant_per_tensor(t) || c->type->elem != t->elem))
    return false;
  t = rg_type_storage_type(g, t);
  if (!t || t->elem != a->type->elem || rg_type_numel(t) != rg_type_numel(a->type) || rg_type_numel(t) < 0)
    return false;
  /* Row-major order is what a reshape keeps: the same elements, retyped. */
  const int64_t *iv;
  const double *fv;
  uint32_t count;
  if (rg_dtype_is_float(t->dtype)) {
    if (!rg_attr_dense_get_floats(g, a, &fv, &count))
      return false;
    *out = rg_attr_dense_floats(g, t, count, fv);
  } else {
    if (!rg_attr_dense_get_ints(g, a, &iv, &count))
      return false;
    *out = rg_attr_dense_ints(g, t, count, iv);
  }
  return *out != NULL;
}

/* ---- cost model of the sinking rules (docs/transpose.md) ---- */

static const RgOpDesc *pass_desc(RgGraph *g, const RgPassDesc *p, const RgNode *n) {
  const char *name = rg_op_name(g, n->op);
  for (uint16_t k = 0; k < p->num_ops; k++)
    if (p->op_descs[k] && strcmp(p->op_names[k], name) == 0)
      return p->op_descs[k];
  return NULL;
}

/* Ops a transpose sinks across: elementwise ones and RESCALE. */
static bool sinkable(RgGraph *g, const RgPassDesc *p, const RgNode *n) {
  const RgOpDesc *d = pass_desc(g, p, n);
  return d && ((d->traits & RG_TRAIT_ELEMENTWISE) || is_op(g, n, "tosa.rescale"));
}

/* Whether `v` is a transpose, or becomes one when the transposes above it
 * sink: a chain of single-input sinkable ops (unary, RESCALE) over one,
 * by `perm` when given (sink_binary_same merges only equal ones). Not a
 * transpose of a constant that fold_const folds, nor one that moves only
 * axes of size 1 (to_reshape): it costs nothing already, so meeting it
 * saves nothing. */
static bool transposed_above(RgGraph *g, const RgPassDesc *p, const RgValue *v, const RgInts *perm) {
  for (int depth = 0; depth < 16; depth++) {
    const RgNode *d = rg_match_def(v);
    if (!d)
      return false;
    if (is_op(g, d, "tosa.transpose")) {
      const RgNode *c = d->num_operands == 1 ? rg_value_def(d->operands[0].value) : NULL;
      const RgAttr *a = is_op(g, c, "tosa.const") && !rg_node_is_frozen(c) ? rg_node_attr(c, "values") : NULL;
      RgInts q;
      if (!rg_attr_to_ints(g, rg_node_attr(d, "perms"), &q) || (perm && !rg_ints_equal(q, *perm)))
        return false; /* another permutation: the two do not merge */
      if (d->num_operands == 1 && tosa_keeps_nonunit_order(NULL, d->operands[0].value, q))
        return false; /* a reshape once to_reshape has run: free already */
      return !a || (c->results[0].num_uses != 1 && !(a->kind == RG_ATTR_DENSE && a->splat));
    }
    if (!sinkable(g, p, d) || d->num_operands == 0 ||
        (!is_op(g, d, "tosa.rescale") && !(pass_desc(g, p, d)->traits & RG_TRAIT_UNARY)))
      return false;
    v = d->operands[0].value;
  }
  return false;
}

/* The permutation of the transpose that a sink rule moves past `r`'s op
 * (its first transposed operand), or false. */
static bool sunk_perm(RgGraph *g, const RgValue *r, RgInts *p) {
  const RgNode *d = rg_value_def(r);
  for (uint32_t i = 0; d && i < d->num_operands; i++) {
    const RgNode *t = rg_match_def(d->operands[i].value);
    if (is_op(g, t, "tosa.transpose"))
      return rg_attr_to_ints(g, rg_node_attr(t, "perms"), p);
  }
  return false;
}

/* Whether transpose `t` starts a chain of single-user transposes that
 * composes to the identity: compose and inverse_pair are still to fold it
 * away (often one the layout plan left), no transpose a sunk one would
 * meet. */
static bool vanishing_chain(RgGraph *g, const RgNode *t) {
  int64_t total[8];
  RgInts q;
  if (!rg_attr_to_ints(g, rg_node_attr(t, "perms"), &q) || q.n > 8 || !rg_ints_is_perm(q))
    return false;
  for (uint32_t i = 0; i < q.n; i++)
    total[i] = q.v[i];
  uint32_t n = q.n;
  for (int depth = 0; depth < 16; depth++) {
    const RgUse *u = t->results[0].uses;
    if (!u || u->next || !is_op(g, u->user, "tosa.transpose"))
      break;
    t = u->user;
    if (!rg_attr_to_ints(g, rg_node_attr(t, "perms"), &q) || q.n != n || !rg_ints_is_perm(q))
      return false;
    int64_t next[8];
    for (uint32_t i = 0; i < n; i++) /* compose(total, q)[i] = total[q[i]] */
      next[i] = total[q.v[i]];
    memcpy(total, next, sizeof next);
    bool identity = true;
    for (uint32_t i = 0; i < n && identity; i++)
      identity = total[i] == (int64_t)i;
    if (identity)
      return true;
  }
  return false;
}

/* Whether transpose `t` undoes permutation p: inverse_pair removes it
 * from under a sunk T(x, p) even when T(x, p) has other users (compose
 * would need it to have none). */
static bool undoes(RgGraph *g, const RgNode *t, RgInts p) {
  RgInts q;
  if (!rg_attr_to_ints(g, rg_node_attr(t, "perms"), &q) || q.n != p.n || !rg_ints_is_perm(p))
    return false;
  for (uint32_t i = 0; i < q.n; i++)
    if (q.v[i] < 0 || q.v[i] >= (int64_t)p.n || p.v[q.v[i]] != (int64_t)i)
      return false;
  return true;
}

bool tosa_sinks_to_transpose(RgRewriter *rw, RgValue *r) {
  RgGraph *g = rg_rw_graph(rw);
  const RgPassDesc *p = rg_rw_pass(rw);
  /* Searches the uses of `r`, through ops a transpose sinks across, for a
   * transpose: there the sunk one composes with it or cancels (on a
   * fan-out, inverse_pair bypasses it for that user); or for an op whose
   * other operand is (or will be) transposed too, where both merge into
   * one (sink_binary_same). When no path leads there, sinking would only
   * move the transpose. The sink rules move a transpose of one user only,
   * so the search goes past an op only when its result has one user, and
   * past a per-channel RESCALE only when the permutation keeps the last
   * axis (sink_rescale): a path the transpose cannot take is no reason to
   * start on it. The search is bounded; giving up means no. */
  enum { MAX_VISIT = 256 };
  const RgValue *stack[MAX_VISIT];
  uint32_t sp = 0, visited = 0;
  RgInts perm;
  bool known = sunk_perm(g, r, &perm);
  bool keeps_last = !known || (perm.n > 0 && perm.v[perm.n - 1] == (int64_t)perm.n - 1);
  stack[sp++] = r;
  while (sp) {
    const RgValue *v = stack[--sp];
    for (const RgUse *u = v->uses; u; u = u->next) {
      const RgNode *user = u->user;
      if (rg_node_is_frozen(user) || user->num_results != 1)
        continue;
      if (is_op(g, user, "tosa.transpose") && (v->num_uses == 1 || !known || undoes(g, user, perm)) &&
          !vanishing_chain(g, user))
        return true;
      if (v->num_uses != 1 || !sinkable(g, p, user) ||
          (!keeps_last && is_op(g, user, "tosa.rescale") && !tosa_rescale_is_per_tensor(rw, (RgValue *)&user->results[0])))
        continue;
      for (uint32_t i = 0; i < user->num_operands && user->num_operands > 1; i++)
        if (user->operands[i].value != v && transposed_above(g, p, user->operands[i].value, known ? &perm : NULL))
          return true;
      if (++visited == MAX_VISIT || sp == MAX_VISIT)
        return false;
      stack[sp++] = &user->results[0];
    }
  }
  return false;
}

bool tosa_has_transpose_user(RgRewriter *rw, RgValue *v, RgInts perms) {
  RgGraph *g = rg_rw_graph(rw);
  for (const RgUse *u = v->uses; u; u = u->next) {
    const RgNode *n = u->user;
    RgInts q;
    if (!rg_node_is_frozen(n) && is_op(g, n, "tosa.transpose") &&
        rg_attr_to_ints(g, rg_node_attr(n, "perms"), &q) && rg_ints_equal(q, perms))
      return true;
  }
  return false;
}

bool tosa_has_final_transpose_user(RgRewriter *rw, RgValue *v, RgInts perms) {
  RgGraph *g = rg_rw_graph(rw);
  /* A transpose that another transpose reads is half of a pair still to
   * cancel or compose (often the one a sink rule has just made): the
   * sink_binary_*_value rules would each take it as their reason to undo
   * the other's move. */
  for (const RgUse *u = v->uses; u; u = u->next) {
    const RgNode *n = u->user;
    RgInts q;
    if (rg_node_is_frozen(n) || !is_op(g, n, "tosa.transpose") ||
        !rg_attr_to_ints(g, rg_node_attr(n, "perms"), &q) || !rg_ints_equal(q, perms))
      continue;
    bool final = true;
    for (const RgUse *w = n->results[0].uses; w && final; w = w->next)
      final = !is_op(g, w->user, "tosa.transpose");
    if (final)
      return true;
  }
  return false;
}

bool tosa_transpose_has_twin(RgRewriter *rw, RgValue *t) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *n = rg_value_def(t);
  RgInts p, q;
  if (!is_op(g, n, "tosa.transpose") || n->num_operands != 1 || !rg_attr_to_ints(g, rg_node_attr(n, "perms"), &p))
    return false;
  for (const RgUse *u = n->operands[0].value->uses; u; u = u->next) {
    const RgNode *m = u->user;
    if (m != n && !rg_node_is_frozen(m) && is_op(g, m, "tosa.transpose") &&
        rg_attr_to_ints(g, rg_node_attr(m, "perms"), &q) && rg_ints_equal(p, q))
      return true;
  }
  return false;
}

bool tosa_is_layout_op(RgRewriter *rw, RgValue *v) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *d = rg_match_def(v);
  return is_op(g, d, "tosa.transpose") || is_op(g, d, "tosa.reshape");
}

bool tosa_widens(RgRewriter *rw, RgValue *out, RgValue *in) {
  (void)rw;
  if (!out->type || !in->type)
    return true; /* unknown: assume the worst */
  return rg_dtype_bits(out->type->dtype) > rg_dtype_bits(in->type->dtype);
}

/* ---- transposes across axis ops: the operands they permute ---- */

/* The values of tosa.const_shape `cs`, which must hold `want` of them. */
static bool shape_const_values(RgGraph *g, const RgValue *cs, uint32_t want, const int64_t **v) {
  const RgNode *n = rg_value_def(cs);
  uint32_t count;
  if (!is_op(g, n, "tosa.const_shape") || !rg_attr_dense_get_ints(g, rg_node_attr(n, "values"), v, &count))
    return false;
  return count == want || (count == 1 && want == 1);
}

/* out[p[i] * k + j] = in[i * k + j]: the per-axis groups of k values of a
 * shape operand of T(x, p), moved to the axes of x they belong to. */
static bool scatter_groups(RgRewriter *rw, RgValue *cs, RgInts p, uint32_t k, const RgAttr **out) {
  RgGraph *g = rg_rw_graph(rw);
  const int64_t *in;
  if (!rg_ints_is_perm(p) || !shape_const_values(g, cs, p.n * k, &in))
    return false;
  int64_t *w = rg_rw_scratch(rw, p.n * k);
  if (!w)
    return false;
  for (uint32_t i = 0; i < p.n; i++)
    for (uint32_t j = 0; j < k; j++)
      w[p.v[i] * k + j] = in[i * k + j];
  int64_t n = (int64_t)p.n * k;
  const RgType *t = rg_type_tensor(g, RG_DT_INDEX, 1, &n);
  *out = t ? rg_attr_dense_ints(g, t, (uint32_t)n, w) : NULL;
  return *out != NULL;
}

bool tosa_shape_scattered(RgRewriter *rw, RgValue *cs, RgInts p, const RgAttr **out) {
  return scatter_groups(rw, cs, p, 1, out);
}

bool tosa_pairs_scattered(RgRewriter *rw, RgValue *cs, RgInts p, const RgAttr **out) {
  return scatter_groups(rw, cs, p, 2, out);
}

/* ---- transposes across reshapes that split or merge axes ----
 * reshape(T(x, p), rs): the axes of T(x, p) (ts) and of rs fall into
 * consecutive groups of equal size. When the axes of each group are
 * consecutive and in order in x too (p[i0..i1] = a, a+1, ...), the group
 * is one contiguous block of x, which the reshape may split or merge in x
 * instead: reshape(x, xs') then transpose the groups back into T's order.
 * That is the attention-head case: [S, H*D] <-> [S, H, D] under a
 * permutation of whole groups. Fills the shape xs' (m axes) and the
 * permutation q of the new transpose; false when it does not commute. */
static bool reshape_through(const RgValue *t, const RgValue *r, const RgInts p, int64_t *xs2, int64_t *q,
                            uint32_t *m_out) {
  RgInts ts, rs;
  if (!rg_value_shape(t, &ts) || !rg_value_shape(r, &rs) || ts.n != p.n || ts.n > 16 || rs.n > 16 ||
      !rg_ints_is_perm(p))
    return false;
  uint32_t gi[17], gk[17], ng = 0; /* group g: ts axes gi[g]..gi[g+1], rs axes gk[g]..gk[g+1] */
  uint32_t i = 0, k = 0;
  for (uint32_t a = 0; a < ts.n; a++)
    if (ts.v[a] <= 0)
      return false;
  for (uint32_t a = 0; a < rs.n; a++)
    if (rs.v[a] <= 0)
      return false;
  while (i < ts.n || k < rs.n) {
    if (i == ts.n || k == rs.n)
      return false; /* size-1 axes left on one side only: not a grouping */
    gi[ng] = i, gk[ng] = k, ng++;
    int64_t a = ts.v[i++], b = rs.v[k++];
    while (a != b) {
      if (a < b && i < ts.n)
        a *= ts.v[i++];
      else if (b < a && k < rs.n)
        b *= rs.v[k++];
      else
        return false;
    }
  }
  gi[ng] = i, gk[ng] = k;
  int64_t pos[16]; /* where group g's axes start in xs2 */
  for (uint32_t g = 0; g < ng; g++)
    for (uint32_t j = gi[g] + 1; j < gi[g + 1]; j++)
      if (p.v[j] != p.v[j - 1] + 1)
        return false;
  uint32_t m = 0;
  for (uint32_t ax = 0; ax < ts.n; ax++) { /* x's axes in order */
    uint32_t g = 0;
    while (g < ng && !(p.v[gi[g]] == (int64_t)ax))
      g++;
    if (g == ng)
      continue; /* inside a group that started at an earlier axis */
    pos[g] = m;
    for (uint32_t j = gk[g]; j < gk[g + 1]; j++)
      xs2[m++] = rs.v[j];
  }
  if (m != rs.n)
    return false;
  for (uint32_t g = 0; g < ng; g++)
    for (uint32_t j = gk[g]; j < gk[g + 1]; j++)
      q[j] = pos[g] + (j - gk[g]);
  *m_out = m;
  return true;
}

static bool transpose_perms(RgGraph *g, const RgValue *t, RgInts *p) {
  const RgNode *n = rg_value_def(t);
  return is_op(g, n, "tosa.transpose") && rg_attr_to_ints(g, rg_node_attr(n, "perms"), p);
}

bool tosa_reshape_commutes(RgRewriter *rw, RgValue *t, RgValue *r) {
  int64_t xs2[16], q[16];
  uint32_t m;
  RgInts p;
  return transpose_perms(rg_rw_graph(rw), t, &p) && reshape_through(t, r, p, xs2, q, &m);
}

bool tosa_reshape_through_shape(RgRewriter *rw, RgValue *t, RgValue *r, const RgAttr **out) {
  int64_t xs2[16], q[16];
  uint32_t m;
  RgInts p;
  if (!transpose_perms(rg_rw_graph(rw), t, &p) || !reshape_through(t, r, p, xs2, q, &m))
    return false;
  return tosa_shape_values(rw, (RgInts){xs2, m}, out);
}

bool tosa_reshape_through_perm(RgRewriter *rw, RgValue *t, RgValue *r, RgInts *out) {
  int64_t xs2[16], q[16];
  uint32_t m;
  RgInts p;
  if (!transpose_perms(rg_rw_graph(rw), t, &p) || !reshape_through(t, r, p, xs2, q, &m))
    return false;
  int64_t *v = rg_rw_scratch(rw, m ? m : 1);
  if (!v)
    return false;
  memcpy(v, q, sizeof *v * m);
  *out = (RgInts){v, m};
  return true;
}

bool tosa_writes_more(RgRewriter *rw, RgValue *out, RgValue *in) {
  (void)rw;
  int64_t no = out->type ? rg_type_numel(out->type) : -1, ni = in->type ? rg_type_numel(in->type) : -1;
  if (no < 0 || ni < 0)
    return true; /* unknown: assume the worst */
  return no * rg_dtype_bits(out->type->dtype) > ni * rg_dtype_bits(in->type->dtype);
}
