// RUN: --target ethos-u55
// FIRES: place_layout.move_unary=3 place_layout.move_binary=1 cancel_transposes.inverse_pair=5
// EXEC
// Branches of different lengths over one transposed input, joined by an
// add and returned in NCHW: the rules sink nothing past the fan-out
// (3 transposes, 1,440 bytes); the optimiser runs the block in NCHW: 0.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x5x6xf32>) -> (tensor<1x4x5x6xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x4x5x6xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x5x6xf32>) -> tensor<1x5x6x4xf32>
    %1 = "tosa.abs"(%0) : (tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %2 = "tosa.exp"(%1) : (tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %3 = "tosa.tanh"(%0) : (tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %4 = "tosa.maximum"(%2, %3) : (tensor<1x5x6x4xf32>, tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %5 = "tosa.transpose"(%4) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x5x6x4xf32>) -> tensor<1x4x5x6xf32>
    "func.return"(%5) : (tensor<1x4x5x6xf32>) -> ()
  }) : () -> ()
}) : () -> ()
