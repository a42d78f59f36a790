// RUN: --passes canonicalize
// FIRES: canonicalize.identity=1 canonicalize.clamp_full_range=2
// EXEC
// tosa.identity goes; a clamp over the whole i8 range and a float clamp
// over [-inf, inf] that propagates NaN go. Refused: the same float clamp
// with nan_mode IGNORE (a NaN becomes -inf), and an i8 clamp to
// [-127, 127] (-128 still moves).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi8>, tensor<2x3xf32>) -> (tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi8>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi8>, %arg1: tensor<2x3xf32>):
    %0 = "tosa.identity"(%arg0) : (tensor<2x3xi8>) -> tensor<2x3xi8>
    %1 = "tosa.clamp"(%arg0) <{max_val = 127 : i8, min_val = -128 : i8}> : (tensor<2x3xi8>) -> tensor<2x3xi8>
    %2 = "tosa.clamp"(%arg1) <{max_val = 0x7F800000 : f32, min_val = 0xFF800000 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = "tosa.clamp"(%arg1) <{max_val = 0x7F800000 : f32, min_val = 0xFF800000 : f32, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %4 = "tosa.clamp"(%arg0) <{max_val = 127 : i8, min_val = -127 : i8}> : (tensor<2x3xi8>) -> tensor<2x3xi8>
    "func.return"(%0, %1, %2, %3, %4) : (tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi8>) -> ()
  }) : () -> ()
}) : () -> ()
