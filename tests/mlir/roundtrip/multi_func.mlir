// Several functions: private helper, a call, symbol visibility; each func body is isolated from the others.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "helper", sym_visibility = "private"}> ({
  ^bb0(%arg2: tensor<4xf32>):
    %2 = "tosa.abs"(%arg2) : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%2) : (tensor<4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<4xf32>, %arg1: tensor<1xf32>):
    %0 = "func.call"(%arg0) <{callee = @helper}> : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "tosa.negate"(%0, %arg1, %arg1) : (tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4xf32>
    "func.return"(%1) : (tensor<4xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "empty"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

