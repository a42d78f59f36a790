// RUN: --target ethos-u55 --inexact
// FIRES: fold_batch_norm.conv_sub=1 fold_batch_norm.conv_mul=2 fold_batch_norm.conv_add=1 fold_batch_norm.depthwise_mul=1 fold_batch_norm.matmul_mul=1
// EXEC
// Batch norm after a conv2d (x - mean) * rsqrt(var) * gamma + beta, after
// a depthwise_conv2d (channel = c * M + m), and a per-column scale after
// a matmul: each per-channel constant moves into the weights and bias, so
// one op is left of each chain. Inexact: the results move in the last bits.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x3x3x2xf32>, tensor<1x2x3xf32>) -> (tensor<1x3x3x3xf32>, tensor<1x3x3x4xf32>, tensor<1x2x2xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x3x3x2xf32>, %arg1: tensor<1x2x3xf32>):
    %zp = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %sh = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %w = "tosa.const"() <{values = dense<[[[[0.3, -1.7]]], [[[2.1, 0.7]]], [[[-0.9, 1.3]]]]> : tensor<3x1x1x2xf32>}> : () -> tensor<3x1x1x2xf32>
    %b = "tosa.const"() <{values = dense<[0.1, -0.2, 0.3]> : tensor<3xf32>}> : () -> tensor<3xf32>
    %c = "tosa.conv2d"(%arg0, %w, %b, %zp, %zp) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x3x3x2xf32>, tensor<3x1x1x2xf32>, tensor<3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x3xf32>
    %mean = "tosa.const"() <{values = dense<[[[[0.11, 0.23, -0.37]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
    %0 = "tosa.sub"(%c, %mean) : (tensor<1x3x3x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x3x3x3xf32>
    %inv = "tosa.const"() <{values = dense<[[[[1.41, 0.77, 3.3]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
    %1 = "tosa.mul"(%0, %inv, %sh) : (tensor<1x3x3x3xf32>, tensor<1x1x1x3xf32>, tensor<1xi8>) -> tensor<1x3x3x3xf32>
    %gamma = "tosa.const"() <{values = dense<0.9> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %2 = "tosa.mul"(%gamma, %1, %sh) : (tensor<1x1x1x1xf32>, tensor<1x3x3x3xf32>, tensor<1xi8>) -> tensor<1x3x3x3xf32>
    %beta = "tosa.const"() <{values = dense<[[[[-0.5, 0.25, 0.125]]]]> : tensor<1x1x1x3xf32>}> : () -> tensor<1x1x1x3xf32>
    %3 = "tosa.add"(%2, %beta) : (tensor<1x3x3x3xf32>, tensor<1x1x1x3xf32>) -> tensor<1x3x3x3xf32>
    %dw = "tosa.const"() <{values = dense<[[[[0.5, -1.5], [2.5, 0.75]]]]> : tensor<1x1x2x2xf32>}> : () -> tensor<1x1x2x2xf32>
    %db = "tosa.const"() <{values = dense<0.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
    %d = "tosa.depthwise_conv2d"(%arg0, %dw, %db, %zp, %zp) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x3x3x2xf32>, tensor<1x1x2x2xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x4xf32>
    %ds = "tosa.const"() <{values = dense<[[[[1.1, 1.3, 0.7, 0.3]]]]> : tensor<1x1x1x4xf32>}> : () -> tensor<1x1x1x4xf32>
    %4 = "tosa.mul"(%d, %ds, %sh) : (tensor<1x3x3x4xf32>, tensor<1x1x1x4xf32>, tensor<1xi8>) -> tensor<1x3x3x4xf32>
    %mw = "tosa.const"() <{values = dense<[[[0.2, 0.4], [1.6, -0.8], [3.2, 0.1]]]> : tensor<1x3x2xf32>}> : () -> tensor<1x3x2xf32>
    %m = "tosa.matmul"(%arg1, %mw, %zp, %zp) : (tensor<1x2x3xf32>, tensor<1x3x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2xf32>
    %ms = "tosa.const"() <{values = dense<[[[0.3, 1.7]]]> : tensor<1x1x2xf32>}> : () -> tensor<1x1x2xf32>
    %5 = "tosa.mul"(%m, %ms, %sh) : (tensor<1x2x2xf32>, tensor<1x1x2xf32>, tensor<1xi8>) -> tensor<1x2x2xf32>
    "func.return"(%3, %4, %5) : (tensor<1x3x3x3xf32>, tensor<1x3x3x4xf32>, tensor<1x2x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()
