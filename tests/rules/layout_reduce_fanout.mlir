// RUN: --target ethos-u55
// FIRES: place_layout.move_axis=1 cancel_transposes.inverse_pair=2
// EXEC
// A reduction on a fan-out: the NCHW result of an NHWC pool is returned
// and summed along W, and the sum goes back to NHWC for another pool.
// sink_reduce moves no transpose with two users (1,344 bytes, mlir-opt-22
// too); the optimiser sums the pool's NHWC result along its axis 2 and
// drops the sum's two transposes (1,248 bytes, its bound).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x6x6xf32>) -> (tensor<1x4x6x6xf32>, tensor<1x4x6x1xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x4x6x6xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x6x6xf32>) -> tensor<1x6x6x4xf32>
    %1 = "tosa.max_pool2d"(%0) <{kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>}> : (tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x6x6x4xf32>) -> tensor<1x4x6x6xf32>
    %3 = "tosa.reduce_sum"(%2) <{axis = 3 : i32}> : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x1xf32>
    %4 = "tosa.transpose"(%3) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x6x1xf32>) -> tensor<1x6x1x4xf32>
    %5 = "tosa.max_pool2d"(%4) <{kernel = array<i64: 3, 1>, stride = array<i64: 1, 1>, pad = array<i64: 1, 1, 0, 0>}> : (tensor<1x6x1x4xf32>) -> tensor<1x6x1x4xf32>
    %6 = "tosa.transpose"(%5) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x6x1x4xf32>) -> tensor<1x4x6x1xf32>
    "func.return"(%2, %6) : (tensor<1x4x6x6xf32>, tensor<1x4x6x1xf32>) -> ()
  }) : () -> ()
}) : () -> ()
