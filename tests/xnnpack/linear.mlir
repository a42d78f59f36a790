// RUN: --target xnnpack --verify-by-execution
// aten.linear on 2-D operands becomes permute_copy + mm + add.Tensor.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3x4xf32>, tensor<5x4xf32>, tensor<5xf32>) -> tensor<3x5xf32>, sym_name = "main"}> ({
  ^bb0(%x: tensor<3x4xf32>, %w: tensor<5x4xf32>, %b: tensor<5xf32>):
    %0 = "aten.linear"(%x, %w, %b) : (tensor<3x4xf32>, tensor<5x4xf32>, tensor<5xf32>) -> tensor<3x5xf32>
    "func.return"(%0) : (tensor<3x5xf32>) -> ()
  }) : () -> ()
}) : () -> ()
