%c = "acme.make"() : () -> tensor<4xf32>
"func.func"() <{function_type = () -> tensor<4xf32>, sym_name = "g"}> ({
  "func.return"(%c) : (tensor<4xf32>) -> ()
}) : () -> ()
