// tosa.cond_if with block arguments in both branches.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1xi1>, tensor<4xf32>, tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>, sym_name = "select"}> ({
  ^bb0(%arg0: tensor<1xi1>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<1xf32>):
    %0 = "tosa.cond_if"(%arg0, %arg1, %arg2) ({
    ^bb0(%arg6: tensor<4xf32>, %arg7: tensor<4xf32>):
      %3 = "tosa.add"(%arg6, %arg7) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      "tosa.yield"(%3) : (tensor<4xf32>) -> ()
    }, {
    ^bb0(%arg4: tensor<4xf32>, %arg5: tensor<4xf32>):
      %1 = "tosa.sub"(%arg4, %arg5) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %2 = "tosa.negate"(%1, %arg3, %arg3) : (tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4xf32>
      "tosa.yield"(%2) : (tensor<4xf32>) -> ()
    }) : (tensor<1xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%0) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

