// Nodes marked rg.frozen belong to another partition: passes must not touch them.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x4x8xf32>) -> tensor<1x4x8x4xf32>, sym_name = "partitioned"}> ({
  ^bb0(%arg0: tensor<1x4x4x8xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> {rg.frozen} : (tensor<1x4x4x8xf32>) -> tensor<1x4x8x4xf32>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x4x8x4xf32>) -> tensor<1x4x4x8xf32>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 0, 2, 3, 1>}> {rg.frozen, rg.partition = "npu0"} : (tensor<1x4x4x8xf32>) -> tensor<1x4x8x4xf32>
    "func.return"(%2) : (tensor<1x4x8x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

