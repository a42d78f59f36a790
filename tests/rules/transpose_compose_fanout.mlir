// RUN: --passes fuse_transposes
// REWRITES: 0
// Near miss for compose: the inner transpose has another user, so composing
// would keep it and add work.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xi8>) -> (tensor<3x2x4xi8>, tensor<3x4x2xi8>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x4xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 2, 0>}> : (tensor<2x3x4xi8>) -> tensor<3x4x2xi8>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 0, 2, 1>}> : (tensor<3x4x2xi8>) -> tensor<3x2x4xi8>
    "func.return"(%1, %0) : (tensor<3x2x4xi8>, tensor<3x4x2xi8>) -> ()
  }) : () -> ()
}) : () -> ()

