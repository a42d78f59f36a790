// RUN: --target ethos-u55
// FIRES: fuse_transposes.sink_binary_left_value=1 fuse_transposes.sink_binary_same=1 fuse_transposes.inverse_pair=1
// EXEC
// Residual blocks in NCHW whose first residual is the function argument
// itself: the add takes the argument through the transpose the first op
// already makes of it (deduplication merges the two), so both blocks run
// in NHWC and 2 transposes are left of 4 (mlir-opt-22 leaves 4): the
// argument's and the one back to NCHW at the end.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x5x6xf32>) -> tensor<1x4x5x6xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x4x5x6xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x5x6xf32>) -> tensor<1x5x6x4xf32>
    %1 = "tosa.max_pool2d"(%0) <{kernel = array<i64: 2, 2>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 1, 1>}> : (tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x5x6x4xf32>) -> tensor<1x4x5x6xf32>
    %3 = "tosa.add"(%2, %arg0) : (tensor<1x4x5x6xf32>, tensor<1x4x5x6xf32>) -> tensor<1x4x5x6xf32>
    %4 = "tosa.transpose"(%3) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x5x6xf32>) -> tensor<1x5x6x4xf32>
    %5 = "tosa.max_pool2d"(%4) <{kernel = array<i64: 2, 2>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 1, 1>}> : (tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %6 = "tosa.transpose"(%5) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x5x6x4xf32>) -> tensor<1x4x5x6xf32>
    %7 = "tosa.add"(%6, %3) : (tensor<1x4x5x6xf32>, tensor<1x4x5x6xf32>) -> tensor<1x4x5x6xf32>
    "func.return"(%7) : (tensor<1x4x5x6xf32>) -> ()
  }) : () -> ()
}) : () -> ()
