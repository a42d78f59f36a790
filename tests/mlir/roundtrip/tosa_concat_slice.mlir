// Shape ops: concat, slice, pad and tile with !tosa.shape operands.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>) -> tensor<1x6x6x4xf32>, sym_name = "shapes"}> ({
  ^bb0(%arg0: tensor<1x4x4x2xf32>, %arg1: tensor<1x4x4x2xf32>):
    %0 = "tosa.concat"(%arg0, %arg1) <{axis = 3 : i32}> : (tensor<1x4x4x2xf32>, tensor<1x4x4x2xf32>) -> tensor<1x4x4x4xf32>
    %1 = "tosa.const_shape"() <{values = dense<[0, 1, 1, 0]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %2 = "tosa.const_shape"() <{values = dense<[1, 2, 2, 4]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %3 = "tosa.slice"(%0, %1, %2) : (tensor<1x4x4x4xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x2x2x4xf32>
    %4 = "tosa.const_shape"() <{values = dense<[0, 0, 1, 1, 1, 1, 0, 0]> : tensor<8xindex>}> : () -> !tosa.shape<8>
    %5 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %6 = "tosa.pad"(%3, %4, %5) : (tensor<1x2x2x4xf32>, !tosa.shape<8>, tensor<1xf32>) -> tensor<1x4x4x4xf32>
    %7 = "tosa.const_shape"() <{values = dense<0> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %8 = "tosa.const_shape"() <{values = dense<[1, 3, 3, 4]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %9 = "tosa.slice"(%6, %7, %8) : (tensor<1x4x4x4xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x3x3x4xf32>
    %10 = "tosa.const_shape"() <{values = dense<[1, 2, 2, 1]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %11 = "tosa.tile"(%9, %10) : (tensor<1x3x3x4xf32>, !tosa.shape<4>) -> tensor<1x6x6x4xf32>
    "func.return"(%11) : (tensor<1x6x6x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

