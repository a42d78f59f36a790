// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_unary=1
// EXEC
// A clamp commutes with the transpose in front of it: the transpose moves
// after the clamp (and can meet the next transpose).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %1 = "tosa.clamp"(%0) <{max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
    "func.return"(%1) : (tensor<1x4x2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

