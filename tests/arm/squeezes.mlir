// RUN: --passes convert_squeezes_to_view --verify-by-execution
// squeeze_copy.dims, squeeze_copy.dim and unsqueeze_copy become view_copy.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x1x3x1xf32>) -> (tensor<2x3xf32>, tensor<2x3x1xf32>, tensor<1x2x1x3x1xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x1x3x1xf32>):
    %0 = "aten.squeeze_copy.dims"(%x) <{dim = array<i64: 1, 3>}> : (tensor<2x1x3x1xf32>) -> tensor<2x3xf32>
    %1 = "aten.squeeze_copy.dim"(%x) <{dim = 1 : i64}> : (tensor<2x1x3x1xf32>) -> tensor<2x3x1xf32>
    %2 = "aten.unsqueeze_copy"(%x) <{dim = 0 : i64}> : (tensor<2x1x3x1xf32>) -> tensor<1x2x1x3x1xf32>
    "func.return"(%0, %1, %2) : (tensor<2x3xf32>, tensor<2x3x1xf32>, tensor<1x2x1x3x1xf32>) -> ()
  }) : () -> ()
}) : () -> ()
