"func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"}> ({
^bb0(%arg0: tensor<4xf32>):
  %0 = "tosa.abs"(%arg0
