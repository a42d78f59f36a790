// RUN: --passes canonicalize
// FIRES: canonicalize.select_same=1 canonicalize.select_true=1 canonicalize.select_false=1
// EXEC
// select(c, x, x) is x; a splat true (false) condition picks the second
// (third) operand. Refused: a condition that is not a splat, and a splat
// condition whose chosen operand is broadcast up to the result's shape.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi1>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x3xf32>, %arg3: tensor<1x3xf32>):
    %0 = "tosa.const"() <{values = dense<true> : tensor<2x3xi1>}> : () -> tensor<2x3xi1>
    %1 = "tosa.const"() <{values = dense<false> : tensor<1x1xi1>}> : () -> tensor<1x1xi1>
    %2 = "tosa.const"() <{values = dense<[[true, false, true], [false, true, false]]> : tensor<2x3xi1>}> : () -> tensor<2x3xi1>
    %3 = "tosa.select"(%arg0, %arg1, %arg1) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %4 = "tosa.select"(%0, %arg1, %arg2) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %5 = "tosa.select"(%1, %arg1, %arg2) : (tensor<1x1xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %6 = "tosa.select"(%2, %arg1, %arg2) : (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %7 = "tosa.select"(%0, %arg3, %arg2) : (tensor<2x3xi1>, tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%3, %4, %5, %6, %7) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
