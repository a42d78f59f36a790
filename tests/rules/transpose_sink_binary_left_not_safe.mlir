// RUN: --passes fuse_transposes
// REWRITES: 0
// Near miss for sink_binary_left: the other operand is a full tensor
// argument, not broadcast-safe (permuting it would cost a transpose).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi32>, %arg1: tensor<3x2xi32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi32>) -> tensor<3x2xi32>
    %1 = "tosa.add"(%0, %arg1) : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
    "func.return"(%1) : (tensor<3x2xi32>) -> ()
  }) : () -> ()
}) : () -> ()

