// RUN: --passes fuse_transposes
// REWRITES: 0
// Near miss for to_reshape: with a dynamic dimension the size-1 axes are not
// known, so nothing is claimed about the order.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4x1x5xi8>) -> tensor<?x1x4x5xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<?x4x1x5xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 1, 3>}> : (tensor<?x4x1x5xi8>) -> tensor<?x1x4x5xi8>
    "func.return"(%0) : (tensor<?x1x4x5xi8>) -> ()
  }) : () -> ()
}) : () -> ()

