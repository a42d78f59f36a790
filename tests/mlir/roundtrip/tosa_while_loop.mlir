// Counted loop: tosa.while_loop with a condition and a body region.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "loop"}> ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1:2 = "tosa.while_loop"(%0, %arg0) ({
    ^bb0(%arg3: tensor<1xi32>, %arg4: tensor<4xf32>):
      %5 = "tosa.const"() <{values = dense<10> : tensor<1xi32>}> : () -> tensor<1xi32>
      %6 = "tosa.greater"(%5, %arg3) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
      "tosa.yield"(%6) : (tensor<1xi1>) -> ()
    }, {
    ^bb0(%arg1: tensor<1xi32>, %arg2: tensor<4xf32>):
      %2 = "tosa.const"() <{values = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
      %3 = "tosa.add"(%arg1, %2) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
      %4 = "tosa.add"(%arg2, %arg2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      "tosa.yield"(%3, %4) : (tensor<1xi32>, tensor<4xf32>) -> ()
    }) : (tensor<1xi32>, tensor<4xf32>) -> (tensor<1xi32>, tensor<4xf32>)
    "func.return"(%1#1) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

