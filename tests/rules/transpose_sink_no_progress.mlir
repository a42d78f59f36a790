// RUN: --passes fuse_transposes
// REWRITES: 0
// EXEC
// Cost model: a transpose moves past a binary op only when that pays. Here
// nothing follows the ops: moving T(a) after the add would permute the
// constant and leave one transpose as before (LLaMA's `T(x) + 0.0`), and
// moving T(b) after the maximum would turn the argument's layout change
// into a reshape (more ops, same transposes). Both stay.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi32>, tensor<1x2x3x4xf32>, tensor<1x4x1x1xf32>) -> (tensor<3x2xi32>, tensor<1x4x2x3xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi32>, %arg1: tensor<1x2x3x4xf32>, %arg2: tensor<1x4x1x1xf32>):
    %0 = "tosa.const"() <{values = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>}> : () -> tensor<3x2xi32>
    %1 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi32>) -> tensor<3x2xi32>
    %2 = "tosa.add"(%1, %0) : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
    %3 = "tosa.transpose"(%arg1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %4 = "tosa.maximum"(%3, %arg2) <{nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x4x2x3xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x2x3xf32>
    "func.return"(%2, %4) : (tensor<3x2xi32>, tensor<1x4x2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
