// RUN: --passes fuse_clamps --verify-by-execution
// Overlapping two-sided clamps fuse; disjoint ranges and one-sided clamps are left alone.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>):
    %0 = "aten.clamp"(%x) <{max = 6.000000e+00 : f64, min = 0.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.clamp"(%0) <{max = 4.000000e+00 : f64, min = -1.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "aten.clamp"(%0) <{max = 9.000000e+00 : f64, min = 7.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = "aten.clamp"(%x) <{min = 0.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %4 = "aten.clamp"(%3) <{max = 4.000000e+00 : f64, min = 1.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%1, %2, %4) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
