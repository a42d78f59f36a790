// RUN: --inexact --passes decompose_mean_dim
// mean over dims becomes sum * (1 / N), with and without keepdim.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> (tensor<2xf32>, tensor<2x3x1xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %0 = "aten.mean.dim"(%x) <{dim = array<i64: 1, 2>}> : (tensor<2x3x4xf32>) -> tensor<2xf32>
    %1 = "aten.mean.dim"(%x) <{dim = array<i64: -1>, keepdim = true}> : (tensor<2x3x4xf32>) -> tensor<2x3x1xf32>
    "func.return"(%0, %1) : (tensor<2xf32>, tensor<2x3x1xf32>) -> ()
  }) : () -> ()
}) : () -> ()
