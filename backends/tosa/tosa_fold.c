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
  const RgAttr *a = NULL;
  const RgNode *d = rg_value_def(v);
  if (d && d->num_props)
    a = d->attrs[0].value;
  return v->num_uses == 1 || (a && a->kind == RG_ATTR_DENSE && a->count <= 16);
}

static const RgOpDesc *desc_of(const RgPassDesc *p, RgGraph *g, const RgNode *n) {
  const char *name = rg_op_name(g, n->op);
  for (uint16_t k = 0; k < p->num_ops; k++)
    if (p->op_descs[k] && strcmp(p->op_names[k], name) == 0)
      return p->op_descs[k];
  return NULL;
}

bool tosa_foldable(RgRewriter *rw, RgValue *r) {
  RgGraph *g = rg_rw_graph(rw);
  const RgPassDesc *p = rg_rw_pass(rw);
  const RgNode *n = rg_value_def(r);
  if (!n || n->num_regions || n->num_results != 1 || n->num_operands == 0 || !r->type ||
      r->type->kind != RG_TYPE_TENSOR || !rg_elem_supported(r->type->dtype))
    return false;
  const RgOpDesc *d = desc_of(p, g, n);
  if (!d || !d->eval || (d->traits & RG_TRAIT_CONSTANT))
    return false;
  uint64_t limit = rg_rw_options(rw)->fold_max_elems;
  int64_t numel = rg_type_numel(r->type);
  if (numel < 0 || (uint64_t)numel > (limit ? limit : RG_FOLD_MAX_ELEMS_DEFAULT))
    return false;
  for (uint32_t i = 0; i < n->num_operands; i++) {
    const RgValue *v = n->operands[i].value;
    const RgNode *c = rg_value_def(v);
    const RgOpDesc *cd = c ? desc_of(p, g, c) : NULL;
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
    ok = rg_interp_eval_node(ip, rg_value_def(n->operands[nin].value), NULL, 0, &in[nin], NULL, 0) == RG_OK;
  if (ok)
    ok = rg_interp_eval_node(ip, n, in, n->num_operands, &res, NULL, 0) == RG_OK;
  *out = NULL;
  if (ok) {
    *out = rg_attr_dense_tensor(g, r->type, &res[0]);
  }
  if (res)
    rg_tensor_array_free(res, n->num_results);
  for (uint32_t i = 0; i < nin; i++)
    if (in[i])
      rg_tensor_array_free(in[i], 1);
  rg_interp_free(ip);
  return *out != NULL;
}
