/* rulegen/shape.h - broadcasting for a target's shape hooks and
 * evaluators: the result shape of operands broadcast together (for a
 * hook), and an iterator over a broadcast result that keeps each
 * operand's element offset (for an evaluator), so a target of its own
 * needs no index arithmetic. The shipped backends use the same functions.
 * Guide: docs/backends.md, "Broadcasting". */
#ifndef RULEGEN_SHAPE_H
#define RULEGEN_SHAPE_H

#include "rulegen/graph.h"
#include "rulegen/interp.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How operands broadcast: both repeat a dim of 1 to the other's size. */
typedef enum RgBroadcastRule {
  RG_BROADCAST_EQUAL_RANK, /* ranks must be equal (TOSA never adds dims) */
  RG_BROADCAST_NUMPY       /* ranks aligned on the right, missing dims are 1 */
} RgBroadcastRule;

/* Numpy broadcasting of the shapes a[0..ra) and b[0..rb), aligned on the
 * right, into out[0..*rout) (out may be a or b; room for the larger rank).
 * A dynamic dim (RG_DIM_DYNAMIC) against a static d > 1 gives d; against
 * 1 or another dynamic dim it stays dynamic. False when two static dims
 * differ and neither is 1, or past rank 64. */
RG_API bool rg_shape_broadcast(int32_t ra, const int64_t *a, int32_t rb, const int64_t *b, int32_t *rout,
                               int64_t *out);

/* Tensor types to broadcast together: types[0..count) under `rule`, the
 * result of element type `elem` (NULL: types[0]'s). */
typedef struct RgBroadcastTypes {
  const RgType *const *types;
  uint32_t count;
  RgBroadcastRule rule;
  const RgType *elem;
} RgBroadcastTypes;

/* The type of the result of broadcasting `in` into *result: what a shape
 * hook of an elementwise op returns. An unranked operand gives an
 * unranked result. RG_ERR_TYPE with a message naming the types in err
 * when they do not broadcast (or one is not a tensor), RG_ERR_NOMEM when
 * out of memory. */
RG_API RgStatus rg_shape_broadcast_types(RgGraph *g, const RgBroadcastTypes *in, const RgType **result, char *err,
                                         size_t errlen);

/* Operands an iterator follows at most. */
#define RG_BROADCAST_MAX_IN 4

/* Walks the elements of a result in row-major order; off[j] is the
 * element of operand j that broadcasts to the current one. */
typedef struct RgBroadcastIter {
  uint32_t k;
  int32_t rank;
  int64_t dims[RG_TENSOR_MAX_RANK];
  int64_t idx[RG_TENSOR_MAX_RANK];
  int64_t strides[RG_BROADCAST_MAX_IN][RG_TENSOR_MAX_RANK]; /* 0 where operand j repeats */
  int64_t off[RG_BROADCAST_MAX_IN];
} RgBroadcastIter;

/* Starts `it` at element 0 of `out` with the operands in[0..k) broadcast
 * to out's shape under `rule`. Fails through rg_eval_fail (INVALID) when
 * an operand does not broadcast to out, naming it: "operand 1 dim 0 is 3,
 * cannot broadcast to 4". The usual loop:
 *   for (int64_t i = 0; i < out->numel; i++, rg_broadcast_next(&it))
 *     ... in[0] at it.off[0], in[1] at it.off[1], out at i ... */
RG_API RgStatus rg_broadcast_init(RgInterp *ip, RgBroadcastIter *it, const RgTensor *out, RgTensor *const *in,
                                  uint32_t k, RgBroadcastRule rule);

/* Moves the iterator on by one element of the result after the dim
 * `from`'s index is advanced: rg_broadcast_next is from = rank - 1;
 * from = rank - 2 starts the next row of the last dim (for a loop that
 * does a row at a time with strides[j][rank - 1]). */
static inline void rg_broadcast_step_from(RgBroadcastIter *it, int32_t from) {
  for (int32_t d = from; d >= 0; d--) {
    for (uint32_t j = 0; j < it->k; j++)
      it->off[j] += it->strides[j][d];
    if (++it->idx[d] < it->dims[d])
      return;
    for (uint32_t j = 0; j < it->k; j++)
      it->off[j] -= it->strides[j][d] * it->dims[d];
    it->idx[d] = 0;
  }
}
static inline void rg_broadcast_next(RgBroadcastIter *it) { rg_broadcast_step_from(it, it->rank - 1); }

#ifdef __cplusplus
}
#endif

#endif
