// docs/examples/my_npu/graphs/mixed.mlir - what my_npu must leave to TOSA: a
// RELU6-style CLAMP (upper bound 6) and an i8 CLAMP, next to one i32 ADD
// and RELU that do fuse.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<16xi32>, tensor<16xi32>, tensor<16xi8>) -> (tensor<16xi32>, tensor<16xi32>, tensor<16xi8>), sym_name = "mixed"}> ({
  ^bb0(%arg0: tensor<16xi32>, %arg1: tensor<16xi32>, %arg2: tensor<16xi8>):
    %0 = "tosa.clamp"(%arg0) <{max_val = 6 : i32, min_val = 0 : i32}> : (tensor<16xi32>) -> tensor<16xi32>
    %1 = "tosa.add"(%0, %arg1) : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
    %2 = "tosa.clamp"(%1) <{max_val = 2147483647 : i32, min_val = 0 : i32}> : (tensor<16xi32>) -> tensor<16xi32>
    %3 = "tosa.clamp"(%arg2) <{max_val = 127 : i8, min_val = 0 : i8}> : (tensor<16xi8>) -> tensor<16xi8>
    "func.return"(%2, %0, %3) : (tensor<16xi32>, tensor<16xi32>, tensor<16xi8>) -> ()
  }) : () -> ()
}) : () -> ()
