// RUN: --target ethos-u55
// FIRES: fuse_transposes.sink_reshape=1 fuse_transposes.sink_unary=1 fuse_transposes.inverse_pair=1
// EXEC
// Attention heads: the heads (3 x 4) are transposed behind the sequence
// and merged into one axis of 12, then heads and sequence swap back. The
// reshape merges a block of axes that is contiguous before the transpose
// too, so the transpose sinks through it (and the exp) and cancels with
// the next one: none is left (mlir-opt-22 keeps 2).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x3x4x5xf32>) -> tensor<1x12x5xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x3x4x5xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x3x4x5xf32>) -> tensor<1x5x3x4xf32>
    %s = "tosa.const_shape"() <{values = dense<[1, 5, 12]> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %1 = "tosa.reshape"(%0, %s) : (tensor<1x5x3x4xf32>, !tosa.shape<3>) -> tensor<1x5x12xf32>
    %2 = "tosa.exp"(%1) : (tensor<1x5x12xf32>) -> tensor<1x5x12xf32>
    %3 = "tosa.transpose"(%2) <{perms = array<i32: 0, 2, 1>}> : (tensor<1x5x12xf32>) -> tensor<1x12x5xf32>
    "func.return"(%3) : (tensor<1x12x5xf32>) -> ()
  }) : () -> ()
}) : () -> ()
