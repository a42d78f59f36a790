// RUN: --passes cleanup
// REWRITES: 0
// Near misses for mul_one: 1x1 * ones(2x3) broadcasts x up (the result is
// not x's shape); x * 2; x * 1 with shift 1.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x1xi32>, tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x1xi32>, %arg1: tensor<2x3xi32>):
    %0 = "tosa.const"() <{values = dense<1> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
    %1 = "tosa.const"() <{values = dense<2> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %2 = "tosa.const"() <{values = dense<1> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %4 = "tosa.const"() <{values = dense<1> : tensor<1xi8>}> : () -> tensor<1xi8>
    %5 = "tosa.mul"(%arg0, %0, %3) : (tensor<1x1xi32>, tensor<2x3xi32>, tensor<1xi8>) -> tensor<2x3xi32>
    %6 = "tosa.mul"(%arg1, %1, %3) : (tensor<2x3xi32>, tensor<1x1xi32>, tensor<1xi8>) -> tensor<2x3xi32>
    %7 = "tosa.mul"(%arg1, %2, %4) : (tensor<2x3xi32>, tensor<1x1xi32>, tensor<1xi8>) -> tensor<2x3xi32>
    "func.return"(%5, %6, %7) : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()

