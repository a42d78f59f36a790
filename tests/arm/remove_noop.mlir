// RUN: --passes remove_noop --verify-by-execution
// A dim-order copy that keeps the dtype is removed; one that casts stays.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf16>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>):
    %0 = "dim_order_ops._to_dim_order_copy"(%x) <{dim_order = array<i64: 0, 1>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "dim_order_ops._to_dim_order_copy"(%x) <{dim_order = array<i64: 0, 1>, dtype = f16}> : (tensor<2x3xf32>) -> tensor<2x3xf16>
    "func.return"(%0, %1) : (tensor<2x3xf32>, tensor<2x3xf16>) -> ()
  }) : () -> ()
}) : () -> ()
