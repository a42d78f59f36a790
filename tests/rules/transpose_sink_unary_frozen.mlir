// RUN: --passes fuse_transposes
// REWRITES: 0
// STATS: fuse_transposes.ran=true
// Near miss for sink_unary: the clamp is frozen (the transpose is not, so the
// pass runs: identity or to_reshape could fire on it).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %1 = "tosa.clamp"(%0) <{max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> {rg.frozen} : (tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
    "func.return"(%1) : (tensor<1x4x2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()

