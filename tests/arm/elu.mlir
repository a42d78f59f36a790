// RUN: --passes decompose_elu --verify-by-execution
// elu with the default alpha and alpha 0.5 becomes where/gt/expm1; a scale other than 1 is left alone.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>):
    %0 = "aten.elu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.elu"(%x) <{alpha = 5.000000e-01 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "aten.elu"(%x) <{alpha = 1.000000e+00 : f64, scale = 2.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0, %1, %2) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
