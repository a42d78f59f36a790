/* backends/common/shape_common.c - helpers shared by the shape-inference
 * hooks of every backend (see shape_common.h). Everything here assumes a
 * node may be malformed: missing operands, untyped values, attributes of
 * the wrong kind all give NULL/false instead of a crash. */
#include <stdlib.h>
#include "shape_common.h"

RgStatus shape_fail(char *err, size_t errlen, const char *fmt, ...) {
  if (err && errlen) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
  }
  return RG_ERR_TYPE;
}

const RgType *shape_operand(const RgNode *n, uint32_t i) {
  if (!n || i >= n->num_operands || !n->operands[i].value)
    return NULL;
  return n->operands[i].value->type;
}

const RgType *shape_hint(const RgNode *n, uint32_t i) {
  if (!n || i >= n->num_results)
    return NULL;
  return n->results[i].type;
}

RgStatus shape_need_operands(const RgNode *n, uint32_t min, uint32_t max, const char *op,
                             char *err, size_t errlen) {
  if (n->num_operands < min)
    return shape_fail(err, errlen, "%s: expected %s%u operand%s, got %u", op,
                      max == min ? "" : "at least ", min, min == 1 ? "" : "s", n->num_operands);
  if (max >= min && n->num_operands > max)
    return shape_fail(err, errlen, "%s: expected %s%u operand%s, got %u", op,
                      max == min ? "" : "at most ", max, max == 1 ? "" : "s", n->num_operands);
  return RG_OK;
}

RgStatus shape_need_tensor(ShapeOperand o, const RgType **t, char *err, size_t errlen) {
  const RgType *ty = shape_operand(o.n, o.i);
  if (!ty)
    return shape_fail(err, errlen, "%s: operand %u (%s) is missing", o.op, o.i, o.what);
  if (ty->kind != RG_TYPE_TENSOR && ty->kind != RG_TYPE_UNRANKED)
    return shape_fail(err, errlen, "%s: operand %u (%s) is not a tensor: %s", o.op, o.i, o.what,
                      ty->text);
  if (!ty->elem)
    return shape_fail(err, errlen, "%s: operand %u (%s) has no element type: %s", o.op, o.i, o.what,
                      ty->text);
  *t = ty;
  return RG_OK;
}

RgStatus shape_need_ranked(ShapeOperand o, int32_t rank, const RgType **t, char *err, size_t errlen) {
  RgStatus st = shape_need_tensor(o, t, err, errlen);
  if (st != RG_OK)
    return st;
  if ((*t)->kind != RG_TYPE_TENSOR)
    return shape_fail(err, errlen, "%s: operand %u (%s) must be ranked, got %s", o.op, o.i, o.what,
                      (*t)->text);
  if (rank >= 0 && (*t)->rank != rank)
    return shape_fail(err, errlen, "%s: operand %u (%s) must have rank %d, got %s", o.op, o.i, o.what,
                      (int)rank, (*t)->text);
  return RG_OK;
}

const RgType *shape_tensor(RgGraph *g, const RgType *elem, int32_t rank, const int64_t *dims) {
  return rank > SHAPE_MAX_RANK ? NULL : rg_type_tensor_of(g, elem, rank, dims);
}

const RgType *shape_unranked(RgGraph *g, const RgType *elem) {
  if (!elem)
    return NULL;
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, "tensor<*x");
  rgs_buf_put(&b, elem->text, elem->text_len);
  rgs_buf_putc(&b, '>');
  const RgType *t = b.oom ? NULL : rg_type_get(g, b.data, b.len);
  rgs_buf_free(&b);
  return t;
}

const RgType *shape_like(RgGraph *g, const RgType *like, const RgType *elem) {
  if (like->kind == RG_TYPE_TENSOR && like->elem == elem)
    return like;
  if (like->kind == RG_TYPE_TENSOR)
    return shape_tensor(g, elem, like->rank, like->dims);
  return shape_unranked(g, elem);
}

RgStatus shape_set(const RgType **out, const RgType *t) {
  if (!t)
    return RG_ERR_NOMEM;
  *out = t;
  return RG_OK;
}

int64_t shape_dim_add(int64_t a, int64_t b) {
  if (a == RG_DIM_DYNAMIC || b == RG_DIM_DYNAMIC)
    return RG_DIM_DYNAMIC;
  if ((b > 0 && a > INT64_MAX - b) || (b < 0 && a < INT64_MIN + 1 - b))
    return RG_DIM_DYNAMIC;
  return a + b;
}

int64_t shape_dim_mul(int64_t a, int64_t b) {
  if (a == RG_DIM_DYNAMIC || b == RG_DIM_DYNAMIC)
    return RG_DIM_DYNAMIC;
  if (a < 0 || b < 0 || (a && b > INT64_MAX / a))
    return RG_DIM_DYNAMIC;
  return a * b;
}

bool shape_attr_ints(const RgAttr *a, const int64_t **v, uint32_t *n) {
  if (!a || a->kind != RG_ATTR_DENSE_ARRAY || (a->type && rg_dtype_is_float(a->type->dtype)))
    return false;
  if (a->count && !a->u.ints)
    return false;
  *v = a->u.ints;
  *n = a->count;
  return true;
}

bool shape_attr_int(const RgAttr *a, int64_t *v) {
  if (a && a->kind == RG_ATTR_INT) {
    *v = a->u.i;
    return true;
  }
  if (a && a->kind == RG_ATTR_BOOL) {
    *v = a->u.b;
    return true;
  }
  return false;
}

bool shape_attr_number(const RgAttr *a, double *v, bool *is_float) {
  if (a && a->kind == RG_ATTR_FLOAT) {
    *v = a->u.f;
    *is_float = true;
    return true;
  }
  if (a && (a->kind == RG_ATTR_INT || a->kind == RG_ATTR_BOOL)) {
    *v = a->kind == RG_ATTR_INT ? (double)a->u.i : a->u.b;
    *is_float = false;
    return true;
  }
  return false;
}

int shape_const_ints(RgGraph *g, const RgValue *v, int64_t *out, uint32_t max, uint32_t *n) {
  const RgNode *def = v ? rg_value_def(v) : NULL;
  const RgAttr *a = def ? rg_node_attr(def, "values") : NULL;
  if (!a || a->kind != RG_ATTR_DENSE)
    return 0;
  const int64_t *vals;
  uint32_t count;
  int64_t numel = a->type ? rg_type_numel(a->type) : -1;
  if (numel < 0 || numel > (int64_t)max || !rg_attr_dense_get_ints(g, a, &vals, &count))
    return -1;
  if (count != 1 && count != (uint32_t)numel)
    return -1;
  for (int64_t i = 0; i < numel; i++)
    out[i] = vals[count == 1 ? 0 : i];
  *n = (uint32_t)numel;
  return 1;
}

const char *shape_dims_str(char *buf, size_t len, int32_t rank, const int64_t *dims) {
  size_t k = 0;
  if (!len)
    return buf;
  buf[0] = 0;
  for (int32_t i = 0; i < rank && k < len; i++) {
    int w;
    if (dims[i] == RG_DIM_DYNAMIC)
      w = snprintf(buf + k, len - k, "%s?", i ? "x" : "");
    else
      w = snprintf(buf + k, len - k, "%s%lld", i ? "x" : "", (long long)dims[i]);
    if (w < 0)
      break;
    k += (size_t)w;
  }
  return buf;
}

RgStatus shape_reduce(RgGraph *g, ShapeReduction rd, const RgType **result, char *err, size_t errlen) {
  const RgNode *n = rd.n;
  const char *op = rd.op;
  const RgType *t = rd.in, *elem = rd.elem;
  const int64_t *dims = NULL;
  uint32_t k = 0;
  int64_t keep = 0;
  const RgAttr *da = rg_node_attr(n, "dim");
  if (da && !shape_attr_ints(da, &dims, &k))
    return shape_fail(err, errlen, "%s: 'dim' must be array<i64: ...>", op);
  shape_attr_int(rg_node_attr(n, "keepdim"), &keep);
  if (t->kind != RG_TYPE_TENSOR)
    return shape_set(result, shape_unranked(g, elem));
  bool red[SHAPE_MAX_RANK] = {false};
  int64_t rank = t->rank ? t->rank : 1;
  for (uint32_t i = 0; i < k; i++) {
    int64_t w = dims[i] < 0 ? dims[i] + rank : dims[i];
    if (dims[i] < -rank || dims[i] >= rank || (t->rank && red[w]))
      return shape_fail(err, errlen, "%s: dim %lld is out of range or repeated for %s", op,
                        (long long)dims[i], t->text);
    red[w] = true;
  }
  int64_t d[SHAPE_MAX_RANK];
  int32_t r = 0;
  for (int32_t i = 0; i < t->rank; i++) {
    if (!red[i] && k)
      d[r++] = t->dims[i];
    else if (keep)
      d[r++] = 1;
  }
  return shape_set(result, shape_tensor(g, elem, r, d));
}
