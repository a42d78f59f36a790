// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.compose=1
// T(T(x,p),q) = T(x, compose(p,q)), compose(p,q)[i] = p[q[i]]:
// p = [1,2,0], q = [0,2,1] gives [1,0,2]; x 2x3x4 -> 3x4x2 -> 3x2x4.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xi8>) -> tensor<3x2x4xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x4xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 2, 0>}> : (tensor<2x3x4xi8>) -> tensor<3x4x2xi8>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 0, 2, 1>}> : (tensor<3x4x2xi8>) -> tensor<3x2x4xi8>
    "func.return"(%1) : (tensor<3x2x4xi8>) -> ()
  }) : () -> ()
}) : () -> ()

