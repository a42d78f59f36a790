// RUN: --target ethos-u55
// EXEC
// Four branches transpose the same input the same way (an Inception-style
// block): deduplication keeps one transpose; the two identical constants
// merge, and then so do the two identical adds over them. The clamp with
// another range and the transpose with another permutation stay apart.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x3x4x5xf32>) -> (tensor<1x4x5x3xf32>, tensor<1x4x5x3xf32>, tensor<1x4x5x3xf32>, tensor<1x5x4x3xf32>, tensor<1x4x5x3xf32>, tensor<1x4x5x3xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x3x4x5xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x3x4x5xf32>) -> tensor<1x4x5x3xf32>
    %1 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x3x4x5xf32>) -> tensor<1x4x5x3xf32>
    %2 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x3x4x5xf32>) -> tensor<1x4x5x3xf32>
    %3 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 2, 1>}> : (tensor<1x3x4x5xf32>) -> tensor<1x5x4x3xf32>
    %4 = "tosa.clamp"(%0) <{max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}> : (tensor<1x4x5x3xf32>) -> tensor<1x4x5x3xf32>
    %5 = "tosa.clamp"(%1) <{max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32}> : (tensor<1x4x5x3xf32>) -> tensor<1x4x5x3xf32>
    %6 = "tosa.clamp"(%2) <{max_val = 1.000000e+00 : f32, min_val = 0.000000e+00 : f32}> : (tensor<1x4x5x3xf32>) -> tensor<1x4x5x3xf32>
    %7 = "tosa.const"() <{values = dense<[[[[0.5, 1.5, 2.5]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
    %8 = "tosa.const"() <{values = dense<[[[[5.000000e-01, 1.500000e+00, 2.500000e+00]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
    %9 = "tosa.add"(%4, %7) : (tensor<1x4x5x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x5x3xf32>
    %10 = "tosa.add"(%4, %8) : (tensor<1x4x5x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x4x5x3xf32>
    "func.return"(%4, %5, %6, %3, %9, %10) : (tensor<1x4x5x3xf32>, tensor<1x4x5x3xf32>, tensor<1x4x5x3xf32>, tensor<1x5x4x3xf32>, tensor<1x4x5x3xf32>, tensor<1x4x5x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
