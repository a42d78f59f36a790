// Pre-1.0 TOSA: CLAMP with min_int/max_int/min_fp/max_fp.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x4xf32>):
    %0 = "tosa.clamp"(%arg0) <{max_fp = 6.000000e+00 : f32, max_int = 6 : i64, min_fp = 0.000000e+00 : f32, min_int = 0 : i64}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %1 = "tosa.clamp"(%0) <{max_fp = 6.000000e+00 : f32, max_int = 6 : i64, min_fp = 0.000000e+00 : f32, min_int = 0 : i64}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    "func.return"(%0) : (tensor<2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
