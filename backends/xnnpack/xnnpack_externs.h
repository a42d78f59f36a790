/* backends/xnnpack/xnnpack_externs.h - native predicates that the edge
 * dialect rules call (declared with `extern` in xnnpack.ops); argument
 * types follow the extern ABI of docs/dsl.md (float -> double, type ->
 * RgDType). */
#ifndef XNNPACK_EXTERNS_H
#define XNNPACK_EXTERNS_H

#include "rulegen/match.h"

bool xnnpack_scalar_exact(RgRewriter *rw, double c, RgDType dt);
bool xnnpack_computes_in_type(RgRewriter *rw, RgDType dt);

#endif
