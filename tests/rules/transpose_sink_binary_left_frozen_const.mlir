// RUN: --passes fuse_transposes
// REWRITES: 0
// Near miss for sink_binary_left: the constant is frozen, so fold_const may
// not permute it; moving the transpose would only trade it for another.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi32>) -> tensor<3x2xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi32>):
    %0 = "tosa.const"() <{values = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>}> {rg.frozen} : () -> tensor<3x2xi32>
    %1 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi32>) -> tensor<3x2xi32>
    %2 = "tosa.add"(%1, %0) : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
    "func.return"(%2) : (tensor<3x2xi32>) -> ()
  }) : () -> ()
}) : () -> ()

