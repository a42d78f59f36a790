// Pooling: max_pool2d and avg_pool2d with zero points.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x8x8x16xf32>) -> (tensor<1x4x4x16xf32>, tensor<1x1x1x16xf32>), sym_name = "pool"}> ({
  ^bb0(%arg0: tensor<1x8x8x16xf32>):
    %0 = "tosa.max_pool2d"(%arg0) <{kernel = array<i64: 2, 2>, nan_mode = #tosa.nan_mode<PROPAGATE>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x8x8x16xf32>) -> tensor<1x4x4x16xf32>
    %1 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %2 = "tosa.avg_pool2d"(%0, %1, %1) <{acc_type = f32, kernel = array<i64: 4, 4>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x4x4x16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x1x16xf32>
    "func.return"(%0, %2) : (tensor<1x4x4x16xf32>, tensor<1x1x1x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()

