/* backends/xnnpack/xnnpack_shape.c - shape inference hooks of the
 * edge-dialect (ATen) ops of an exported program, in the MLIR generic
 * encoding of docs/backends.md: tensor arguments are operands in schema
 * order, every other argument is a property named as in the schema. Shapes
 * follow PyTorch: numpy broadcasting (ranks may differ), view_copy with one
 * inferred -1, expand_copy with -1 keeping a dim, negative dims wrapping;
 * dtypes follow torch's type promotion with f32 as the default float. */
#include "rules/builtin.h"
#include "rulegen/interp.h"
#include "xnnpack_hooks.h"
#include "../common/shape_common.h"

#define HOOK_ARGS RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen
#define MAXR SHAPE_MAX_RANK

/* ---- dtype promotion (torch.result_type) ---- */

/* torch.promote_types over the dtypes an exported program uses. RG_DT_NONE
 * stands for "no operand of this kind" and is the identity. */
static RgDType promote(RgDType a, RgDType b) {
  if (a == b || b == RG_DT_NONE)
    return a;
  if (a == RG_DT_NONE)
    return b;
  if (a == RG_DT_I1)
    return b;
  if (b == RG_DT_I1)
    return a;
  bool fa = rg_dtype_is_float(a), fb = rg_dtype_is_float(b);
  if (fa != fb)
    return fa ? a : b;
  int ba = rg_dtype_bits(a), bb = rg_dtype_bits(b);
  if (fa) /* f16 with bf16 meet at f32; otherwise the wider one */
    return ba == bb ? RG_DT_F32 : ba > bb ? a : b;
  bool ua = rg_dtype_is_unsigned(a), ub = rg_dtype_is_unsigned(b);
  if (ua == ub)
    return ba > bb ? a : b;
  /* Signed with unsigned: a signed type wide enough for both (uint8 with
   * int8 is int16, as in torch). */
  int su = ua ? ba : bb, ss = ua ? bb : ba;
  RgDType s = ua ? b : a;
  if (ss > su)
    return s;
  return su >= 32 ? RG_DT_I64 : su >= 16 ? RG_DT_I32 : RG_DT_I16;
}

/* torch's combine_categories: a lower-priority operand (zero-dim tensor,
 * then Python scalar) changes the result only when it is of a higher
 * category (bool < integer < float). */
static RgDType combine(RgDType higher, RgDType lower) {
  if (rg_dtype_is_float(higher))
    return higher;
  if (higher == RG_DT_I1 || rg_dtype_is_float(lower))
    return promote(higher, lower);
  return higher != RG_DT_NONE ? higher : lower;
}

/* Dtype of a Python scalar property as a wrapped number: float -> the
 * default dtype f32, int -> i64, bool -> i1. */
static RgDType scalar_dtype(const RgAttr *a) {
  if (a && a->kind == RG_ATTR_FLOAT)
    return RG_DT_F32;
  if (a && a->kind == RG_ATTR_INT)
    return RG_DT_I64;
  if (a && a->kind == RG_ATTR_BOOL)
    return RG_DT_I1;
  return RG_DT_NONE;
}

/* A tensor operand whose element type promotion understands. */
static RgStatus need_builtin(ShapeOperand o, const RgType **t, char *err, size_t errlen) {
  RgStatus st = shape_need_tensor(o, t, err, errlen);
  if (st == RG_OK && (*t)->dtype == RG_DT_NONE)
    return shape_fail(err, errlen, "%s: operand %u (%s) has an element type without torch "
                      "promotion rules: %s", o.op, o.i, o.what, (*t)->text);
  return st;
}

/* A rank-0 tensor ranks below tensors with dims in promotion. */
static bool zero_dim(const RgType *t) { return t->kind == RG_TYPE_TENSOR && t->rank == 0; }

/* Numpy broadcasting of k tensors; an unranked one gives an unranked result. */
static RgStatus broadcast(RgGraph *g, const char *op, const RgType *const *ts, uint32_t k,
                          RgDType dt, const RgType **out, char *err, size_t errlen) {
  const RgType *elem = rg_type_scalar(g, dt);
  if (!elem)
    return RG_ERR_NOMEM;
  for (uint32_t i = 0; i < k; i++)
    if (ts[i]->kind != RG_TYPE_TENSOR)
      return shape_set(out, shape_unranked(g, elem));
  int64_t dims[MAXR];
  int32_t rank = ts[0]->rank;
  if (rank > MAXR)
    return shape_fail(err, errlen, "%s: rank %d is too large", op, (int)rank);
  for (int32_t d = 0; d < rank; d++) /* dims is NULL at rank 0 */
    dims[d] = ts[0]->dims[d];
  for (uint32_t i = 1; i < k; i++)
    if (!rg_shape_broadcast(rank, dims, ts[i]->rank, ts[i]->dims, &rank, dims))
      return shape_fail(err, errlen, "%s: shapes %s and %s cannot be broadcast together", op,
                        ts[0]->text, ts[i]->text);
  return shape_set(out, shape_tensor(g, elem, rank, dims));
}

/* torch's alpha_check: integral results reject a floating-point alpha, and
 * a boolean alpha needs a boolean result. */
static RgStatus check_alpha(const RgNode *n, const char *op, RgDType dt, char *err, size_t errlen) {
  const RgAttr *alpha = rg_node_attr(n, "alpha");
  if (!alpha)
    return RG_OK;
  RgDType at = scalar_dtype(alpha);
  if (at == RG_DT_NONE)
    return shape_fail(err, errlen, "%s: 'alpha' must be a number (N : i64 or F : f64)", op);
  if (at == RG_DT_F32 && !rg_dtype_is_float(dt))
    return shape_fail(err, errlen, "%s: for integral inputs, alpha must not be a floating point "
                      "number", op);
  if (at == RG_DT_I1 && dt != RG_DT_I1)
    return shape_fail(err, errlen, "%s: boolean alpha only supported for boolean results", op);
  return RG_OK;
}

/* ---- elementwise ---- */

/* The four arithmetic ops: add and sub take alpha, sub rejects bool, div
 * is true division (integral results become f32). */
enum { ARITH_ADD, ARITH_SUB, ARITH_MUL, ARITH_DIV };

/* The result dtype of an arithmetic op from the promoted dtype. */
static RgStatus arith_dtype(const RgNode *n, const char *op, int kind, RgDType *dt, char *err,
                            size_t errlen) {
  RgStatus st;
  if (kind == ARITH_SUB && *dt == RG_DT_I1)
    return shape_fail(err, errlen, "%s: subtraction of bool tensors is not supported", op);
  if ((kind == ARITH_ADD || kind == ARITH_SUB) && (st = check_alpha(n, op, *dt, err, errlen)) != RG_OK)
    return st;
  if (kind == ARITH_DIV && !rg_dtype_is_float(*dt))
    *dt = RG_DT_F32;
  return RG_OK;
}

/* aten.{add,sub,mul,div}.Tensor(self, other): broadcasting + promotion. */
static RgStatus binary_tensor(HOOK_ARGS, const char *op, int kind) {
  const RgType *ts[2];
  RgStatus st = shape_need_operands(n, 2, 2, op, err, errlen);
  if (st == RG_OK)
    st = need_builtin((ShapeOperand){n, 0, op, "self"}, &ts[0], err, errlen);
  if (st == RG_OK)
    st = need_builtin((ShapeOperand){n, 1, op, "other"}, &ts[1], err, errlen);
  if (st != RG_OK)
    return st;
  RgDType dim = RG_DT_NONE, zero = RG_DT_NONE;
  for (int i = 0; i < 2; i++) {
    if (zero_dim(ts[i]))
      zero = promote(zero, ts[i]->dtype);
    else
      dim = promote(dim, ts[i]->dtype);
  }
  RgDType dt = combine(dim, zero);
  if ((st = arith_dtype(n, op, kind, &dt, err, errlen)) != RG_OK)
    return st;
  return broadcast(g, op, ts, 2, dt, results, err, errlen);
}

RgStatus xnnpack_infer_add_tensor(HOOK_ARGS) {
  return binary_tensor(g, n, results, err, errlen, "add.Tensor", ARITH_ADD);
}
RgStatus xnnpack_infer_sub_tensor(HOOK_ARGS) {
  return binary_tensor(g, n, results, err, errlen, "sub.Tensor", ARITH_SUB);
}
RgStatus xnnpack_infer_mul_tensor(HOOK_ARGS) {
  return binary_tensor(g, n, results, err, errlen, "mul.Tensor", ARITH_MUL);
}
RgStatus xnnpack_infer_div_tensor(HOOK_ARGS) {
  return binary_tensor(g, n, results, err, errlen, "div.Tensor", ARITH_DIV);
}

/* aten.{add,sub,mul,div}.Scalar(self) <{other = c}>: the scalar is a
 * wrapped number, so `x_i8 * 2` stays i8 and `x_i8 * 2.0` becomes f32. */
static RgStatus binary_scalar(HOOK_ARGS, const char *op, int kind) {
  const RgType *t;
  RgStatus st = shape_need_operands(n, 1, 1, op, err, errlen);
  if (st == RG_OK)
    st = need_builtin((ShapeOperand){n, 0, op, "self"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  RgDType sd = scalar_dtype(rg_node_attr(n, "other"));
  if (sd == RG_DT_NONE)
    return shape_fail(err, errlen, "%s: missing or malformed property 'other' (N : i64, F : "
                      "f64 or a bool)", op);
  RgDType dt = combine(t->dtype, sd); /* the same for a zero-dim self */
  if ((st = arith_dtype(n, op, kind, &dt, err, errlen)) != RG_OK)
    return st;
  const RgType *elem = rg_type_scalar(g, dt);
  return elem ? shape_set(results, shape_like(g, t, elem)) : RG_ERR_NOMEM;
}

RgStatus xnnpack_infer_add_scalar(HOOK_ARGS) {
  return binary_scalar(g, n, results, err, errlen, "add.Scalar", ARITH_ADD);
}
RgStatus xnnpack_infer_sub_scalar(HOOK_ARGS) {
  return binary_scalar(g, n, results, err, errlen, "sub.Scalar", ARITH_SUB);
}
RgStatus xnnpack_infer_mul_scalar(HOOK_ARGS) {
  return binary_scalar(g, n, results, err, errlen, "mul.Scalar", ARITH_MUL);
}
RgStatus xnnpack_infer_div_scalar(HOOK_ARGS) {
  return binary_scalar(g, n, results, err, errlen, "div.Scalar", ARITH_DIV);
}

/* Ops whose result has the input's type: relu, hardtanh, clamp, neg, abs,
 * clone, gelu, ... (properties such as min_val/max_val do not matter). */
RgStatus xnnpack_infer_unary(HOOK_ARGS) {
  (void)g;
  const RgType *t;
  RgStatus st = shape_need_operands(n, 1, 1, "unary", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "unary", "self"}, &t, err, errlen);
  if (st == RG_OK)
    results[0] = t;
  return st;
}

/* Unary float functions (sigmoid, tanh, exp, sqrt, rsqrt, log): integer
 * and bool inputs give the default dtype f32. */
RgStatus xnnpack_infer_unary_float(HOOK_ARGS) {
  const RgType *t;
  RgStatus st = shape_need_operands(n, 1, 1, "unary_float", err, errlen);
  if (st == RG_OK)
    st = need_builtin((ShapeOperand){n, 0, "unary_float", "self"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (rg_dtype_is_float(t->dtype)) {
    results[0] = t;
    return RG_OK;
  }
  const RgType *elem = rg_type_scalar(g, RG_DT_F32);
  return elem ? shape_set(results, shape_like(g, t, elem)) : RG_ERR_NOMEM;
}

/* ---- matrix products ---- */

static RgStatus same_dtype(const char *op, const RgType *a, const RgType *b, char *err, size_t errlen) {
  if (a->elem != b->elem)
    return shape_fail(err, errlen, "%s: expected both operands to have the same dtype, got %s "
                      "and %s", op, a->text, b->text);
  return RG_OK;
}

/* aten.mm(self [n,k], mat2 [k,m]) -> [n,m]. */
RgStatus xnnpack_infer_mm(HOOK_ARGS) {
  const RgType *a, *b;
  RgStatus st = shape_need_operands(n, 2, 2, "mm", err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 0, "mm", "self"}, 2, &a, err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 1, "mm", "mat2"}, 2, &b, err, errlen);
  if (st == RG_OK)
    st = same_dtype("mm", a, b, err, errlen);
  if (st != RG_OK)
    return st;
  if (!shape_dim_compatible(a->dims[1], b->dims[0]))
    return shape_fail(err, errlen, "mm: mat1 and mat2 shapes cannot be multiplied (%s and %s)",
                      a->text, b->text);
  int64_t d[2] = {a->dims[0], b->dims[1]};
  return shape_set(results, shape_tensor(g, a->elem, 2, d));
}

/* aten.bmm(self [b,n,k], mat2 [b,k,m]) -> [b,n,m]; no batch broadcasting. */
RgStatus xnnpack_infer_bmm(HOOK_ARGS) {
  const RgType *a, *b;
  RgStatus st = shape_need_operands(n, 2, 2, "bmm", err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 0, "bmm", "self"}, 3, &a, err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 1, "bmm", "mat2"}, 3, &b, err, errlen);
  if (st == RG_OK)
    st = same_dtype("bmm", a, b, err, errlen);
  if (st != RG_OK)
    return st;
  if (!shape_dim_compatible(a->dims[0], b->dims[0]))
    return shape_fail(err, errlen, "bmm: batch sizes differ: %s and %s", a->text, b->text);
  if (!shape_dim_compatible(a->dims[2], b->dims[1]))
    return shape_fail(err, errlen, "bmm: inner dimensions differ: %s and %s", a->text, b->text);
  int64_t d[3] = {a->dims[0] != RG_DIM_DYNAMIC ? a->dims[0] : b->dims[0], a->dims[1], b->dims[2]};
  return shape_set(results, shape_tensor(g, a->elem, 3, d));
}

/* aten.addmm(self, mat1 [n,k], mat2 [k,m]) <{beta, alpha}>: self
 * broadcasts to [n,m]. */
RgStatus xnnpack_infer_addmm(HOOK_ARGS) {
  const RgType *bias, *a, *b;
  RgStatus st = shape_need_operands(n, 3, 3, "addmm", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "addmm", "self"}, &bias, err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 1, "addmm", "mat1"}, 2, &a, err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 2, "addmm", "mat2"}, 2, &b, err, errlen);
  if (st == RG_OK)
    st = same_dtype("addmm", a, b, err, errlen);
  if (st == RG_OK)
    st = same_dtype("addmm", bias, a, err, errlen);
  if (st != RG_OK)
    return st;
  if (!shape_dim_compatible(a->dims[1], b->dims[0]))
    return shape_fail(err, errlen, "addmm: mat1 and mat2 shapes cannot be multiplied (%s and "
                      "%s)", a->text, b->text);
  int64_t d[2] = {a->dims[0], b->dims[1]}, o[MAXR];
  int32_t r;
  if (bias->kind == RG_TYPE_TENSOR &&
      (bias->rank > 2 || !rg_shape_broadcast(2, d, bias->rank, bias->dims, &r, o) ||
       !shape_dim_compatible(o[0], d[0]) || !shape_dim_compatible(o[1], d[1])))
    return shape_fail(err, errlen, "addmm: self %s does not broadcast to the product's shape",
                      bias->text);
  return shape_set(results, shape_tensor(g, a->elem, 2, d));
}

/* aten.linear(input [*, in], weight [out, in], bias? [out]) -> [*, out].
 * A 1-D weight [in] drops the last dim. */
RgStatus xnnpack_infer_linear(HOOK_ARGS) {
  const RgType *x, *w, *b = NULL;
  RgStatus st = shape_need_operands(n, 2, 3, "linear", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "linear", "input"}, &x, err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 1, "linear", "weight"}, -1, &w, err, errlen);
  if (st == RG_OK && n->num_operands == 3)
    st = shape_need_tensor((ShapeOperand){n, 2, "linear", "bias"}, &b, err, errlen);
  if (st == RG_OK)
    st = same_dtype("linear", x, w, err, errlen);
  if (st == RG_OK && b)
    st = same_dtype("linear", x, b, err, errlen);
  if (st != RG_OK)
    return st;
  if (w->rank != 1 && w->rank != 2)
    return shape_fail(err, errlen, "linear: weight must have rank 1 or 2, got %s", w->text);
  int64_t out = w->rank == 2 ? w->dims[0] : 0, in = w->dims[w->rank - 1];
  if (b && b->kind == RG_TYPE_TENSOR && w->rank == 2) {
    if (b->rank > 1 || (b->rank == 1 && b->dims[0] != 1 && !shape_dim_compatible(b->dims[0], out)))
      return shape_fail(err, errlen, "linear: bias %s does not match %s", b->text, w->text);
    if (out == RG_DIM_DYNAMIC && b->rank == 1 && b->dims[0] != 1)
      out = b->dims[0];
  }
  if (x->kind != RG_TYPE_TENSOR)
    return shape_set(results, shape_unranked(g, x->elem));
  if (x->rank < 1)
    return shape_fail(err, errlen, "linear: input must have rank >= 1, got %s", x->text);
  if (!shape_dim_compatible(x->dims[x->rank - 1], in))
    return shape_fail(err, errlen, "linear: input %s and weight %s cannot be multiplied", x->text,
                      w->text);
  int64_t d[MAXR];
  for (int32_t i = 0; i < x->rank; i++)
    d[i] = x->dims[i];
  int32_t r = x->rank;
  if (w->rank == 2)
    d[r - 1] = out;
  else
    r--;
  return shape_set(results, shape_tensor(g, x->elem, r, d));
}

/* ---- views ---- */

/* aten.view_copy(self) <{size = array<i64: ...>}>: one -1 is inferred. */
RgStatus xnnpack_infer_view_copy(HOOK_ARGS) {
  const RgType *t;
  const int64_t *size;
  uint32_t k;
  RgStatus st = shape_need_operands(n, 1, 1, "view_copy", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "view_copy", "self"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (!shape_attr_ints(rg_node_attr(n, "size"), &size, &k))
    return shape_fail(err, errlen, "view_copy: missing or malformed property 'size' "
                      "(array<i64: ...>)");
  if (k > MAXR)
    return shape_fail(err, errlen, "view_copy: size has %u entries, more than %d", k, MAXR);
  int64_t d[MAXR], known = 1;
  int infer = -1;
  char buf[256];
  for (uint32_t i = 0; i < k; i++) {
    d[i] = size[i];
    if (size[i] == -1) {
      if (infer >= 0)
        return shape_fail(err, errlen, "view_copy: only one dimension can be inferred");
      infer = (int)i;
    } else if (size[i] < 0) {
      return shape_fail(err, errlen, "view_copy: invalid shape dimension %lld",
                        (long long)size[i]);
    } else {
      known = shape_dim_mul(known, size[i]);
    }
  }
  int64_t numel = rg_type_numel(t);
  if (infer >= 0) {
    if (numel < 0 || known == RG_DIM_DYNAMIC)
      d[infer] = RG_DIM_DYNAMIC;
    else if (known == 0 || numel % known)
      return shape_fail(err, errlen, "view_copy: shape '[%s]' is invalid for input of size "
                        "%lld", shape_dims_str(buf, sizeof buf, (int32_t)k, size),
                        (long long)numel);
    else
      d[infer] = numel / known;
  } else if (numel >= 0 && known != RG_DIM_DYNAMIC && known != numel) {
    return shape_fail(err, errlen, "view_copy: shape '[%s]' is invalid for input of size %lld",
                      shape_dims_str(buf, sizeof buf, (int32_t)k, size), (long long)numel);
  }
  return shape_set(results, shape_tensor(g, t->elem, (int32_t)k, d));
}

/* aten.expand_copy(self) <{size = array<i64: ...>, implicit = false}>:
 * new leading dims need a size >= 0; -1 keeps an existing dim; an
 * existing dim must be 1 or equal to the new size. */
RgStatus xnnpack_infer_expand_copy(HOOK_ARGS) {
  const RgType *t;
  const int64_t *size;
  uint32_t k;
  RgStatus st = shape_need_operands(n, 1, 1, "expand_copy", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "expand_copy", "self"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (!shape_attr_ints(rg_node_attr(n, "size"), &size, &k))
    return shape_fail(err, errlen, "expand_copy: missing or malformed property 'size' "
                      "(array<i64: ...>)");
  if (k > MAXR)
    return shape_fail(err, errlen, "expand_copy: size has %u entries, more than %d", k, MAXR);
  if (t->kind == RG_TYPE_TENSOR && (int64_t)k < t->rank)
    return shape_fail(err, errlen, "expand_copy: the number of sizes provided (%u) must be "
                      "greater or equal to the number of dimensions in the tensor (%d)", k,
                      (int)t->rank);
  int64_t d[MAXR];
  int32_t lead = t->kind == RG_TYPE_TENSOR ? (int32_t)k - t->rank : 0;
  for (uint32_t i = 0; i < k; i++) {
    int64_t s = size[i];
    if (s < -1)
      return shape_fail(err, errlen, "expand_copy: invalid size %lld", (long long)s);
    if ((int32_t)i < lead || t->kind != RG_TYPE_TENSOR) {
      if (s == -1 && t->kind == RG_TYPE_TENSOR)
        return shape_fail(err, errlen, "expand_copy: -1 is not allowed in a leading, "
                          "non-existing dimension (%u)", i);
      d[i] = s == -1 ? RG_DIM_DYNAMIC : s;
      continue;
    }
    int64_t in = t->dims[i - (uint32_t)lead];
    if (s == -1)
      d[i] = in;
    else if (in == 1 || in == RG_DIM_DYNAMIC || in == s)
      d[i] = s;
    else
      return shape_fail(err, errlen, "expand_copy: the expanded size of the tensor (%lld) must "
                        "match the existing size (%lld) at non-singleton dimension %u",
                        (long long)s, (long long)in, i);
  }
  return shape_set(results, shape_tensor(g, t->elem, (int32_t)k, d));
}

/* Normalizes a possibly negative dim into [0, rank). */
static bool wrap_dim(int64_t dim, int32_t rank, int64_t *out) {
  if (dim < -(int64_t)rank || dim >= rank)
    return false;
  *out = dim < 0 ? dim + rank : dim;
  return true;
}

/* aten.permute_copy(self) <{dims = array<i64: ...>}>; negative dims wrap. */
RgStatus xnnpack_infer_permute_copy(HOOK_ARGS) {
  const RgType *t;
  const int64_t *p;
  uint32_t k;
  RgStatus st = shape_need_operands(n, 1, 1, "permute_copy", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "permute_copy", "self"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (!shape_attr_ints(rg_node_attr(n, "dims"), &p, &k))
    return shape_fail(err, errlen, "permute_copy: missing or malformed property 'dims' "
                      "(array<i64: ...>)");
  if ((t->kind == RG_TYPE_TENSOR && (int64_t)k != t->rank) || k > MAXR)
    return shape_fail(err, errlen, "permute_copy: dims has %u entries but the input has rank %d",
                      k, (int)t->rank);
  bool seen[MAXR] = {false};
  int64_t d[MAXR];
  for (uint32_t i = 0; i < k; i++) {
    int64_t w;
    if (!wrap_dim(p[i], (int32_t)k, &w) || seen[w])
      return shape_fail(err, errlen, "permute_copy: dims is not a permutation (entry %u is "
                        "%lld)", i, (long long)p[i]);
    seen[w] = true;
    d[i] = t->kind == RG_TYPE_TENSOR ? t->dims[w] : RG_DIM_DYNAMIC;
  }
  return shape_set(results, shape_tensor(g, t->elem, (int32_t)k, d));
}

/* aten.unsqueeze_copy(self) <{dim}>: dim in [-rank-1, rank]. */
RgStatus xnnpack_infer_unsqueeze_copy(HOOK_ARGS) {
  const RgType *t;
  int64_t dim, w;
  RgStatus st = shape_need_operands(n, 1, 1, "unsqueeze_copy", err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 0, "unsqueeze_copy", "self"}, -1, &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (!shape_attr_int(rg_node_attr(n, "dim"), &dim))
    return shape_fail(err, errlen, "unsqueeze_copy: missing or malformed property 'dim'");
  if (t->rank >= MAXR || !wrap_dim(dim, t->rank + 1, &w))
    return shape_fail(err, errlen, "unsqueeze_copy: dim %lld is out of range for %s",
                      (long long)dim, t->text);
  int64_t d[MAXR];
  for (int32_t i = 0, j = 0; i <= t->rank; i++)
    d[i] = i == w ? 1 : t->dims[j++];
  return shape_set(results, shape_tensor(g, t->elem, t->rank + 1, d));
}

/* aten.squeeze_copy.dims(self) <{dim = array<i64: ...>}>: drops the
 * listed dims that are 1 (others stay, as in torch). A dynamic listed dim
 * cannot be decided and is an error. */
RgStatus xnnpack_infer_squeeze_copy(HOOK_ARGS) {
  const RgType *t;
  const int64_t *dims;
  uint32_t k;
  RgStatus st = shape_need_operands(n, 1, 1, "squeeze_copy", err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 0, "squeeze_copy", "self"}, -1, &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (!shape_attr_ints(rg_node_attr(n, "dim"), &dims, &k))
    return shape_fail(err, errlen, "squeeze_copy: missing or malformed property 'dim' "
                      "(array<i64: ...>)");
  bool drop[MAXR] = {false};
  for (uint32_t i = 0; i < k; i++) {
    int64_t w;
    if (!wrap_dim(dims[i], t->rank, &w))
      return shape_fail(err, errlen, "squeeze_copy: dim %lld is out of range for %s",
                        (long long)dims[i], t->text);
    if (t->dims[w] == RG_DIM_DYNAMIC)
      return shape_fail(err, errlen, "squeeze_copy: dim %lld of %s is dynamic", (long long)w,
                        t->text);
    drop[w] = t->dims[w] == 1;
  }
  int64_t d[MAXR];
  int32_t r = 0;
  for (int32_t i = 0; i < t->rank; i++)
    if (!drop[i])
      d[r++] = t->dims[i];
  return shape_set(results, shape_tensor(g, t->elem, r, d));
}

/* aten.slice_copy.Tensor(self) <{dim = 0, start?, end?, step = 1}>:
 * Python slicing of one dim; missing start/end mean the whole dim. */
RgStatus xnnpack_infer_slice_copy(HOOK_ARGS) {
  const RgType *t;
  int64_t dim = 0, start = 0, end = INT64_MAX, step = 1, w;
  RgStatus st = shape_need_operands(n, 1, 1, "slice_copy", err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 0, "slice_copy", "self"}, -1, &t, err, errlen);
  if (st != RG_OK)
    return st;
  const RgAttr *a;
  if (((a = rg_node_attr(n, "dim")) && !shape_attr_int(a, &dim)) ||
      ((a = rg_node_attr(n, "start")) && !shape_attr_int(a, &start)) ||
      ((a = rg_node_attr(n, "end")) && !shape_attr_int(a, &end)) ||
      ((a = rg_node_attr(n, "step")) && !shape_attr_int(a, &step)))
    return shape_fail(err, errlen, "slice_copy: dim, start, end and step must be integers");
  if (!wrap_dim(dim, t->rank, &w))
    return shape_fail(err, errlen, "slice_copy: dim %lld is out of range for %s", (long long)dim,
                      t->text);
  if (step < 1)
    return shape_fail(err, errlen, "slice_copy: slice step must be positive, got %lld",
                      (long long)step);
  int64_t d[MAXR], in = t->dims[w];
  for (int32_t i = 0; i < t->rank; i++)
    d[i] = t->dims[i];
  if (in == RG_DIM_DYNAMIC) {
    d[w] = RG_DIM_DYNAMIC;
  } else {
    if (start < 0)
      start = start < -in ? 0 : start + in;
    if (end < 0)
      end = end < -in ? 0 : end + in;
    if (start > in)
      start = in;
    if (end > in)
      end = in;
    d[w] = end > start ? (end - start - 1) / step + 1 : 0;
  }
  return shape_set(results, shape_tensor(g, t->elem, t->rank, d));
}

/* aten.cat(tensors...) <{dim = 0}>: variadic; dtypes promote. */
RgStatus xnnpack_infer_cat(HOOK_ARGS) {
  const RgType *t0, *t;
  int64_t dim = 0, w;
  RgStatus st = shape_need_operands(n, 1, 0, "cat", err, errlen);
  if (st == RG_OK)
    st = need_builtin((ShapeOperand){n, 0, "cat", "tensors"}, &t0, err, errlen);
  if (st != RG_OK)
    return st;
  const RgAttr *da = rg_node_attr(n, "dim");
  if (da && !shape_attr_int(da, &dim))
    return shape_fail(err, errlen, "cat: 'dim' must be an integer");
  RgDType dt = RG_DT_NONE;
  int32_t rank = -1;
  for (uint32_t i = 0; i < n->num_operands; i++) {
    if ((st = need_builtin((ShapeOperand){n, i, "cat", "tensors"}, &t, err, errlen)) != RG_OK)
      return st;
    dt = promote(dt, t->dtype);
    if (t->kind != RG_TYPE_TENSOR)
      continue;
    if (rank >= 0 && t->rank != rank)
      return shape_fail(err, errlen, "cat: tensors must have the same number of dimensions: "
                        "got %d and %d", (int)rank, (int)t->rank);
    rank = t->rank;
  }
  const RgType *elem = rg_type_scalar(g, dt);
  if (!elem)
    return RG_ERR_NOMEM;
  if (rank < 0)
    return shape_set(results, shape_unranked(g, elem));
  if (!wrap_dim(dim, rank, &w))
    return shape_fail(err, errlen, "cat: dim %lld is out of range for rank %d", (long long)dim,
                      (int)rank);
  int64_t d[MAXR];
  for (int32_t i = 0; i < rank; i++)
    d[i] = i == w ? 0 : RG_DIM_DYNAMIC;
  for (uint32_t i = 0; i < n->num_operands; i++) {
    t = shape_operand(n, i);
    for (int32_t j = 0; j < rank; j++) {
      int64_t x = t->kind == RG_TYPE_TENSOR ? t->dims[j] : RG_DIM_DYNAMIC;
      if (j == w)
        d[j] = shape_dim_add(d[j], x);
      else if (!shape_dim_compatible(d[j], x))
        return shape_fail(err, errlen, "cat: sizes of tensors must match except in dimension "
                          "%lld: %s and %s", (long long)w, t0->text, t->text);
      else if (x != RG_DIM_DYNAMIC)
        d[j] = x;
    }
  }
  return shape_set(results, shape_tensor(g, elem, rank, d));
}

/* ---- normalization and reductions ---- */

/* aten._softmax(self) <{dim, half_to_float}> (also aten.softmax.int):
 * same shape; half_to_float turns f16/bf16 into f32. */
RgStatus xnnpack_infer_softmax(HOOK_ARGS) {
  const RgType *t;
  int64_t dim, w, h2f = 0;
  RgStatus st = shape_need_operands(n, 1, 1, "softmax", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "softmax", "self"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (!shape_attr_int(rg_node_attr(n, "dim"), &dim))
    return shape_fail(err, errlen, "softmax: missing or malformed property 'dim'");
  int32_t rank = t->kind == RG_TYPE_TENSOR ? (t->rank ? t->rank : 1) : -1;
  if (rank >= 0 && !wrap_dim(dim, rank, &w))
    return shape_fail(err, errlen, "softmax: dim %lld is out of range for %s", (long long)dim,
                      t->text);
  if (!rg_dtype_is_float(t->dtype))
    return shape_fail(err, errlen, "softmax: expected a floating point input, got %s", t->text);
  shape_attr_int(rg_node_attr(n, "half_to_float"), &h2f);
  if (h2f && t->dtype != RG_DT_F16 && t->dtype != RG_DT_BF16)
    return shape_fail(err, errlen, "softmax: half_to_float needs an f16 or bf16 input, got %s",
                      t->text);
  if (!h2f) {
    results[0] = t;
    return RG_OK;
  }
  const RgType *elem = rg_type_scalar(g, RG_DT_F32);
  return elem ? shape_set(results, shape_like(g, t, elem)) : RG_ERR_NOMEM;
}

/* aten.native_layer_norm(input, weight?, bias?) <{normalized_shape, eps}>
 * -> (out, mean, rstd). out has the input's type; mean and rstd keep the
 * leading dims and have 1 for each normalized dim. Their dtype is the
 * input's unless the node already carries result types (torch computes
 * them in f32 for f16/bf16 inputs with f32 parameters). */
RgStatus xnnpack_infer_native_layer_norm(HOOK_ARGS) {
  const char *op = "native_layer_norm";
  const RgType *x, *p;
  const int64_t *ns;
  uint32_t k;
  RgStatus st = shape_need_operands(n, 1, 3, op, err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, op, "input"}, &x, err, errlen);
  if (st != RG_OK)
    return st;
  if (n->num_results != 3)
    return shape_fail(err, errlen, "%s: expected 3 results, got %u", op, n->num_results);
  if (!shape_attr_ints(rg_node_attr(n, "normalized_shape"), &ns, &k) || k == 0)
    return shape_fail(err, errlen, "%s: missing, empty or malformed property 'normalized_shape' "
                      "(array<i64: ...>)", op);
  if (x->kind == RG_TYPE_TENSOR && (int64_t)k > x->rank)
    return shape_fail(err, errlen, "%s: normalized_shape has %u entries but the input has rank "
                      "%d", op, k, (int)x->rank);
  char buf[256];
  if (x->kind == RG_TYPE_TENSOR)
    for (uint32_t i = 0; i < k; i++)
      if (!shape_dim_compatible(x->dims[x->rank - (int32_t)k + (int32_t)i], ns[i]))
        return shape_fail(err, errlen, "%s: input %s does not end with normalized_shape [%s]", op,
                          x->text, shape_dims_str(buf, sizeof buf, (int32_t)k, ns));
  for (uint32_t i = 1; i < n->num_operands; i++) {
    if ((st = shape_need_tensor((ShapeOperand){n, i, op, i == 1 ? "weight" : "bias"}, &p, err, errlen)) != RG_OK)
      return st;
    if (p->kind != RG_TYPE_TENSOR)
      continue;
    bool ok = p->rank == (int32_t)k;
    for (uint32_t j = 0; ok && j < k; j++)
      ok = shape_dim_compatible(p->dims[j], ns[j]);
    if (!ok)
      return shape_fail(err, errlen, "%s: %s %s does not match normalized_shape [%s]", op,
                        i == 1 ? "weight" : "bias", p->text,
                        shape_dims_str(buf, sizeof buf, (int32_t)k, ns));
  }
  results[0] = x;
  for (uint32_t r = 1; r < 3; r++) {
    const RgType *h = shape_hint(n, r);
    const RgType *elem = h && rg_type_is_tensor(h) ? h->elem : x->elem;
    if (x->kind != RG_TYPE_TENSOR) {
      if ((st = shape_set(&results[r], shape_unranked(g, elem))) != RG_OK)
        return st;
      continue;
    }
    int64_t d[MAXR];
    for (int32_t i = 0; i < x->rank; i++)
      d[i] = i < x->rank - (int32_t)k ? x->dims[i] : 1;
    if ((st = shape_set(&results[r], shape_tensor(g, elem, x->rank, d))) != RG_OK)
      return st;
  }
  return RG_OK;
}

/* aten.mean.dim(self) <{dim = array<i64: ...>, keepdim = false}>: an empty
 * or missing dim list reduces every dim. Needs a float input. */
RgStatus xnnpack_infer_mean_dim(HOOK_ARGS) {
  const RgType *t;
  RgStatus st = shape_need_operands(n, 1, 1, "mean.dim", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "mean.dim", "self"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (!rg_dtype_is_float(t->dtype))
    return shape_fail(err, errlen, "mean.dim: expected a floating point input, got %s", t->text);
  return shape_reduce(g, (ShapeReduction){n, "mean.dim", t, t->elem}, results, err, errlen);
}

/* aten._constant: the encoding of a lifted tensor constant in this graph
 * form (exported programs pass them as inputs; rewrites that make new
 * constants need a node). Its type is the type of its `value`. */
RgStatus xnnpack_infer_constant(HOOK_ARGS) {
  (void)g;
  const RgAttr *a = rg_node_attr(n, "value");
  if (n->num_operands)
    return shape_fail(err, errlen, "_constant: expected no operands, got %u", n->num_operands);
  if (!a || a->kind != RG_ATTR_DENSE || !a->type || !rg_type_is_tensor(a->type))
    return shape_fail(err, errlen, "_constant: 'value' must be a dense tensor attribute");
  results[0] = a->type;
  return RG_OK;
}

/* aten.full <{size, fill_value, dtype}>: the static shape `size` of
 * element type `dtype`, no operands. */
RgStatus xnnpack_infer_full(HOOK_ARGS) {
  RgDType dt = RG_DT_NONE;
  RgInts s;
  if (n->num_operands || !rg_attr_to_ints(g, rg_node_attr(n, "size"), &s) || s.n > RG_TENSOR_MAX_RANK ||
      !rg_attr_get_dtype(rg_node_attr(n, "dtype"), &dt))
    return shape_fail(err, errlen, "full: needs no operands, a static 'size' and a 'dtype'");
  for (uint32_t i = 0; i < s.n; i++)
    if (s.v[i] < 0)
      return shape_fail(err, errlen, "full: negative size");
  results[0] = rg_type_tensor(g, dt, (int32_t)s.n, s.v);
  return results[0] ? RG_OK : RG_ERR_NOMEM;
}
