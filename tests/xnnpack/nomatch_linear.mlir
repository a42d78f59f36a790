// RUN: --target xnnpack --no-verify-ops aten.linear
// Near misses of decompose_linear: a rank-3 input, and a linear without a
// bias (two operands) are left alone. aten.linear's bias is optional, which
// the declaration (three operands) does not say, so its check is off.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>, tensor<5x4xf32>, tensor<5xf32>, tensor<3x4xf32>) -> (tensor<2x3x5xf32>, tensor<3x5xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3x4xf32>, %w: tensor<5x4xf32>, %b: tensor<5xf32>, %y: tensor<3x4xf32>):
    %0 = "aten.linear"(%x, %w, %b) : (tensor<2x3x4xf32>, tensor<5x4xf32>, tensor<5xf32>) -> tensor<2x3x5xf32>
    %1 = "aten.linear"(%y, %w) : (tensor<3x4xf32>, tensor<5x4xf32>) -> tensor<3x5xf32>
    "func.return"(%0, %1) : (tensor<2x3x5xf32>, tensor<3x5xf32>) -> ()
  }) : () -> ()
}) : () -> ()
