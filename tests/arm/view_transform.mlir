// RUN: --passes fuse_view_copy_transform --verify-by-execution
// A view chain becomes one view, a permute chain one permute, an identity permute and a same-shape view vanish.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> (tensor<4x6xf32>, tensor<4x3x2xf32>, tensor<2x3x4xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3x4xf32>):
    %0 = "aten.view_copy"(%x) <{size = array<i64: 6, 4>}> : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
    %1 = "aten.view_copy"(%0) <{size = array<i64: 4, 6>}> : (tensor<6x4xf32>) -> tensor<4x6xf32>
    %2 = "aten.permute_copy"(%x) <{dims = array<i64: 1, 0, 2>}> : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
    %3 = "aten.permute_copy"(%2) <{dims = array<i64: 2, 0, 1>}> : (tensor<3x2x4xf32>) -> tensor<4x3x2xf32>
    %4 = "aten.permute_copy"(%x) <{dims = array<i64: 0, 1, 2>}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %5 = "aten.view_copy"(%4) <{size = array<i64: 2, 3, 4>}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    "func.return"(%1, %3, %5) : (tensor<4x6xf32>, tensor<4x3x2xf32>, tensor<2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
