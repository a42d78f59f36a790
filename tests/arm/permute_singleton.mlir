// RUN: --passes convert_permute_singleton_to_view --verify-by-execution
// A permute that only moves unit dims becomes a view; one that swaps 2 and 3 stays.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x1x3x1xf32>) -> (tensor<1x2x3x1xf32>, tensor<3x1x2x1xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x1x3x1xf32>):
    %0 = "aten.permute_copy"(%x) <{dims = array<i64: 1, 0, 2, 3>}> : (tensor<2x1x3x1xf32>) -> tensor<1x2x3x1xf32>
    %1 = "aten.permute_copy"(%x) <{dims = array<i64: 2, 1, 0, 3>}> : (tensor<2x1x3x1xf32>) -> tensor<3x1x2x1xf32>
    "func.return"(%0, %1) : (tensor<1x2x3x1xf32>, tensor<3x1x2x1xf32>) -> ()
  }) : () -> ()
}) : () -> ()
