// RUN: --passes canonicalize
// FIRES: canonicalize.reduce_unit_sum=1 canonicalize.reduce_unit_minmax=2 canonicalize.reduce_unit_other=3
// EXEC
// A reduction over a size-1 axis returns its input: an integer sum, a max
// and a min that propagate NaNs, a float product, all and any. Refused: a
// float sum (0.0 + -0.0 is +0.0, so a -0.0 would turn into +0.0), a float
// max with nan_mode IGNORE (a lone NaN comes back as the canonical NaN),
// and a reduction over an axis of size 3.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x1x3xi32>, tensor<2x1x3xf32>, tensor<2x1x3xi1>) -> (tensor<2x1x3xi32>, tensor<2x1x3xf32>, tensor<2x1x3xf32>, tensor<2x1x3xf32>, tensor<2x1x3xi1>, tensor<2x1x3xi1>, tensor<2x1x3xf32>, tensor<2x1x3xf32>, tensor<2x1x1xi32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x1x3xi32>, %arg1: tensor<2x1x3xf32>, %arg2: tensor<2x1x3xi1>):
    %0 = "tosa.reduce_sum"(%arg0) <{axis = 1 : i32}> : (tensor<2x1x3xi32>) -> tensor<2x1x3xi32>
    %1 = "tosa.reduce_max"(%arg1) <{axis = 1 : i32}> : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
    %2 = "tosa.reduce_min"(%arg1) <{axis = 1 : i32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
    %3 = "tosa.reduce_product"(%arg1) <{axis = 1 : i32}> : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
    %4 = "tosa.reduce_all"(%arg2) <{axis = 1 : i32}> : (tensor<2x1x3xi1>) -> tensor<2x1x3xi1>
    %5 = "tosa.reduce_any"(%arg2) <{axis = 1 : i32}> : (tensor<2x1x3xi1>) -> tensor<2x1x3xi1>
    %6 = "tosa.reduce_sum"(%arg1) <{axis = 1 : i32}> : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
    %7 = "tosa.reduce_max"(%arg1) <{axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<2x1x3xf32>) -> tensor<2x1x3xf32>
    %8 = "tosa.reduce_sum"(%arg0) <{axis = 2 : i32}> : (tensor<2x1x3xi32>) -> tensor<2x1x1xi32>
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8) : (tensor<2x1x3xi32>, tensor<2x1x3xf32>, tensor<2x1x3xf32>, tensor<2x1x3xf32>, tensor<2x1x3xi1>, tensor<2x1x3xi1>, tensor<2x1x3xf32>, tensor<2x1x3xf32>, tensor<2x1x1xi32>) -> ()
  }) : () -> ()
}) : () -> ()
