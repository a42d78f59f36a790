// RUN: --passes fuse_transposes
// REWRITES: 0
// Near miss for fold_const: the constant is frozen.
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<3x2xi32>, sym_name = "f"}> ({
    %0 = "tosa.const"() <{values = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>}> {rg.frozen} : () -> tensor<2x3xi32>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi32>) -> tensor<3x2xi32>
    "func.return"(%1) : (tensor<3x2xi32>) -> ()
  }) : () -> ()
}) : () -> ()

