// RUN: --passes decompose_linear_conv --verify-by-execution
// A 2-D linear with bias becomes a 1x1 convolution between two views.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3x4xf32>, tensor<5x4xf32>, tensor<5xf32>) -> tensor<3x5xf32>, sym_name = "main"}> ({
  ^bb0(%x: tensor<3x4xf32>, %w: tensor<5x4xf32>, %b: tensor<5xf32>):
    %0 = "aten.linear"(%x, %w, %b) : (tensor<3x4xf32>, tensor<5x4xf32>, tensor<5xf32>) -> tensor<3x5xf32>
    "func.return"(%0) : (tensor<3x5xf32>) -> ()
  }) : () -> ()
}) : () -> ()
