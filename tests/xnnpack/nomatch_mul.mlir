// RUN: --target xnnpack --no-verify-ops aten.mul.Scalar
// Near misses of lift_scalar_mul: mul.Tensor is already lifted; a bool
// scalar is not numeric (aten allows it, the declaration says num, so its
// check is off); a multiply reaching bmm only through view_copy
// chains of several links is still the SDPA scale.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x4x3xf32>, tensor<2x3x4xf32>, tensor<4xf32>) -> (tensor<2x4x3xf32>, tensor<4xf32>, tensor<2x4x4xf32>), sym_name = "main"}> ({
  ^bb0(%a: tensor<2x4x3xf32>, %b: tensor<2x3x4xf32>, %c: tensor<4xf32>):
    %0 = "aten.mul.Tensor"(%a, %a) : (tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    %1 = "aten.mul.Scalar"(%c) <{other = true}> : (tensor<4xf32>) -> tensor<4xf32>
    %2 = "aten.mul.Scalar"(%a) <{other = 2.000000e+00 : f64}> : (tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    %3 = "aten.view_copy"(%2) <{size = array<i64: 24>}> : (tensor<2x4x3xf32>) -> tensor<24xf32>
    %4 = "aten.view_copy"(%3) <{size = array<i64: 1, 2, 4, 3>}> : (tensor<24xf32>) -> tensor<1x2x4x3xf32>
    %5 = "aten.expand_copy"(%4) <{size = array<i64: 1, 2, 4, 3>}> : (tensor<1x2x4x3xf32>) -> tensor<1x2x4x3xf32>
    %6 = "aten.view_copy"(%5) <{size = array<i64: 2, 4, 3>}> : (tensor<1x2x4x3xf32>) -> tensor<2x4x3xf32>
    %7 = "aten.bmm"(%6, %b) : (tensor<2x4x3xf32>, tensor<2x3x4xf32>) -> tensor<2x4x4xf32>
    "func.return"(%0, %1, %7) : (tensor<2x4x3xf32>, tensor<4xf32>, tensor<2x4x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
