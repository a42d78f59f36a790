// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_argmax_away=1 fuse_transposes.sink_argmax=1 fuse_transposes.sink_reverse=1 fuse_transposes.inverse_pair=2
// EXEC
// NHWC islands in an NCHW graph through ARGMAX and REVERSE. ARGMAX over
// axis 3 (channels) of T(x, [0,2,3,1]) is ARGMAX over axis 1 of x, and
// what remains of the permutation, [0,2,3] renumbered, is the identity:
// 1 -> 0 transposes. ARGMAX over axis 1 of T(x, [0,2,3,1]) is ARGMAX over
// axis 2 of x followed by T(., [0,2,1]), which cancels the transpose
// after it: 2 -> 0. REVERSE of axis 2 of T(x, [0,2,3,1]) is REVERSE of
// axis 3 of x: 2 -> 0. Refused: an i8 ARGMAX whose i32 indices would make
// the moved transpose write 32 bytes instead of 24, with no transpose
// after it to meet (1 stays).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>, tensor<1x2x3x4xi8>) -> (tensor<1x3x4xi32>, tensor<1x2x4xi32>, tensor<1x2x3x4xf32>, tensor<1x4x2xi32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>, %arg1: tensor<1x2x3x4xf32>, %arg2: tensor<1x2x3x4xf32>, %arg3: tensor<1x2x3x4xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
    %1 = "tosa.argmax"(%0) <{axis = 3 : i32}> : (tensor<1x3x4x2xf32>) -> tensor<1x3x4xi32>
    %2 = "tosa.transpose"(%arg1) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
    %3 = "tosa.argmax"(%2) <{axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<1x3x4x2xf32>) -> tensor<1x4x2xi32>
    %4 = "tosa.transpose"(%3) <{perms = array<i32: 0, 2, 1>}> : (tensor<1x4x2xi32>) -> tensor<1x2x4xi32>
    %5 = "tosa.transpose"(%arg2) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
    %6 = "tosa.reverse"(%5) <{axis = 2 : i32}> : (tensor<1x3x4x2xf32>) -> tensor<1x3x4x2xf32>
    %7 = "tosa.transpose"(%6) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x3x4x2xf32>) -> tensor<1x2x3x4xf32>
    %8 = "tosa.transpose"(%arg3) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x2x3x4xi8>) -> tensor<1x3x4x2xi8>
    %9 = "tosa.argmax"(%8) <{axis = 1 : i32}> : (tensor<1x3x4x2xi8>) -> tensor<1x4x2xi32>
    "func.return"(%1, %4, %7, %9) : (tensor<1x3x4xi32>, tensor<1x2x4xi32>, tensor<1x2x3x4xf32>, tensor<1x4x2xi32>) -> ()
  }) : () -> ()
}) : () -> ()
