// docs/examples/my_npu/graphs/nchw_relu.mlir - a RELU written in NHWC between
// two transposes, then an ADD whose sum is also returned: the installed
// transpose rules cancel the transposes, the CLAMP becomes my_npu.relu,
// and the ADD stays apart from the second RELU because it has two users.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x3x3xi32>, tensor<1x4x3x3xi32>) -> (tensor<1x4x3x3xi32>, tensor<1x4x3x3xi32>), sym_name = "nchw_relu"}> ({
  ^bb0(%arg0: tensor<1x4x3x3xi32>, %arg1: tensor<1x4x3x3xi32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x3x3xi32>) -> tensor<1x3x3x4xi32>
    %1 = "tosa.clamp"(%0) <{max_val = 2147483647 : i32, min_val = 0 : i32}> : (tensor<1x3x3x4xi32>) -> tensor<1x3x3x4xi32>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x3x3x4xi32>) -> tensor<1x4x3x3xi32>
    %3 = "tosa.add"(%2, %arg1) : (tensor<1x4x3x3xi32>, tensor<1x4x3x3xi32>) -> tensor<1x4x3x3xi32>
    %4 = "tosa.clamp"(%3) <{max_val = 2147483647 : i32, min_val = 0 : i32}> : (tensor<1x4x3x3xi32>) -> tensor<1x4x3x3xi32>
    "func.return"(%4, %3) : (tensor<1x4x3x3xi32>, tensor<1x4x3x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()
