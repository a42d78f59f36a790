// equal(x, x) on f32: equal_self fires (wrong where x is NaN).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x2xf32>) -> tensor<2x2xi1>, sym_name = "equal_self"}> ({
  ^bb0(%arg0: tensor<2x2xf32>):
    %0 = "tosa.equal"(%arg0, %arg0) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xi1>
    "func.return"(%0) : (tensor<2x2xi1>) -> ()
  }) : () -> ()
}) : () -> ()
