// Embedding lookup and argmax: gather with i32 indices, argmax over an axis.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x100x8xf32>, tensor<1x5xi32>) -> (tensor<1x5x8xf32>, tensor<1x5xi32>), sym_name = "lookup"}> ({
  ^bb0(%arg0: tensor<1x100x8xf32>, %arg1: tensor<1x5xi32>):
    %0 = "tosa.gather"(%arg0, %arg1) : (tensor<1x100x8xf32>, tensor<1x5xi32>) -> tensor<1x5x8xf32>
    %1 = "tosa.argmax"(%0) <{axis = 2 : i32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x5x8xf32>) -> tensor<1x5xi32>
    "func.return"(%0, %1) : (tensor<1x5x8xf32>, tensor<1x5xi32>) -> ()
  }) : () -> ()
}) : () -> ()

