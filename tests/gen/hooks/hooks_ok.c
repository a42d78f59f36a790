/* Hooks of my.ops with the signatures the generated code calls. */
#include "rulegen/eval.h"
#include "my.h"

RgStatus my_infer_scale(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen) {
  (void)g, (void)err, (void)errlen;
  results[0] = n->operands[0].value->type;
  return RG_OK;
}

#ifndef LEAVE_OUT_EVAL /* defined: linking the registry must fail */
RgStatus my_eval_scale(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in,
                       RgTensor *out, uint32_t num_out) {
  (void)ip, (void)n, (void)in, (void)num_in, (void)out, (void)num_out;
  return RG_OK;
}
#endif

bool my_small(RgRewriter *rw, double k) {
  (void)rw;
  return k > -1 && k < 1;
}
