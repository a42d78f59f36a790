// RUN: --passes decompose_leaky_relu --verify-by-execution
// leaky_relu with the default and an explicit slope becomes clamp + mul + add.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>):
    %0 = "aten.leaky_relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.leaky_relu"(%x) <{negative_slope = 2.000000e-01 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0, %1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
