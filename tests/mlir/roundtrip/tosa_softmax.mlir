// Numerically stable softmax over the last axis.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x10xf32>) -> tensor<4x10xf32>, sym_name = "softmax"}> ({
  ^bb0(%arg0: tensor<4x10xf32>):
    %0 = "tosa.reduce_max"(%arg0) <{axis = 1 : i32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<4x10xf32>) -> tensor<4x1xf32>
    %1 = "tosa.sub"(%arg0, %0) : (tensor<4x10xf32>, tensor<4x1xf32>) -> tensor<4x10xf32>
    %2 = "tosa.exp"(%1) : (tensor<4x10xf32>) -> tensor<4x10xf32>
    %3 = "tosa.reduce_sum"(%2) <{axis = 1 : i32}> : (tensor<4x10xf32>) -> tensor<4x1xf32>
    %4 = "tosa.reciprocal"(%3) : (tensor<4x1xf32>) -> tensor<4x1xf32>
    %5 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %6 = "tosa.mul"(%2, %4, %5) : (tensor<4x10xf32>, tensor<4x1xf32>, tensor<1xi8>) -> tensor<4x10xf32>
    "func.return"(%6) : (tensor<4x10xf32>) -> ()
  }) : () -> ()
}) : () -> ()

