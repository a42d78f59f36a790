// Two clamps, the inner one IGNORE: clamp_overlap_inside fires (wrong where x is NaN).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "clamp_merge"}> ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "tosa.clamp"(%arg0) <{max_val = 6.000000e+00 : f32, min_val = -6.000000e+00 : f32, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "tosa.clamp"(%0) <{max_val = 1.000000e+00 : f32, min_val = 0.000000e+00 : f32}> : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%1) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
