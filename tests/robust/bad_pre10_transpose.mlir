// Pre-1.0 TOSA: TRANSPOSE with its perms as an operand.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x4xf32>):
    %p = "tosa.const"() <{values = dense<[0, 2, 1]> : tensor<3xi32>}> : () -> tensor<3xi32>
    %0 = "tosa.transpose"(%arg0, %p) : (tensor<2x3x4xf32>, tensor<3xi32>) -> tensor<2x4x3xf32>
    "func.return"(%0) : (tensor<2x4x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
