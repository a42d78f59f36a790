// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_binary_right=1
// FIRES: fuse_transposes.fold_const=1 fuse_transposes.inverse_pair=1
// EXEC
// A transposed right operand of a non-commutative op (sub) whose left
// operand is a constant: the transpose moves after the sub, where it
// cancels with the transpose that follows, and the constant takes the
// inverse permutation at compile time.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xf32>):
    %0 = "tosa.const"() <{values = dense<[[1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00], [5.000000e+00, 6.000000e+00]]> : tensor<3x2xf32>}> : () -> tensor<3x2xf32>
    %1 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %2 = "tosa.sub"(%0, %1) : (tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    %3 = "tosa.transpose"(%2) <{perms = array<i32: 1, 0>}> : (tensor<3x2xf32>) -> tensor<2x3xf32>
    "func.return"(%3) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

