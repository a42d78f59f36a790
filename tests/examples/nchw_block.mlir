// tests/examples/nchw_block.mlir - an NCHW -> NHWC lowering of conv2d ->
// relu6 -> depthwise_conv2d in which every layout-sensitive op sits between
// two transposes. The README runs the ethos-u55 pipeline on it.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>, sym_name = "block"}> ({
  ^bb0(%arg0: tensor<1x8x16x16xf32>):
    %0 = "tosa.const"() <{values = dense<1.250000e-01> : tensor<8x1x1x8xf32>}> : () -> tensor<8x1x1x8xf32>
    %1 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<8xf32>}> : () -> tensor<8xf32>
    %2 = "tosa.const"() <{values = dense<2.500000e-01> : tensor<3x3x8x1xf32>}> : () -> tensor<3x3x8x1xf32>
    %3 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<8xf32>}> : () -> tensor<8xf32>
    %4 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %5 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x8x16x16xf32>) -> tensor<1x16x16x8xf32>
    %6 = "tosa.conv2d"(%5, %0, %1, %4, %4) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x16x16x8xf32>, tensor<8x1x1x8xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x16x8xf32>
    %7 = "tosa.transpose"(%6) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x16x16x8xf32>) -> tensor<1x8x16x16xf32>
    %8 = "tosa.clamp"(%7) <{max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x8x16x16xf32>) -> tensor<1x8x16x16xf32>
    %9 = "tosa.transpose"(%8) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x8x16x16xf32>) -> tensor<1x16x16x8xf32>
    %10 = "tosa.depthwise_conv2d"(%9, %2, %3, %4, %4) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x16x16x8xf32>, tensor<3x3x8x1xf32>, tensor<8xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x16x8xf32>
    %11 = "tosa.transpose"(%10) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x16x16x8xf32>) -> tensor<1x8x16x16xf32>
    "func.return"(%11) : (tensor<1x8x16x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()

