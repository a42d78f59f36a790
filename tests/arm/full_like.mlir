// RUN: --passes convert_full_like_to_full --verify-by-execution
// full_like of a float and of an integer tensor, and one naming another
// dtype, become full of the result's shape and element type.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<4xi32>) -> (tensor<2x3xf32>, tensor<4xi32>, tensor<2x3xi32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<4xi32>):
    %0 = "aten.full_like"(%x) <{fill_value = 1.500000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.full_like"(%y) <{fill_value = -7 : i64}> : (tensor<4xi32>) -> tensor<4xi32>
    %2 = "aten.full_like"(%x) <{dtype = i32, fill_value = 3 : i64}> : (tensor<2x3xf32>) -> tensor<2x3xi32>
    "func.return"(%0, %1, %2) : (tensor<2x3xf32>, tensor<4xi32>, tensor<2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()
