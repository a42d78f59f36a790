// transpose perms that are not a permutation: 0 appears twice.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> tensor<2x2x3xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 0, 1>}> : (tensor<2x3x4xf32>) -> tensor<2x2x3xf32>
    "func.return"(%0) : (tensor<2x2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
