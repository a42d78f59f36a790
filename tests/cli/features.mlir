// Input of the features-link-run case: rules `once` (abs) and `alt` (x + x)
// of tests/dsl/ok/features.rules fire, each replacing its op by an operand.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "tosa.abs"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "tosa.add"(%0, %0) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%1) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
