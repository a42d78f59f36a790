// RUN: --inexact --passes decompose_softmax
// Stable softmax over the last dim; half_to_float = true (on an f16
// input, the only kind it takes) is left alone.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>, tensor<2x3x4xf16>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3x4xf32>, %h: tensor<2x3x4xf16>):
    %0 = "aten._softmax"(%x) <{dim = -1 : i64, half_to_float = false}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %1 = "aten._softmax"(%h) <{dim = 1 : i64, half_to_float = true}> : (tensor<2x3x4xf16>) -> tensor<2x3x4xf32>
    "func.return"(%0, %1) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
