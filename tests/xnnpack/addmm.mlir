// RUN: --target xnnpack --verify-by-execution
// addmm with the default scales (written as 1 or 1.0, or omitted: the op
// declares `alpha?: num = 1`) becomes mm + add.Tensor; with alpha = 2 or
// beta = 0.5 it must not fire.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<3x2xf32>, tensor<2x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>), sym_name = "main"}> ({
  ^bb0(%b: tensor<4xf32>, %m1: tensor<3x2xf32>, %m2: tensor<2x4xf32>):
    %0 = "aten.addmm"(%b, %m1, %m2) <{alpha = 1 : i64, beta = 1 : i64}> : (tensor<4xf32>, tensor<3x2xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
    %1 = "aten.addmm"(%b, %m1, %m2) : (tensor<4xf32>, tensor<3x2xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
    %2 = "aten.addmm"(%b, %m1, %m2) <{alpha = 2 : i64, beta = 1 : i64}> : (tensor<4xf32>, tensor<3x2xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
    %3 = "aten.addmm"(%b, %m1, %m2) <{beta = 5.000000e-01 : f64}> : (tensor<4xf32>, tensor<3x2xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
    %4 = "aten.addmm"(%b, %m1, %m2) <{alpha = 1.000000e+00 : f64, beta = 1.000000e+00 : f64}> : (tensor<4xf32>, tensor<3x2xf32>, tensor<2x4xf32>) -> tensor<3x4xf32>
    "func.return"(%0, %1, %2, %3, %4) : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
