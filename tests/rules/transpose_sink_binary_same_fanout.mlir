// RUN: --passes fuse_transposes
// REWRITES: 0
// Near miss for sink_binary_same: the second transpose has another user.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>) -> (tensor<1x4x2x3xf32>, tensor<1x4x2x3xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>, %arg1: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %1 = "tosa.transpose"(%arg1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %2 = "tosa.add"(%0, %1) : (tensor<1x4x2x3xf32>, tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
    "func.return"(%2, %1) : (tensor<1x4x2x3xf32>, tensor<1x4x2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

