// A two-entry perms on a rank-3 tensor: the identity rule would see [0, 1]
// as an identity and remove the transpose, hiding the bug.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 1>}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    "func.return"(%0) : (tensor<2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
