// RUN: --passes canonicalize --fold-limit 8
// FIRES: canonicalize.fold=4
// EXEC
// Pure ops on constants become constants, computed by the op's own
// evaluator: a cast, a reciprocal, an add of two constants (the result is
// a splat, stored as one) and a rescale. Refused: a result of 12 elements
// over --fold-limit 8, and a negate of a 24-element constant that is also
// returned (it would be stored twice). canon_fold_overflow: no value.
"builtin.module"() ({
  "func.func"() <{function_type = () -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xi32>, tensor<2x2xi8>, tensor<3x4xi32>, tensor<4x6xi32>, tensor<4x6xi32>), sym_name = "f"}> ({
    %0 = "tosa.const"() <{values = dense<[[1, 2], [3, -4]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
    %1 = "tosa.cast"(%0) : (tensor<2x2xi32>) -> tensor<2x2xf32>
    %2 = "tosa.const"() <{values = dense<[[2.0, 4.0], [-8.0, 3.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
    %3 = "tosa.reciprocal"(%2) : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %4 = "tosa.const"() <{values = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
    %5 = "tosa.const"() <{values = dense<[[4, 3], [2, 1]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
    %6 = "tosa.add"(%4, %5) : (tensor<2x2xi32>, tensor<2x2xi32>) -> tensor<2x2xi32>
    %7 = "tosa.const"() <{values = dense<[[100, -100], [7, 0]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
    %8 = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
    %9 = "tosa.const"() <{values = dense<31> : tensor<1xi8>}> : () -> tensor<1xi8>
    %10 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %11 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %12 = "tosa.rescale"(%7, %8, %9, %10, %11) <{input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<2x2xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2x2xi8>
    %16 = "tosa.const"() <{values = dense<[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]]> : tensor<3x4xi32>}> : () -> tensor<3x4xi32>
    %17 = "tosa.const"() <{values = dense<1> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %18 = "tosa.add"(%16, %17) : (tensor<3x4xi32>, tensor<1x1xi32>) -> tensor<3x4xi32>
    %19 = "tosa.const"() <{values = dense<[[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 14, 15, 16, 17, 18], [19, 20, 21, 22, 23, 24]]> : tensor<4x6xi32>}> : () -> tensor<4x6xi32>
    %20 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %21 = "tosa.negate"(%19, %20, %20) : (tensor<4x6xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<4x6xi32>
    "func.return"(%1, %3, %6, %12, %18, %19, %21) : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xi32>, tensor<2x2xi8>, tensor<3x4xi32>, tensor<4x6xi32>, tensor<4x6xi32>) -> ()
  }) : () -> ()
}) : () -> ()
