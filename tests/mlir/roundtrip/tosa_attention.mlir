// Scaled dot-product attention for one head: Q K^T, scale, softmax, times V.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x8x16xf32>, tensor<1x8x16xf32>, tensor<1x8x16xf32>) -> tensor<1x8x16xf32>, sym_name = "attention"}> ({
  ^bb0(%arg0: tensor<1x8x16xf32>, %arg1: tensor<1x8x16xf32>, %arg2: tensor<1x8x16xf32>):
    %0 = "tosa.transpose"(%arg1) <{perms = array<i32: 0, 2, 1>}> : (tensor<1x8x16xf32>) -> tensor<1x16x8xf32>
    %1 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %2 = "tosa.matmul"(%arg0, %0, %1, %1) : (tensor<1x8x16xf32>, tensor<1x16x8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8xf32>
    %3 = "tosa.const"() <{values = dense<2.500000e-01> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %5 = "tosa.mul"(%2, %3, %4) : (tensor<1x8x8xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x8x8xf32>
    %6 = "tosa.reduce_max"(%5) <{axis = 2 : i32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x8x8xf32>) -> tensor<1x8x1xf32>
    %7 = "tosa.sub"(%5, %6) : (tensor<1x8x8xf32>, tensor<1x8x1xf32>) -> tensor<1x8x8xf32>
    %8 = "tosa.exp"(%7) : (tensor<1x8x8xf32>) -> tensor<1x8x8xf32>
    %9 = "tosa.reduce_sum"(%8) <{axis = 2 : i32}> : (tensor<1x8x8xf32>) -> tensor<1x8x1xf32>
    %10 = "tosa.reciprocal"(%9) : (tensor<1x8x1xf32>) -> tensor<1x8x1xf32>
    %11 = "tosa.mul"(%8, %10, %4) : (tensor<1x8x8xf32>, tensor<1x8x1xf32>, tensor<1xi8>) -> tensor<1x8x8xf32>
    %12 = "tosa.matmul"(%11, %arg2, %1, %1) : (tensor<1x8x8xf32>, tensor<1x8x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x16xf32>
    "func.return"(%12) : (tensor<1x8x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()

