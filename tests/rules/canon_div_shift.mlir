// RUN: --passes canonicalize
// FIRES: canonicalize.intdiv_one=1 canonicalize.mul_pow2_shift=2
// EXEC
// Integer x / 1 is x; an i32 MUL by 2^s with shift s is x, since it rounds
// (x * 2^s + 2^(s-1)) >> s, which is x for either sign (8 with shift 3,
// and 1 with shift 0). Refused: x / -1 (the lowest i32 overflows), 1 / x,
// a divisor of ones that broadcasts x (1x3) up to 2x3, 8 with shift 2
// (that is 2x, and may overflow), 4 with shift 3 (x / 2, rounded), and
// 2^31, which is no i32 (shift 31; MLIR's mul_one_int_and_shift keeps 1
// with shift 31).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi32>, tensor<1x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi32>, %arg1: tensor<1x3xi32>):
    %0 = "tosa.const"() <{values = dense<1> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %1 = "tosa.intdiv"(%arg0, %0) : (tensor<2x3xi32>, tensor<1x1xi32>) -> tensor<2x3xi32>
    %2 = "tosa.const"() <{values = dense<-1> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %3 = "tosa.intdiv"(%arg0, %2) : (tensor<2x3xi32>, tensor<1x1xi32>) -> tensor<2x3xi32>
    %4 = "tosa.intdiv"(%0, %arg0) : (tensor<1x1xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    %5 = "tosa.const"() <{values = dense<1> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
    %6 = "tosa.intdiv"(%arg1, %5) : (tensor<1x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    %7 = "tosa.const"() <{values = dense<8> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %8 = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %9 = "tosa.mul"(%7, %arg0, %8) : (tensor<1x1xi32>, tensor<2x3xi32>, tensor<1xi8>) -> tensor<2x3xi32>
    %10 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %11 = "tosa.mul"(%arg0, %0, %10) : (tensor<2x3xi32>, tensor<1x1xi32>, tensor<1xi8>) -> tensor<2x3xi32>
    %12 = "tosa.const"() <{values = dense<2> : tensor<1xi8>}> : () -> tensor<1xi8>
    %13 = "tosa.mul"(%arg0, %7, %12) : (tensor<2x3xi32>, tensor<1x1xi32>, tensor<1xi8>) -> tensor<2x3xi32>
    %14 = "tosa.const"() <{values = dense<4> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %15 = "tosa.mul"(%arg0, %14, %8) : (tensor<2x3xi32>, tensor<1x1xi32>, tensor<1xi8>) -> tensor<2x3xi32>
    %16 = "tosa.const"() <{values = dense<31> : tensor<1xi8>}> : () -> tensor<1xi8>
    %17 = "tosa.mul"(%arg0, %0, %16) : (tensor<2x3xi32>, tensor<1x1xi32>, tensor<1xi8>) -> tensor<2x3xi32>
    "func.return"(%1, %3, %4, %6, %9, %11, %13, %15, %17) : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()
