// Multi-result ops: `%0:3` definitions and `%0#1` uses.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<6xf32>) -> (tensor<2xf32>, tensor<2xf32>), sym_name = "split"}> ({
  ^bb0(%arg0: tensor<6xf32>):
    %0:3 = "acme.split"(%arg0) {parts = 3 : i32} : (tensor<6xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>)
    %1 = "tosa.add"(%0#0, %0#2) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %2:2 = "acme.minmax"(%1, %0#1) : (tensor<2xf32>, tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    "acme.sink"(%2#0, %2#1, %0#1) : (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> ()
    "func.return"(%2#1, %1) : (tensor<2xf32>, tensor<2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

