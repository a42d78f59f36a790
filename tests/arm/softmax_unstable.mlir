// RUN: --inexact --passes decompose_softmax_unstable
// Softmax without the max subtraction.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>, sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %0 = "aten._softmax"(%x) <{dim = 1 : i64, half_to_float = false}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    "func.return"(%0) : (tensor<2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
