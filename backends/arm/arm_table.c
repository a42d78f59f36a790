/* backends/arm/arm_table.c - the contents of a TOSA TABLE computed at
 * compile time (insert_table_ops.rules): for a group
 * quantize(op(dequantize(x))) with one i8 input, entry i of the table is
 * the group evaluated on the integer i - 128 by the ops' own evaluators
 * (the `eval` bindings of arm.ops), so the TABLE gives bit for bit what
 * the interpreter gives for the group, and torch's reference quantized op
 * as far as the evaluators follow torch. */
#include <string.h>
#include "rules/builtin.h"
#include "rulegen/eval.h"

/* The evaluator of n in the pass being run (its ops are the pattern's). */
static const RgOpDesc *desc_of(const RgRewriter *rw, const RgNode *n) {
  const RgPassDesc *p = rg_rw_pass(rw);
  int k = rg_rw_local(rw, n);
  return k >= 0 && p->op_descs ? p->op_descs[k] : NULL;
}

/* out = the one result of n's evaluator on in (a rank-1 tensor of 256
 * elements of dtype dt); false when there is no evaluator or it fails. */
static bool eval_on(RgRewriter *rw, RgInterp *ip, const RgNode *n, const RgTensor *in, RgDType dt,
                    RgTensor *out) {
  const RgOpDesc *d = desc_of(rw, n);
  int64_t dims[1] = {256};
  if (!d || !d->eval || n->num_operands != 1 || n->num_results != 1 ||
      rg_tensor_init(out, dt, 1, dims) != RG_OK)
    return false;
  RgTensor *args[1] = {(RgTensor *)in};
  if (d->eval(ip, n, args, 1, out, 1) == RG_OK)
    return true;
  rg_tensor_release(out);
  return false;
}

bool arm_table(RgRewriter *rw, RgValue *q, const RgAttr **out) {
  RgGraph *g = rg_rw_graph(rw);
  const RgNode *qn = rg_value_def(q);
  const RgNode *op = qn && qn->num_operands == 1 ? rg_value_def(qn->operands[0].value) : NULL;
  const RgNode *dq = op && op->num_operands == 1 ? rg_value_def(op->operands[0].value) : NULL;
  if (!dq || dq->num_operands != 1 || rg_type_storage(dq->operands[0].value->type) != RG_DT_I8 ||
      rg_type_storage(q->type) != RG_DT_I8)
    return false;
  RgDType mid = rg_type_storage(op->operands[0].value->type);
  RgDType res = rg_type_storage(op->results[0].type);
  if (!rg_dtype_is_float(mid) || !rg_dtype_is_float(res))
    return false;
  RgInterp *ip = rg_interp_new(g, NULL, 0);
  if (!ip)
    return false;
  RgTensor ints, f, y, t;
  int64_t dims[1] = {256};
  bool ok = rg_tensor_init(&ints, RG_DT_I8, 1, dims) == RG_OK;
  if (ok) {
    for (int64_t i = 0; i < 256; i++)
      rg_tensor_set_int(&ints, i, i - 128);
    ok = eval_on(rw, ip, dq, &ints, mid, &f);
    if (ok) {
      ok = eval_on(rw, ip, op, &f, res, &y);
      if (ok) {
        ok = eval_on(rw, ip, qn, &y, RG_DT_I8, &t);
        if (ok) {
          const RgType *tt = rg_type_tensor(g, RG_DT_I8, 1, dims);
          *out = tt ? rg_attr_dense_tensor(g, tt, &t) : NULL;
          ok = *out != NULL;
          rg_tensor_release(&t);
        }
        rg_tensor_release(&y);
      }
      rg_tensor_release(&f);
    }
    rg_tensor_release(&ints);
  }
  rg_interp_free(ip);
  return ok;
}
