// RUN: --target xnnpack --verify-by-execution=5
// Regression (rgdiff --family edge, seed 89): add.Tensor(x, y, alpha) on
// f16/bf16 computes x + alpha * y in f32 and rounds once; decomposing it
// into mul.Scalar + add rounded alpha * y to f16 first and changed results.
// Only the f32 add is decomposed.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf16>, tensor<3xf16>, tensor<2x3xbf16>, tensor<2x3xf32>) -> (tensor<2x3xf16>, tensor<2x3xbf16>, tensor<2x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf16>, %y: tensor<3xf16>, %z: tensor<2x3xbf16>, %w: tensor<2x3xf32>):
    %0 = "aten.add.Tensor"(%x, %y) <{alpha = -3 : i64}> : (tensor<2x3xf16>, tensor<3xf16>) -> tensor<2x3xf16>
    %1 = "aten.add.Tensor"(%z, %z) <{alpha = 3.000000e-01 : f64}> : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
    %2 = "aten.add.Tensor"(%w, %w) <{alpha = 3 : i64}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0, %1, %2) : (tensor<2x3xf16>, tensor<2x3xbf16>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
