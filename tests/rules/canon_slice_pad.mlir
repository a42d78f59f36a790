// RUN: --passes canonicalize
// FIRES: canonicalize.slice_pad_inside=2
// EXEC
// A slice of a PAD that reads only the PAD's input is a slice of the
// input, its start moved back by the padding before it: any pad value and
// element type (here f32 and a quantized i8). After MLIR's TOSA
// canonicalize.mlir case canonicalize_pad_slice_inside. Refused: a window
// that reaches into the padding (MLIR's canonicalize_pad_slice_overlap),
// and a size of -1 (MLIR's "to the end": the end of the PAD is not the end
// of its input).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x16x16x3xf32>, tensor<4x6x!quant.uniform<i8:f32, 5.0E-1:3>>) -> (tensor<1x14x10x3xf32>, tensor<2x3x!quant.uniform<i8:f32, 5.0E-1:3>>, tensor<1x14x18x3xf32>, tensor<1x16x17x3xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x16x16x3xf32>, %arg1: tensor<4x6x!quant.uniform<i8:f32, 5.0E-1:3>>):
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %1 = "tosa.const_shape"() <{values = dense<[0, 0, 0, 0, 2, 2, 0, 0]> : tensor<8xindex>}> : () -> !tosa.shape<8>
    %2 = "tosa.pad"(%arg0, %1, %0) : (tensor<1x16x16x3xf32>, !tosa.shape<8>, tensor<1xf32>) -> tensor<1x16x20x3xf32>
    %3 = "tosa.const_shape"() <{values = dense<[0, 1, 4, 0]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %4 = "tosa.const_shape"() <{values = dense<[1, 14, 10, 3]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %5 = "tosa.slice"(%2, %3, %4) : (tensor<1x16x20x3xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x14x10x3xf32>
    %6 = "tosa.const"() <{values = dense<-7> : tensor<1xi8>}> : () -> tensor<1x!quant.uniform<i8:f32, 5.0E-1:3>>
    %7 = "tosa.const_shape"() <{values = dense<[1, 0, 3, 2]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %8 = "tosa.pad"(%arg1, %7, %6) : (tensor<4x6x!quant.uniform<i8:f32, 5.0E-1:3>>, !tosa.shape<4>, tensor<1x!quant.uniform<i8:f32, 5.0E-1:3>>) -> tensor<5x11x!quant.uniform<i8:f32, 5.0E-1:3>>
    %9 = "tosa.const_shape"() <{values = dense<[2, 5]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %10 = "tosa.const_shape"() <{values = dense<[2, 3]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %11 = "tosa.slice"(%8, %9, %10) : (tensor<5x11x!quant.uniform<i8:f32, 5.0E-1:3>>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x3x!quant.uniform<i8:f32, 5.0E-1:3>>
    %12 = "tosa.const_shape"() <{values = dense<[0, 0, 1, 0]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %13 = "tosa.const_shape"() <{values = dense<[1, 14, 18, 3]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %14 = "tosa.slice"(%2, %12, %13) : (tensor<1x16x20x3xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x14x18x3xf32>
    %15 = "tosa.const_shape"() <{values = dense<[0, 0, 3, 0]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %16 = "tosa.const_shape"() <{values = dense<[1, 16, -1, 3]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %17 = "tosa.slice"(%2, %15, %16) : (tensor<1x16x20x3xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x16x17x3xf32>
    "func.return"(%5, %11, %14, %17) : (tensor<1x14x10x3xf32>, tensor<2x3x!quant.uniform<i8:f32, 5.0E-1:3>>, tensor<1x14x18x3xf32>, tensor<1x16x17x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
