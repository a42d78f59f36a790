// RUN: --passes fuse_transposes
// REWRITES: 0
// Near miss for to_reshape: perms [0,3,2,1] on 1x4x1x5 put the 5 before the
// 4, which reorders the data.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x1x5xi8>) -> tensor<1x5x1x4xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x4x1x5xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 2, 1>}> : (tensor<1x4x1x5xi8>) -> tensor<1x5x1x4xi8>
    "func.return"(%0) : (tensor<1x5x1x4xi8>) -> ()
  }) : () -> ()
}) : () -> ()

