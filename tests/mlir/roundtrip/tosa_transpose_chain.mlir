// Transpose pairs that cancel, compose, and sink through elementwise ops.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>, tensor<1x4x2x3xf32>) -> tensor<1x2x3x4xf32>, sym_name = "transposes"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>, %arg1: tensor<1x4x2x3xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x2x3xf32>) -> tensor<1x2x3x4xf32>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %3 = "tosa.add"(%2, %arg1) : (tensor<1x4x2x3xf32>, tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
    %4 = "tosa.clamp"(%3) <{max_val = 1.000000e+00 : f32, min_val = -1.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x4x2x3xf32>) -> tensor<1x4x2x3xf32>
    %5 = "tosa.transpose"(%4) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x2x3xf32>) -> tensor<1x2x3x4xf32>
    "func.return"(%5) : (tensor<1x2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

