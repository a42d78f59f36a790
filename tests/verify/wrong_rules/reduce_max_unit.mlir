// A reduce_max with nan_mode IGNORE over a size-1 axis: reduce_max_unit
// fires (wrong where an element is a NaN other than the canonical one).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>, sym_name = "reduce_max_unit"}> ({
  ^bb0(%arg0: tensor<2x1x3xf32>):
    %0 = "tosa.reduce_max"(%arg0) <{axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
    "func.return"(%0) : (tensor<2x1x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
