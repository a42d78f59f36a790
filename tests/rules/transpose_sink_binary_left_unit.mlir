// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_binary_left=1 fuse_transposes.to_reshape=1 fuse_transposes.inverse_pair=1
// EXEC
// maximum(T(a), B) with B 1x4x1x1: permuting B by the inverse [0,2,3,1]
// moves only size-1 axes (broadcast-safe), so that transpose becomes a
// reshape to 1x1x1x4 and the transpose of a moves after the maximum,
// where it cancels with the transpose back to 1x2x3x4.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>, tensor<1x4x1x1xf32>) -> tensor<1x2x3x4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>, %arg1: tensor<1x4x1x1xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %1 = "tosa.maximum"(%0, %arg1) <{nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x4x2x3xf32>, tensor<1x4x1x1xf32>) -> tensor<1x4x2x3xf32>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x2x3xf32>) -> tensor<1x2x3x4xf32>
    "func.return"(%2) : (tensor<1x2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

