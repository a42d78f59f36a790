/* backends/xnnpack/xnnpack_hooks.h - shape inference hooks of the
 * edge-dialect ops of an exported program (encoding: docs/backends.md).
 * Each has the RgShapeFn signature and is bound by name from the op
 * declarations: `shape(xnnpack_infer_view_copy)`. */
#ifndef RG_BACKENDS_XNNPACK_HOOKS_H
#define RG_BACKENDS_XNNPACK_HOOKS_H

#include "rulegen/pass.h"

/* Arithmetic with torch broadcasting and type promotion: aten.add.Tensor,
 * aten.sub.Tensor, aten.mul.Tensor, aten.div.Tensor, and the .Scalar forms
 * whose scalar is the property `other`. */
RgStatus xnnpack_infer_add_tensor(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);
RgStatus xnnpack_infer_sub_tensor(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);
RgStatus xnnpack_infer_mul_tensor(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);
RgStatus xnnpack_infer_div_tensor(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);
RgStatus xnnpack_infer_add_scalar(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);
RgStatus xnnpack_infer_sub_scalar(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);
RgStatus xnnpack_infer_constant(RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen);
RgStatus xnnpack_infer_mul_scalar(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);
RgStatus xnnpack_infer_div_scalar(RgGraph *g, const RgNode *n, const RgType **results,
                                  char *err, size_t errlen);

/* Unary ops: same type (relu, hardtanh, clamp, neg, abs, clone, gelu, ...),
 * or float functions whose integer inputs give f32 (sigmoid, tanh, exp,
 * sqrt, rsqrt, log). */
RgStatus xnnpack_infer_unary(RgGraph *g, const RgNode *n, const RgType **results,
                             char *err, size_t errlen);
RgStatus xnnpack_infer_unary_float(RgGraph *g, const RgNode *n, const RgType **results,
                                   char *err, size_t errlen);

/* Matrix products: aten.mm, aten.bmm, aten.addmm, aten.linear. */
RgStatus xnnpack_infer_mm(RgGraph *g, const RgNode *n, const RgType **results,
                          char *err, size_t errlen);
RgStatus xnnpack_infer_bmm(RgGraph *g, const RgNode *n, const RgType **results,
                           char *err, size_t errlen);
RgStatus xnnpack_infer_addmm(RgGraph *g, const RgNode *n, const RgType **results,
                             char *err, size_t errlen);
RgStatus xnnpack_infer_linear(RgGraph *g, const RgNode *n, const RgType **results,
                              char *err, size_t errlen);

/* Views and data movement: aten.view_copy, aten.expand_copy,
 * aten.permute_copy, aten.unsqueeze_copy, aten.squeeze_copy.dims,
 * aten.slice_copy.Tensor, aten.cat. */
RgStatus xnnpack_infer_view_copy(RgGraph *g, const RgNode *n, const RgType **results,
                                 char *err, size_t errlen);
RgStatus xnnpack_infer_expand_copy(RgGraph *g, const RgNode *n, const RgType **results,
                                   char *err, size_t errlen);
RgStatus xnnpack_infer_permute_copy(RgGraph *g, const RgNode *n, const RgType **results,
                                    char *err, size_t errlen);
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
