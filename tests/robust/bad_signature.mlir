// The entry block argument type differs from the function type.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x5xf32>):
    %0 = "tosa.abs"(%arg0) : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
    "func.return"(%0) : (tensor<2x3x5xf32>) -> ()
  }) : () -> ()
}) : () -> ()
