/* examples/my_npu/my_npu_hooks.c - the C side of my_npu.ops: for each op a
 * shape hook (result type from the operands, for nodes a rewrite creates)
 * and an evaluator (what the op computes, for --verify-by-execution), and
 * the extern predicate the rules call. */
#include <stdio.h>
#include "rulegen/rulegen.h"

RgStatus my_npu_infer_relu(RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen);
RgStatus my_npu_infer_add_relu(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                               size_t errlen);
RgStatus my_npu_eval_relu(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in, RgTensor *out,
                          uint32_t num_out);
RgStatus my_npu_eval_add_relu(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in,
                              RgTensor *out, uint32_t num_out);
bool my_npu_is_i32(RgRewriter *rw, RgValue *v);

static bool is_i32_tensor(const RgType *t) {
  return t && t->kind == RG_TYPE_TENSOR && t->dtype == RG_DT_I32;
}

/* Both ops give a tensor of their operands' type, which must be i32 and
 * (for add_relu) the same for both operands. */
static RgStatus same_i32(const RgNode *n, uint32_t arity, const RgType **results, char *err, size_t errlen) {
  if (n->num_operands != arity) {
    snprintf(err, errlen, "expected %u operands, got %u", arity, n->num_operands);
    return RG_ERR_INVALID;
  }
  const RgType *t = n->operands[0].value->type;
  for (uint32_t i = 0; i < arity; i++) {
    if (!is_i32_tensor(n->operands[i].value->type) || n->operands[i].value->type != t) {
      snprintf(err, errlen, "operand %u is %s; expected %s i32 tensor", i, n->operands[i].value->type->text,
               i ? "the same" : "an");
      return RG_ERR_INVALID;
    }
  }
  results[0] = t;
  return RG_OK;
}

RgStatus my_npu_infer_relu(RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen) {
  (void)g;
  return same_i32(n, 1, results, err, errlen);
}

RgStatus my_npu_infer_add_relu(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                               size_t errlen) {
  (void)g;
  return same_i32(n, 2, results, err, errlen);
}

/* The interpreter hands in the operands and the result already allocated
 * (zero-filled) from the node's result type. */
static bool shapes_ok(RgTensor *const *in, uint32_t num_in, const RgTensor *out, uint32_t num_out) {
  if (num_out != 1 || out->dtype != RG_DT_I32)
    return false;
  for (uint32_t i = 0; i < num_in; i++)
    if (in[i]->dtype != RG_DT_I32 || in[i]->numel != out->numel)
      return false;
  return true;
}

RgStatus my_npu_eval_relu(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in, RgTensor *out,
                          uint32_t num_out) {
  (void)ip;
  (void)n;
  if (num_in != 1 || !shapes_ok(in, num_in, out, num_out))
    return RG_ERR_INVALID;
  for (int64_t i = 0; i < out->numel; i++)
    out->ints[i] = in[0]->ints[i] > 0 ? in[0]->ints[i] : 0;
  return RG_OK;
}

RgStatus my_npu_eval_add_relu(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in,
                              RgTensor *out, uint32_t num_out) {
  (void)ip;
  (void)n;
  if (num_in != 2 || !shapes_ok(in, num_in, out, num_out))
    return RG_ERR_INVALID;
  for (int64_t i = 0; i < out->numel; i++) {
    rg_tensor_set_int(out, i, in[0]->ints[i] + in[1]->ints[i]); /* wraps like the hardware */
    if (out->ints[i] < 0)
      out->ints[i] = 0;
  }
  return RG_OK;
}

bool my_npu_is_i32(RgRewriter *rw, RgValue *v) {
  (void)rw;
  return is_i32_tensor(v->type);
}
