/* Hooks of my.ops, my_small written with float where the generated code
 * passes double: must not compile. */
#include "rulegen/eval.h"
#include "my.h"

RgStatus my_infer_scale(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen) {
  (void)g, (void)err, (void)errlen;
  results[0] = n->operands[0].value->type;
  return RG_OK;
}

RgStatus my_eval_scale(RgInterp *ip, const RgNode *n, RgTensor *const *in, uint32_t num_in,
                       RgTensor *out, uint32_t num_out) {
  (void)ip, (void)n, (void)in, (void)num_in, (void)out, (void)num_out;
  return RG_OK;
}

bool my_small(RgRewriter *rw, float k) {
  (void)rw;
  return k > -1 && k < 1;
}
