// RUN: --passes canonicalize
// FIRES: canonicalize.clamp_overlap_inside=1 canonicalize.clamp_overlap_above=1 canonicalize.clamp_overlap_below=1
// EXEC
// Two clamps whose ranges overlap become one over the intersection:
// [-10, 10] then [-5, 5] is [-5, 5]; [-10, 10] then [0, 20] is [0, 10];
// [-10, 10] then [-20, 0] is [-10, 0]. Refused: ranges that do not
// overlap ([-10, -5] then [5, 10] is the constant 5, not a clamp of x),
// an inner float clamp with nan_mode IGNORE (its NaN becomes -1.0, which
// the outer clamp then raises to 0.0), and an inner clamp with another user.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xi8>, tensor<4xf32>) -> (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xf32>, tensor<4xi8>, tensor<4xi8>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4xi8>, %arg1: tensor<4xf32>):
    %0 = "tosa.clamp"(%arg0) <{max_val = 10 : i8, min_val = -10 : i8}> : (tensor<4xi8>) -> tensor<4xi8>
    %1 = "tosa.clamp"(%0) <{max_val = 5 : i8, min_val = -5 : i8}> : (tensor<4xi8>) -> tensor<4xi8>
    %2 = "tosa.clamp"(%arg0) <{max_val = 10 : i8, min_val = -10 : i8}> : (tensor<4xi8>) -> tensor<4xi8>
    %3 = "tosa.clamp"(%2) <{max_val = 20 : i8, min_val = 0 : i8}> : (tensor<4xi8>) -> tensor<4xi8>
    %4 = "tosa.clamp"(%arg0) <{max_val = 10 : i8, min_val = -10 : i8}> : (tensor<4xi8>) -> tensor<4xi8>
    %5 = "tosa.clamp"(%4) <{max_val = 0 : i8, min_val = -20 : i8}> : (tensor<4xi8>) -> tensor<4xi8>
    %6 = "tosa.clamp"(%arg0) <{max_val = -5 : i8, min_val = -10 : i8}> : (tensor<4xi8>) -> tensor<4xi8>
    %7 = "tosa.clamp"(%6) <{max_val = 10 : i8, min_val = 5 : i8}> : (tensor<4xi8>) -> tensor<4xi8>
    %8 = "tosa.clamp"(%arg1) <{max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<4xf32>) -> tensor<4xf32>
    %9 = "tosa.clamp"(%8) <{max_val = 2.000000e+00 : f32, min_val = 0.000000e+00 : f32}> : (tensor<4xf32>) -> tensor<4xf32>
    %10 = "tosa.clamp"(%arg0) <{max_val = 10 : i8, min_val = -10 : i8}> : (tensor<4xi8>) -> tensor<4xi8>
    %11 = "tosa.clamp"(%10) <{max_val = 5 : i8, min_val = -5 : i8}> : (tensor<4xi8>) -> tensor<4xi8>
    "func.return"(%1, %3, %5, %7, %9, %10, %11) : (tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xi8>, tensor<4xf32>, tensor<4xi8>, tensor<4xi8>) -> ()
  }) : () -> ()
}) : () -> ()
