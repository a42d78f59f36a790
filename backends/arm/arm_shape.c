/* backends/arm/arm_shape.c - shape inference for the edge-dialect ops of
 * arm.ops that xnnpack_shape.c does not cover. Same contract as every hook
 * (docs/backends.md): malformed nodes give RG_ERR_TYPE and a message that
 * starts with the op, never a crash. */
#include "rules/builtin.h"
#include <string.h>
#include "../common/shape_common.h"

#define MAXR SHAPE_MAX_RANK
#define ARM_HOOK(name) \
  RgStatus name(RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen)

static bool wrap_dim(int64_t dim, int32_t rank, int64_t *out) {
  if (dim < -(int64_t)rank || dim >= rank)
    return false;
  *out = dim < 0 ? dim + rank : dim;
  return true;
}

static RgStatus unary_operand(const RgNode *n, const char *op, const RgType **t, char *err,
                              size_t errlen) {
  RgStatus st = shape_need_operands(n, 1, 1, op, err, errlen);
  return st == RG_OK ? shape_need_tensor((ShapeOperand){n, 0, op, "self"}, t, err, errlen) : st;
}

static RgStatus set_like(RgGraph *g, const RgType **results, const RgType *t, RgDType dt) {
  const RgType *elem = rg_type_scalar(g, dt);
  return elem ? shape_set(results, shape_like(g, t, elem)) : RG_ERR_NOMEM;
}

/* torch.result_type(self, exponent): a float exponent makes integer and
 * bool tensors f32; an integer one makes bool tensors i64. */
ARM_HOOK(arm_infer_pow_scalar) {
  const RgType *t;
  RgStatus st = unary_operand(n, "pow.Tensor_Scalar", &t, err, errlen);
  if (st != RG_OK)
    return st;
  double v;
  bool is_float;
  if (!shape_attr_number(rg_node_attr(n, "exponent"), &v, &is_float))
    return shape_fail(err, errlen, "pow.Tensor_Scalar: missing or malformed property 'exponent'");
  if (t->dtype == RG_DT_NONE || rg_dtype_is_float(t->dtype))
    return shape_set(results, t);
  if (is_float)
    return set_like(g, results, t, RG_DT_F32);
  return t->dtype == RG_DT_I1 ? set_like(g, results, t, RG_DT_I64) : shape_set(results, t);
}

ARM_HOOK(arm_infer_compare_scalar) {
  const RgType *t;
  RgStatus st = unary_operand(n, "compare.Scalar", &t, err, errlen);
  if (st != RG_OK)
    return st;
  double v;
  bool is_float;
  if (!shape_attr_number(rg_node_attr(n, "other"), &v, &is_float))
    return shape_fail(err, errlen, "compare.Scalar: missing or malformed property 'other'");
  return set_like(g, results, t, RG_DT_I1);
}

/* Only equal element types (or a zero-dim operand of the same kind, which
 * torch does not let change the result) are accepted; other promotions are
 * rejected rather than guessed. */
ARM_HOOK(arm_infer_where) {
  const RgType *c, *a, *b;
  RgStatus st = shape_need_operands(n, 3, 3, "where.self", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "where.self", "condition"}, &c, err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 1, "where.self", "self"}, &a, err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 2, "where.self", "other"}, &b, err, errlen);
  if (st != RG_OK)
    return st;
  if (c->dtype != RG_DT_I1)
    return shape_fail(err, errlen, "where.self: condition must be i1, not %s", c->text);
  const RgType *elem = shape_elem(a);
  if (a->dtype != b->dtype) {
    bool same_kind = rg_dtype_is_float(a->dtype) == rg_dtype_is_float(b->dtype);
    bool a0 = a->kind == RG_TYPE_TENSOR && a->rank == 0, b0 = b->kind == RG_TYPE_TENSOR && b->rank == 0;
    if (!same_kind || a0 == b0)
      return shape_fail(err, errlen, "where.self: element types %s and %s are not supported together",
                        a->text, b->text);
    elem = shape_elem(a0 ? b : a);
  }
  const RgType *ts[3] = {c, a, b};
  int64_t out[MAXR], tmp[MAXR];
  int32_t r = 0, rt;
  for (int i = 0; i < 3; i++) {
    if (ts[i]->kind != RG_TYPE_TENSOR)
      return shape_set(results, shape_unranked(g, elem));
    if (!shape_broadcast(r, out, ts[i]->rank, ts[i]->dims, &rt, tmp))
      return shape_fail(err, errlen, "where.self: cannot broadcast %s, %s and %s", c->text, a->text,
                        b->text);
    for (int32_t d = 0; d < rt; d++)
      out[d] = tmp[d];
    r = rt;
  }
  return shape_set(results, shape_tensor(g, elem, r, out));
}

/* The element type a reduction gives: sum of integers and bools is i64
 * (unless `dtype` says otherwise), var needs floats, amax/amin keep it. */
static RgStatus reduce_dtype(const RgNode *n, const char *op, const RgType *t, const RgType **elem,
                             char *err, size_t errlen) {
  *elem = shape_elem(t);
  const RgAttr *dt = rg_node_attr(n, "dtype");
  if (dt && dt->kind == RG_ATTR_TYPE && dt->type) {
    *elem = shape_elem(dt->type);
    return RG_OK;
  }
  if (t->dtype == RG_DT_NONE)
    return RG_OK;
  if (strncmp(op, "var", 3) == 0 && !rg_dtype_is_float(t->dtype))
    return shape_fail(err, errlen, "%s: expected a floating point input, got %s", op, t->text);
  if (strncmp(op, "sum", 3) == 0 && !rg_dtype_is_float(t->dtype))
    *elem = NULL; /* i64, interned by the caller */
  return RG_OK;
}

ARM_HOOK(arm_infer_reduce) {
  const char *op = rg_op_name(g, n->op);
  if (!op)
    op = "reduce";
  if (strncmp(op, "aten.", 5) == 0)
    op += 5;
  const RgType *t, *elem;
  RgStatus st = unary_operand(n, op, &t, err, errlen);
  if (st == RG_OK)
    st = reduce_dtype(n, op, t, &elem, err, errlen);
  if (st != RG_OK)
    return st;
  if (!elem && !(elem = rg_type_scalar(g, RG_DT_I64)))
    return RG_ERR_NOMEM;
  return shape_reduce(g, (ShapeReduction){n, op, t, elem}, results, err, errlen);
}

ARM_HOOK(arm_infer_glu) {
  const RgType *t;
  RgStatus st = unary_operand(n, "glu", &t, err, errlen);
  if (st != RG_OK)
    return st;
  int64_t dim = -1, w;
  const RgAttr *a = rg_node_attr(n, "dim");
  if (a && !shape_attr_int(a, &dim))
    return shape_fail(err, errlen, "glu: 'dim' must be an integer");
  if (t->kind != RG_TYPE_TENSOR)
    return shape_set(results, t);
  if (!wrap_dim(dim, t->rank, &w))
    return shape_fail(err, errlen, "glu: dim %lld is out of range for %s", (long long)dim, t->text);
  int64_t d[MAXR];
  for (int32_t i = 0; i < t->rank; i++)
    d[i] = t->dims[i];
  if (d[w] != RG_DIM_DYNAMIC) {
    if (d[w] % 2)
      return shape_fail(err, errlen, "glu: dim %lld of %s has odd size", (long long)dim, t->text);
    d[w] /= 2;
  }
  return shape_set(results, shape_tensor(g, shape_elem(t), t->rank, d));
}

ARM_HOOK(arm_infer_squeeze_dim) {
  const RgType *t;
  RgStatus st = unary_operand(n, "squeeze_copy.dim", &t, err, errlen);
  if (st != RG_OK)
    return st;
  int64_t dim, w;
  if (!shape_attr_int(rg_node_attr(n, "dim"), &dim))
    return shape_fail(err, errlen, "squeeze_copy.dim: missing or malformed property 'dim'");
  if (t->kind != RG_TYPE_TENSOR || t->rank == 0)
    return shape_set(results, t);
  if (!wrap_dim(dim, t->rank, &w))
    return shape_fail(err, errlen, "squeeze_copy.dim: dim %lld is out of range for %s",
                      (long long)dim, t->text);
  if (t->dims[w] != 1)
    return shape_set(results, t);
  int64_t d[MAXR];
  int32_t r = 0;
  for (int32_t i = 0; i < t->rank; i++)
    if (i != w)
      d[r++] = t->dims[i];
  return shape_set(results, shape_tensor(g, shape_elem(t), r, d));
}

ARM_HOOK(arm_infer_repeat) {
  const RgType *t;
  RgStatus st = unary_operand(n, "repeat", &t, err, errlen);
  if (st != RG_OK)
    return st;
  const int64_t *rep;
  uint32_t k;
  if (!shape_attr_ints(rg_node_attr(n, "repeats"), &rep, &k) || k > MAXR)
    return shape_fail(err, errlen, "repeat: missing or malformed property 'repeats'");
  if (t->kind != RG_TYPE_TENSOR)
    return shape_set(results, shape_unranked(g, shape_elem(t)));
  if ((int64_t)k < t->rank)
    return shape_fail(err, errlen, "repeat: %u repeats for %s; at least the rank is needed", k,
                      t->text);
  int64_t d[MAXR];
  int32_t lead = (int32_t)k - t->rank;
  for (int32_t i = 0; i < (int32_t)k; i++) {
    int64_t in = i < lead ? 1 : t->dims[i - lead];
    if (rep[i] < 0)
      return shape_fail(err, errlen, "repeat: negative repeat %lld", (long long)rep[i]);
    if (in == RG_DIM_DYNAMIC)
      d[i] = RG_DIM_DYNAMIC;
    else if (!shape_mul(in, rep[i], &d[i]))
      return shape_fail(err, errlen, "repeat: size %lld * %lld overflows", (long long)in,
                        (long long)rep[i]);
  }
  return shape_set(results, shape_tensor(g, shape_elem(t), (int32_t)k, d));
}

/* Two-element int list property (stride, padding, dilation); a single
 * element applies to both spatial dims, as in torch. */
static bool pair(const RgNode *n, const char *name, int64_t *v) {
  const int64_t *p;
  uint32_t k;
  if (!shape_attr_ints(rg_node_attr(n, name), &p, &k) || k < 1 || k > 2)
    return false;
  v[0] = p[0];
  v[1] = p[k - 1];
  return true;
}

ARM_HOOK(arm_infer_convolution) {
  const char *op = "convolution";
  const RgType *x, *w, *b = NULL;
  RgStatus st = shape_need_operands(n, 2, 3, op, err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 0, op, "input"}, 4, &x, err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 1, op, "weight"}, 4, &w, err, errlen);
  if (st == RG_OK && n->num_operands == 3)
    st = shape_need_ranked((ShapeOperand){n, 2, op, "bias"}, 1, &b, err, errlen);
  if (st != RG_OK)
    return st;
  int64_t stride[2], pad[2], dil[2], groups, transposed = 0;
  if (!pair(n, "stride", stride) || !pair(n, "padding", pad) || !pair(n, "dilation", dil) ||
      !shape_attr_int(rg_node_attr(n, "groups"), &groups))
    return shape_fail(err, errlen, "%s: needs stride, padding, dilation (1 or 2 ints) and groups", op);
  shape_attr_int(rg_node_attr(n, "transposed"), &transposed);
  if (transposed)
    return shape_fail(err, errlen, "%s: transposed convolution is not supported", op);
  if (groups < 1 || stride[0] < 1 || stride[1] < 1 || dil[0] < 1 || dil[1] < 1 || pad[0] < 0 ||
      pad[1] < 0)
    return shape_fail(err, errlen, "%s: groups, strides and dilations must be positive, padding not negative", op);
  int64_t oc = w->dims[0], ic = x->dims[1];
  if (ic != RG_DIM_DYNAMIC && w->dims[1] != RG_DIM_DYNAMIC && ic != w->dims[1] * groups)
    return shape_fail(err, errlen, "%s: %s has %lld channels, weight %s with %lld groups expects %lld",
                      op, x->text, (long long)ic, w->text, (long long)groups,
                      (long long)(w->dims[1] * groups));
  if (b && !shape_dim_compatible(b->dims[0], oc))
    return shape_fail(err, errlen, "%s: bias %s for %lld output channels", op, b->text, (long long)oc);
  int64_t d[4] = {x->dims[0], oc, 0, 0};
  for (int i = 0; i < 2; i++) {
    int64_t in = x->dims[2 + i], k = w->dims[2 + i];
    if (in == RG_DIM_DYNAMIC || k == RG_DIM_DYNAMIC) {
      d[2 + i] = RG_DIM_DYNAMIC;
      continue;
    }
    int64_t span, padded, o;
    if (!shape_mul(dil[i], k - 1, &span) || !shape_add(in, 2 * pad[i], &padded) ||
        padded - span - 1 < 0)
      return shape_fail(err, errlen, "%s: kernel %s does not fit input %s", op, w->text, x->text);
    o = (padded - span - 1) / stride[i] + 1;
    d[2 + i] = o;
  }
  return shape_set(results, shape_tensor(g, shape_elem(x), 4, d));
}

static RgStatus qparams(const RgNode *n, const char *op, const RgType **t, char *err, size_t errlen) {
  RgStatus st = shape_need_operands(n, 1, 1, op, err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, op, "input"}, t, err, errlen);
  if (st != RG_OK)
    return st;
  double s;
  bool is_float;
  int64_t zp, lo, hi;
  if (!shape_attr_number(rg_node_attr(n, "scale"), &s, &is_float) ||
      !shape_attr_int(rg_node_attr(n, "zero_point"), &zp) ||
      !shape_attr_int(rg_node_attr(n, "quant_min"), &lo) ||
      !shape_attr_int(rg_node_attr(n, "quant_max"), &hi))
    return shape_fail(err, errlen, "%s: needs scale, zero_point, quant_min and quant_max", op);
  if (lo > hi)
    return shape_fail(err, errlen, "%s: quant_min %lld is above quant_max %lld", op, (long long)lo,
                      (long long)hi);
  return RG_OK;
}

static const RgType *type_attr(const RgNode *n, const char *name) {
  const RgAttr *a = rg_node_attr(n, name);
  return a && a->kind == RG_ATTR_TYPE && a->type ? shape_elem(a->type) : NULL;
}

ARM_HOOK(arm_infer_quantize) {
  const RgType *t, *q;
  RgStatus st = qparams(n, "quantize_per_tensor", &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (!(q = type_attr(n, "dtype")) || rg_dtype_is_float(q->dtype))
    return shape_fail(err, errlen, "quantize_per_tensor: 'dtype' must be an integer type");
  return shape_set(results, shape_like(g, t, q));
}

/* Per channel: the scales and zero points are dense tensors of the
 * axis' length. */
static RgStatus channel_qparams(const RgNode *n, const char *op, const RgType **t, char *err, size_t errlen) {
  RgStatus st = shape_need_operands(n, 1, 1, op, err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, op, "input"}, t, err, errlen);
  if (st != RG_OK)
    return st;
  int64_t axis, lo, hi;
  const RgAttr *sc = rg_node_attr(n, "scales"), *zp = rg_node_attr(n, "zero_points");
  if (!shape_attr_int(rg_node_attr(n, "axis"), &axis) || !shape_attr_int(rg_node_attr(n, "quant_min"), &lo) ||
      !shape_attr_int(rg_node_attr(n, "quant_max"), &hi) || !sc || sc->kind != RG_ATTR_DENSE || !zp ||
      zp->kind != RG_ATTR_DENSE)
    return shape_fail(err, errlen, "%s: needs scales, zero_points, axis, quant_min and quant_max", op);
  if (lo > hi)
    return shape_fail(err, errlen, "%s: quant_min %lld is above quant_max %lld", op, (long long)lo,
                      (long long)hi);
  const RgType *x = *t;
  if (x->kind == RG_TYPE_TENSOR) {
    if (axis < -x->rank || axis >= x->rank)
      return shape_fail(err, errlen, "%s: axis %lld is not an axis of %s", op, (long long)axis, x->text);
    int64_t c = x->dims[axis < 0 ? axis + x->rank : axis];
    if (c >= 0 && (rg_type_numel(sc->type) != c || rg_type_numel(zp->type) != c))
      return shape_fail(err, errlen, "%s: scales and zero_points need %lld elements", op, (long long)c);
  }
  return RG_OK;
}

ARM_HOOK(arm_infer_quantize_per_channel) {
  const RgType *t, *q;
  RgStatus st = channel_qparams(n, "quantize_per_channel", &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (!(q = type_attr(n, "dtype")) || rg_dtype_is_float(q->dtype))
    return shape_fail(err, errlen, "quantize_per_channel: 'dtype' must be an integer type");
  return shape_set(results, shape_like(g, t, q));
}

ARM_HOOK(arm_infer_dequantize_per_channel) {
  const RgType *t, *f = NULL;
  RgStatus st = channel_qparams(n, "dequantize_per_channel", &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (rg_node_attr(n, "out_dtype") && !(f = type_attr(n, "out_dtype")))
    return shape_fail(err, errlen, "dequantize_per_channel: 'out_dtype' must be a type");
  if (!f && !(f = rg_type_scalar(g, RG_DT_F32)))
    return RG_ERR_NOMEM;
  return shape_set(results, shape_like(g, t, f));
}

ARM_HOOK(arm_infer_dequantize) {
  const RgType *t, *f = NULL;
  RgStatus st = qparams(n, "dequantize_per_tensor", &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (rg_node_attr(n, "out_dtype") && !(f = type_attr(n, "out_dtype")))
    return shape_fail(err, errlen, "dequantize_per_tensor: 'out_dtype' must be a type");
  if (!f && !(f = rg_type_scalar(g, RG_DT_F32)))
    return RG_ERR_NOMEM;
  return shape_set(results, shape_like(g, t, f));
}
