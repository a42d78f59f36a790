// RUN: --passes convert_split_to_slice
// Splits that stay: sizes that do not cover the dim (the original raises),
// a dim out of range, a split_size of 0, and a size along a dynamic dim
// (the sizes cannot be checked against it).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<6x4xf32>, tensor<?x4xf32>) -> (tensor<2x4xf32>, tensor<4x4xf32>, tensor<6x2xf32>, tensor<6x4xf32>, tensor<?x4xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<6x4xf32>, %z: tensor<?x4xf32>):
    %0:2 = "aten.split_with_sizes_copy"(%x) <{split_sizes = array<i64: 2, 4>, dim = 1 : i64}> : (tensor<6x4xf32>) -> (tensor<2x4xf32>, tensor<4x4xf32>)
    %1:2 = "aten.split_with_sizes_copy"(%x) <{split_sizes = array<i64: 2, 2>, dim = 2 : i64}> : (tensor<6x4xf32>) -> (tensor<6x2xf32>, tensor<6x2xf32>)
    %2:1 = "aten.split_copy.Tensor"(%x) <{split_size = 0 : i64}> : (tensor<6x4xf32>) -> (tensor<6x4xf32>)
    %3:2 = "aten.split_with_sizes_copy"(%z) <{split_sizes = array<i64: 1, 5>}> : (tensor<?x4xf32>) -> (tensor<?x4xf32>, tensor<?x4xf32>)
    "func.return"(%0#0, %0#1, %1#0, %2#0, %3#0) : (tensor<2x4xf32>, tensor<4x4xf32>, tensor<6x2xf32>, tensor<6x4xf32>, tensor<?x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
