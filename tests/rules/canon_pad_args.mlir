// RUN: --passes canonicalize
// FIRES: canonicalize.conv_pad=2 canonicalize.max_pool_pad=0
// EXEC
// MLIR's TOSA canonicalize.mlir folds a PAD into conv2d and
// depthwise_conv2d whose weights are function arguments
// (pad_wh_conv2d_fold, pad_wh_depthwise_conv2d_fold) and into a
// max_pool2d padded with the lowest finite f32 (pad_wh_max_pool2d_fold).
// Here the integer ones fold, whatever the weights (an integer product
// with a padded 0 is 0). Refused: f32 weights that are arguments (one may
// be infinite or NaN, and 0 * inf is NaN where TOSA may skip the
// product), and the max_pool2d padded with -3.4028235e38 (a window whose
// input is all -inf gives -3.4e38 with the PAD, -inf with its own padding).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x8x4x3xf32>, tensor<1x3x3x3xf32>, tensor<3x3x3x1xf32>, tensor<1x8x4x3xi8>, tensor<1x3x3x3xi8>, tensor<3x3x3x1xi8>, tensor<1x10x8x3xf32>) -> (tensor<1x10x8x1xf32>, tensor<1x10x8x3xf32>, tensor<1x10x8x1xi32>, tensor<1x10x8x3xi32>, tensor<1x6x5x3xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x8x4x3xf32>, %arg1: tensor<1x3x3x3xf32>, %arg2: tensor<3x3x3x1xf32>, %arg3: tensor<1x8x4x3xi8>, %arg4: tensor<1x3x3x3xi8>, %arg5: tensor<3x3x3x1xi8>, %arg6: tensor<1x10x8x3xf32>):
    %0 = "tosa.const_shape"() <{values = dense<[0, 0, 1, 1, 2, 2, 0, 0]> : tensor<8xindex>}> : () -> !tosa.shape<8>
    %1 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %2 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %3 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1xf32>}> : () -> tensor<1xf32>
    %4 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<3xf32>}> : () -> tensor<3xf32>
    %5 = "tosa.pad"(%arg0, %0, %1) : (tensor<1x8x4x3xf32>, !tosa.shape<8>, tensor<1xf32>) -> tensor<1x10x8x3xf32>
    %6 = "tosa.conv2d"(%5, %arg1, %3, %2, %2) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x10x8x3xf32>, tensor<1x3x3x3xf32>, tensor<1xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x10x8x1xf32>
    %7 = "tosa.depthwise_conv2d"(%5, %arg2, %4, %2, %2) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x10x8x3xf32>, tensor<3x3x3x1xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x10x8x3xf32>
    %8 = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %9 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %10 = "tosa.const"() <{values = dense<7> : tensor<1xi32>}> : () -> tensor<1xi32>
    %11 = "tosa.const"() <{values = dense<7> : tensor<3xi32>}> : () -> tensor<3xi32>
    %12 = "tosa.pad"(%arg3, %0, %8) : (tensor<1x8x4x3xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x10x8x3xi8>
    %13 = "tosa.conv2d"(%12, %arg4, %10, %8, %9) <{acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x10x8x3xi8>, tensor<1x3x3x3xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x10x8x1xi32>
    %14 = "tosa.depthwise_conv2d"(%12, %arg5, %11, %8, %9) <{acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x10x8x3xi8>, tensor<3x3x3x1xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x10x8x3xi32>
    %15 = "tosa.const_shape"() <{values = dense<[0, 0, 1, 0, 1, 0, 0, 0]> : tensor<8xindex>}> : () -> !tosa.shape<8>
    %16 = "tosa.const"() <{values = dense<-3.40282347E+38> : tensor<1xf32>}> : () -> tensor<1xf32>
    %17 = "tosa.pad"(%arg6, %15, %16) : (tensor<1x10x8x3xf32>, !tosa.shape<8>, tensor<1xf32>) -> tensor<1x11x9x3xf32>
    %18 = "tosa.max_pool2d"(%17) <{kernel = array<i64: 2, 2>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 2, 2>}> : (tensor<1x11x9x3xf32>) -> tensor<1x6x5x3xf32>
    "func.return"(%6, %7, %13, %14, %18) : (tensor<1x10x8x1xf32>, tensor<1x10x8x3xf32>, tensor<1x10x8x1xi32>, tensor<1x10x8x3xi32>, tensor<1x6x5x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
