// RUN: --passes remove_clone --verify-by-execution
// clone and _clone_dim_order are their input.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>):
    %0 = "aten.clone"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "dim_order_ops._clone_dim_order"(%x) <{dim_order = array<i64: 0, 1>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0, %1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
