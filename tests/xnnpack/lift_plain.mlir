// RUN: --target xnnpack --verify-by-execution
// A plain mul.Scalar on f32 keeps its dtype: lifted, the constant is f32.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>):
    %0 = "aten.mul.Scalar"(%x) <{other = 2.500000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
