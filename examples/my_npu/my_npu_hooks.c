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
 * (zero-filled) from the node's result type; a failure is reported with
 * rg_eval_fail, which names the op and the node. */
static RgStatus check_i32(RgInterp *ip, RgTensor *const *in, uint32_t num_in, uint32_t arity,
                          const RgTensor *out, uint32_t num_out) {
  RgStatus st = rg_eval_arity(ip, num_in, (int)arity, (int)arity, num_out, 1);
  for (uint32_t i = 0; st == RG_OK && i < num_in; i++) {
    st = rg_eval_expect_dtype(ip, in[i], RG_DT_I32, "operand");
    if (st == RG_OK && in[i]->numel != out->numel)
      st = rg_eval_fail(ip, RG_INTERP_INVALID, "operand %u has %lld elements, the result %lld", i,
                        (long long)in[i]->numel, (long long)out->numel);
  }
  return st;
}

RgStatus my_npu_eval_relu(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in, RgTensor *out,
                          uint32_t num_out) {
  (void)n;
  RgStatus st = check_i32(ip, in, num_in, 1, out, num_out);
  for (int64_t i = 0; st == RG_OK && i < out->numel; i++)
    out->ints[i] = in[0]->ints[i] > 0 ? in[0]->ints[i] : 0;
  return st;
}

RgStatus my_npu_eval_add_relu(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in,
                              RgTensor *out, uint32_t num_out) {
  (void)n;
  RgStatus st = check_i32(ip, in, num_in, 2, out, num_out);
  for (int64_t i = 0; st == RG_OK && i < out->numel; i++) {
    int64_t sum = rg_elem_wrap(RG_DT_I32, in[0]->ints[i] + in[1]->ints[i]); /* wraps like the hardware */
    out->ints[i] = sum > 0 ? sum : 0;
  }
  return st;
}

bool my_npu_is_i32(RgRewriter *rw, RgValue *v) {
  (void)rw;
  return is_i32_tensor(v->type);
}
