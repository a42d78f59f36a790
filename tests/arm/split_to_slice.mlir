// RUN: --passes convert_split_to_slice --verify-by-execution
// split_with_sizes (dim absent, negative dim) and split (n dividing the dim
// or not) become one slice per part, from the sum of the sizes before it;
// tests/arm/split_kept.mlir has the splits that stay.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<6x4xf32>, tensor<2x5xi32>) -> (tensor<1x4xf32>, tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xi32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x1xi32>, tensor<6x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<6x4xf32>, %y: tensor<2x5xi32>):
    %0:2 = "aten.split_with_sizes_copy"(%x) <{split_sizes = array<i64: 1, 5>}> : (tensor<6x4xf32>) -> (tensor<1x4xf32>, tensor<5x4xf32>)
    %1:2 = "aten.split_with_sizes_copy"(%y) <{split_sizes = array<i64: 1, 4>, dim = -1 : i64}> : (tensor<2x5xi32>) -> (tensor<2x1xi32>, tensor<2x4xi32>)
    %2:3 = "aten.split_copy.Tensor"(%x) <{split_size = 2 : i64}> : (tensor<6x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
    %3:3 = "aten.split_copy.Tensor"(%y) <{split_size = 2 : i64, dim = 1 : i64}> : (tensor<2x5xi32>) -> (tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x1xi32>)
    %4:3 = "aten.split_with_sizes_copy"(%x) <{split_sizes = array<i64: 1, 0, 3>, dim = 1 : i64}> : (tensor<6x4xf32>) -> (tensor<6x1xf32>, tensor<6x0xf32>, tensor<6x3xf32>)
    "func.return"(%0#0, %0#1, %1#0, %1#1, %2#0, %2#1, %2#2, %3#0, %3#1, %3#2, %4#2) : (tensor<1x4xf32>, tensor<5x4xf32>, tensor<2x1xi32>, tensor<2x4xi32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x2xi32>, tensor<2x2xi32>, tensor<2x1xi32>, tensor<6x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
