// RUN: --passes fuse_quantized_activation --verify-by-execution
// relu and hardtanh(0, 6) between a convolution and a quantize with zero point = quant_min are dropped; a zero point above quant_min keeps the relu.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>, tensor<3xf32>) -> (tensor<1x3x4x4xi8>, tensor<1x3x4x4xi8>, tensor<1x3x4x4xi8>), sym_name = "main"}> ({
  ^bb0(%x: tensor<1x2x4x4xf32>, %w: tensor<3x2x1x1xf32>, %b: tensor<3xf32>):
    %0 = "aten.convolution"(%x, %w, %b) <{dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>, transposed = false}> : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
    %1 = "aten.relu"(%0) : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
    %2 = "quantized_decomposed.quantize_per_tensor"(%1) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 5.000000e-02 : f64, zero_point = -128 : i64}> : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xi8>
    %3 = "aten.convolution"(%x, %w, %b) <{dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>, transposed = false}> : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
    %4 = "aten.hardtanh"(%3) <{max_val = 6.000000e+00 : f64, min_val = 0.000000e+00 : f64}> : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
    %5 = "quantized_decomposed.quantize_per_tensor"(%4) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 2.352900e-02 : f64, zero_point = -128 : i64}> : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xi8>
    %6 = "aten.convolution"(%x, %w, %b) <{dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>, transposed = false}> : (tensor<1x2x4x4xf32>, tensor<3x2x1x1xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>
    %7 = "aten.relu"(%6) : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xf32>
    %8 = "quantized_decomposed.quantize_per_tensor"(%7) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 5.000000e-02 : f64, zero_point = 0 : i64}> : (tensor<1x3x4x4xf32>) -> tensor<1x3x4x4xi8>
    "func.return"(%2, %5, %8) : (tensor<1x3x4x4xi8>, tensor<1x3x4x4xi8>, tensor<1x3x4x4xi8>) -> ()
  }) : () -> ()
}) : () -> ()
