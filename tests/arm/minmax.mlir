// RUN: --passes convert_minmax --verify-by-execution
// amax over two dims with keepdim, amin over three dims without; one dim stays.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4x5xf32>) -> (tensor<2x1x1x5xf32>, tensor<3xf32>, tensor<2x3x4xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3x4x5xf32>):
    %0 = "aten.amax"(%x) <{dim = array<i64: 1, 2>, keepdim = true}> : (tensor<2x3x4x5xf32>) -> tensor<2x1x1x5xf32>
    %1 = "aten.amin"(%x) <{dim = array<i64: 0, 2, 3>}> : (tensor<2x3x4x5xf32>) -> tensor<3xf32>
    %2 = "aten.amax"(%x) <{dim = array<i64: 3>}> : (tensor<2x3x4x5xf32>) -> tensor<2x3x4xf32>
    "func.return"(%0, %1, %2) : (tensor<2x1x1x5xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
