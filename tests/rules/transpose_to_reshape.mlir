// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.to_reshape=1
// EXEC
// Perms [0,2,1,3] on 1x4x1x5 move a size-1 axis only (the 4 and the 5 stay
// in order): a reshape to 1x1x4x5.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x1x5xi8>) -> tensor<1x1x4x5xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x4x1x5xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 1, 3>}> : (tensor<1x4x1x5xi8>) -> tensor<1x1x4x5xi8>
    "func.return"(%0) : (tensor<1x1x4x5xi8>) -> ()
  }) : () -> ()
}) : () -> ()

