// RUN: --target ethos-u55
// FIRES: fuse_transposes.sink_unary=1 place_layout.move_unary=1 cancel_transposes.inverse_pair=2
// EXEC
// A residual whose other side is a graph input in the other layout: abs
// of the NCHW input feeds an add with an NHWC input and an exp returned
// in NCHW. The rules sink the first transpose into abs and stop at its
// two users (2 transposes, 960 bytes); the optimiser transposes abs's
// result once, for the add (480 bytes).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x5x6xf32>, tensor<1x5x6x4xf32>) -> (tensor<1x5x6x4xf32>, tensor<1x4x5x6xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x4x5x6xf32>, %arg1: tensor<1x5x6x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x5x6xf32>) -> tensor<1x5x6x4xf32>
    %1 = "tosa.abs"(%0) : (tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %3 = "tosa.add"(%1, %arg1) : (tensor<1x5x6x4xf32>, tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %4 = "tosa.exp"(%1) : (tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %5 = "tosa.transpose"(%4) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x5x6x4xf32>) -> tensor<1x4x5x6xf32>
    "func.return"(%3, %5) : (tensor<1x5x6x4xf32>, tensor<1x4x5x6xf32>) -> ()
  }) : () -> ()
}) : () -> ()
