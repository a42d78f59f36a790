// RUN: --passes cleanup
// FIRES: cleanup.mul_one=2
// EXEC
// x * 1 and 1 * x (MUL is commutative), shift 0: both multiplications go.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi32>) -> tensor<2x3xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi32>):
    %0 = "tosa.const"() <{values = dense<1> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.mul"(%arg0, %0, %1) : (tensor<2x3xi32>, tensor<1x1xi32>, tensor<1xi8>) -> tensor<2x3xi32>
    %3 = "tosa.mul"(%0, %2, %1) : (tensor<1x1xi32>, tensor<2x3xi32>, tensor<1xi8>) -> tensor<2x3xi32>
    "func.return"(%3) : (tensor<2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()

