// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_binary_twice=1
// EXEC
// x + x with x transposed: one transpose after the add.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi32>) -> tensor<3x2xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi32>):
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %1 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi32>) -> tensor<3x2xi32>
    %2 = "tosa.mul"(%1, %1, %0) : (tensor<3x2xi32>, tensor<3x2xi32>, tensor<1xi8>) -> tensor<3x2xi32>
    "func.return"(%2) : (tensor<3x2xi32>) -> ()
  }) : () -> ()
}) : () -> ()

