// Layer normalisation over the last axis.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x8xf32>) -> tensor<1x4x8xf32>, sym_name = "layernorm"}> ({
  ^bb0(%arg0: tensor<1x4x8xf32>):
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %1 = "tosa.const"() <{values = dense<1.250000e-01> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %2 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %3 = "tosa.reduce_sum"(%arg0) <{axis = 2 : i32}> : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
    %4 = "tosa.mul"(%3, %1, %0) : (tensor<1x4x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x1xf32>
    %5 = "tosa.sub"(%arg0, %4) : (tensor<1x4x8xf32>, tensor<1x4x1xf32>) -> tensor<1x4x8xf32>
    %6 = "tosa.mul"(%5, %5, %0) : (tensor<1x4x8xf32>, tensor<1x4x8xf32>, tensor<1xi8>) -> tensor<1x4x8xf32>
    %7 = "tosa.reduce_sum"(%6) <{axis = 2 : i32}> : (tensor<1x4x8xf32>) -> tensor<1x4x1xf32>
    %8 = "tosa.mul"(%7, %1, %0) : (tensor<1x4x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<1x4x1xf32>
    %9 = "tosa.add"(%8, %2) : (tensor<1x4x1xf32>, tensor<1x1x1xf32>) -> tensor<1x4x1xf32>
    %10 = "tosa.rsqrt"(%9) : (tensor<1x4x1xf32>) -> tensor<1x4x1xf32>
    %11 = "tosa.mul"(%5, %10, %0) : (tensor<1x4x8xf32>, tensor<1x4x1xf32>, tensor<1xi8>) -> tensor<1x4x8xf32>
    %12 = "tosa.const"() <{values = dense<[[[1.000000e+00, 1.000000e+00, 1.000000e+00, 1.000000e+00, 5.000000e-01, 5.000000e-01, 5.000000e-01, 5.000000e-01]]]> : tensor<1x1x8xf32>}> : () -> tensor<1x1x8xf32>
    %13 = "tosa.mul"(%11, %12, %0) : (tensor<1x4x8xf32>, tensor<1x1x8xf32>, tensor<1xi8>) -> tensor<1x4x8xf32>
    "func.return"(%13) : (tensor<1x4x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()

