/* backends/tosa/tosa_canon.c - native parts of rules/canonicalize.rules
 * that fold ops into their neighbours: the values of a const_shape for the
 * guards' arithmetic, and the facts about constants that decide whether a
 * PAD may become an op's own padding (docs/canonicalize.md). Each returns
 * false when it cannot decide, which keeps the rule from firing. */
#include <math.h>
#include <string.h>
#include "rulegen/eval.h"
#include "rules/builtin.h"

static const RgNode *const_def(RgGraph *g, const RgValue *v, const char *op) {
  const RgNode *n = rg_value_def(v);
  return n && strcmp(rg_op_name(g, n->op), op) == 0 ? n : NULL;
}

bool tosa_shape_ints(RgRewriter *rw, RgValue *cs, RgInts *out) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *n = const_def(g, cs, "tosa.const_shape");
  const int64_t *v;
  uint32_t count;
  const RgAttr *a = n ? rg_node_attr(n, "values") : NULL;
  if (!a || !rg_attr_dense_get_ints(g, a, &v, &count) || !a->type)
    return false;
  int64_t want = rg_type_numel(a->type); /* a splat stores one value */
  if (want < 0 || want > 64 || (count != want && count != 1))
    return false;
  int64_t *w = rg_rw_scratch(rw, want ? (uint32_t)want : 1);
  if (!w)
    return false;
  for (int64_t i = 0; i < want; i++) {
    w[i] = v[count == 1 ? 0 : i];
    if (w[i] < 0) /* MLIR's -1 "to the end" / "unknown": not a number to compute with */
      return false;
  }
  *out = (RgInts){w, (uint32_t)want};
  return true;
}

bool tosa_is_lowest(RgRewriter *rw, RgValue *c) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *n = const_def(g, c, "tosa.const");
  if (!n || !c->type)
    return false;
  const RgAttr *a = rg_node_attr(n, "values");
  uint32_t count;
  if (rg_dtype_is_float(c->type->dtype)) {
    const double *fv;
    if (!rg_attr_dense_get_floats(g, a, &fv, &count))
      return false;
    for (uint32_t i = 0; i < count; i++)
      if (!(isinf(fv[i]) && fv[i] < 0))
        return false;
    return count > 0;
  }
  const int64_t *iv;
  if (!rg_attr_dense_get_ints(g, a, &iv, &count))
    return false;
  for (uint32_t i = 0; i < count; i++)
    if (iv[i] != rg_elem_min(c->type->dtype))
      return false;
  return count > 0;
}

bool tosa_all_finite(RgRewriter *rw, RgValue *c) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *n = const_def(g, c, "tosa.const");
  if (!n || !c->type)
    return false;
  if (!rg_dtype_is_float(c->type->dtype))
    return true;
  const double *fv;
  uint32_t count;
  if (!rg_attr_dense_get_floats(g, rg_node_attr(n, "values"), &fv, &count))
    return false;
  for (uint32_t i = 0; i < count; i++)
    if (!isfinite(fv[i]))
      return false;
  return true;
}

/* AVG_POOL2D with a one-element window computes (v - izp) * 1 + ozp, the
 * count-1 reciprocal scale being exact on the accumulator's range, then
 * clips: v itself when the zero points agree. On floats it is
 * (0.0 + v) / 1 in the accumulator type: v when that type holds the input
 * and v is never -0.0 (0.0 + -0.0 is +0.0). */
bool tosa_avg_pool_unit_exact(RgRewriter *rw, RgValue *r) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *n = rg_value_def(r);
  if (!n || n->num_operands != 3 || !r->type)
    return false;
  RgValue *x = n->operands[0].value;
  if (!x->type || x->type->dtype != r->type->dtype)
    return false;
  if (!rg_dtype_is_float(x->type->dtype)) {
    const int64_t *zi, *zo;
    uint32_t ci, co;
    const RgNode *ni = const_def(g, n->operands[1].value, "tosa.const");
    const RgNode *no = const_def(g, n->operands[2].value, "tosa.const");
    return ni && no && rg_attr_dense_get_ints(g, rg_node_attr(ni, "values"), &zi, &ci) &&
           rg_attr_dense_get_ints(g, rg_node_attr(no, "values"), &zo, &co) && ci == 1 && co == 1 &&
           zi[0] == zo[0];
  }
  /* The accumulator must hold every value of x exactly: x's own type or
   * f32 (f16 and bf16 each have values the other rounds). */
  const RgAttr *at = rg_node_attr(n, "acc_type");
  if (!at || at->kind != RG_ATTR_TYPE || !at->type ||
      (at->type->dtype != x->type->dtype && at->type->dtype != RG_DT_F32))
    return false;
  return tosa_never_negative_zero(rw, x);
}

/* ---- shapes that are only partly known ----
 * An identity such as x + 0 returns x when the result has x's type and the
 * other operand cannot broadcast x up: each of its dims is 1, or equal to
 * x's static dim (against a `?` of x, a static d > 1 would stretch an x of
 * size 1). Guards on shape() fail on any `?`; these decide on types. */

bool tosa_same_type(RgRewriter *rw, RgValue *a, RgValue *b) {
  (void)rw;
  return a->type && a->type == b->type;
}

bool tosa_no_broadcast(RgRewriter *rw, RgValue *c, RgValue *x) {
  (void)rw;
  const RgType *ct = c->type, *xt = x->type;
  if (!ct || !xt || ct->kind != RG_TYPE_TENSOR || xt->kind != RG_TYPE_TENSOR || ct->rank != xt->rank)
    return false;
  for (int32_t i = 0; i < ct->rank; i++)
    if (ct->dims[i] != 1 && (ct->dims[i] != xt->dims[i] || xt->dims[i] == RG_DIM_DYNAMIC))
      return false;
  return true;
}

bool tosa_unit_dim(RgRewriter *rw, RgValue *x, int64_t axis) {
  (void)rw;
  const RgType *t = x->type;
  return t && t->kind == RG_TYPE_TENSOR && axis >= 0 && axis < t->rank && t->dims[axis] == 1;
}

bool tosa_pad_tile_noop(RgRewriter *rw, RgValue *r) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *n = rg_value_def(r);
  if (!n || n->num_operands < 2 || !r->type || r->type != n->operands[0].value->type ||
      r->type->kind != RG_TYPE_TENSOR)
    return false;
  int64_t numel = rg_type_numel(r->type);
  if (numel >= 0)
    return true;
  bool pad = strcmp(rg_op_name(g, n->op), "tosa.pad") == 0;
  RgInts v;
  if (!tosa_shape_ints(rw, n->operands[1].value, &v) || v.n != (uint32_t)r->type->rank * (pad ? 2 : 1))
    return false;
  for (uint32_t i = 0; i < v.n; i++)
    if (v.v[i] != !pad)
      return false;
  return true;
}

/* A reshape to its own type with at most one `?`: every other dim is
 * known, so the unknown one is the element count divided by them, the
 * same before and after. */
bool tosa_reshape_keeps(RgRewriter *rw, RgValue *r, RgValue *x) {
  (void)rw;
  const RgType *t = r->type;
  if (!t || t != x->type || t->kind != RG_TYPE_TENSOR)
    return false;
  int dynamic = 0;
  for (int32_t i = 0; i < t->rank; i++)
    dynamic += t->dims[i] == RG_DIM_DYNAMIC;
  return dynamic <= 1;
}

/* Integer MUL with shift s > 0 computes (a * b + 2^(s-1)) >> s, rounding
 * with an arithmetic shift: with b = 2^s that is x * 2^s + 2^(s-1) shifted
 * right by s, which is x whatever its sign. b must be an i32 splat, so
 * s <= 30; s = 0 is x * 1. */
bool tosa_pow2_shift(RgRewriter *rw, RgValue *k, RgValue *s) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *kn = const_def(g, k, "tosa.const"), *sn = const_def(g, s, "tosa.const");
  const int64_t *kv, *sv;
  uint32_t kc, sc;
  if (!kn || !sn || !k->type || rg_type_is_quant(k->type) || rg_dtype_is_float(k->type->dtype) ||
      k->type->dtype == RG_DT_NONE || !rg_attr_dense_get_ints(g, rg_node_attr(kn, "values"), &kv, &kc) ||
      !rg_attr_dense_get_ints(g, rg_node_attr(sn, "values"), &sv, &sc) || kc < 1 || sc != 1)
    return false;
  for (uint32_t i = 1; i < kc; i++)
    if (kv[i] != kv[0])
      return false;
  return sv[0] >= 0 && sv[0] <= 30 && kv[0] == (int64_t)1 << sv[0];
}

/* Whether the op defining `v` has operands and no regions: ops with
 * regions (cond_if, while_loop) stay for the passes that know their
 * bodies. */
bool tosa_is_plain_op(RgRewriter *rw, RgValue *v) {
  (void)rw;
  const RgNode *n = rg_value_def(v);
  return n && n->num_operands != 0 && n->num_regions == 0;
}

/* SLICE of a PAD whose window lies inside the padded input, the start
 * moved back by the padding before it on each axis: it reads only the
 * input, whatever the pad value. The amounts, start and size must be
 * constant and non-negative (MLIR's -1 "to the end" would run to another
 * end), the input static. */
static bool slice_pad_start(RgRewriter *rw, RgValue *s, int64_t *start, uint32_t *rank) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *sn = rg_value_def(s);
  const RgNode *pn = sn && sn->num_operands == 3 ? const_def(g, sn->operands[0].value, "tosa.pad") : NULL;
  if (!pn || pn->num_operands != 3)
    return false;
  const RgType *xt = pn->operands[0].value->type;
  if (!xt || xt->kind != RG_TYPE_TENSOR || xt->rank > 16 || rg_type_numel(xt) < 0)
    return false;
  uint32_t r = (uint32_t)xt->rank;
  int64_t pad[32], st[16], sz[16];
  RgInts v;
  if (!tosa_shape_ints(rw, pn->operands[1].value, &v) || v.n != 2 * r)
    return false;
  memcpy(pad, v.v, sizeof *pad * v.n);
  if (!tosa_shape_ints(rw, sn->operands[1].value, &v) || v.n != r)
    return false;
  memcpy(st, v.v, sizeof *st * r);
  if (!tosa_shape_ints(rw, sn->operands[2].value, &v) || v.n != r)
    return false;
  memcpy(sz, v.v, sizeof *sz * r);
  for (uint32_t i = 0; i < r; i++) {
    if (sz[i] < 1 || st[i] < pad[2 * i] || st[i] - pad[2 * i] > xt->dims[i] - sz[i])
      return false;
    start[i] = st[i] - pad[2 * i];
  }
  *rank = r;
  return true;
}

bool tosa_slice_in_pad(RgRewriter *rw, RgValue *s) {
  int64_t start[16];
  uint32_t r;
  return slice_pad_start(rw, s, start, &r);
}

bool tosa_slice_pad_start(RgRewriter *rw, RgValue *s, RgInts *out) {
  int64_t start[16];
  uint32_t r;
  if (!slice_pad_start(rw, s, start, &r))
    return false;
  int64_t *w = rg_rw_scratch(rw, r);
  if (!w)
    return false;
  memcpy(w, start, sizeof *w * r);
  *out = (RgInts){w, r};
  return true;
}
