/* backends/arm/arm_externs.h - numeric helpers that the Arm pass rules
 * call (declared with `extern` in arm.ops); argument types follow the
 * extern ABI of docs/dsl.md (float -> double, int[] -> pointer + count). */
#ifndef ARM_EXTERNS_H
#define ARM_EXTERNS_H

#include "rulegen/match.h"

bool arm_reduced_count(RgRewriter *rw, RgInts shape, RgInts dims, int64_t *out);
bool arm_expand_repeats(RgRewriter *rw, RgInts shape, RgInts size, RgInts *out);
bool arm_permute_is_view(RgRewriter *rw, RgInts shape, RgInts dims);
bool arm_fmax(RgRewriter *rw, double a, double b, double *out);
bool arm_fmin(RgRewriter *rw, double a, double b, double *out);
bool arm_is_float(RgRewriter *rw, RgDType dt);

#endif
