%0 = "acme.make"() : () -> tensor<4xf32>
"func.func"() <{function_type = () -> tensor<4xf32>, sym_name = "g"}> ({
  %1 = "acme.make"() : () -> tensor<4xf32>
  "func.return"(%0) : (tensor<4xf32>) -> ()
}) : () -> ()
