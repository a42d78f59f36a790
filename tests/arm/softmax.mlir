// RUN: --passes decompose_softmax
// Stable softmax over the last dim; half_to_float = true is left alone.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %0 = "aten._softmax"(%x) <{dim = -1 : i64, half_to_float = false}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %1 = "aten._softmax"(%x) <{dim = 1 : i64, half_to_float = true}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    "func.return"(%0, %1) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
