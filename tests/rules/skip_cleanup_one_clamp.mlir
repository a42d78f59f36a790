// RUN: --passes cleanup
// STATS: cleanup.ran=false cleanup.skipped=true cleanup.nodes_visited=0
// Skipping by count: one clamp is not enough for clamp_chain (it needs two)
// and no other cleanup rule has its op here, so cleanup is skipped.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "tosa.clamp"(%arg0) <{max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "tosa.abs"(%0) : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%1) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

