// Dynamic dimensions and unranked tensors.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x4xf32>, tensor<*xf32>, tensor<1xf32>) -> (tensor<?x4xf32>, tensor<*xf32>), sym_name = "dyn"}> ({
  ^bb0(%arg0: tensor<?x4xf32>, %arg1: tensor<*xf32>, %arg2: tensor<1xf32>):
    %0 = "tosa.abs"(%arg0) : (tensor<?x4xf32>) -> tensor<?x4xf32>
    %1 = "tosa.negate"(%arg0, %arg2, %arg2) : (tensor<?x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<?x4xf32>
    %2 = "tosa.add"(%0, %1) : (tensor<?x4xf32>, tensor<?x4xf32>) -> tensor<?x4xf32>
    %3 = "acme.opaque"(%arg1, %2) : (tensor<*xf32>, tensor<?x4xf32>) -> tensor<*xf32>
    "func.return"(%2, %3) : (tensor<?x4xf32>, tensor<*xf32>) -> ()
  }) : () -> ()
}) : () -> ()

