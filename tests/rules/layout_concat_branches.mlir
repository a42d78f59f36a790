// RUN: --target ethos-u55
// FIRES: place_layout.move_unary=1 place_layout.move_concat3=1 cancel_transposes.inverse_pair=3
// EXEC
// Concat of branches (inception): the NCHW input fans out into two NHWC
// pools, each transposed back, and a clamp of the input itself; the
// concat along the channels is transposed to NHWC for the next pool.
// sink_concat3 needs all three operands transposed, so the rules alone
// leave 4,608 bytes (mlir-opt-22 5,184); the optimiser
// computes the clamp and the concat in NHWC (axis 3): the input's
// transpose and the output's remain (2,304 bytes, its bound).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x6x6xf32>) -> tensor<1x12x6x6xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x4x6x6xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x6x6xf32>) -> tensor<1x6x6x4xf32>
    %1 = "tosa.max_pool2d"(%0) <{kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>}> : (tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x6x6x4xf32>) -> tensor<1x4x6x6xf32>
    %3 = "tosa.max_pool2d"(%0) <{kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>}> : (tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
    %4 = "tosa.transpose"(%3) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x6x6x4xf32>) -> tensor<1x4x6x6xf32>
    %5 = "tosa.clamp"(%arg0) <{min_val = 0.0 : f32, max_val = 6.0 : f32}> : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %6 = "tosa.concat"(%2, %4, %5) <{axis = 1 : i32}> : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x12x6x6xf32>
    %7 = "tosa.transpose"(%6) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x12x6x6xf32>) -> tensor<1x6x6x12xf32>
    %8 = "tosa.max_pool2d"(%7) <{kernel = array<i64: 3, 3>, stride = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>}> : (tensor<1x6x6x12xf32>) -> tensor<1x6x6x12xf32>
    %9 = "tosa.transpose"(%8) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x6x6x12xf32>) -> tensor<1x12x6x6xf32>
    "func.return"(%9) : (tensor<1x12x6x6xf32>) -> ()
  }) : () -> ()
}) : () -> ()
