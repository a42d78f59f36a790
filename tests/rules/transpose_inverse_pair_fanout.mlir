// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.inverse_pair=1 fuse_transposes.compose=0
// The inner transpose has a second user: the pair still cancels for the
// outer one (inverse_pair needs no use count), the inner one stays.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>) -> (tensor<1x2x3x4xf32>, tensor<1x4x2x3xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x2x3xf32>) -> tensor<1x2x3x4xf32>
    "func.return"(%1, %0) : (tensor<1x2x3x4xf32>, tensor<1x4x2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

