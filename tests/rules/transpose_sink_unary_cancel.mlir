// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_unary=2 fuse_transposes.inverse_pair=1
// EXEC
// Sinking twice (abs, then clamp) brings the transpose next to its inverse,
// and the pair cancels: no transpose is left.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %1 = "tosa.abs"(%0) : (tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
    %2 = "tosa.clamp"(%1) <{max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
    %3 = "tosa.transpose"(%2) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x2x3xf32>) -> tensor<1x2x3x4xf32>
    "func.return"(%3) : (tensor<1x2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

