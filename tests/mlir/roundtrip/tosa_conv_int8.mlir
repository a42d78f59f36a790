// Quantized conv: int8 weights as hex, i32 accumulator, rescale back to int8.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x4x2xi8>) -> tensor<1x4x4x2xi8>, sym_name = "qconv"}> ({
  ^bb0(%arg0: tensor<1x4x4x2xi8>):
    %0 = "tosa.const"() <{values = dense<[[[[11, 48], [85, 122], [-97, -60]], [[-23, 14], [51, 88], [125, -94]], [[-57, -20], [17, 54], [91, -128]]], [[[-91, -54], [-17, 20], [57, 94]], [[-125, -88], [-51, -14], [23, 60]], [[97, -122], [-85, -48], [-11, 26]]]]> : tensor<2x3x3x2xi8>}> : () -> tensor<2x3x3x2xi8>
    %1 = "tosa.const"() <{values = dense<[100, -100]> : tensor<2xi32>}> : () -> tensor<2xi32>
    %2 = "tosa.const"() <{values = dense<-128> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %4 = "tosa.conv2d"(%arg0, %0, %1, %2, %3) <{acc_type = i32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (tensor<1x4x4x2xi8>, tensor<2x3x3x2xi8>, tensor<2xi32>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x4x4x2xi32>
    %5 = "tosa.const"() <{values = dense<[1073741824, 1518500250]> : tensor<2xi32>}> : () -> tensor<2xi32>
    %6 = "tosa.const"() <{values = dense<[38, 39]> : tensor<2xi8>}> : () -> tensor<2xi8>
    %7 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %8 = "tosa.const"() <{values = dense<-128> : tensor<1xi8>}> : () -> tensor<1xi8>
    %9 = "tosa.rescale"(%4, %5, %6, %7, %8) <{input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true}> : (tensor<1x4x4x2xi32>, tensor<2xi32>, tensor<2xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<1x4x4x2xi8>
    %10 = "tosa.clamp"(%9) <{max_val = 127 : i8, min_val = -128 : i8, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x4x4x2xi8>) -> tensor<1x4x4x2xi8>
    "func.return"(%10) : (tensor<1x4x4x2xi8>) -> ()
  }) : () -> ()
}) : () -> ()

