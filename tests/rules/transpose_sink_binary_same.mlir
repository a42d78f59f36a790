// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_binary_same=1
// EXEC
// Both operands of an add transposed the same way: one transpose after it.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>, tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>, %arg1: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %1 = "tosa.transpose"(%arg1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %2 = "tosa.add"(%0, %1) : (tensor<1x4x2x3xf32>, tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
    "func.return"(%2) : (tensor<1x4x2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

