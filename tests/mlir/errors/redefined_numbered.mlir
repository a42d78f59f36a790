"func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"}> ({
^bb0(%arg0: tensor<4xf32>):
  %0 = "tosa.abs"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  "acme.scope"() ({
    %0 = "tosa.abs"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  }) : () -> ()
  "func.return"(%0) : (tensor<4xf32>) -> ()
}) : () -> ()
