// cond_if nested in a while_loop body; the inner region reads loop values.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<1xi1>) -> tensor<4xf32>, sym_name = "nested"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<1xi1>):
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1:2 = "tosa.while_loop"(%0, %arg0) ({
    ^bb0(%arg6: tensor<1xi32>, %arg7: tensor<4xf32>):
      %7 = "tosa.const"() <{values = dense<3> : tensor<1xi32>}> : () -> tensor<1xi32>
      %8 = "tosa.greater"(%7, %arg6) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
      "tosa.yield"(%8) : (tensor<1xi1>) -> ()
    }, {
    ^bb0(%arg2: tensor<1xi32>, %arg3: tensor<4xf32>):
      %2 = "tosa.const"() <{values = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
      %3 = "tosa.add"(%arg2, %2) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
      %4 = "tosa.cond_if"(%arg1, %arg3) ({
      ^bb0(%arg5: tensor<4xf32>):
        %6 = "tosa.tanh"(%arg5) : (tensor<4xf32>) -> tensor<4xf32>
        "tosa.yield"(%6) : (tensor<4xf32>) -> ()
      }, {
      ^bb0(%arg4: tensor<4xf32>):
        %5 = "tosa.sigmoid"(%arg4) : (tensor<4xf32>) -> tensor<4xf32>
        "tosa.yield"(%5) : (tensor<4xf32>) -> ()
      }) : (tensor<1xi1>, tensor<4xf32>) -> tensor<4xf32>
      "tosa.yield"(%3, %4) : (tensor<1xi32>, tensor<4xf32>) -> ()
    }) : (tensor<1xi32>, tensor<4xf32>) -> (tensor<1xi32>, tensor<4xf32>)
    "func.return"(%1#1) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

