// RUN: --target ethos-u55 --inexact
// FIRES: fold_batch_norm.conv_mul=0 fold_batch_norm.conv_add=0 fold_batch_norm.conv_sub=0
// EXEC
// Batch-norm folding leaves alone: an integer (quantized) conv2d, whose
// results inexact rules must never change; a per-element constant (not
// one value per channel); weights another conv2d reads too (they would be
// stored twice); a conv2d whose result has another user.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x2x2xi8>, tensor<1x2x2x2xf32>) -> (tensor<1x2x2x2xi32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x2x2xi8>, %arg1: tensor<1x2x2x2xf32>):
    %izp = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %wzp = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %sh = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %qw = "tosa.const"() <{values = dense<[[[[3, -7]]], [[[5, 2]]]]> : tensor<2x1x1x2xi8>}> : () -> tensor<2x1x1x2xi8>
    %qb = "tosa.const"() <{values = dense<[10, -20]> : tensor<2xi32>}> : () -> tensor<2xi32>
    %q = "tosa.conv2d"(%arg0, %qw, %qb, %izp, %wzp) <{acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x2x2x2xi8>, tensor<2x1x1x2xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x2x2x2xi32>
    %qs = "tosa.const"() <{values = dense<[[[[3, 5]]]]> : tensor<1x1x1x2xi32>}> : () -> tensor<1x1x1x2xi32>
    %0 = "tosa.mul"(%q, %qs, %sh) : (tensor<1x2x2x2xi32>, tensor<1x1x1x2xi32>, tensor<1xi8>) -> tensor<1x2x2x2xi32>
    %qk = "tosa.const"() <{values = dense<[[[[7, -9]]]]> : tensor<1x1x1x2xi32>}> : () -> tensor<1x1x1x2xi32>
    %1 = "tosa.add"(%0, %qk) : (tensor<1x2x2x2xi32>, tensor<1x1x1x2xi32>) -> tensor<1x2x2x2xi32>
    %zp = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %w = "tosa.const"() <{values = dense<[[[[0.3, -1.7]]], [[[2.1, 0.7]]]]> : tensor<2x1x1x2xf32>}> : () -> tensor<2x1x1x2xf32>
    %b = "tosa.const"() <{values = dense<[0.1, -0.2]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %c = "tosa.conv2d"(%arg1, %w, %b, %zp, %zp) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x2x2x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
    %e = "tosa.const"() <{values = dense<[[[[1.5, 2.5], [3.5, 4.5]], [[5.5, 6.5], [7.5, 8.5]]]]> : tensor<1x2x2x2xf32>}> : () -> tensor<1x2x2x2xf32>
    %2 = "tosa.mul"(%c, %e, %sh) : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1xi8>) -> tensor<1x2x2x2xf32>
    %b3 = "tosa.const"() <{values = dense<[0.75, -0.125]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %c3 = "tosa.conv2d"(%arg1, %w, %b3, %zp, %zp) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x2x2x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
    %s = "tosa.const"() <{values = dense<[[[[1.25, 0.75]]]]> : tensor<1x1x1x2xf32>}> : () -> tensor<1x1x1x2xf32>
    %3 = "tosa.mul"(%c3, %s, %sh) : (tensor<1x2x2x2xf32>, tensor<1x1x1x2xf32>, tensor<1xi8>) -> tensor<1x2x2x2xf32>
    %b4 = "tosa.const"() <{values = dense<[0.375, -0.5]> : tensor<2xf32>}> : () -> tensor<2xf32>
    %c4 = "tosa.conv2d"(%arg1, %w, %b4, %zp, %zp) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x2x2x2xf32>, tensor<2x1x1x2xf32>, tensor<2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x2x2xf32>
    %5 = "tosa.sub"(%c4, %s) : (tensor<1x2x2x2xf32>, tensor<1x1x1x2xf32>) -> tensor<1x2x2x2xf32>
    %6 = "tosa.add"(%5, %c4) : (tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> tensor<1x2x2x2xf32>
    "func.return"(%1, %2, %3, %6) : (tensor<1x2x2x2xi32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>, tensor<1x2x2x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()
