// RUN: --passes convert_minmax_dim --verify-by-execution
// max.dim and min.dim whose indices are unused become amax/amin (keepdim
// absent, given true, negative dim); one whose indices are returned stays.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> (tensor<2x4xf32>, tensor<2x3x1xf32>, tensor<3x4xf32>, tensor<2x3xi64>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %0:2 = "aten.max.dim"(%x) <{dim = 1 : i64}> : (tensor<2x3x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xi64>)
    %1:2 = "aten.min.dim"(%x) <{dim = -1 : i64, keepdim = true}> : (tensor<2x3x4xf32>) -> (tensor<2x3x1xf32>, tensor<2x3x1xi64>)
    %2:2 = "aten.max.dim"(%x) <{dim = 0 : i64, keepdim = false}> : (tensor<2x3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xi64>)
    %3:2 = "aten.min.dim"(%x) <{dim = 2 : i64}> : (tensor<2x3x4xf32>) -> (tensor<2x3xf32>, tensor<2x3xi64>)
    "func.return"(%0#0, %1#0, %2#0, %3#1) : (tensor<2x4xf32>, tensor<2x3x1xf32>, tensor<3x4xf32>, tensor<2x3xi64>) -> ()
  }) : () -> ()
}) : () -> ()
