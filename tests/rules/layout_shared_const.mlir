// RUN: --target ethos-u55
// FIRES: fuse_transposes.sink_binary_left_value=2 fuse_transposes.fold_const=1 fuse_transposes.inverse_pair=2
// EXEC
// A constant (not a splat) added to the NHWC views of two NCHW inputs,
// both sums returned in NCHW: the rules sink both transposes (each adds
// a transpose of the constant; the two merge and fold), and the layout
// optimiser, which counts the constant as free to take one layout, finds
// the same placement: 1,920 -> 0 bytes, none stored twice.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x5x6xf32>, tensor<1x4x5x6xf32>) -> (tensor<1x4x5x6xf32>, tensor<1x4x5x6xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x4x5x6xf32>, %arg1: tensor<1x4x5x6xf32>):
    %c = "tosa.const"() <{values = dense<[[[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [1.5, 2.5, 3.5, 4.5], [5.5, 6.5, 7.5, 8.5], [0.5, 0.25, 0.125, 2.0], [3.0, 1.0, 4.0, 1.5]], [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [1.5, 2.5, 3.5, 4.5], [5.5, 6.5, 7.5, 8.5], [0.5, 0.25, 0.125, 2.0], [3.0, 1.0, 4.0, 1.5]], [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [1.5, 2.5, 3.5, 4.5], [5.5, 6.5, 7.5, 8.5], [0.5, 0.25, 0.125, 2.0], [3.0, 1.0, 4.0, 1.5]], [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [1.5, 2.5, 3.5, 4.5], [5.5, 6.5, 7.5, 8.5], [0.5, 0.25, 0.125, 2.0], [3.0, 1.0, 4.0, 1.5]], [[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [1.5, 2.5, 3.5, 4.5], [5.5, 6.5, 7.5, 8.5], [0.5, 0.25, 0.125, 2.0], [3.0, 1.0, 4.0, 1.5]]]]> : tensor<1x5x6x4xf32>}> : () -> tensor<1x5x6x4xf32>
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x5x6xf32>) -> tensor<1x5x6x4xf32>
    %1 = "tosa.add"(%0, %c) : (tensor<1x5x6x4xf32>, tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x5x6x4xf32>) -> tensor<1x4x5x6xf32>
    %3 = "tosa.transpose"(%arg1) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x5x6xf32>) -> tensor<1x5x6x4xf32>
    %4 = "tosa.add"(%3, %c) : (tensor<1x5x6x4xf32>, tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %5 = "tosa.transpose"(%4) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x5x6x4xf32>) -> tensor<1x4x5x6xf32>
    "func.return"(%2, %5) : (tensor<1x4x5x6xf32>, tensor<1x4x5x6xf32>) -> ()
  }) : () -> ()
}) : () -> ()
