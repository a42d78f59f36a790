/* backends/xnnpack/xnnpack_hooks.h - the shape inference hooks of
 * xnnpack_shape.c that no op declaration binds yet (encoding:
 * docs/backends.md). A hook a declaration binds, `shape(xnnpack_infer_cat)`,
 * is declared by the header rulegen generates for the rule set
 * (rules/builtin.h): move it there by binding it, not by copying it here. */
#ifndef RG_BACKENDS_XNNPACK_HOOKS_H
#define RG_BACKENDS_XNNPACK_HOOKS_H

#include "rulegen/pass.h"

/* aten.div.Scalar: torch type promotion with the scalar property `other`. */
RgStatus xnnpack_infer_div_scalar(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);

/* aten.cat(tensors...) along the property `dim`; dtypes promote and the
 * other dims must match. */
RgStatus xnnpack_infer_cat(RgGraph *g, const RgNode *n, const RgType **results,
                           char *err, size_t errlen);

/* aten.native_layer_norm: three results, the input's type, then mean and
 * rstd with 1 for each normalized dim. */
RgStatus xnnpack_infer_native_layer_norm(RgGraph *g, const RgNode *n, const RgType **results,
                                         char *err, size_t errlen);

#endif
