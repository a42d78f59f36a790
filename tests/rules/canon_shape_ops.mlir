// RUN: --passes canonicalize
// FIRES: canonicalize.pad_none=1 canonicalize.tile_ones=1 canonicalize.slice_full=1 canonicalize.concat_single=1 canonicalize.reverse_unit=1
// EXEC
// Ops that keep the shape keep the data: pad by zero, tile by ones, a
// slice of the whole tensor, a concat of one tensor, a reverse along a
// size-1 axis. Refused: real padding, a tile by two, a smaller slice and
// a reverse along an axis of size 3.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x1x3xi8>) -> (tensor<2x1x3xi8>, tensor<2x1x3xi8>, tensor<2x1x3xi8>, tensor<2x1x3xi8>, tensor<2x1x3xi8>, tensor<2x1x5xi8>, tensor<4x1x3xi8>, tensor<1x1x3xi8>, tensor<2x1x3xi8>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x1x3xi8>):
    %0 = "tosa.const_shape"() <{values = dense<0> : tensor<6xindex>}> : () -> !tosa.shape<6>
    %1 = "tosa.const_shape"() <{values = dense<[0, 0, 0, 0, 1, 1]> : tensor<6xindex>}> : () -> !tosa.shape<6>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const_shape"() <{values = dense<1> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %4 = "tosa.const_shape"() <{values = dense<[2, 1, 1]> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %5 = "tosa.const_shape"() <{values = dense<0> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %6 = "tosa.const_shape"() <{values = dense<[2, 1, 3]> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %7 = "tosa.const_shape"() <{values = dense<[1, 1, 3]> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %8 = "tosa.pad"(%arg0, %0, %2) : (tensor<2x1x3xi8>, !tosa.shape<6>, tensor<1xi8>) -> tensor<2x1x3xi8>
    %9 = "tosa.tile"(%arg0, %3) : (tensor<2x1x3xi8>, !tosa.shape<3>) -> tensor<2x1x3xi8>
    %10 = "tosa.slice"(%arg0, %5, %6) : (tensor<2x1x3xi8>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<2x1x3xi8>
    %11 = "tosa.concat"(%arg0) <{axis = 0 : i32}> : (tensor<2x1x3xi8>) -> tensor<2x1x3xi8>
    %12 = "tosa.reverse"(%arg0) <{axis = 1 : i32}> : (tensor<2x1x3xi8>) -> tensor<2x1x3xi8>
    %13 = "tosa.pad"(%arg0, %1, %2) : (tensor<2x1x3xi8>, !tosa.shape<6>, tensor<1xi8>) -> tensor<2x1x5xi8>
    %14 = "tosa.tile"(%arg0, %4) : (tensor<2x1x3xi8>, !tosa.shape<3>) -> tensor<4x1x3xi8>
    %15 = "tosa.slice"(%arg0, %5, %7) : (tensor<2x1x3xi8>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x1x3xi8>
    %16 = "tosa.reverse"(%arg0) <{axis = 2 : i32}> : (tensor<2x1x3xi8>) -> tensor<2x1x3xi8>
    "func.return"(%8, %9, %10, %11, %12, %13, %14, %15, %16) : (tensor<2x1x3xi8>, tensor<2x1x3xi8>, tensor<2x1x3xi8>, tensor<2x1x3xi8>, tensor<2x1x3xi8>, tensor<2x1x5xi8>, tensor<4x1x3xi8>, tensor<1x1x3xi8>, tensor<2x1x3xi8>) -> ()
  }) : () -> ()
}) : () -> ()
