// RUN: --passes fuse_transposes
// REWRITES: 0
// Near miss for sink_binary_same: the operands are transposed differently
// (and neither is broadcast-safe for sink_binary_left).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x2x2xf32>, %arg1: tensor<2x2x2xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 2, 0>}> : (tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
    %1 = "tosa.transpose"(%arg1) <{perms = array<i32: 2, 0, 1>}> : (tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
    %2 = "tosa.add"(%0, %1) : (tensor<2x2x2xf32>, tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
    "func.return"(%2) : (tensor<2x2x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

