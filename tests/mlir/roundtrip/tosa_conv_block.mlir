// MobileNet-style block: conv 3x3 stride 2, bias, relu6, depthwise 3x3, pointwise 1x1.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x32x32x3xf32>) -> tensor<1x16x16x16xf32>, sym_name = "conv_block"}> ({
  ^bb0(%arg0: tensor<1x32x32x3xf32>):
    %0 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<3x3x3x8xf32>}> : () -> tensor<3x3x3x8xf32>
    %1 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<8xf32>}> : () -> tensor<8xf32>
    %2 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %3 = "tosa.transpose"(%0) <{perms = array<i32: 3, 0, 1, 2>}> : (tensor<3x3x3x8xf32>) -> tensor<8x3x3x3xf32>
    %4 = "tosa.conv2d"(%arg0, %3, %1, %2, %2) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 2, 2>}> : (tensor<1x32x32x3xf32>, tensor<8x3x3x3xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x16x8xf32>
    %5 = "tosa.clamp"(%4) <{max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
    %6 = "tosa.const"() <{values = dense<2.500000e-01> : tensor<3x3x8x1xf32>}> : () -> tensor<3x3x8x1xf32>
    %7 = "tosa.depthwise_conv2d"(%5, %6, %1, %2, %2) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x16x16x8xf32>, tensor<3x3x8x1xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x16x8xf32>
    %8 = "tosa.clamp"(%7) <{max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x16x16x8xf32>) -> tensor<1x16x16x8xf32>
    %9 = "tosa.const"() <{values = dense<1.250000e-01> : tensor<16x1x1x8xf32>}> : () -> tensor<16x1x1x8xf32>
    %10 = "tosa.const"() <{values = dense<[0.000000e+00, 5.000000e-01, 1.000000e+00, 1.500000e+00, 2.000000e+00, 2.500000e+00, 3.000000e+00, 3.500000e+00, 4.000000e+00, 4.500000e+00, 5.000000e+00, 5.500000e+00, 6.000000e+00, 6.500000e+00, 7.000000e+00, 7.500000e+00]> : tensor<16xf32>}> : () -> tensor<16xf32>
    %11 = "tosa.conv2d"(%8, %9, %10, %2, %2) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x16x16x8xf32>, tensor<16x1x1x8xf32>, tensor<16xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x16x16xf32>
    %12 = "tosa.const_shape"() <{values = dense<[1, 1, 1, 16]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %13 = "tosa.const"() <{values = dense<2.000000e+00> : tensor<16xf32>}> : () -> tensor<16xf32>
    %14 = "tosa.reshape"(%13, %12) : (tensor<16xf32>, !tosa.shape<4>) -> tensor<1x1x1x16xf32>
    %15 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %16 = "tosa.mul"(%11, %14, %15) : (tensor<1x16x16x16xf32>, tensor<1x1x1x16xf32>, tensor<1xi8>) -> tensor<1x16x16x16xf32>
    "func.return"(%16) : (tensor<1x16x16x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()

