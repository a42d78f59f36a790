// Residual block: two convs and a skip connection, with i32 shape consts.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>, sym_name = "resblock"}> ({
  ^bb0(%arg0: tensor<1x8x8x4xf32>):
    %0 = "tosa.const"() <{values = dense<1.000000e-01> : tensor<4x3x3x4xf32>}> : () -> tensor<4x3x3x4xf32>
    %1 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
    %2 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %3 = "tosa.conv2d"(%arg0, %0, %1, %2, %2) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x8x8x4xf32>, tensor<4x3x3x4xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8x4xf32>
    %4 = "tosa.clamp"(%3) <{max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
    %5 = "tosa.conv2d"(%4, %0, %1, %2, %2) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x8x8x4xf32>, tensor<4x3x3x4xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x8x8x4xf32>
    %6 = "tosa.add"(%5, %arg0) : (tensor<1x8x8x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
    %7 = "tosa.clamp"(%6) <{max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
    "func.return"(%7) : (tensor<1x8x8x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

