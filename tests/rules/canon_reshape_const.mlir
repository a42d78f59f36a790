// RUN: --passes canonicalize
// FIRES: canonicalize.reshape_const=2
// EXEC
// A reshape of a constant becomes the constant with the new type: a
// 2x3 table read as 3x2 keeps its row-major order, and a splat read by
// two users is reshaped for one of them (one element, nothing copied).
// Refused: a constant of more than 16 elements with another user, which
// would then be stored twice (neither reshape_const nor fold takes it).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3x2xi32>) -> (tensor<3x2xi32>, tensor<6xf32>, tensor<1x6xf32>, tensor<3x6xi32>, tensor<6x3xi32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<3x2xi32>):
    %0 = "tosa.const"() <{values = dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
    %1 = "tosa.const"() <{values = dense<1.500000e+00> : tensor<1x6xf32>}> : () -> tensor<1x6xf32>
    %2 = "tosa.const"() <{values = dense<[[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 14, 15, 16, 17, 18]]> : tensor<3x6xi32>}> : () -> tensor<3x6xi32>
    %9 = "tosa.const_shape"() <{values = dense<[6, 3]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %3 = "tosa.const_shape"() <{values = dense<[3, 2]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %4 = "tosa.const_shape"() <{values = dense<6> : tensor<1xindex>}> : () -> !tosa.shape<1>
    %5 = "tosa.reshape"(%0, %3) : (tensor<2x3xi32>, !tosa.shape<2>) -> tensor<3x2xi32>
    %6 = "tosa.add"(%5, %arg0) : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
    %7 = "tosa.reshape"(%1, %4) : (tensor<1x6xf32>, !tosa.shape<1>) -> tensor<6xf32>
    %8 = "tosa.reshape"(%2, %9) : (tensor<3x6xi32>, !tosa.shape<2>) -> tensor<6x3xi32>
    "func.return"(%6, %7, %1, %2, %8) : (tensor<3x2xi32>, tensor<6xf32>, tensor<1x6xf32>, tensor<3x6xi32>, tensor<6x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()
