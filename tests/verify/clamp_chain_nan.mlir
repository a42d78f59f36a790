// Regression (rgdiff seed 7): clamp_chain removed an outer clamp with
// nan_mode IGNORE over an inner PROPAGATE one; log of a negative input is
// NaN, which the outer clamp turns into 0.5. Must keep both clamps.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x1x1x5xf32>) -> tensor<1x1x1x5xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<1x1x1x5xf32>):
    %0 = "tosa.log"(%arg0) : (tensor<1x1x1x5xf32>) -> tensor<1x1x1x5xf32>
    %1 = "tosa.clamp"(%0) <{max_val = 5.000000e+00 : f32, min_val = 7.500000e-01 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x1x1x5xf32>) -> tensor<1x1x1x5xf32>
    %2 = "tosa.clamp"(%1) <{max_val = 5.500000e+00 : f32, min_val = 5.000000e-01 : f32, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<1x1x1x5xf32>) -> tensor<1x1x1x5xf32>
    "func.return"(%2) : (tensor<1x1x1x5xf32>) -> ()
  }) : () -> ()
}) : () -> ()
