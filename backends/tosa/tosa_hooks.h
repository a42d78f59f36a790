/* backends/tosa/tosa_hooks.h - shape inference hooks of the TOSA 1.0 ops
 * (MLIR 22 spelling). Each has the RgShapeFn signature and is bound by name
 * from the op declarations: `shape(tosa_infer_transpose)`. Contract and
 * element-type rules: docs/backends.md. */
#ifndef RG_BACKENDS_TOSA_HOOKS_H
#define RG_BACKENDS_TOSA_HOOKS_H

#include "rulegen/pass.h"

/* Constants and layout. */
RgStatus tosa_infer_const(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                          size_t errlen);
RgStatus tosa_infer_const_shape(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                size_t errlen);
RgStatus tosa_infer_transpose(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                              size_t errlen);
RgStatus tosa_infer_reshape(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                            size_t errlen);
RgStatus tosa_infer_rescale(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                            size_t errlen);
RgStatus tosa_infer_cast(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                         size_t errlen);

/* Unary elementwise: the result has the input's type. */
RgStatus tosa_infer_clamp(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                          size_t errlen);
RgStatus tosa_infer_negate(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                           size_t errlen);
RgStatus tosa_infer_abs(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen);
RgStatus tosa_infer_exp(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen);
RgStatus tosa_infer_log(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen);
RgStatus tosa_infer_rsqrt(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                          size_t errlen);
RgStatus tosa_infer_reciprocal(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                               size_t errlen);
RgStatus tosa_infer_sigmoid(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                            size_t errlen);
RgStatus tosa_infer_tanh(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                         size_t errlen);
RgStatus tosa_infer_erf(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen);
RgStatus tosa_infer_floor(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                          size_t errlen);
RgStatus tosa_infer_ceil(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                         size_t errlen);
RgStatus tosa_infer_cos(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen);
RgStatus tosa_infer_sin(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen);
RgStatus tosa_infer_bitwise_not(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                size_t errlen);
RgStatus tosa_infer_logical_not(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                size_t errlen);
RgStatus tosa_infer_identity(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                             size_t errlen);

/* Binary elementwise with TOSA broadcasting (equal ranks, dims equal or 1). */
RgStatus tosa_infer_add(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen);
RgStatus tosa_infer_sub(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen);
RgStatus tosa_infer_mul(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen);
RgStatus tosa_infer_maximum(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                            size_t errlen);
RgStatus tosa_infer_minimum(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                            size_t errlen);
RgStatus tosa_infer_pow(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen);
RgStatus tosa_infer_intdiv(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                           size_t errlen);
RgStatus tosa_infer_logical_and(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                size_t errlen);
RgStatus tosa_infer_logical_or(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                               size_t errlen);
RgStatus tosa_infer_logical_xor(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                size_t errlen);
RgStatus tosa_infer_bitwise_and(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                size_t errlen);
RgStatus tosa_infer_bitwise_or(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                               size_t errlen);
RgStatus tosa_infer_bitwise_xor(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                size_t errlen);
RgStatus tosa_infer_logical_left_shift(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                       size_t errlen);
RgStatus tosa_infer_logical_right_shift(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                        size_t errlen);
RgStatus tosa_infer_arithmetic_right_shift(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                           size_t errlen);
RgStatus tosa_infer_select(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                           size_t errlen);

/* Comparisons: i1 results. */
RgStatus tosa_infer_equal(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                          size_t errlen);
RgStatus tosa_infer_greater(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                            size_t errlen);
RgStatus tosa_infer_greater_equal(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                  size_t errlen);

/* Convolution, matmul, pooling, table. */
RgStatus tosa_infer_conv2d(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                           size_t errlen);
RgStatus tosa_infer_depthwise_conv2d(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                     size_t errlen);
RgStatus tosa_infer_transpose_conv2d(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                     size_t errlen);
RgStatus tosa_infer_matmul(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                           size_t errlen);
RgStatus tosa_infer_avg_pool2d(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                               size_t errlen);
RgStatus tosa_infer_max_pool2d(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                               size_t errlen);
RgStatus tosa_infer_table(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                          size_t errlen);

/* Data movement and reductions. */
RgStatus tosa_infer_pad(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                        size_t errlen);
RgStatus tosa_infer_slice(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                          size_t errlen);
RgStatus tosa_infer_concat(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                           size_t errlen);
RgStatus tosa_infer_tile(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                         size_t errlen);
RgStatus tosa_infer_reduce_sum(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                               size_t errlen);
RgStatus tosa_infer_reduce_max(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                               size_t errlen);
RgStatus tosa_infer_reduce_min(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                               size_t errlen);
RgStatus tosa_infer_reduce_product(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                                   size_t errlen);
RgStatus tosa_infer_reduce_all(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                               size_t errlen);
RgStatus tosa_infer_reduce_any(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                               size_t errlen);
RgStatus tosa_infer_argmax(RgGraph *g, const RgNode *n, const RgType **results, char *err,
                           size_t errlen);

RgStatus tosa_infer_cond_if(RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen);
RgStatus tosa_infer_while_loop(RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen);

#endif
