// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_reduce=1 fuse_transposes.sink_concat2=1 fuse_transposes.sink_slice=1 fuse_transposes.sink_pad=1 fuse_transposes.sink_tile=1 fuse_transposes.inverse_pair=5
// EXEC
// NHWC islands in an NCHW graph: T(x, [0,2,3,1]), an axis op, T back.
// Each transpose moves after its axis op with the axis, start/size,
// padding or multiples moved to the axes of x, and meets the transpose
// back: reduce_sum over axis 1 of T(x) reduces axis 2 of x; concat along
// axis 3 of T(a), T(b) concatenates a and b along axis 1; the slice start
// [0,1,0,0] size [1,2,4,2] of T(x) is start [0,0,1,0] size [1,2,2,4] of x;
// padding [0,0,1,1,0,0,0,0] is [0,0,0,0,1,1,0,0]; multiples [1,1,2,1] are
// [1,1,1,2]. Refused: a pad with no transpose after it (it grows the data).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>) -> (tensor<1x2x1x4xf32>, tensor<1x4x3x4xf32>, tensor<1x2x2x4xf32>, tensor<1x2x5x4xf32>, tensor<1x2x3x8xf32>, tensor<1x5x4x2xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>, %arg1: tensor<1x2x3x4xf32>, %arg2: tensor<1x2x3x4xf32>, %arg3: tensor<1x2x3x4xf32>, %arg4: tensor<1x2x3x4xf32>, %arg5: tensor<1x2x3x4xf32>, %arg6: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
    %1 = "tosa.reduce_sum"(%0) <{axis = 1 : i32}> : (tensor<1x3x4x2xf32>) -> tensor<1x1x4x2xf32>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x1x4x2xf32>) -> tensor<1x2x1x4xf32>
    %3 = "tosa.transpose"(%arg1) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
    %4 = "tosa.transpose"(%arg2) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
    %5 = "tosa.concat"(%3, %4) <{axis = 3 : i32}> : (tensor<1x3x4x2xf32>, tensor<1x3x4x2xf32>) -> tensor<1x3x4x4xf32>
    %6 = "tosa.transpose"(%5) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x3x4x4xf32>) -> tensor<1x4x3x4xf32>
    %7 = "tosa.transpose"(%arg3) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
    %8 = "tosa.const_shape"() <{values = dense<[0, 1, 0, 0]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %9 = "tosa.const_shape"() <{values = dense<[1, 2, 4, 2]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %10 = "tosa.slice"(%7, %8, %9) : (tensor<1x3x4x2xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x2x4x2xf32>
    %11 = "tosa.transpose"(%10) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x4x2xf32>) -> tensor<1x2x2x4xf32>
    %12 = "tosa.transpose"(%arg4) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
    %13 = "tosa.const_shape"() <{values = dense<[0, 0, 1, 1, 0, 0, 0, 0]> : tensor<8xindex>}> : () -> !tosa.shape<8>
    %14 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %15 = "tosa.pad"(%12, %13, %14) : (tensor<1x3x4x2xf32>, !tosa.shape<8>, tensor<1xf32>) -> tensor<1x5x4x2xf32>
    %16 = "tosa.transpose"(%15) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x5x4x2xf32>) -> tensor<1x2x5x4xf32>
    %17 = "tosa.transpose"(%arg5) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
    %18 = "tosa.const_shape"() <{values = dense<[1, 1, 2, 1]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %19 = "tosa.tile"(%17, %18) : (tensor<1x3x4x2xf32>, !tosa.shape<4>) -> tensor<1x3x8x2xf32>
    %20 = "tosa.transpose"(%19) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x3x8x2xf32>) -> tensor<1x2x3x8xf32>
    %21 = "tosa.transpose"(%arg6) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
    %22 = "tosa.pad"(%21, %13, %14) : (tensor<1x3x4x2xf32>, !tosa.shape<8>, tensor<1xf32>) -> tensor<1x5x4x2xf32>
    "func.return"(%2, %6, %11, %16, %20, %22) : (tensor<1x2x1x4xf32>, tensor<1x4x3x4xf32>, tensor<1x2x2x4xf32>, tensor<1x2x5x4xf32>, tensor<1x2x3x8xf32>, tensor<1x5x4x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()
