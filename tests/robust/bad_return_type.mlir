// func.return of a type the signature does not say.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 2, 1, 0>}> : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
    "func.return"(%0) : (tensor<4x3x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()
