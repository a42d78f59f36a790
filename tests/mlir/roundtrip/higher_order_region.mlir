// An unregistered higher-order op (a map) whose region takes block arguments and reads a value from the enclosing function.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<8x4xf32>, tensor<4xf32>) -> tensor<8x4xf32>, sym_name = "map"}> ({
  ^bb0(%arg0: tensor<8x4xf32>, %arg1: tensor<4xf32>):
    %0 = "acme.map"(%arg0) ({
    ^bb0(%arg2: tensor<4xf32>, %arg3: index):
      %1 = "tosa.add"(%arg2, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
      %2 = "acme.inner"(%1) ({
      ^bb0(%arg4: f32):
        "acme.yield"(%arg4) : (f32) -> ()
      }) : (tensor<4xf32>) -> tensor<4xf32>
      "acme.yield"(%2) : (tensor<4xf32>) -> ()
    }) {dim = 0 : i64} : (tensor<8x4xf32>) -> tensor<8x4xf32>
    "func.return"(%0) : (tensor<8x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

