// RUN: --passes fuse_transposes
// REWRITES: 0
// Near miss for compose and inverse_pair: the inner transpose is frozen, so
// no pattern may look through it.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xi8>) -> (tensor<3x2x4xi8>, tensor<2x3x4xi8>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x4xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 2, 0>}> {rg.frozen} : (tensor<2x3x4xi8>) -> tensor<3x4x2xi8>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 0, 2, 1>}> : (tensor<3x4x2xi8>) -> tensor<3x2x4xi8>
    %2 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 2, 0>}> {rg.frozen} : (tensor<2x3x4xi8>) -> tensor<3x4x2xi8>
    %3 = "tosa.transpose"(%2) <{perms = array<i32: 2, 0, 1>}> : (tensor<3x4x2xi8>) -> tensor<2x3x4xi8>
    "func.return"(%1, %3) : (tensor<3x2x4xi8>, tensor<2x3x4xi8>) -> ()
  }) : () -> ()
}) : () -> ()

