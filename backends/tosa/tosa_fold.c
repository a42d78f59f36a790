/* backends/tosa/tosa_fold.c - constant folding for the TOSA rules: an op
 * whose operands are all constants is replaced by its value, computed by
 * the op's own evaluator (the `eval` binding of its declaration, through
 * rg_interp_eval_node), so a folded result is bit-identical to what the
 * interpreter computes for the op by construction. */
#include <string.h>
#include "rulegen/eval.h"
#include "rules/builtin.h"

/* A constant operand whose data the folded op may consume without it
 * being stored twice: the op is its only user, or it is small (a splat,
 * a zero point, a shape). */
static bool consumable(const RgValue *v) {
  const RgNode *d = rg_value_def(v);
  const RgAttr *a = d ? rg_node_attr(d, "values") : NULL; /* a property, or an attribute in older spellings */
  return v->num_uses == 1 || (a && a->kind == RG_ATTR_DENSE && a->count <= 16);
}

/* The pass's declaration of n's op, through its local op index. */
static const RgOpDesc *desc_of(const RgRewriter *rw, const RgPassDesc *p, const RgNode *n) {
  int k = rg_rw_local(rw, n);
  return k >= 0 && p->op_descs ? p->op_descs[k] : NULL;
}

/* Quantized values fold only where every reading of the quantized type
 * gives the same result as computing on the storage integers: ops that
 * move elements of one per-tensor type (each keeps its scale and zero
 * point), and comparisons of two operands of one per-tensor type (a
 * positive scale keeps the order, one zero point cancels). Arithmetic
 * (add of two scales, a cast to another zero point, ...) means a rescale
 * to whatever reads the type, so it declines, and so does any per-axis
 * type, whose scale moves with the element. */
static bool quant_foldable(RgGraph *g, const RgNode *n, const RgValue *r) {
  static const char *const moves[] = {"tosa.reshape", "tosa.transpose", "tosa.reverse", "tosa.slice",
                                      "tosa.tile", "tosa.concat", "tosa.pad", "tosa.identity",
                                      "tosa.select"};
  static const char *const compares[] = {"tosa.equal", "tosa.greater", "tosa.greater_equal"};
  const char *name = rg_op_name(g, n->op);
  const RgType *q = NULL; /* the one quantized element type allowed */
  bool any = rg_type_is_quant(r->type);
  if (any)
    q = r->type->elem;
  for (uint32_t i = 0; i < n->num_operands; i++) {
    const RgType *t = n->operands[i].value->type;
    if (!t || !rg_type_is_quant(t))
      continue;
    if (q && t->elem != q)
      return false;
    q = t->elem;
    any = true;
  }
  if (!any)
    return true;
  if (!rg_type_is_quant_per_tensor(q))
    return false;
  for (size_t i = 0; i < sizeof moves / sizeof moves[0]; i++)
    if (strcmp(name, moves[i]) == 0)
      return r->type->elem == q;
  for (size_t i = 0; i < sizeof compares / sizeof compares[0]; i++)
    if (strcmp(name, compares[i]) == 0)
      return !rg_type_is_quant(r->type) && n->num_operands == 2 &&
             n->operands[0].value->type->elem == q && n->operands[1].value->type->elem == q &&
             rg_type_quant_scale(q) > 0;
  return false;
}

bool tosa_foldable(RgRewriter *rw, RgValue *r) {
  const RgPassDesc *p = rg_rw_pass(rw);
  const RgNode *n = rg_value_def(r);
  if (!n || n->num_regions || n->num_results != 1 || n->num_operands == 0 || !r->type ||
      r->type->kind != RG_TYPE_TENSOR || !rg_elem_supported(rg_type_storage(r->type)))
    return false;
  const RgOpDesc *d = desc_of(rw, p, n);
  if (!d || !d->eval || (d->traits & RG_TRAIT_CONSTANT) || !quant_foldable(rg_rw_graph(rw), n, r))
    return false;
  uint64_t limit = rg_rw_options(rw)->fold_max_elems;
  int64_t numel = rg_type_numel(r->type);
  if (numel < 0 || (uint64_t)numel > (limit ? limit : RG_FOLD_MAX_ELEMS_DEFAULT))
    return false;
  for (uint32_t i = 0; i < n->num_operands; i++) {
    const RgValue *v = n->operands[i].value;
    const RgNode *c = rg_value_def(v);
    const RgOpDesc *cd = c ? desc_of(rw, p, c) : NULL;
    if (!cd || !(cd->traits & RG_TRAIT_CONSTANT) || !cd->eval || rg_node_is_frozen(c) || !consumable(v))
      return false;
  }
  return true;
}

bool tosa_folded(RgRewriter *rw, RgValue *r, const RgAttr **out) {
  RgGraph *g = rg_rw_graph(rw);
  const RgPassDesc *p = rg_rw_pass(rw);
  const RgNode *n = rg_value_def(r);
  if (!n || n->num_operands > 16)
    return false;
  RgInterp *ip = rg_interp_new(g, NULL, 0);
  if (!ip)
    return false;
  bool ok = true;
  for (uint16_t k = 0; k < p->num_ops && ok; k++)
    if (p->op_descs[k])
      ok = rg_interp_add_ops(ip, p->op_descs[k], 1) == RG_OK;
  RgTensor *in[16] = {0}, *res = NULL;
  uint32_t nin = 0;
  for (; ok && nin < n->num_operands; nin++)
    ok = rg_interp_eval_node(ip, rg_value_def(n->operands[nin].value), NULL, 0, &in[nin]) == RG_OK;
  if (ok)
    ok = rg_interp_eval_node(ip, n, in, n->num_operands, &res) == RG_OK;
  *out = NULL;
  if (ok) /* storage values; the rewriter gives the constant r's quantized type */
    *out = rg_attr_dense_tensor(g, rg_type_storage_type(g, r->type), &res[0]);
  if (res)
    rg_tensor_array_free(res, n->num_results);
  for (uint32_t i = 0; i < nin; i++)
    if (in[i])
      rg_tensor_array_free(in[i], 1);
  rg_interp_free(ip);
  return *out != NULL;
}

/* ---- batch-norm folding (rules/batch_norm.rules) ----
 * A per-channel scale or shift after a conv2d, depthwise_conv2d or matmul
 * moves into its weight and bias constants. The new constants are
 * computed here in f32, one rounding per element as tosa.mul/add/sub
 * would; the rewrite itself is inexact (it reassociates float arithmetic),
 * so the rules that use these are marked `inexact`. */

static bool is_f32_tensor(const RgValue *v) {
  return v && v->type && v->type->kind == RG_TYPE_TENSOR && v->type->dtype == RG_DT_F32 &&
         rg_type_numel(v->type) >= 0;
}

/* The values of a constant-valued `k` (a tosa.const, or reshapes of one:
 * a reshape keeps the row-major order), one stored for a splat. */
static bool const_floats(RgGraph *g, const RgValue *k, const double **v, uint32_t *n) {
  const RgNode *d = rg_value_def(k);
  for (int depth = 0; d && !rg_node_is_frozen(d) && depth < 16; depth++) {
    const char *name = rg_op_name(g, d->op);
    if (strcmp(name, "tosa.const") == 0) {
      const RgAttr *a = rg_node_attr(d, "values");
      return a && a->kind == RG_ATTR_DENSE && rg_attr_dense_get_floats(g, a, v, n) && *n;
    }
    if (strcmp(name, "tosa.reshape") != 0 || !d->num_operands)
      return false;
    d = rg_value_def(d->operands[0].value);
  }
  return false;
}

bool tosa_is_channel_const(RgRewriter *rw, RgValue *k, RgValue *c) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *n = rg_value_def(c);
  if (!n || !is_f32_tensor(c) || !is_f32_tensor(k) || k->type->rank != c->type->rank || c->type->rank < 1)
    return false;
  for (uint32_t i = 0; i < n->num_operands; i++) /* no quantized operand or zero point */
    if (!is_f32_tensor(n->operands[i].value))
      return false;
  int32_t last = k->type->rank - 1;
  for (int32_t i = 0; i < last; i++)
    if (k->type->dims[i] != 1)
      return false;
  int64_t ch = k->type->dims[last];
  if (ch != 1 && ch != c->type->dims[last])
    return false;
  const double *v;
  uint32_t count;
  return const_floats(g, k, &v, &count) && (count == 1 || count == (uint64_t)ch);
}

typedef enum { CH_MUL, CH_ADD, CH_SUB } ChannelOp;

/* out[i] = c[i] op k[channel(i)], channel(i) = (i / inner) % channels:
 * `leading` puts the channel on the first axis of c (conv2d weights,
 * OHWI), otherwise on the last one or the last two (bias, matmul's
 * [N, C, W], depthwise [KH, KW, C, M] with channel C*M). A one-element
 * bias becomes one value per channel. */
static bool channel_combine(RgRewriter *rw, RgValue *c, RgValue *k, bool leading, ChannelOp op,
                            const RgAttr **out) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *d = rg_value_def(c);
  const RgAttr *a = d && strcmp(rg_op_name(g, d->op), "tosa.const") == 0 ? rg_node_attr(d, "values") : NULL;
  const double *cv, *kv;
  uint32_t cn, kn;
  if (!a || a->kind != RG_ATTR_DENSE || !is_f32_tensor(c) || !rg_attr_dense_get_floats(g, a, &cv, &cn) || !cn ||
      !const_floats(g, k, &kv, &kn))
    return false;
  int64_t channels = k->type->dims[k->type->rank - 1];
  const RgType *t = c->type;
  int64_t numel = rg_type_numel(t);
  if (numel == 1 && channels > 1) {
    t = rg_type_tensor(g, RG_DT_F32, 1, &channels);
    numel = channels;
  }
  if (!t || numel < 1 || numel % channels || numel > (1 << 24))
    return false;
  bool splat = cn == 1 && kn == 1;
  uint64_t limit = rg_rw_options(rw)->fold_max_elems;
  if (!splat && cn < (uint64_t)numel && (uint64_t)numel > (limit ? limit : RG_FOLD_MAX_ELEMS_DEFAULT))
    return false; /* would store in full what is stored as one value */
  uint32_t count = splat ? 1 : (uint32_t)numel;
  int64_t inner = leading ? numel / channels : 1;
  double *o = (double *)rg_rw_scratch(rw, count);
  if (!o)
    return false;
  for (uint32_t i = 0; i < count; i++) {
    float x = (float)cv[cn == 1 ? 0 : i], s = (float)kv[kn == 1 ? 0 : (i / inner) % channels];
    o[i] = op == CH_MUL ? x * s : op == CH_ADD ? x + s : x - s;
    o[i] = (float)o[i];
  }
  bool same = true; /* splat-valued (bitwise, so -0.0 stays apart): one stored */
  for (uint32_t i = 1; i < count && same; i++)
    same = memcmp(&o[i], &o[0], sizeof o[0]) == 0;
  *out = rg_attr_dense_floats(g, t, same ? 1 : count, o);
  return *out != NULL;
}

bool tosa_scaled_leading(RgRewriter *rw, RgValue *c, RgValue *k, const RgAttr **out) {
  return channel_combine(rw, c, k, true, CH_MUL, out);
}
bool tosa_scaled_trailing(RgRewriter *rw, RgValue *c, RgValue *k, const RgAttr **out) {
  return channel_combine(rw, c, k, false, CH_MUL, out);
}
bool tosa_shifted(RgRewriter *rw, RgValue *c, RgValue *k, const RgAttr **out) {
  return channel_combine(rw, c, k, false, CH_ADD, out);
}
bool tosa_shifted_down(RgRewriter *rw, RgValue *c, RgValue *k, const RgAttr **out) {
  return channel_combine(rw, c, k, false, CH_SUB, out);
}

/* ---- flatten + fully connected (rules/transpose.rules, flatten_fc) ----
 * matmul(reshape(T(x, p), [1, 1, K]), w) reads row k of w[0] for the
 * element of T(x, p) at flat index k. Reshaping x itself puts that element
 * at x's flat index instead, so the rows of w move there: the transpose
 * becomes a permutation of the weight constant, done once at compile time.
 * Exact for any element type (data only moves). */
bool tosa_rows_permuted(RgRewriter *rw, RgValue *w, RgValue *x, RgInts p, const RgAttr **out) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *d = rg_value_def(w);
  const RgAttr *a = d && strcmp(rg_op_name(g, d->op), "tosa.const") == 0 ? rg_node_attr(d, "values") : NULL;
  RgInts xs;
  if (!a || a->kind != RG_ATTR_DENSE || !w->type || w->type->kind != RG_TYPE_TENSOR || w->type->rank != 3 ||
      !rg_value_shape(x, &xs) || xs.n != p.n || xs.n > 16 || !rg_ints_is_perm(p) ||
      (rg_type_is_quant(w->type) && !rg_type_is_quant_per_tensor(w->type)))
    return false;
  int64_t k_rows = rg_type_numel(x->type), cols = w->type->dims[2];
  if (w->type->dims[0] != 1 || w->type->dims[1] != k_rows || cols < 0 || k_rows * cols > (1 << 24))
    return false;
  bool is_float = rg_dtype_is_float(a->type->dtype);
  const int64_t *iv = NULL;
  const double *fv = NULL;
  uint32_t count;
  if (is_float ? !rg_attr_dense_get_floats(g, a, &fv, &count) : !rg_attr_dense_get_ints(g, a, &iv, &count))
    return false;
  if (count == 1) { /* a splat: every row is the same */
    *out = a;
    return true;
  }
  uint32_t n = (uint32_t)(k_rows * cols);
  int64_t *oi = is_float ? NULL : rg_rw_scratch(rw, n);
  double *of = is_float ? (double *)rg_rw_scratch(rw, n) : NULL;
  if ((is_float && !of) || (!is_float && !oi))
    return false;
  int64_t td[16], idx[16] = {0}; /* T(x, p)'s dims; x's index, row-major */
  for (uint32_t i = 0; i < p.n; i++)
    td[i] = xs.v[p.v[i]];
  for (int64_t kx = 0; kx < k_rows; kx++) {
    int64_t kt = 0; /* the same element's flat index in T(x, p) */
    for (uint32_t i = 0; i < p.n; i++)
      kt = kt * td[i] + idx[p.v[i]];
    for (int64_t c = 0; c < cols; c++) {
      if (is_float)
        of[kx * cols + c] = fv[kt * cols + c];
      else
        oi[kx * cols + c] = iv[kt * cols + c];
    }
    for (int i = (int)xs.n - 1; i >= 0 && ++idx[i] == xs.v[i]; i--)
      idx[i] = 0;
  }
  const RgType *wt = rg_type_storage_type(g, w->type); /* a quantized weight holds storage values */
  *out = !wt ? NULL : is_float ? rg_attr_dense_floats(g, wt, n, of) : rg_attr_dense_ints(g, wt, n, oi);
  return *out != NULL;
}
