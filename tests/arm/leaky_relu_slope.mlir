// RUN: --passes decompose_leaky_relu --verify-by-execution
// Slopes 0 and -0.5 are kept (torch's x * s gives -0 where the
// decomposition's +0 + (-0) gives +0); the slope 0.5 is decomposed.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>):
    %0 = "aten.leaky_relu"(%x) <{negative_slope = 0 : i64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.leaky_relu"(%x) <{negative_slope = -5.000000e-01 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "aten.leaky_relu"(%x) <{negative_slope = 5.000000e-01 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0, %1, %2) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
