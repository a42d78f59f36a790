// RUN: --passes canonicalize
// FIRES: canonicalize.add_zero=2 canonicalize.sub_zero=1 canonicalize.mul_zero=1 canonicalize.abs_abs=1 canonicalize.negate_negate=1
// EXEC
// Integer x + 0, 0 + x, x - 0 and x * 0 fold; abs(abs x) is abs x; float
// -(-x) is x. Refused, one each: float x + 0.0 (-0.0 + 0.0 is +0.0),
// float x * 0.0 (NaN * 0 is NaN, -1 * 0 is -0.0), an integer x + 0 whose
// zero broadcasts x up to a larger shape, and i8 -(-x) with zero points
// (negation saturates: -(-128) is 127).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi32>, tensor<2x3xf32>, tensor<1x3xi32>, tensor<2x3xi8>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi8>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi32>, %arg1: tensor<2x3xf32>, %arg2: tensor<1x3xi32>, %arg3: tensor<2x3xi8>):
    %0 = "tosa.const"() <{values = dense<0> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %1 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<0> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
    %4 = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %5 = "tosa.add"(%arg0, %0) : (tensor<2x3xi32>, tensor<1x1xi32>) -> tensor<2x3xi32>
    %6 = "tosa.add"(%0, %arg0) : (tensor<1x1xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    %7 = "tosa.sub"(%arg0, %0) : (tensor<2x3xi32>, tensor<1x1xi32>) -> tensor<2x3xi32>
    %8 = "tosa.mul"(%arg0, %0, %2) : (tensor<2x3xi32>, tensor<1x1xi32>, tensor<1xi8>) -> tensor<2x3xi32>
    %9 = "tosa.add"(%arg1, %1) : (tensor<2x3xf32>, tensor<1x1xf32>) -> tensor<2x3xf32>
    %10 = "tosa.mul"(%arg1, %1, %2) : (tensor<2x3xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<2x3xf32>
    %11 = "tosa.add"(%arg2, %3) : (tensor<1x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    %12 = "tosa.abs"(%arg0) : (tensor<2x3xi32>) -> tensor<2x3xi32>
    %13 = "tosa.abs"(%12) : (tensor<2x3xi32>) -> tensor<2x3xi32>
    %14 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %15 = "tosa.negate"(%arg1, %14, %14) : (tensor<2x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    %16 = "tosa.negate"(%15, %14, %14) : (tensor<2x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x3xf32>
    %17 = "tosa.negate"(%arg3, %4, %2) : (tensor<2x3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3xi8>
    %18 = "tosa.negate"(%17, %2, %4) : (tensor<2x3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3xi8>
    "func.return"(%5, %6, %7, %8, %9, %10, %11, %13, %16, %18) : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xi8>) -> ()
  }) : () -> ()
}) : () -> ()
