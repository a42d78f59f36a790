/* runtime/interp/broadcast.c - the broadcast iterator of evaluators
 * (rulegen/shape.h): per operand, the stride of each result dim, 0 where
 * the operand repeats, so that stepping the result steps every operand. */
#include <string.h>
#include "rulegen/eval.h"
#include "rulegen/shape.h"

RgStatus rg_broadcast_init(RgInterp *ip, RgBroadcastIter *it, const RgTensor *out, RgTensor *const *in,
                           uint32_t k, RgBroadcastRule rule) {
  memset(it, 0, sizeof *it);
  if (k > RG_BROADCAST_MAX_IN)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "%u operands to broadcast, at most %d", k, RG_BROADCAST_MAX_IN);
  it->k = k;
  it->rank = out->rank;
  memcpy(it->dims, out->dims, sizeof it->dims);
  for (uint32_t j = 0; j < k; j++) {
    const RgTensor *t = in[j];
    if (t->rank > out->rank || (rule == RG_BROADCAST_EQUAL_RANK && t->rank != out->rank))
      return rg_eval_fail(ip, RG_INTERP_INVALID, "operand %u has rank %d, result rank %d", j, t->rank, out->rank);
    int64_t st[RG_TENSOR_MAX_RANK];
    rg_tensor_strides(t, st);
    int32_t lead = out->rank - t->rank;
    for (int32_t d = lead; d < out->rank; d++) {
      int64_t n = t->dims[d - lead];
      if (n == out->dims[d] && n != 1)
        it->strides[j][d] = st[d - lead];
      else if (n != 1)
        return rg_eval_fail(ip, RG_INTERP_INVALID, "operand %u dim %d is %lld, cannot broadcast to %lld", j,
                            d - lead, (long long)n, (long long)out->dims[d]);
    }
  }
  return RG_OK;
}
