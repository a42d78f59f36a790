/* backends/xnnpack/xnnpack_hooks.h - shape inference hooks of edge-dialect
 * ops that xnnpack.ops does not declare yet (encoding: docs/backends.md).
 * Hooks that a declaration binds, `shape(xnnpack_infer_view_copy)`, are
 * declared by the header rulegen generates for the rule set instead. */
#ifndef RG_BACKENDS_XNNPACK_HOOKS_H
#define RG_BACKENDS_XNNPACK_HOOKS_H

#include "rulegen/pass.h"

/* Arithmetic with torch broadcasting and type promotion: aten.add.Tensor,
 * aten.sub.Tensor, aten.mul.Tensor, aten.div.Tensor, and the .Scalar forms
 * whose scalar is the property `other`. */
RgStatus xnnpack_infer_add_scalar(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);
RgStatus xnnpack_infer_sub_scalar(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);
RgStatus xnnpack_infer_div_scalar(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);

/* Unary ops: same type (relu, hardtanh, clamp, neg, abs, clone, gelu, ...),
 * or float functions whose integer inputs give f32 (sigmoid, tanh, exp,
 * sqrt, rsqrt, log). */
RgStatus xnnpack_infer_unary_float(RgGraph *g, const RgNode *n, const RgType **results,
                                   char *err, size_t errlen);

/* Views and data movement: aten.view_copy, aten.expand_copy,
 * aten.permute_copy, aten.unsqueeze_copy, aten.squeeze_copy.dims,
 * aten.slice_copy.Tensor, aten.cat. */
RgStatus xnnpack_infer_unsqueeze_copy(RgGraph *g, const RgNode *n, const RgType **results,
                                      char *err, size_t errlen);
RgStatus xnnpack_infer_squeeze_copy(RgGraph *g, const RgNode *n, const RgType **results,
                                    char *err, size_t errlen);
RgStatus xnnpack_infer_slice_copy(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);
RgStatus xnnpack_infer_cat(RgGraph *g, const RgNode *n, const RgType **results,
                           char *err, size_t errlen);

/* Normalization and reductions: aten._softmax (and aten.softmax.int),
 * aten.native_layer_norm (three results), aten.mean.dim. */
RgStatus xnnpack_infer_softmax(RgGraph *g, const RgNode *n, const RgType **results,
                               char *err, size_t errlen);
RgStatus xnnpack_infer_native_layer_norm(RgGraph *g, const RgNode *n, const RgType **results,
                                         char *err, size_t errlen);
RgStatus xnnpack_infer_mean_dim(RgGraph *g, const RgNode *n, const RgType **results,
                                char *err, size_t errlen);

#endif
