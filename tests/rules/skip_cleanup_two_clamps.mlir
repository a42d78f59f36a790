// RUN: --passes cleanup
// STATS: cleanup.ran=true cleanup.rewrites=0 cleanup.nodes_visited=2
// Two clamps satisfy clamp_chain's count, so cleanup runs (visiting only the
// two clamps), although they are not chained and nothing fires.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "tosa.clamp"(%arg0) <{max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "tosa.abs"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    %2 = "tosa.clamp"(%1) <{max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%0, %2) : (tensor<4xf32>, tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

