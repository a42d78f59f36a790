// RUN: --target ethos-u55
// FIRES: fuse_transposes.to_reshape=2 fuse_transposes.sink_binary_left=1 cleanup.reshape_chain=1 cleanup.reshape_noop=1
// STATS: cleanup.ran=false,true cleanup.nodes_visited=0,6 fuse_rescales.ran=false fuse_transposes.ran=true,true
// EXEC
// Whole U55 pipeline: T(b 1x1x3x1) only moves size-1 axes and becomes a
// reshape; the transpose of a then sinks past the sub, which permutes the
// reshaped b back (another reshape); cleanup merges the two reshapes into a
// no-op and removes it.
// The first cleanup is skipped: no reshape exists yet.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xi32>, tensor<1x1x3x1xi32>) -> tensor<1x4x2x3xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xi32>, %arg1: tensor<1x1x3x1xi32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xi32>) -> tensor<1x4x2x3xi32>
    %1 = "tosa.transpose"(%arg1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x1x3x1xi32>) -> tensor<1x1x1x3xi32>
    %2 = "tosa.sub"(%0, %1) : (tensor<1x4x2x3xi32>, tensor<1x1x1x3xi32>) -> tensor<1x4x2x3xi32>
    "func.return"(%2) : (tensor<1x4x2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()

