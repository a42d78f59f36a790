// RUN: --inexact --target arm --stats-json STATS
// The whole Arm pipeline on a small MLP block: clone, linear, gelu, softmax, mean, hardtanh.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> (tensor<4x1xf32>, tensor<4x8xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<4x8xf32>, %w: tensor<8x8xf32>, %b: tensor<8xf32>):
    %0 = "aten.clone"(%x) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %1 = "aten.linear"(%0, %w, %b) : (tensor<4x8xf32>, tensor<8x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
    %2 = "aten.gelu"(%1) : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %3 = "aten._softmax"(%2) <{dim = 1 : i64, half_to_float = false}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
    %4 = "aten.mean.dim"(%3) <{dim = array<i64: 1>, keepdim = true}> : (tensor<4x8xf32>) -> tensor<4x1xf32>
    %5 = "aten.hardtanh"(%3) <{max_val = 6.000000e+00 : f64, min_val = 0.000000e+00 : f64}> : (tensor<4x8xf32>) -> tensor<4x8xf32>
    "func.return"(%4, %5) : (tensor<4x1xf32>, tensor<4x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()
