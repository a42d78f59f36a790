// RUN: --inexact --verify-by-execution --passes fuse_batch_norm2d
// Inference batch norms with constant parameters: after a convolution with
// bias (folded into its weight and bias), after one without bias (gains
// one), after a function argument (a depthwise 1x1 convolution). Kept: a
// convolution used twice (its batch norm becomes a depthwise convolution
// instead), parameters that are arguments, an f16 input. Inexact rules:
// proven within the tolerance.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<1x2x2x2xf16>) -> (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf16>), sym_name = "main"}> ({
  ^bb0(%x: tensor<1x2x3x3xf32>, %y: tensor<1x2x2x2xf32>, %p: tensor<2xf32>, %h: tensor<1x2x2x2xf16>):
    %w = "aten._constant"() <{value = dense<[[[[0.5]], [[-1.0]]], [[[2.0]], [[0.25]]]]> : tensor<2x2x1x1xf32>}> : () -> tensor<2x2x1x1xf32>
    %cb = "aten._constant"() <{value = dense<[0.5, -0.25]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %g = "aten._constant"() <{value = dense<[1.5, -0.5]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %b = "aten._constant"() <{value = dense<[0.125, 2.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %m = "aten._constant"() <{value = dense<[0.25, -1.0]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %v = "aten._constant"() <{value = dense<[2.0, 0.5]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %c0 = "aten.convolution"(%x, %w, %cb) <{dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>, transposed = false}> : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
    %0:3 = "aten._native_batch_norm_legit_no_training"(%c0, %g, %b, %m, %v) <{eps = 1.000000e-05 : f64, momentum = 1.000000e-01 : f64}> : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x3x3xf32>, tensor<0xf32>, tensor<0xf32>)
    %c1 = "aten.convolution"(%x, %w) <{dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>, transposed = false}> : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>) -> tensor<1x2x3x3xf32>
    %1:3 = "aten._native_batch_norm_legit_no_training"(%c1, %g, %b, %m, %v) <{eps = 1.000000e-03 : f64, momentum = 1.000000e-01 : f64}> : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x3x3xf32>, tensor<0xf32>, tensor<0xf32>)
    %2:3 = "aten._native_batch_norm_legit_no_training"(%y, %g, %b, %m, %v) <{eps = 1.000000e-05 : f64, momentum = 1.000000e-01 : f64}> : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<0xf32>, tensor<0xf32>)
    %c3 = "aten.convolution"(%x, %w, %cb) <{dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>, transposed = false}> : (tensor<1x2x3x3xf32>, tensor<2x2x1x1xf32>, tensor<2xf32>) -> tensor<1x2x3x3xf32>
    %3:3 = "aten._native_batch_norm_legit_no_training"(%c3, %g, %b, %m, %v) <{eps = 1.000000e-05 : f64, momentum = 1.000000e-01 : f64}> : (tensor<1x2x3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x3x3xf32>, tensor<0xf32>, tensor<0xf32>)
    %4:3 = "aten._native_batch_norm_legit_no_training"(%y, %g, %b, %p, %v) <{eps = 1.000000e-05 : f64, momentum = 1.000000e-01 : f64}> : (tensor<1x2x2x2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf32>, tensor<0xf32>, tensor<0xf32>)
    %5:3 = "aten._native_batch_norm_legit_no_training"(%h, %g, %b, %m, %v) <{eps = 1.000000e-05 : f64, momentum = 1.000000e-01 : f64}> : (tensor<1x2x2x2xf16>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) -> (tensor<1x2x2x2xf16>, tensor<0xf32>, tensor<0xf32>)
    "func.return"(%0#0, %1#0, %2#0, %3#0, %c3, %4#0, %5#0) : (tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>, tensor<1x2x3x3xf32>, tensor<1x2x3x3xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf16>) -> ()
  }) : () -> ()
}) : () -> ()
