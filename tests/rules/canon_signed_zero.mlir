// RUN: --passes canonicalize
// FIRES: canonicalize.add_zero=4 canonicalize.sub_zero=2
// EXEC
// Float x + 0 keeps x when no bit can change: x + -0.0 always; x + +0.0
// when x is never -0.0 (a reduce_sum or matmul accumulates from +0.0, a
// sum with such an addend, a reshape of one); x - +0.0 always; x - -0.0
// when x is never -0.0. Refused: x + +0.0 and x - -0.0 for an argument
// or a product (-1.0 * 0.0 is -0.0, and -0.0 + +0.0 is +0.0).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3xf32>, tensor<1x3x2xf32>) -> (tensor<1x2x3xf32>, tensor<1x2x1xf32>, tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<1x2x3xf32>, tensor<1x2x1xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3xf32>, %arg1: tensor<1x3x2xf32>):
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %1 = "tosa.const"() <{values = dense<-0.000000e+00> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %2 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %4 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %5 = "tosa.const_shape"() <{values = dense<2> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %6 = "tosa.add"(%arg0, %1) : (tensor<1x2x3xf32>, tensor<1x1x1xf32>) -> tensor<1x2x3xf32>
    %7 = "tosa.reduce_sum"(%arg0) <{axis = 2 : i32}> : (tensor<1x2x3xf32>) -> tensor<1x2x1xf32>
    %8 = "tosa.add"(%7, %0) : (tensor<1x2x1xf32>, tensor<1x1x1xf32>) -> tensor<1x2x1xf32>
    %9 = "tosa.matmul"(%arg0, %arg1, %2, %2) : (tensor<1x2x3xf32>, tensor<1x3x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2xf32>
    %11 = "tosa.reshape"(%9, %5) : (tensor<1x2x2xf32>, !tosa.shape<2>) -> tensor<2x2xf32>
    %12 = "tosa.add"(%11, %4) : (tensor<2x2xf32>, tensor<1x1xf32>) -> tensor<2x2xf32>
    %13 = "tosa.sub"(%arg0, %0) : (tensor<1x2x3xf32>, tensor<1x1x1xf32>) -> tensor<1x2x3xf32>
    %14 = "tosa.sub"(%7, %1) : (tensor<1x2x1xf32>, tensor<1x1x1xf32>) -> tensor<1x2x1xf32>
    %15 = "tosa.add"(%arg0, %0) : (tensor<1x2x3xf32>, tensor<1x1x1xf32>) -> tensor<1x2x3xf32>
    %16 = "tosa.sub"(%arg0, %1) : (tensor<1x2x3xf32>, tensor<1x1x1xf32>) -> tensor<1x2x3xf32>
    %17 = "tosa.mul"(%arg0, %arg0, %3) : (tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1xi8>) -> tensor<1x2x3xf32>
    %18 = "tosa.add"(%17, %0) : (tensor<1x2x3xf32>, tensor<1x1x1xf32>) -> tensor<1x2x3xf32>
    %19 = "tosa.add"(%17, %7) : (tensor<1x2x3xf32>, tensor<1x2x1xf32>) -> tensor<1x2x3xf32>
    %20 = "tosa.add"(%19, %0) : (tensor<1x2x3xf32>, tensor<1x1x1xf32>) -> tensor<1x2x3xf32>
    "func.return"(%6, %8, %9, %12, %13, %14, %15, %16, %18, %20) : (tensor<1x2x3xf32>, tensor<1x2x1xf32>, tensor<1x2x2xf32>, tensor<2x2xf32>, tensor<1x2x3xf32>, tensor<1x2x1xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>, tensor<1x2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
