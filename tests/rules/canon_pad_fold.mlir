// RUN: --passes canonicalize
// FIRES: canonicalize.conv_pad=2 canonicalize.max_pool_pad=2
// EXEC
// A PAD of height and width in front of a convolution or MAX_POOL2D
// becomes the op's own padding where TOSA reads the padded positions the
// same way: an i8 conv2d padded with its input zero point (-3) and an f32
// depthwise_conv2d padded with 0.0 and finite weights; an i8 max_pool2d
// padded with -128 and an f32 one (nan_mode PROPAGATE) padded with -inf.
// Refused: a conv padded with 0 where the zero point is -3; a PAD of the
// channels; an f32 conv whose weights are infinite (0 * inf is NaN where
// TOSA may skip the product); a max_pool padded with 0; an f32 max_pool
// with nan_mode IGNORE (NaNs next to -inf padding give -inf, next to its
// own padding NaN); a max_pool whose padding would reach the kernel size;
// any avg_pool2d (its own padding is left out of the divisor).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x4x2xi8>, tensor<1x4x4x2xf32>) -> (tensor<1x4x4x1xi32>, tensor<1x4x4x1xi32>, tensor<1x4x4x3xi32>, tensor<1x4x4x2xf32>, tensor<1x4x4x3xf32>, tensor<1x3x3x2xi8>, tensor<1x3x3x2xi8>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x6x6x2xi8>, tensor<1x3x3x2xi8>), sym_name = "f"}> ({
  ^bb0(%x: tensor<1x4x4x2xi8>, %y: tensor<1x4x4x2xf32>):
    %pads = "tosa.const_shape"() <{values = dense<[0, 0, 1, 1, 1, 1, 0, 0]> : tensor<8xindex>}> : () -> !tosa.shape<8>
    %padsc = "tosa.const_shape"() <{values = dense<[0, 0, 0, 0, 0, 0, 1, 1]> : tensor<8xindex>}> : () -> !tosa.shape<8>
    %izp = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %lo = "tosa.const"() <{values = dense<-128> : tensor<1xi8>}> : () -> tensor<1xi8>
    %fz = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %flo = "tosa.const"() <{values = dense<0xFF800000> : tensor<1xf32>}> : () -> tensor<1xf32>
    %w = "tosa.const"() <{values = dense<[[[[1, -2], [3, 4], [-5, 6]], [[7, 8], [-9, 10], [11, 12]], [[13, -14], [15, 16], [17, -18]]]]> : tensor<1x3x3x2xi8>}> : () -> tensor<1x3x3x2xi8>
    %b1 = "tosa.const"() <{values = dense<5> : tensor<1xi32>}> : () -> tensor<1xi32>
    %w4 = "tosa.const"() <{values = dense<2> : tensor<3x1x1x4xi8>}> : () -> tensor<3x1x1x4xi8>
    %b = "tosa.const"() <{values = dense<[1, 2, 3]> : tensor<3xi32>}> : () -> tensor<3xi32>
    %dw = "tosa.const"() <{values = dense<[[[[5.000000e-01], [-2.500000e-01]], [[1.000000e+00], [2.000000e+00]]], [[[-1.500000e+00], [7.500000e-01]], [[3.000000e+00], [-1.000000e+00]]]]> : tensor<2x2x2x1xf32>}> : () -> tensor<2x2x2x1xf32>
    %db = "tosa.const"() <{values = dense<0.000000e+00> : tensor<2xf32>}> : () -> tensor<2xf32>
    %winf = "tosa.const"() <{values = dense<0x7F800000> : tensor<3x3x3x2xf32>}> : () -> tensor<3x3x3x2xf32>
    %fb = "tosa.const"() <{values = dense<0.000000e+00> : tensor<3xf32>}> : () -> tensor<3xf32>
    %px = "tosa.pad"(%x, %pads, %izp) : (tensor<1x4x4x2xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x6x6x2xi8>
    %c1 = "tosa.conv2d"(%px, %w, %b1, %izp, %wzp) <{acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x6x6x2xi8>, tensor<1x3x3x2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x1xi32>
    %pz = "tosa.pad"(%x, %pads, %wzp) : (tensor<1x4x4x2xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x6x6x2xi8>
    %c2 = "tosa.conv2d"(%pz, %w, %b1, %izp, %wzp) <{acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x6x6x2xi8>, tensor<1x3x3x2xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x1xi32>
    %pc = "tosa.pad"(%x, %padsc, %izp) : (tensor<1x4x4x2xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x4x4x4xi8>
    %c3 = "tosa.conv2d"(%pc, %w4, %b, %izp, %wzp) <{acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x4x4x4xi8>, tensor<3x1x1x4xi8>, tensor<3xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x3xi32>
    %py = "tosa.pad"(%y, %pads, %fz) : (tensor<1x4x4x2xf32>, !tosa.shape<8>, tensor<1xf32>) -> tensor<1x6x6x2xf32>
    %d1 = "tosa.depthwise_conv2d"(%py, %dw, %db, %fz, %fz) <{acc_type = f32, dilation = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x6x6x2xf32>, tensor<2x2x2x1xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x2xf32>
    %c4 = "tosa.conv2d"(%py, %winf, %fb, %fz, %fz) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x6x6x2xf32>, tensor<3x3x3x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x4x4x3xf32>
    %pl = "tosa.pad"(%x, %pads, %lo) : (tensor<1x4x4x2xi8>, !tosa.shape<8>, tensor<1xi8>) -> tensor<1x6x6x2xi8>
    %m1 = "tosa.max_pool2d"(%pl) <{kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x6x6x2xi8>) -> tensor<1x3x3x2xi8>
    %m2 = "tosa.max_pool2d"(%pz) <{kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x6x6x2xi8>) -> tensor<1x3x3x2xi8>
    %pf = "tosa.pad"(%y, %pads, %flo) : (tensor<1x4x4x2xf32>, !tosa.shape<8>, tensor<1xf32>) -> tensor<1x6x6x2xf32>
    %m3 = "tosa.max_pool2d"(%pf) <{kernel = array<i64: 2, 2>, nan_mode = #tosa.nan_mode<PROPAGATE>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x6x6x2xf32>) -> tensor<1x3x3x2xf32>
    %m4 = "tosa.max_pool2d"(%pf) <{kernel = array<i64: 2, 2>, nan_mode = #tosa.nan_mode<IGNORE>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x6x6x2xf32>) -> tensor<1x3x3x2xf32>
    %m5 = "tosa.max_pool2d"(%pl) <{kernel = array<i64: 2, 2>, pad = array<i64: 1, 0, 1, 0>, stride = array<i64: 1, 1>}> : (tensor<1x6x6x2xi8>) -> tensor<1x6x6x2xi8>
    %a1 = "tosa.avg_pool2d"(%px, %izp, %izp) <{acc_type = i32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>}> : (tensor<1x6x6x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x3x2xi8>
    "func.return"(%c1, %c2, %c3, %d1, %c4, %m1, %m2, %m3, %m4, %m5, %a1) : (tensor<1x4x4x1xi32>, tensor<1x4x4x1xi32>, tensor<1x4x4x3xi32>, tensor<1x4x4x2xf32>, tensor<1x4x4x3xf32>, tensor<1x3x3x2xi8>, tensor<1x3x3x2xi8>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x6x6x2xi8>, tensor<1x3x3x2xi8>) -> ()
  }) : () -> ()
}) : () -> ()
