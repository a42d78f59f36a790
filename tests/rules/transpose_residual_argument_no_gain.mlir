// RUN: --target ethos-u55
// FIRES: fuse_transposes.sink_binary_right_value=0 fuse_transposes.sink_binary_left_value=0
// EXEC
// One block whose residual is an argument nothing transposes, and whose
// result is returned: moving the transpose past the add would need a new
// transpose of the argument and keep the one at the end, 3 for 2, so it
// stays.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x5x6xf32>, tensor<1x4x5x6xf32>) -> tensor<1x4x5x6xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x4x5x6xf32>, %arg1: tensor<1x4x5x6xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x5x6xf32>) -> tensor<1x5x6x4xf32>
    %1 = "tosa.max_pool2d"(%0) <{kernel = array<i64: 2, 2>, pad = array<i64: 0, 1, 0, 1>, stride = array<i64: 1, 1>}> : (tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x5x6x4xf32>) -> tensor<1x4x5x6xf32>
    %3 = "tosa.add"(%arg1, %2) : (tensor<1x4x5x6xf32>, tensor<1x4x5x6xf32>) -> tensor<1x4x5x6xf32>
    "func.return"(%3) : (tensor<1x4x5x6xf32>) -> ()
  }) : () -> ()
}) : () -> ()
