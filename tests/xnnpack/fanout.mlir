// RUN: --target xnnpack --verify-by-execution
// The scaled q has two users: a view_copy chain into bmm and a relu. One
// path reaches bmm, so `reaches` holds and the multiply is NOT lifted (the
// SDPA recogniser still needs the scalar on that path). The second
// multiply feeds only the relu path and is lifted.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x4x3xf32>, tensor<2x3x4xf32>) -> (tensor<2x4x4xf32>, tensor<2x4x3xf32>), sym_name = "main"}> ({
  ^bb0(%q: tensor<2x4x3xf32>, %k: tensor<2x3x4xf32>):
    %0 = "aten.mul.Scalar"(%q) <{other = 5.000000e-01 : f64}> : (tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    %1 = "aten.view_copy"(%0) <{size = array<i64: 2, 4, 3>}> : (tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    %2 = "aten.bmm"(%1, %k) : (tensor<2x4x3xf32>, tensor<2x3x4xf32>) -> tensor<2x4x4xf32>
    %3 = "aten.relu"(%0) : (tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    %4 = "aten.mul.Scalar"(%3) <{other = 3.000000e+00 : f64}> : (tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    "func.return"(%2, %4) : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
