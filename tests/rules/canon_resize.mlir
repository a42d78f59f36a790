// RUN: --passes canonicalize
// FIRES: canonicalize.resize_identity=2
// A NEAREST_NEIGHBOR resize by 2/2 and 1/1 (and by 3/3 and 5/5) without
// offset or border samples each pixel at itself: its input (MLIR's
// canonicalize.mlir `fold_resize_nearest`, and `fold_resize_bilinear`,
// which MLIR 22 spells with NEAREST_NEIGHBOR). Refused: BILINEAR by 1/1
// on f32 (a neighbour weighted 0 still counts: inf * 0 is NaN, -0.0 + 0.0
// is +0.0); a scale of 2/1 (a real upsampling); an offset of 1 with a
// border of 1 (same size, shifted by half a pixel, rounding to the next
// one).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x15x13x1xi8>, tensor<1x5x4x2xf32>, tensor<1x4x4x1xi8>, tensor<1x4x4x1xi8>) -> (tensor<1x15x13x1xi8>, tensor<1x5x4x2xf32>, tensor<1x5x4x2xf32>, tensor<1x7x4x1xi8>, tensor<1x4x4x1xi8>), sym_name = "fold_resize_nearest"}> ({
  ^bb0(%arg0: tensor<1x15x13x1xi8>, %arg1: tensor<1x5x4x2xf32>, %arg2: tensor<1x4x4x1xi8>, %arg3: tensor<1x4x4x1xi8>):
    %0 = "tosa.const_shape"() <{values = dense<[2, 2, 1, 1]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %1 = "tosa.const_shape"() <{values = dense<0> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %2 = "tosa.resize"(%arg0, %0, %1, %1) <{mode = #tosa.resize_mode<NEAREST_NEIGHBOR>}> : (tensor<1x15x13x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x15x13x1xi8>
    %3 = "tosa.const_shape"() <{values = dense<[3, 3, 5, 5]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %4 = "tosa.resize"(%arg1, %3, %1, %1) <{mode = #tosa.resize_mode<NEAREST_NEIGHBOR>}> : (tensor<1x5x4x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x5x4x2xf32>
    %5 = "tosa.const_shape"() <{values = dense<1> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %6 = "tosa.resize"(%arg1, %5, %1, %1) <{mode = #tosa.resize_mode<BILINEAR>}> : (tensor<1x5x4x2xf32>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x5x4x2xf32>
    %7 = "tosa.const_shape"() <{values = dense<[2, 1, 1, 1]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %8 = "tosa.resize"(%arg2, %7, %1, %1) <{mode = #tosa.resize_mode<NEAREST_NEIGHBOR>}> : (tensor<1x4x4x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x7x4x1xi8>
    %9 = "tosa.const_shape"() <{values = dense<[1, 0]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %10 = "tosa.resize"(%arg3, %0, %9, %9) <{mode = #tosa.resize_mode<NEAREST_NEIGHBOR>}> : (tensor<1x4x4x1xi8>, !tosa.shape<4>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x4x4x1xi8>
    "func.return"(%2, %4, %6, %8, %10) : (tensor<1x15x13x1xi8>, tensor<1x5x4x2xf32>, tensor<1x5x4x2xf32>, tensor<1x7x4x1xi8>, tensor<1x4x4x1xi8>) -> ()
  }) : () -> ()
}) : () -> ()
