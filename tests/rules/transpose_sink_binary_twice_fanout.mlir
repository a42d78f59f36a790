// RUN: --passes fuse_transposes
// REWRITES: 0
// Near miss for sink_binary_twice: the transposed value has a third user.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi32>) -> (tensor<3x2xi32>, tensor<3x2xi32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi32>) -> tensor<3x2xi32>
    %1 = "tosa.add"(%0, %0) : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
    "func.return"(%1, %0) : (tensor<3x2xi32>, tensor<3x2xi32>) -> ()
  }) : () -> ()
}) : () -> ()

