// docs/examples/my_npu/graphs/add_relu.mlir - an i32 ADD feeding a CLAMP to
// [0, INT32_MAX]: the my_npu pipeline makes one my_npu.add_relu of it.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x8xi32>, tensor<2x8xi32>) -> tensor<2x8xi32>, sym_name = "add_relu"}> ({
  ^bb0(%arg0: tensor<2x8xi32>, %arg1: tensor<2x8xi32>):
    %0 = "tosa.add"(%arg0, %arg1) : (tensor<2x8xi32>, tensor<2x8xi32>) -> tensor<2x8xi32>
    %1 = "tosa.clamp"(%0) <{max_val = 2147483647 : i32, min_val = 0 : i32}> : (tensor<2x8xi32>) -> tensor<2x8xi32>
    "func.return"(%1) : (tensor<2x8xi32>) -> ()
  }) : () -> ()
}) : () -> ()
