// Edge-dialect ops (as XNNPACK delegates see them): the scalar multiplier of an SDPA block that reaches aten.bmm through view_copy / expand_copy.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x8x16xf32>, tensor<1x16x8xf32>) -> tensor<1x8x8xf32>, sym_name = "sdpa"}> ({
  ^bb0(%arg0: tensor<1x8x16xf32>, %arg1: tensor<1x16x8xf32>):
    %0 = "aten.mul.Scalar"(%arg0) {other = 2.500000e-01 : f64} : (tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
    %1 = "aten.view_copy"(%0) <{size = array<i64: 1, 8, 16>}> : (tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
    %2 = "aten.expand_copy"(%1) <{implicit = false, size = array<i64: 1, 8, 16>}> : (tensor<1x8x16xf32>) -> tensor<1x8x16xf32>
    %3 = "aten.bmm"(%2, %arg1) : (tensor<1x8x16xf32>, tensor<1x16x8xf32>) -> tensor<1x8x8xf32>
    %4 = "aten.mul.Tensor"(%3, %3) : (tensor<1x8x8xf32>, tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
    "func.return"(%4) : (tensor<1x8x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()

