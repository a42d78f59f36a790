// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.fold_const=1
// EXEC
// A float splat stays a splat with the permuted shape.
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<3x2xf32>, sym_name = "f"}> ({
    %0 = "tosa.const"() <{values = dense<1.500000e+00> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
    "func.return"(%1) : (tensor<3x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

