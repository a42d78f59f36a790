// A float reduce_sum over a size-1 axis: reduce_sum_unit fires (wrong
// where an element is -0.0).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>, sym_name = "reduce_sum_unit"}> ({
  ^bb0(%arg0: tensor<2x1x3xf32>):
    %0 = "tosa.reduce_sum"(%arg0) <{axis = 1 : i32}> : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
    "func.return"(%0) : (tensor<2x1x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
