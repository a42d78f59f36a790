// An IGNORE clamp inside a PROPAGATE one: clamp_merge fires (wrong where
// an element is NaN).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<6xf32>) -> tensor<6xf32>, sym_name = "clamp_merge"}> ({
  ^bb0(%arg0: tensor<6xf32>):
    %0 = "tosa.clamp"(%arg0) <{max_val = 2.000000e+00 : f32, min_val = -2.000000e+00 : f32, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<6xf32>) -> tensor<6xf32>
    %1 = "tosa.clamp"(%0) <{max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32}> : (tensor<6xf32>) -> tensor<6xf32>
    "func.return"(%1) : (tensor<6xf32>) -> ()
  }) : () -> ()
}) : () -> ()
