// RUN: --passes decompose_addmm --verify-by-execution
// addmm with default scales, both scales given, and only one given (not matched).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3x5xf32>, tensor<3x4xf32>, tensor<4x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>), sym_name = "main"}> ({
  ^bb0(%b: tensor<3x5xf32>, %m1: tensor<3x4xf32>, %m2: tensor<4x5xf32>):
    %0 = "aten.addmm"(%b, %m1, %m2) : (tensor<3x5xf32>, tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
    %1 = "aten.addmm"(%b, %m1, %m2) <{alpha = 2.000000e+00 : f64, beta = 5.000000e-01 : f64}> : (tensor<3x5xf32>, tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
    %2 = "aten.addmm"(%b, %m1, %m2) <{alpha = 2.000000e+00 : f64}> : (tensor<3x5xf32>, tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
    "func.return"(%0, %1, %2) : (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x5xf32>) -> ()
  }) : () -> ()
}) : () -> ()
