/* backends/arm/arm_hooks.h - shape inference hooks of the edge-dialect ops
 * that the Arm passes create and xnnpack.ops does not declare (encoding:
 * docs/backends.md). Each has the RgShapeFn signature and is bound by name
 * from backends/arm/arm.ops. */
#ifndef RG_BACKENDS_ARM_HOOKS_H
#define RG_BACKENDS_ARM_HOOKS_H

#include "rulegen/pass.h"

#define ARM_HOOK(name) \
  RgStatus name(RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen)

/* aten.pow.Tensor_Scalar <{exponent}>: self's shape, torch's promotion. */
ARM_HOOK(arm_infer_pow_scalar);
/* aten.gt.Scalar / lt.Scalar <{other}>: self's shape, i1. */
ARM_HOOK(arm_infer_compare_scalar);
/* aten.where.self(condition, self, other): three-way broadcast. */
ARM_HOOK(arm_infer_where);
/* aten.amax, amin, sum.dim_IntList, var.correction <{dim, keepdim}>. */
ARM_HOOK(arm_infer_reduce);
/* aten.glu <{dim}>: the dim halves. */
ARM_HOOK(arm_infer_glu);
/* aten.squeeze_copy.dim <{dim}>: drops the dim when it is 1. */
ARM_HOOK(arm_infer_squeeze_dim);
/* aten.repeat <{repeats}>: front-pads the shape with 1s, multiplies. */
ARM_HOOK(arm_infer_repeat);
/* aten.convolution(input, weight, bias?): 2-D, NCHW, not transposed. */
ARM_HOOK(arm_infer_convolution);
/* quantized_decomposed.quantize_per_tensor / dequantize_per_tensor. */
ARM_HOOK(arm_infer_quantize);
ARM_HOOK(arm_infer_dequantize);

#endif
