// tosa.yield is declared in backends/tosa/tosa.ops without an evaluator (it
// only ends regions); here it stands in the middle of a function body.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "copy"}> ({
  ^bb0(%arg0: tensor<2xf32>):
    "tosa.yield"(%arg0) : (tensor<2xf32>) -> ()
    "func.return"(%arg0) : (tensor<2xf32>) -> ()
  }) : () -> ()
}) : () -> ()
