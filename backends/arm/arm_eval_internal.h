/* backends/arm/arm_eval_internal.h - what the Arm evaluator files share. */
#ifndef ARM_EVAL_INTERNAL_H
#define ARM_EVAL_INTERNAL_H

#include "rulegen/eval.h"

/* Which dims of x the node's `dim` reduces (absent or empty: all), and for
 * every input element, in row-major order, the output element it goes
 * into (*map, rg_alloc'd). *count is the number of elements each output
 * combines. */
RgStatus arm_reduce_map(RgInterp *ip, const RgNode *n, const RgTensor *x, const RgTensor *out,
                        int64_t **map, int64_t *count);

#endif
