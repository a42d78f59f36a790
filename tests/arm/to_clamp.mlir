// RUN: --passes convert_to_clamp --verify-by-execution
// relu and hardtanh (default and explicit bounds) become clamp; an integer relu stays (a float bound would promote it).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>, %i: tensor<2x3xi32>):
    %0 = "aten.relu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.hardtanh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "aten.hardtanh"(%x) <{max_val = 6.000000e+00 : f64, min_val = 0.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = "aten.relu"(%i) : (tensor<2x3xi32>) -> tensor<2x3xi32>
    "func.return"(%0, %1, %2, %3) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()
