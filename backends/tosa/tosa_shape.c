/* backends/tosa/tosa_shape.c - shape inference hooks of the TOSA 1.0 ops in
 * their MLIR 22 spelling (zero points, MUL's shift and shapes are operands;
 * perms, axis, pad/stride/dilation/kernel are properties). The rewriter
 * calls them for every node a rule creates; docs/backends.md has the
 * contract and the rules for element types operands cannot determine. */
#include "rules/builtin.h"
#include "../common/shape_common.h"

#define HOOK_ARGS RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen
#define MAXR SHAPE_MAX_RANK

/* ---- helpers ---- */

/* The op a message names and the buffer it goes to. */
typedef struct OpMsg {
  const char *op;
  char *err;
  size_t errlen;
} OpMsg;

/* Operand i of node n, called `what` in messages; rank: the rank it must
 * have, where that is checked. */
typedef struct Operand {
  const RgNode *n;
  uint32_t i;
  const char *what;
  int32_t rank;
} Operand;

/* A DENSE_ARRAY property: its name, its entry count and the least value
 * of an entry. */
typedef struct IntProp {
  const char *name;
  uint32_t count;
  int64_t min;
} IntProp;

/* Result = operand 0's type, for unary elementwise ops with `nops` operands. */
static RgStatus same_as_input(HOOK_ARGS, const char *op, uint32_t nops) {
  (void)g;
  const RgType *t;
  RgStatus st = shape_need_operands(n, nops, nops, op, err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, op, "input"}, &t, err, errlen);
  if (st == RG_OK)
    results[0] = t;
  return st;
}

/* TOSA broadcasting of k tensors: equal ranks, dims equal or 1. Any
 * unranked operand gives an unranked result. */
static RgStatus broadcast(RgGraph *g, const RgType *const *ts, uint32_t k, const RgType *elem, const RgType **out,
                          OpMsg m) {
  const char *op = m.op;
  char *err = m.err;
  size_t errlen = m.errlen;
  for (uint32_t i = 0; i < k; i++)
    if (ts[i]->kind == RG_TYPE_UNRANKED)
      return shape_set(out, shape_unranked(g, elem));
  int64_t dims[MAXR];
  int32_t rank = ts[0]->rank;
  if (rank > MAXR)
    return shape_fail(err, errlen, "%s: rank %d is too large", op, (int)rank);
  for (int32_t d = 0; d < rank; d++)
    dims[d] = ts[0]->dims[d];
  for (uint32_t i = 1; i < k; i++) {
    if (ts[i]->rank != rank)
      return shape_fail(err, errlen,
                        "%s: operands must have the same rank (TOSA broadcasting never adds "
                        "dimensions): %s and %s", op, ts[0]->text, ts[i]->text);
    int32_t r;
    if (!rg_shape_broadcast(rank, dims, rank, ts[i]->dims, &r, dims))
      return shape_fail(err, errlen, "%s: cannot broadcast %s and %s", op, ts[0]->text,
                        ts[i]->text);
  }
  return shape_set(out, shape_tensor(g, elem, rank, dims));
}

/* Elementwise ops over the first k operands (of exactly nops operands)
 * that must share one element type. */
static RgStatus binary(HOOK_ARGS, const char *op, uint32_t nops, uint32_t k, const RgType *res_elem) {
  const RgType *ts[3];
  static const char *const names[3] = {"input1", "input2", "input3"};
  RgStatus st = shape_need_operands(n, nops, nops, op, err, errlen);
  for (uint32_t i = 0; st == RG_OK && i < k; i++)
    st = shape_need_tensor((ShapeOperand){n, i, op, names[i]}, &ts[i], err, errlen);
  if (st != RG_OK)
    return st;
  for (uint32_t i = 1; i < k; i++)
    if (ts[i]->elem != ts[0]->elem)
      return shape_fail(err, errlen, "%s: operand element types differ: %s and %s", op,
                        ts[0]->text, ts[i]->text);
  if (!res_elem)
    res_elem = ts[0]->elem;
  if (!res_elem)
    return RG_ERR_NOMEM;
  return broadcast(g, ts, k, res_elem, results, (OpMsg){op, err, errlen});
}

/* A ranked operand of the given rank, or an unranked one read as all
 * dynamic dims: conv and pool ops know their operand ranks. */
static RgStatus dims_of(Operand o, int64_t *dims, const RgType **t, OpMsg m) {
  const char *op = m.op, *what = o.what;
  char *err = m.err;
  size_t errlen = m.errlen;
  const RgNode *n = o.n;
  uint32_t i = o.i;
  int32_t rank = o.rank;
  RgStatus st = shape_need_tensor((ShapeOperand){n, i, op, what}, t, err, errlen);
  if (st != RG_OK)
    return st;
  if ((*t)->kind == RG_TYPE_UNRANKED) {
    for (int32_t d = 0; d < rank; d++)
      dims[d] = RG_DIM_DYNAMIC;
    return RG_OK;
  }
  if ((*t)->rank != rank)
    return shape_fail(err, errlen, "%s: %s must have rank %d, got %s", op, what, (int)rank,
                      (*t)->text);
  for (int32_t d = 0; d < rank; d++)
    dims[d] = (*t)->dims[d];
  return RG_OK;
}

/* A DENSE_ARRAY property with exactly `count` entries, each >= min. */
static RgStatus int_prop(const RgNode *n, IntProp p, const int64_t **v, OpMsg m) {
  const char *op = m.op, *name = p.name;
  char *err = m.err;
  size_t errlen = m.errlen;
  uint32_t count = p.count;
  int64_t min = p.min;
  uint32_t k;
  if (!shape_attr_ints(rg_node_attr(n, name), v, &k))
    return shape_fail(err, errlen, "%s: missing or malformed property '%s' (array<i64: ...>)", op,
                      name);
  if (k != count)
    return shape_fail(err, errlen, "%s: '%s' has %u entries, expected %u", op, name, k, count);
  for (uint32_t i = 0; i < k; i++)
    if ((*v)[i] < min)
      return shape_fail(err, errlen, "%s: '%s' entry %u is %lld, must be >= %lld", op, name, i,
                        (long long)(*v)[i], (long long)min);
  return RG_OK;
}

/* The `axis` property, checked against the rank. */
static RgStatus axis_prop(const RgNode *n, const char *op, int32_t rank, int64_t *axis, char *err,
                          size_t errlen) {
  if (!shape_attr_int(rg_node_attr(n, "axis"), axis))
    return shape_fail(err, errlen, "%s: missing or malformed property 'axis' (N : i32)", op);
  if (rank >= 0 && (*axis < 0 || *axis >= rank))
    return shape_fail(err, errlen, "%s: axis %lld is out of range for rank %d", op,
                      (long long)*axis, (int)rank);
  return RG_OK;
}

/* N of a `!tosa.shape<N>` type, or -1. */
static int64_t shape_type_len(const RgType *t) {
  static const char pre[] = "!tosa.shape<";
  size_t np = sizeof pre - 1;
  if (!t || t->kind != RG_TYPE_OTHER || t->text_len <= np + 1 ||
      memcmp(t->text, pre, np) != 0 || t->text[t->text_len - 1] != '>')
    return -1;
  int64_t v = 0;
  for (size_t i = np; i + 1 < t->text_len; i++) {
    char c = t->text[i];
    if (c < '0' || c > '9' || v > MAXR)
      return -1;
    v = v * 10 + (c - '0');
  }
  return v;
}

/* Operand i, a shape: its constant values (returns 1), or only its length
 * from `!tosa.shape<N>` when it is not a constant (returns 0, *n = N). */
static int shape_operand_values(RgGraph *g, Operand o, int64_t *v, uint32_t *count, RgStatus *st, OpMsg m) {
  const char *op = m.op, *what = o.what;
  char *err = m.err;
  size_t errlen = m.errlen;
  const RgNode *n = o.n;
  uint32_t i = o.i;
  *st = RG_OK;
  if (i >= n->num_operands || !n->operands[i].value) {
    *st = shape_fail(err, errlen, "%s: operand %u (%s) is missing", op, i, what);
    return -1;
  }
  int r = shape_const_ints(g, n->operands[i].value, v, MAXR, count);
  if (r > 0)
    return 1;
  if (r < 0) {
    *st = shape_fail(err, errlen, "%s: %s is not a valid shape constant (more than %d entries or "
                     "undecodable values)", op, what, MAXR);
    return -1;
  }
  int64_t len = shape_type_len(shape_operand(n, i));
  if (len < 0) {
    *st = shape_fail(err, errlen, "%s: %s must be a !tosa.shape value, got %s", op, what,
                     shape_text(shape_operand(n, i)));
    return -1;
  }
  *count = (uint32_t)len;
  return 0;
}

/* Element type that operands do not determine: the node's current result
 * type (set by the graph reader, or by a rewriter that knows the replaced
 * value) when it is a tensor, else NULL. */
static const RgType *elem_hint(const RgNode *n) {
  const RgType *h = shape_hint(n, 0);
  return h && rg_type_is_tensor(h) ? h->elem : NULL;
}

/* ---- constants and data layout ---- */

/* The type of a `values` attribute: DENSE carries it; a verbatim attribute
 * (dense_resource<...> : tensor<...>) spells it after the last top-level
 * " : ". */
static const RgType *values_type(RgGraph *g, const RgAttr *a) {
  if (a->kind == RG_ATTR_DENSE)
    return a->type;
  if (a->kind != RG_ATTR_OPAQUE || !a->text)
    return NULL;
  int depth = 0;
  const char *colon = NULL;
  for (uint32_t i = 0; i < a->text_len; i++) {
    char c = a->text[i];
    if (c == '<' || c == '(' || c == '[' || c == '{')
      depth++;
    else if (c == '>' || c == ')' || c == ']' || c == '}')
      depth--;
    else if (c == ':' && depth == 0)
      colon = a->text + i;
  }
  if (!colon)
    return NULL;
  const char *p = colon + 1, *end = a->text + a->text_len;
  while (p < end && *p == ' ')
    p++;
  return p < end ? rg_type_get(g, p, (size_t)(end - p)) : NULL;
}

RgStatus tosa_infer_const(HOOK_ARGS) {
  const RgAttr *a = rg_node_attr(n, "values");
  if (n->num_operands)
    return shape_fail(err, errlen, "const: expected no operands, got %u", n->num_operands);
  if (!a)
    return shape_fail(err, errlen, "const: missing property 'values'");
  const RgType *t = values_type(g, a);
  if (!t || !rg_type_is_tensor(t))
    return shape_fail(err, errlen, "const: 'values' is not a typed tensor attribute");
  /* A quantized constant holds its storage values: `dense<...> :
   * tensor<3xi8>` typed tensor<3x!quant.uniform<i8:f32, ...>>. */
  const RgType *h = shape_hint(n, 0);
  if (h && rg_type_is_quant(h) && rg_type_storage_type(g, h) == t)
    t = h;
  results[0] = t;
  return RG_OK;
}

RgStatus tosa_infer_const_shape(HOOK_ARGS) {
  const RgAttr *a = rg_node_attr(n, "values");
  if (n->num_operands)
    return shape_fail(err, errlen, "const_shape: expected no operands, got %u", n->num_operands);
  if (!a || a->kind != RG_ATTR_DENSE || !a->type || a->type->kind != RG_TYPE_TENSOR ||
      a->type->rank != 1 || a->type->dims[0] < 0)
    return shape_fail(err, errlen, "const_shape: 'values' must be dense<...> : tensor<Nxindex>");
  char buf[48];
  snprintf(buf, sizeof buf, "!tosa.shape<%lld>", (long long)a->type->dims[0]);
  return shape_set(results, rg_type_get(g, buf, strlen(buf)));
}

RgStatus tosa_infer_transpose(HOOK_ARGS) {
  const RgType *t;
  const int64_t *p;
  uint32_t np;
  RgStatus st = shape_need_operands(n, 1, 1, "transpose", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "transpose", "input1"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (!shape_attr_ints(rg_node_attr(n, "perms"), &p, &np))
    return shape_fail(err, errlen, "transpose: missing or malformed property 'perms' "
                      "(array<i32: ...>)");
  if (t->kind == RG_TYPE_TENSOR && (int64_t)np != t->rank)
    return shape_fail(err, errlen, "transpose: perms has %u entries but the input has rank %d",
                      np, (int)t->rank);
  if (np > MAXR)
    return shape_fail(err, errlen, "transpose: perms has %u entries, more than %d", np, MAXR);
  bool seen[MAXR] = {false};
  int64_t dims[MAXR];
  for (uint32_t i = 0; i < np; i++) {
    if (p[i] < 0 || p[i] >= (int64_t)np || seen[p[i]])
      return shape_fail(err, errlen, "transpose: perms is not a permutation of 0..%u "
                        "(entry %u is %lld)", np - 1, i, (long long)p[i]);
    seen[p[i]] = true;
    dims[i] = t->kind == RG_TYPE_TENSOR ? t->dims[p[i]] : RG_DIM_DYNAMIC;
  }
  return shape_set(results, shape_tensor(g, t->elem, (int32_t)np, dims));
}

RgStatus tosa_infer_reshape(HOOK_ARGS) {
  const RgType *t;
  int64_t v[MAXR];
  uint32_t k;
  RgStatus st = shape_need_operands(n, 2, 2, "reshape", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "reshape", "input1"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  int c = shape_operand_values(g, (Operand){n, 1, "shape", 0}, v, &k, &st, (OpMsg){"reshape", err, errlen});
  if (c < 0)
    return st;
  if (c == 0) { /* shape computed at run time: only the rank is known */
    for (uint32_t i = 0; i < k; i++)
      v[i] = RG_DIM_DYNAMIC;
    return shape_set(results, shape_tensor(g, t->elem, (int32_t)k, v));
  }
  /* TOSA 1.0 shapes are static; MLIR 22 also accepts one -1 entry whose
   * size follows from the element count, and so do we. */
  int64_t known = 1;
  int infer = -1;
  for (uint32_t i = 0; i < k; i++) {
    if (v[i] == -1) {
      if (infer >= 0)
        return shape_fail(err, errlen, "reshape: new shape has more than one -1 entry");
      infer = (int)i;
    } else if (v[i] < 0) {
      return shape_fail(err, errlen, "reshape: new shape entry %u is %lld", i, (long long)v[i]);
    } else {
      known = shape_dim_mul(known, v[i]);
    }
  }
  int64_t numel = rg_type_numel(t);
  char buf[256];
  if (infer >= 0) {
    if (numel < 0 || known == RG_DIM_DYNAMIC)
      v[infer] = RG_DIM_DYNAMIC;
    else if (known == 0 || numel % known)
      return shape_fail(err, errlen, "reshape: cannot infer the -1 entry of %s from %s (%lld "
                        "elements)", shape_dims_str(buf, sizeof buf, (int32_t)k, v), t->text,
                        (long long)numel);
    else
      v[infer] = numel / known;
  } else if (numel >= 0 && known != RG_DIM_DYNAMIC && known != numel) {
    return shape_fail(err, errlen, "reshape: cannot reshape %s (%lld elements) to %s (%lld "
                      "elements)", t->text, (long long)numel,
                      shape_dims_str(buf, sizeof buf, (int32_t)k, v), (long long)known);
  }
  return shape_set(results, shape_tensor(g, t->elem, (int32_t)k, v));
}

/* The output element type is the one of output_zp (TOSA 1.0 types output_zp
 * as out_t, and MLIR 22 checks it); only when output_zp is untyped does
 * the node's own result type decide. */
RgStatus tosa_infer_rescale(HOOK_ARGS) {
  const RgType *t, *mult, *zp;
  RgStatus st = shape_need_operands(n, 5, 5, "rescale", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "rescale", "input"}, &t, err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 1, "rescale", "multiplier"}, &mult, err, errlen);
  if (st != RG_OK)
    return st;
  zp = shape_operand(n, 4);
  const RgType *elem = zp && rg_type_is_tensor(zp) ? zp->elem : elem_hint(n);
  /* A quantized output keeps output_zp's storage type. */
  const RgType *h = elem_hint(n);
  if (elem && h && h->kind == RG_TYPE_QUANT && h->dtype == rg_type_storage(elem))
    elem = h;
  if (!elem)
    return shape_fail(err, errlen, "rescale: operand 4 (output_zp) is not a typed tensor, so "
                      "the output element type is unknown");
  int64_t per_channel = 0;
  shape_attr_int(rg_node_attr(n, "per_channel"), &per_channel);
  if (mult->kind == RG_TYPE_TENSOR && mult->rank == 1 && mult->dims[0] >= 0) {
    int64_t want = per_channel ? (t->kind == RG_TYPE_TENSOR && t->rank > 0
                                      ? t->dims[t->rank - 1] : RG_DIM_DYNAMIC)
                               : 1;
    if (per_channel && t->kind == RG_TYPE_TENSOR && t->rank == 0)
      return shape_fail(err, errlen, "rescale: per_channel needs an input of rank >= 1");
    if (!shape_dim_compatible(want, mult->dims[0]))
      return shape_fail(err, errlen, "rescale: multiplier %s does not match %s (per_channel = "
                        "%s)", mult->text, t->text, per_channel ? "true" : "false");
    const RgType *shift = shape_operand(n, 2);
    if (shift && shift->kind == RG_TYPE_TENSOR &&
        (shift->rank != 1 || !shape_dim_compatible(shift->dims[0], mult->dims[0])))
      return shape_fail(err, errlen, "rescale: shift %s does not match multiplier %s", shift->text,
                        mult->text);
  }
  return shape_set(results, shape_like(g, t, elem));
}

/* CAST changes only the element type, which nothing in the node encodes:
 * it is taken from the node's current result type and must be set there
 * (by the reader, or by a rewriter that creates the cast for a known
 * value). Otherwise the hook fails instead of guessing. */
RgStatus tosa_infer_cast(HOOK_ARGS) {
  const RgType *t;
  RgStatus st = shape_need_operands(n, 1, 1, "cast", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "cast", "input"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  const RgType *elem = elem_hint(n);
  if (!elem)
    return shape_fail(err, errlen, "cast: the result element type cannot be derived from the "
                      "operand; give the node a result type first");
  return shape_set(results, shape_like(g, t, elem));
}

/* ---- elementwise ---- */

/* CLAMP: ERROR_IF(max_val < min_val) in TOSA 1.0. */
RgStatus tosa_infer_clamp(HOOK_ARGS) {
  RgStatus st = same_as_input(g, n, results, err, errlen, "clamp", 1);
  if (st != RG_OK)
    return st;
  double lo, hi;
  bool lo_float, hi_float;
  if (shape_attr_number(rg_node_attr(n, "min_val"), &lo, &lo_float) &&
      shape_attr_number(rg_node_attr(n, "max_val"), &hi, &hi_float) && hi < lo)
    return shape_fail(err, errlen, "clamp: min_val %g is greater than max_val %g", lo, hi);
  return RG_OK;
}

#define UNARY(name, nops)                                                                   \
  RgStatus tosa_infer_##name(HOOK_ARGS) { return same_as_input(g, n, results, err, errlen, #name, nops); }
UNARY(negate, 3)
UNARY(abs, 1)
UNARY(exp, 1)
UNARY(log, 1)
UNARY(rsqrt, 1)
UNARY(reciprocal, 1)
UNARY(sigmoid, 1)
UNARY(tanh, 1)
UNARY(erf, 1)
UNARY(floor, 1)
UNARY(ceil, 1)
UNARY(cos, 1)
UNARY(sin, 1)
UNARY(bitwise_not, 1)
UNARY(logical_not, 1)
UNARY(identity, 1)
#undef UNARY

#define BINARY(name)                                                                        \
  RgStatus tosa_infer_##name(HOOK_ARGS) { return binary(g, n, results, err, errlen, #name, 2, 2, NULL); }
BINARY(add)
BINARY(sub)
BINARY(maximum)
BINARY(minimum)
BINARY(pow)
BINARY(intdiv)
BINARY(logical_and)
BINARY(logical_or)
BINARY(logical_xor)
BINARY(bitwise_and)
BINARY(bitwise_or)
BINARY(bitwise_xor)
BINARY(logical_left_shift)
BINARY(logical_right_shift)
BINARY(arithmetic_right_shift)
#undef BINARY

#define COMPARE(name)                                                                       \
  RgStatus tosa_infer_##name(HOOK_ARGS) {                                                   \
    return binary(g, n, results, err, errlen, #name, 2, 2, rg_type_scalar(g, RG_DT_I1));    \
  }
COMPARE(equal)
COMPARE(greater)
COMPARE(greater_equal)
#undef COMPARE

/* MUL(input1, input2, shift): integer inputs give i32 (TOSA 1.0: i8, i16
 * and i32 all multiply into i32); MLIR 22 also accepts an integer result of
 * the input width, so an integer result type already on the node wins.
 * Quantized inputs give their own type unless the node says otherwise. */
RgStatus tosa_infer_mul(HOOK_ARGS) {
  const RgType *a = shape_operand(n, 0);
  const RgType *elem = NULL;
  if (a && rg_type_is_tensor(a) && a->elem && a->dtype != RG_DT_NONE && !rg_dtype_is_float(a->dtype)) {
    const RgType *h = elem_hint(n);
    elem = h && h->kind == RG_TYPE_SCALAR && !rg_dtype_is_float(h->dtype)
               ? h : rg_type_scalar(g, RG_DT_I32);
    if (!elem)
      return RG_ERR_NOMEM;
  } else if (a && rg_type_is_tensor(a) && rg_type_is_quant(a)) {
    const RgType *h = elem_hint(n);
    elem = h && (h->kind == RG_TYPE_QUANT ||
                 (h->kind == RG_TYPE_SCALAR && !rg_dtype_is_float(h->dtype)))
               ? h : a->elem;
    if (!elem)
      return RG_ERR_NOMEM;
  }
  RgStatus st = binary(g, n, results, err, errlen, "mul", 3, 2, elem);
  if (st != RG_OK)
    return st;
  const RgType *s = shape_operand(n, 2);
  if (!s || !rg_type_is_tensor(s) || s->dtype != RG_DT_I8)
    return shape_fail(err, errlen, "mul: operand 2 (shift) must be a tensor<1xi8>, got %s",
                      shape_text(s));
  return RG_OK;
}

/* SELECT(pred, on_true, on_false): pred is i1; the values share a type. */
RgStatus tosa_infer_select(HOOK_ARGS) {
  const RgType *ts[3];
  static const char *const names[3] = {"input1 (pred)", "input2", "input3"};
  RgStatus st = shape_need_operands(n, 3, 3, "select", err, errlen);
  for (uint32_t i = 0; st == RG_OK && i < 3; i++)
    st = shape_need_tensor((ShapeOperand){n, i, "select", names[i]}, &ts[i], err, errlen);
  if (st != RG_OK)
    return st;
  if (ts[0]->dtype != RG_DT_I1)
    return shape_fail(err, errlen, "select: the predicate must have element type i1, got %s",
                      ts[0]->text);
  if (ts[1]->elem != ts[2]->elem)
    return shape_fail(err, errlen, "select: operand element types differ: %s and %s",
                      ts[1]->text, ts[2]->text);
  return broadcast(g, ts, 3, ts[1]->elem, results, (OpMsg){"select", err, errlen});
}

/* TABLE(input1, table): i8 -> the table's type (i8); i16 -> i32. */
RgStatus tosa_infer_table(HOOK_ARGS) {
  const RgType *t, *tab;
  RgStatus st = shape_need_operands(n, 2, 2, "table", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "table", "input1"}, &t, err, errlen);
  if (st == RG_OK)
    st = shape_need_ranked((ShapeOperand){n, 1, "table", "table"}, 1, &tab, err, errlen);
  if (st != RG_OK)
    return st;
  RgDType in_dt = rg_type_storage(t);
  int64_t want = in_dt == RG_DT_I8 ? 256 : in_dt == RG_DT_I16 ? 513 : -1;
  if (want < 0)
    return shape_fail(err, errlen, "table: input element type must be i8 or i16, got %s",
                      t->text);
  if (!shape_dim_compatible(tab->dims[0], want))
    return shape_fail(err, errlen, "table: a table for %s has %lld entries, got %s",
                      rg_dtype_name(in_dt), (long long)want, tab->text);
  const RgType *elem = in_dt == RG_DT_I8 ? tab->elem : rg_type_scalar(g, RG_DT_I32);
  return elem ? shape_set(results, shape_like(g, t, elem)) : RG_ERR_NOMEM;
}

/* ---- convolutions, matmul, pooling ---- */

/* A convolution along one spatial axis: input size, kernel size, padding
 * before and after, stride and dilation. */
typedef struct ConvAxis {
  int64_t in, k, pad_before, pad_after, stride, dil;
} ConvAxis;

/* One spatial output size of conv2d/depthwise_conv2d along the axis
 * messages call `axis` (TOSA 1.0 requires the division by the stride to
 * be exact, as MLIR 22 checks). */
static RgStatus conv_dim(ConvAxis a, const char *axis, int64_t *out, OpMsg m) {
  const char *op = m.op;
  char *err = m.err;
  size_t errlen = m.errlen;
  if (a.in == RG_DIM_DYNAMIC || a.k == RG_DIM_DYNAMIC) {
    *out = RG_DIM_DYNAMIC;
    return RG_OK;
  }
  int64_t num, kd;
  if (!shape_mul(a.k - 1, a.dil, &kd) || !shape_add(a.in - 1, a.pad_before, &num) ||
      !shape_add(num, a.pad_after, &num) || !shape_add(num, -kd, &num))
    return shape_fail(err, errlen, "%s: the %s computation overflows", op, axis);
  if (num < 0)
    return shape_fail(err, errlen, "%s: the dilated kernel (%lld with dilation %lld) does not "
                      "fit the padded input %s %lld", op, (long long)a.k, (long long)a.dil, axis,
                      (long long)(a.in + a.pad_before + a.pad_after));
  if (num % a.stride)
    return shape_fail(err, errlen, "%s: %s - 1 + pads - (kernel - 1) * dilation = %lld is not "
                      "divisible by the stride %lld", op, axis, (long long)num, (long long)a.stride);
  *out = num / a.stride + 1;
  return RG_OK;
}

static RgStatus conv_common(HOOK_ARGS, const char *op, bool depthwise) {
  const RgType *in, *w, *b;
  int64_t id[4], wd[4], bd[1];
  const int64_t *pad, *stride, *dil;
  OpMsg m = {op, err, errlen};
  RgStatus st = shape_need_operands(n, 5, 5, op, err, errlen);
  if (st == RG_OK)
    st = dims_of((Operand){n, 0, "input", 4}, id, &in, m);
  if (st == RG_OK)
    st = dims_of((Operand){n, 1, "weight", 4}, wd, &w, m);
  if (st == RG_OK)
    st = dims_of((Operand){n, 2, "bias", 1}, bd, &b, m);
  if (st == RG_OK)
    st = int_prop(n, (IntProp){"pad", 4, 0}, &pad, m);
  if (st == RG_OK)
    st = int_prop(n, (IntProp){"stride", 2, 1}, &stride, m);
  if (st == RG_OK)
    st = int_prop(n, (IntProp){"dilation", 2, 1}, &dil, m);
  if (st != RG_OK)
    return st;
  /* conv2d weight: [OC, KH, KW, IC]; depthwise: [KH, KW, C, M]. */
  int64_t kh = depthwise ? wd[0] : wd[1], kw = depthwise ? wd[1] : wd[2];
  int64_t wic = depthwise ? wd[2] : wd[3];
  if (!shape_dim_compatible(id[3], wic))
    return shape_fail(err, errlen, "%s: input channels of %s do not match weight %s", op,
                      in->text, w->text);
  int64_t oc = depthwise ? shape_dim_mul(id[3] != RG_DIM_DYNAMIC ? id[3] : wd[2], wd[3]) : wd[0];
  if (bd[0] != 1 && !shape_dim_compatible(bd[0], oc))
    return shape_fail(err, errlen, "%s: bias %s does not match %lld output channels", op, b->text,
                      (long long)oc);
  if (oc == RG_DIM_DYNAMIC && bd[0] != 1)
    oc = bd[0];
  int64_t od[4] = {id[0], 0, 0, oc};
  st = conv_dim((ConvAxis){id[1], kh, pad[0], pad[1], stride[0], dil[0]}, "height", &od[1], m);
  if (st == RG_OK)
    st = conv_dim((ConvAxis){id[2], kw, pad[2], pad[3], stride[1], dil[1]}, "width", &od[2], m);
  if (st != RG_OK)
    return st;
  /* The output element type is the bias's (out_t in TOSA 1.0). */
  return shape_set(results, shape_tensor(g, b->elem, 4, od));
}

RgStatus tosa_infer_conv2d(HOOK_ARGS) { return conv_common(g, n, results, err, errlen, "conv2d", false); }

RgStatus tosa_infer_depthwise_conv2d(HOOK_ARGS) {
  return conv_common(g, n, results, err, errlen, "depthwise_conv2d", true);
}

/* TRANSPOSE_CONV2D: weight [OC, KH, KW, IC]; out_pad [top, bottom, left,
 * right] may be negative; OH = (IH - 1) * stride_y + top + bottom + KH. */
RgStatus tosa_infer_transpose_conv2d(HOOK_ARGS) {
  const char *op = "transpose_conv2d";
  const RgType *in, *w, *b;
  int64_t id[4], wd[4], bd[1];
  const int64_t *opad, *stride;
  OpMsg m = {op, err, errlen};
  RgStatus st = shape_need_operands(n, 5, 5, op, err, errlen);
  if (st == RG_OK)
    st = dims_of((Operand){n, 0, "input", 4}, id, &in, m);
  if (st == RG_OK)
    st = dims_of((Operand){n, 1, "weight", 4}, wd, &w, m);
  if (st == RG_OK)
    st = dims_of((Operand){n, 2, "bias", 1}, bd, &b, m);
  if (st == RG_OK)
    st = int_prop(n, (IntProp){"out_pad", 4, INT64_MIN + 1}, &opad, m);
  if (st == RG_OK)
    st = int_prop(n, (IntProp){"stride", 2, 1}, &stride, m);
  if (st != RG_OK)
    return st;
  if (!shape_dim_compatible(id[3], wd[3]))
    return shape_fail(err, errlen, "%s: input channels of %s do not match weight %s", op,
                      in->text, w->text);
  int64_t oc = wd[0];
  if (bd[0] != 1 && !shape_dim_compatible(bd[0], oc))
    return shape_fail(err, errlen, "%s: bias %s does not match %lld output channels", op, b->text,
                      (long long)oc);
  if (oc == RG_DIM_DYNAMIC && bd[0] != 1)
    oc = bd[0];
  int64_t od[4] = {id[0], 0, 0, oc};
  for (int i = 0; i < 2; i++) {
    int64_t ih = id[1 + i], k = wd[1 + i];
    if (ih == RG_DIM_DYNAMIC || k == RG_DIM_DYNAMIC) {
      od[1 + i] = RG_DIM_DYNAMIC;
      continue;
    }
    if (opad[2 * i] <= -k || opad[2 * i + 1] <= -k)
      return shape_fail(err, errlen, "%s: out_pad entries must be greater than -%s kernel size "
                        "%lld", op, i ? "the width" : "the height", (long long)k);
    int64_t o;
    if (!shape_mul(ih - 1, stride[i], &o) || !shape_add(o, opad[2 * i], &o) ||
        !shape_add(o, opad[2 * i + 1], &o) || !shape_add(o, k, &o))
      return shape_fail(err, errlen, "%s: the output %s computation overflows", op,
                        i ? "width" : "height");
    od[1 + i] = o;
    if (od[1 + i] < 1)
      return shape_fail(err, errlen, "%s: output %s would be %lld", op, i ? "width" : "height",
                        (long long)od[1 + i]);
  }
  return shape_set(results, shape_tensor(g, b->elem, 4, od));
}

/* MATMUL(A [N,H,C], B [N,C,W], a_zp, b_zp) -> [N,H,W]. The output element
 * type is i32 for i8, i48 for i16, and the input type for floats, unless
 * the node already has a result type (f16 inputs may produce f32). */
RgStatus tosa_infer_matmul(HOOK_ARGS) {
  const char *op = "matmul";
  const RgType *a, *b;
  int64_t ad[3], bd[3];
  OpMsg m = {op, err, errlen};
  RgStatus st = shape_need_operands(n, 4, 4, op, err, errlen);
  if (st == RG_OK)
    st = dims_of((Operand){n, 0, "A", 3}, ad, &a, m);
  if (st == RG_OK)
    st = dims_of((Operand){n, 1, "B", 3}, bd, &b, m);
  if (st != RG_OK)
    return st;
  if (a->elem != b->elem)
    return shape_fail(err, errlen, "%s: operand element types differ: %s and %s", op, a->text,
                      b->text);
  if (!shape_dim_compatible(ad[2], bd[1]))
    return shape_fail(err, errlen, "%s: inner dimensions differ: %s and %s", op, a->text, b->text);
  int32_t r;
  int64_t nb[1];
  if (!rg_shape_broadcast(1, ad, 1, bd, &r, nb))
    return shape_fail(err, errlen, "%s: batch dimensions differ: %s and %s", op, a->text, b->text);
  const RgType *elem = elem_hint(n);
  if (!elem) {
    switch (rg_type_storage(a)) {
    case RG_DT_I8: elem = rg_type_scalar(g, RG_DT_I32); break;
    case RG_DT_I16: elem = rg_type_scalar(g, RG_DT_I48); break;
    default: elem = a->elem; break;
    }
  }
  int64_t od[3] = {nb[0], ad[1], bd[2]};
  return elem ? shape_set(results, shape_tensor(g, elem, 3, od)) : RG_ERR_NOMEM;
}

static RgStatus pool_common(HOOK_ARGS, const char *op, uint32_t nops) {
  const RgType *in;
  int64_t id[4];
  const int64_t *kernel, *stride, *pad;
  OpMsg m = {op, err, errlen};
  RgStatus st = shape_need_operands(n, nops, nops, op, err, errlen);
  if (st == RG_OK)
    st = dims_of((Operand){n, 0, "input", 4}, id, &in, m);
  if (st == RG_OK)
    st = int_prop(n, (IntProp){"kernel", 2, 1}, &kernel, m);
  if (st == RG_OK)
    st = int_prop(n, (IntProp){"stride", 2, 1}, &stride, m);
  if (st == RG_OK)
    st = int_prop(n, (IntProp){"pad", 4, 0}, &pad, m);
  if (st != RG_OK)
    return st;
  int64_t od[4] = {id[0], 0, 0, id[3]};
  for (int i = 0; i < 2; i++) {
    if (id[1 + i] == RG_DIM_DYNAMIC) {
      od[1 + i] = RG_DIM_DYNAMIC;
      continue;
    }
    const char *axis = i ? "width" : "height";
    if (pad[2 * i] >= kernel[i] || pad[2 * i + 1] >= kernel[i])
      return shape_fail(err, errlen, "%s: padding must be smaller than the kernel %s", op, axis);
    int64_t num;
    if (!shape_add(id[1 + i], pad[2 * i], &num) || !shape_add(num, pad[2 * i + 1], &num))
      return shape_fail(err, errlen, "%s: the output %s computation overflows", op, axis);
    num -= kernel[i];
    if (num < 0)
      return shape_fail(err, errlen, "%s: kernel %s %lld exceeds the padded input %s %lld", op,
                        axis, (long long)kernel[i], axis, (long long)(num + kernel[i]));
    if (num % stride[i])
      return shape_fail(err, errlen, "%s: %s + pads - kernel = %lld is not divisible by the "
                        "stride %lld", op, axis, (long long)num, (long long)stride[i]);
    od[1 + i] = num / stride[i] + 1;
  }
  return shape_set(results, shape_tensor(g, in->elem, 4, od));
}

/* AVG_POOL2D(input, input_zp, output_zp): out_t == in_t in TOSA 1.0. */
RgStatus tosa_infer_avg_pool2d(HOOK_ARGS) {
  RgStatus st = pool_common(g, n, results, err, errlen, "avg_pool2d", 3);
  if (st != RG_OK)
    return st;
  /* The float accumulators TOSA allows: f16 sums in f16 or f32, bf16 and
   * f32 in f32 (another would round values the input holds). */
  const RgType *in = n->operands[0].value->type;
  const RgAttr *acc = rg_node_attr(n, "acc_type");
  if (!acc || acc->kind != RG_ATTR_TYPE || !acc->type || !rg_dtype_is_float(in->dtype))
    return RG_OK;
  RgDType a = acc->type->dtype;
  if (a == RG_DT_F32 || (in->dtype == RG_DT_F16 && a == RG_DT_F16))
    return RG_OK;
  return shape_fail(err, errlen, "avg_pool2d: accumulator type %s is not allowed for a %s input (f32%s)",
                    rg_dtype_name(a), rg_dtype_name(in->dtype), in->dtype == RG_DT_F16 ? " or f16" : "");
}
RgStatus tosa_infer_max_pool2d(HOOK_ARGS) { return pool_common(g, n, results, err, errlen, "max_pool2d", 1); }

/* ---- data movement ---- */

/* PAD(input1, padding, pad_const): padding holds [before, after] per dim;
 * -1 (accepted by MLIR 22) makes that output dim dynamic. */
RgStatus tosa_infer_pad(HOOK_ARGS) {
  const RgType *t;
  int64_t v[2 * MAXR], dims[MAXR];
  uint32_t k;
  RgStatus st = shape_need_operands(n, 3, 3, "pad", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "pad", "input1"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  int c = shape_operand_values(g, (Operand){n, 1, "padding", 0}, v, &k, &st, (OpMsg){"pad", err, errlen});
  if (c < 0)
    return st;
  if (k % 2)
    return shape_fail(err, errlen, "pad: padding has %u entries, an odd number", k);
  if (t->kind == RG_TYPE_TENSOR && k != 2 * (uint32_t)t->rank)
    return shape_fail(err, errlen, "pad: padding has %u entries but the input has rank %d "
                      "(2 per dim)", k, (int)t->rank);
  /* pad_const is a value of the input's element type: for a quantized
   * input its quantized type (its storage integer read at another scale
   * or zero point, or at none, would pad with another value) */
  const RgType *pc = shape_operand(n, 2);
  if (pc && rg_type_is_tensor(pc) && t->elem && pc->elem && pc->elem != t->elem &&
      (rg_type_is_quant(t) || rg_type_is_quant(pc) || pc->elem->dtype != t->elem->dtype))
    return shape_fail(err, errlen, "pad: pad_const has element type %s, the input %s", shape_text(pc->elem),
                      shape_text(t->elem));
  for (uint32_t d = 0; d < k / 2; d++) {
    int64_t in = t->kind == RG_TYPE_TENSOR ? t->dims[d] : RG_DIM_DYNAMIC;
    if (c == 0) {
      dims[d] = RG_DIM_DYNAMIC;
      continue;
    }
    for (int s = 0; s < 2; s++)
      if (v[2 * d + s] < -1)
        return shape_fail(err, errlen, "pad: padding entry %u is %lld", 2 * d + s,
                          (long long)v[2 * d + s]);
    if (v[2 * d] == -1 || v[2 * d + 1] == -1)
      dims[d] = RG_DIM_DYNAMIC;
    else
      dims[d] = shape_dim_add(in, shape_dim_add(v[2 * d], v[2 * d + 1]));
  }
  return shape_set(results, shape_tensor(g, t->elem, (int32_t)(k / 2), dims));
}

/* SLICE(input1, start, size): size -1 (MLIR 22) runs to the end. */
RgStatus tosa_infer_slice(HOOK_ARGS) {
  const RgType *t;
  int64_t start[MAXR], size[MAXR], dims[MAXR];
  uint32_t ks, kz;
  RgStatus st = shape_need_operands(n, 3, 3, "slice", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "slice", "input1"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  int cs = shape_operand_values(g, (Operand){n, 1, "start", 0}, start, &ks, &st, (OpMsg){"slice", err, errlen});
  if (cs < 0)
    return st;
  int cz = shape_operand_values(g, (Operand){n, 2, "size", 0}, size, &kz, &st, (OpMsg){"slice", err, errlen});
  if (cz < 0)
    return st;
  if (ks != kz || (t->kind == RG_TYPE_TENSOR && kz != (uint32_t)t->rank))
    return shape_fail(err, errlen, "slice: start has %u and size %u entries but the input has "
                      "rank %d", ks, kz, (int)t->rank);
  for (uint32_t d = 0; d < kz; d++) {
    int64_t in = t->kind == RG_TYPE_TENSOR ? t->dims[d] : RG_DIM_DYNAMIC;
    if (cz == 0) {
      dims[d] = RG_DIM_DYNAMIC;
      continue;
    }
    if (size[d] < -1)
      return shape_fail(err, errlen, "slice: size entry %u is %lld", d, (long long)size[d]);
    if (size[d] == 0) { /* mlir-opt-22 accepts it (torch-mlir writes it): extent unknown */
      dims[d] = RG_DIM_DYNAMIC;
      continue;
    }
    if (cs && start[d] < 0)
      return shape_fail(err, errlen, "slice: start entry %u is %lld", d, (long long)start[d]);
    if (size[d] == -1)
      dims[d] = cs && in != RG_DIM_DYNAMIC ? in - start[d] : RG_DIM_DYNAMIC;
    else
      dims[d] = size[d];
    /* mlir-opt-22 accepts windows past the end (exported models hold
     * them); their extent is left unknown rather than made up. */
    if (cs && in != RG_DIM_DYNAMIC && (start[d] >= in || (size[d] > 0 && size[d] > in - start[d])))
      dims[d] = RG_DIM_DYNAMIC;
  }
  return shape_set(results, shape_tensor(g, t->elem, (int32_t)kz, dims));
}

/* RESIZE(input, scale, offset, border) on [N, IH, IW, C]: with scale
 * [y_n, y_d, x_n, x_d], OH = ((IH - 1) * y_n - offset_y + border_y) / y_d
 * + 1 (an ERROR_IF unless exact), OW alike; H and W are dynamic while the
 * shape operands are not constants. The element type is the node's own
 * (NEAREST_NEIGHBOR keeps the input's; BILINEAR widens integers, and
 * graphs in the field spell it either way), else the input's. */
RgStatus tosa_infer_resize(HOOK_ARGS) {
  const RgType *t;
  int64_t sc[MAXR], off[MAXR], bor[MAXR], dims[4];
  uint32_t ks, ko, kb;
  RgStatus st = shape_need_operands(n, 4, 4, "resize", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "resize", "input"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  if (t->kind == RG_TYPE_TENSOR && t->rank != 4)
    return shape_fail(err, errlen, "resize: the input has rank %d, expected 4 (NHWC)", (int)t->rank);
  OpMsg m = {"resize", err, errlen};
  int cs = shape_operand_values(g, (Operand){n, 1, "scale", 0}, sc, &ks, &st, m);
  int co = cs < 0 ? -1 : shape_operand_values(g, (Operand){n, 2, "offset", 0}, off, &ko, &st, m);
  int cb = co < 0 ? -1 : shape_operand_values(g, (Operand){n, 3, "border", 0}, bor, &kb, &st, m);
  if (cb < 0)
    return st;
  if ((cs && ks != 4) || (co && ko != 2) || (cb && kb != 2))
    return shape_fail(err, errlen, "resize: scale needs 4 entries, offset and border 2");
  for (int d = 0; d < 4; d++)
    dims[d] = t->kind == RG_TYPE_TENSOR ? t->dims[d] : RG_DIM_DYNAMIC;
  for (int a = 0; a < 2; a++) {
    if (cs && (sc[2 * a] <= 0 || sc[2 * a + 1] <= 0))
      return shape_fail(err, errlen, "resize: scale entries must be positive");
    int64_t in = dims[1 + a];
    if (!cs || !co || !cb || in < 0) {
      dims[1 + a] = RG_DIM_DYNAMIC;
      continue;
    }
    int64_t num = (in - 1) * sc[2 * a] - off[a] + bor[a];
    if (num < 0 || num % sc[2 * a + 1])
      return shape_fail(err, errlen, "resize: (%s - 1) * %lld - %lld + %lld is not a multiple of %lld",
                        a ? "IW" : "IH", (long long)sc[2 * a], (long long)off[a], (long long)bor[a],
                        (long long)sc[2 * a + 1]);
    dims[1 + a] = num / sc[2 * a + 1] + 1;
  }
  const RgType *elem = elem_hint(n);
  return shape_set(results, shape_tensor(g, elem ? elem : t->elem, t->kind == RG_TYPE_TENSOR ? 4 : -1, dims));
}

/* TILE(input1, multiples): -1 (MLIR 22) makes that dim dynamic. */
RgStatus tosa_infer_tile(HOOK_ARGS) {
  const RgType *t;
  int64_t m[MAXR], dims[MAXR];
  uint32_t k;
  RgStatus st = shape_need_operands(n, 2, 2, "tile", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "tile", "input1"}, &t, err, errlen);
  if (st != RG_OK)
    return st;
  int c = shape_operand_values(g, (Operand){n, 1, "multiples", 0}, m, &k, &st, (OpMsg){"tile", err, errlen});
  if (c < 0)
    return st;
  if (t->kind == RG_TYPE_TENSOR && k != (uint32_t)t->rank)
    return shape_fail(err, errlen, "tile: multiples has %u entries but the input has rank %d", k,
                      (int)t->rank);
  for (uint32_t d = 0; d < k; d++) {
    int64_t in = t->kind == RG_TYPE_TENSOR ? t->dims[d] : RG_DIM_DYNAMIC;
    if (c && (m[d] == 0 || m[d] < -1))
      return shape_fail(err, errlen, "tile: multiples entry %u is %lld", d, (long long)m[d]);
    dims[d] = c == 0 || m[d] == -1 ? RG_DIM_DYNAMIC : shape_dim_mul(in, m[d]);
  }
  return shape_set(results, shape_tensor(g, t->elem, (int32_t)k, dims));
}

/* CONCAT(input1...) {axis}: variadic; other dims must agree. */
RgStatus tosa_infer_concat(HOOK_ARGS) {
  const RgType *t0, *t;
  int64_t axis, dims[MAXR];
  RgStatus st = shape_need_operands(n, 1, 0, "concat", err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, "concat", "input1"}, &t0, err, errlen);
  if (st != RG_OK)
    return st;
  int32_t rank = -1;
  for (uint32_t i = 0; i < n->num_operands; i++) {
    if ((st = shape_need_tensor((ShapeOperand){n, i, "concat", "input1"}, &t, err, errlen)) != RG_OK)
      return st;
    if (t->elem != t0->elem)
      return shape_fail(err, errlen, "concat: operand element types differ: %s and %s",
                        t0->text, t->text);
    if (t->kind != RG_TYPE_TENSOR)
      continue;
    if (rank >= 0 && t->rank != rank)
      return shape_fail(err, errlen, "concat: operands must have the same rank, got %s",
                        t->text);
    rank = t->rank;
  }
  if ((st = axis_prop(n, "concat", rank, &axis, err, errlen)) != RG_OK)
    return st;
  if (rank < 0)
    return shape_set(results, shape_unranked(g, t0->elem));
  for (int32_t d = 0; d < rank; d++)
    dims[d] = d == axis ? 0 : RG_DIM_DYNAMIC;
  for (uint32_t i = 0; i < n->num_operands; i++) {
    t = shape_operand(n, i);
    for (int32_t d = 0; d < rank; d++) {
      int64_t x = t->kind == RG_TYPE_TENSOR ? t->dims[d] : RG_DIM_DYNAMIC;
      if (d == axis) {
        dims[d] = shape_dim_add(dims[d], x);
      } else if (!shape_dim_compatible(dims[d], x)) {
        return shape_fail(err, errlen, "concat: dim %d differs: operand 0 is %s, operand %u is "
                          "%s", (int)d, t0->text, i, t->text);
      } else if (x != RG_DIM_DYNAMIC) {
        dims[d] = x;
      }
    }
  }
  return shape_set(results, shape_tensor(g, t0->elem, rank, dims));
}

/* ---- reductions ---- */

static RgStatus reduce(HOOK_ARGS, const char *op, bool drop_axis) {
  const RgType *t;
  int64_t axis, dims[MAXR];
  RgStatus st = shape_need_operands(n, 1, 1, op, err, errlen);
  if (st == RG_OK)
    st = shape_need_tensor((ShapeOperand){n, 0, op, "input"}, &t, err, errlen);
  if (st == RG_OK)
    st = axis_prop(n, op, t->rank, &axis, err, errlen);
  if (st != RG_OK)
    return st;
  const RgType *elem = drop_axis ? rg_type_scalar(g, RG_DT_I32) : t->elem;
  if (!elem)
    return RG_ERR_NOMEM;
  if (t->kind != RG_TYPE_TENSOR)
    return shape_set(results, shape_unranked(g, elem));
  int32_t r = 0;
  for (int32_t d = 0; d < t->rank; d++) {
    if (d != axis)
      dims[r++] = t->dims[d];
    else if (!drop_axis)
      dims[r++] = 1;
  }
  return shape_set(results, shape_tensor(g, elem, r, dims));
}

#define REDUCE(name)                                                                        \
  RgStatus tosa_infer_##name(HOOK_ARGS) { return reduce(g, n, results, err, errlen, #name, false); }
REDUCE(reduce_sum)
REDUCE(reduce_max)
REDUCE(reduce_min)
REDUCE(reduce_product)
REDUCE(reduce_all)
REDUCE(reduce_any)
#undef REDUCE

/* ARGMAX {axis}: drops the axis; indices are i32. */
RgStatus tosa_infer_argmax(HOOK_ARGS) { return reduce(g, n, results, err, errlen, "argmax", true); }

/* REVERSE {axis}: the input's type. */
RgStatus tosa_infer_reverse(HOOK_ARGS) {
  int64_t axis;
  RgStatus st = same_as_input(g, n, results, err, errlen, "reverse", 1);
  if (st == RG_OK)
    st = axis_prop(n, "reverse", results[0]->rank, &axis, err, errlen);
  return st;
}

/* Control flow. A rewrite never builds these, but every TOSA op has a hook
 * so that any graph can be re-typed: cond_if's results are what its first
 * region yields; while_loop's are its loop-carried inputs. */
RgStatus tosa_infer_cond_if(HOOK_ARGS) {
  (void)g;
  if (n->num_regions < 1 || !n->regions[0].first || !n->regions[0].first->last)
    return shape_fail(err, errlen, "cond_if: expected a then-region ending in tosa.yield");
  const RgNode *y = n->regions[0].first->last;
  if (y->num_operands != n->num_results)
    return shape_fail(err, errlen, "cond_if: the then-region yields %u values for %u results", y->num_operands,
                      n->num_results);
  for (uint32_t i = 0; i < n->num_results; i++) {
    if (!y->operands[i].value || !y->operands[i].value->type)
      return shape_fail(err, errlen, "cond_if: yielded value %u has no type", i);
    results[i] = y->operands[i].value->type;
  }
  return RG_OK;
}

RgStatus tosa_infer_while_loop(HOOK_ARGS) {
  (void)g;
  if (n->num_operands != n->num_results)
    return shape_fail(err, errlen, "while_loop: %u inputs for %u results", n->num_operands, n->num_results);
  for (uint32_t i = 0; i < n->num_results; i++) {
    if (!n->operands[i].value || !n->operands[i].value->type)
      return shape_fail(err, errlen, "while_loop: input %u has no type", i);
    results[i] = n->operands[i].value->type;
  }
  return RG_OK;
}
