// RUN: --inexact --verify-by-execution --passes decompose_var
// var over dims [1, 2] with correction 1 (default keepdim), and over dim 1 with keepdim and correction 0. Inexact rules: proven within the tolerance.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> (tensor<2xf32>, tensor<2x1x4xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %0 = "aten.var.correction"(%x) <{correction = 1 : i64, dim = array<i64: 1, 2>}> : (tensor<2x3x4xf32>) -> tensor<2xf32>
    %1 = "aten.var.correction"(%x) <{correction = 0 : i64, dim = array<i64: 1>, keepdim = true}> : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
    "func.return"(%0, %1) : (tensor<2xf32>, tensor<2x1x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
