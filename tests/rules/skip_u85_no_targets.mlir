// RUN: --target ethos-u85
// STATS: cleanup.ran=false,false fuse_rescales.ran=false fuse_transposes.ran=false,false cleanup.nodes_visited=0,0
// No op of any U85 pass (no transpose, rescale, cast, reshape, mul, and a
// single clamp): every pass is skipped without visiting a node.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>):
    %0 = "tosa.add"(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %1 = "tosa.clamp"(%0) <{max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%1) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

