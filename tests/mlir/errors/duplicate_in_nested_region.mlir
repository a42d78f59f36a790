"func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"}> ({
^bb0(%arg0: tensor<4xf32>):
  %0 = "acme.wrap"() ({
    %arg0 = "acme.make"() : () -> tensor<4xf32>
    "acme.yield"(%arg0) : (tensor<4xf32>) -> ()
  }) : () -> tensor<4xf32>
  "func.return"(%0) : (tensor<4xf32>) -> ()
}) : () -> ()
