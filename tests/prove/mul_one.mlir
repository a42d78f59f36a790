// x * 1 with shift 2 on i32: mul_one fires (wrong: the shift rounds x).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3xi32>) -> tensor<3xi32>, sym_name = "mul_one"}> ({
  ^bb0(%arg0: tensor<3xi32>):
    %c = "tosa.const"() <{values = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %s = "tosa.const"() <{values = dense<2> : tensor<1xi8>}> : () -> tensor<1xi8>
    %0 = "tosa.mul"(%arg0, %c, %s) : (tensor<3xi32>, tensor<1xi32>, tensor<1xi8>) -> tensor<3xi32>
    "func.return"(%0) : (tensor<3xi32>) -> ()
  }) : () -> ()
}) : () -> ()
