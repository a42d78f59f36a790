// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.inverse_pair=0 fuse_transposes.compose=1
// Near miss for inverse_pair: the same perm twice is not an inverse pair
// (compose([0,2,3,1], [0,2,3,1]) = [0,3,1,2]); compose fires instead.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x2x3x4xf32>) -> tensor<1x3x4x2xf32>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x3x4x2xf32>) -> tensor<1x4x2x3xf32>
    "func.return"(%1) : (tensor<1x4x2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

