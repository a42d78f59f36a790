// RUN: --target arm-lower --inexact --verify-by-execution
// A reference-quantized network as rulegen.fx converts it (FX graph-mode
// quantization, symmetric int8): conv + relu, depthwise conv + hardtanh,
// add, max pool, mean, flatten and linear, each between dequantize and
// quantize, become integer TOSA; the quantize of the input and the
// dequantize of the output stay.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x3x8x8xf32>) -> tensor<1x2xf32>, sym_name = "forward"}> ({
  ^bb0(%arg0: tensor<1x3x8x8xf32>):
    %0 = "aten._constant"() <{value = dense<"0x8BDABCBAC56ED33D543222BEDB0711BECCCD97BDC461533D56E479BBFC401C3ED7E88BBC6E96503D293A6EBD9CF21ABDFC443CBEE48302BE0379A2BDB69AE93B09D19B3DDD7DEC3DE29905BEE2A1ABBD58288F3DC5A4233E2D3A22BD0E78133E221DFEBC43D2A63CF270323EA2D036BEEC1FF8BD619047BD88A299BD87442A3EDB78FFBD416FB5BD28AE09BE299138BEFD12E6BD6966293E1CDFAF3D1C07BF3D9AD3253C6511CABD395D053D8F0038BE34650EBE9A30CBBD2EADF83D6317E73D54CCAEBDFC8AE3BB3613FC3DA8E9433E206D9C3D15FBD43CCB21043EBA11E8BDF4E3123DE2C918BEF29508BEE89ACBBD3456B23DB1819E3DF077E9BDC6246E3DE15ED83DF6FCC6BCD7C7F03BADA5363D8C83F43D72393D3EAEDD17BE887090BD6AE69A3D0448233EA57D2B3E94E22D3ED9E01C3D215E2BBEE807913C2093F6BDC0A837BE1F182F3EE0D7153EEC9444BE0C8B133DFCCA04BD34B801BD566BB4BD7091973DFF72E9BDCD7C903D9451C73D76130D3E5D5F933DC90B43BE0CADFFBD86CCC43DB5FC243DF5BA19BEC5F3E2BD7664393EDEC9043E9FDAABBDA06546BD3ABA3BBE7BB262BB8C6714BEAA0218BE"> : tensor<4x3x3x3xf32>}> {rg.ref = "_param_constant0"} : () -> tensor<4x3x3x3xf32>
    %1 = "aten._constant"() <{value = dense<"0x15BC2DBC1BB6EC3C4F69A1BD5EDFE93D"> : tensor<4xf32>}> {rg.ref = "_param_constant1"} : () -> tensor<4xf32>
    %2 = "aten._constant"() <{value = dense<"0xF6B64FBE9BDB9A3E6BEA693E98EB8FBEB0E7A9BD006E763C2034473D36E9A13DE8F2053E4091A33CDE8B26BEE383213E3AB6A3BE804F4ABE50E4AABD9E4426BED0D1EEBDD2E18BBEAB3691BDA6EC913DF35D5EBED6228CBC0058743E4B5B0CBD56C8173C5692EBBCB6288A3D8008593ED2A9A13E08C4583E8308A23E807CC5BC445099BE80D121BE686A683EAB9C0DBB"> : tensor<4x1x3x3xf32>}> {rg.ref = "_param_constant2"} : () -> tensor<4x1x3x3xf32>
    %3 = "aten._constant"() <{value = dense<"0x93A829BEACC882BE00B89FBE480B90BE"> : tensor<4xf32>}> {rg.ref = "_param_constant3"} : () -> tensor<4xf32>
    %4 = "aten._constant"() <{value = dense<"0x70B4CFBD56648C3E74678A3E02E5F6BE2EB09F3E8A52C8BEF07BD8BD1C9A4FBE"> : tensor<2x4xf32>}> {rg.ref = "_param_constant4"} : () -> tensor<2x4xf32>
    %5 = "aten._constant"() <{value = dense<"0xF03CC5BD100EC9BD"> : tensor<2xf32>}> {rg.ref = "_param_constant5"} : () -> tensor<2xf32>
    %6 = "quantized_decomposed.quantize_per_tensor"(%arg0) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 2.72582005709409714e-02 : f64, zero_point = 0 : i64}> : (tensor<1x3x8x8xf32>) -> tensor<1x3x8x8xi8>
    %7 = "quantized_decomposed.dequantize_per_tensor"(%6) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 2.72582005709409714e-02 : f64, zero_point = 0 : i64}> : (tensor<1x3x8x8xi8>) -> tensor<1x3x8x8xf32>
    %8 = "quantized_decomposed.quantize_per_tensor"(%0) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 1.51160894893109798e-03 : f64, zero_point = 0 : i64}> : (tensor<4x3x3x3xf32>) -> tensor<4x3x3x3xi8>
    %9 = "quantized_decomposed.dequantize_per_tensor"(%8) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 1.51160894893109798e-03 : f64, zero_point = 0 : i64}> : (tensor<4x3x3x3xi8>) -> tensor<4x3x3x3xf32>
    %10 = "aten.convolution"(%7, %9, %1) <{dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>, transposed = false}> : (tensor<1x3x8x8xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>) -> tensor<1x4x8x8xf32>
    %11 = "quantized_decomposed.quantize_per_tensor"(%10) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 1.59255340695381165e-02 : f64, zero_point = 0 : i64}> : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xi8>
    %12 = "quantized_decomposed.dequantize_per_tensor"(%11) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 1.59255340695381165e-02 : f64, zero_point = 0 : i64}> : (tensor<1x4x8x8xi8>) -> tensor<1x4x8x8xf32>
    %13 = "aten.relu"(%12) : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xf32>
    %14 = "quantized_decomposed.quantize_per_tensor"(%13) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 1.51261435821652412e-02 : f64, zero_point = 0 : i64}> : (tensor<1x4x8x8xf32>) -> tensor<1x4x8x8xi8>
    %15 = "quantized_decomposed.dequantize_per_tensor"(%14) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 1.51261435821652412e-02 : f64, zero_point = 0 : i64}> : (tensor<1x4x8x8xi8>) -> tensor<1x4x8x8xf32>
    %16 = "quantized_decomposed.quantize_per_tensor"(%2) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 2.51771369948983192e-03 : f64, zero_point = 0 : i64}> : (tensor<4x1x3x3xf32>) -> tensor<4x1x3x3xi8>
    %17 = "quantized_decomposed.dequantize_per_tensor"(%16) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 2.51771369948983192e-03 : f64, zero_point = 0 : i64}> : (tensor<4x1x3x3xi8>) -> tensor<4x1x3x3xf32>
    %18 = "aten.convolution"(%15, %17, %3) <{dilation = array<i64: 1, 1>, groups = 4 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0>, stride = array<i64: 1, 1>, transposed = false}> : (tensor<1x4x8x8xf32>, tensor<4x1x3x3xf32>, tensor<4xf32>) -> tensor<1x4x6x6xf32>
    %19 = "quantized_decomposed.quantize_per_tensor"(%18) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 9.25970915704965591e-03 : f64, zero_point = 0 : i64}> : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xi8>
    %20 = "quantized_decomposed.dequantize_per_tensor"(%19) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 9.25970915704965591e-03 : f64, zero_point = 0 : i64}> : (tensor<1x4x6x6xi8>) -> tensor<1x4x6x6xf32>
    %21 = "aten.hardtanh"(%20) <{max_val = 6 : i64, min_val = 0 : i64}> : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %22 = "quantized_decomposed.quantize_per_tensor"(%21) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 9.25970915704965591e-03 : f64, zero_point = 0 : i64}> : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xi8>
    %23 = "quantized_decomposed.dequantize_per_tensor"(%22) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 9.25970915704965591e-03 : f64, zero_point = 0 : i64}> : (tensor<1x4x6x6xi8>) -> tensor<1x4x6x6xf32>
    %24 = "aten.add.Tensor"(%23, %23) : (tensor<1x4x6x6xf32>, tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xf32>
    %25 = "quantized_decomposed.quantize_per_tensor"(%24) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 1.17934085428714752e-02 : f64, zero_point = 0 : i64}> : (tensor<1x4x6x6xf32>) -> tensor<1x4x6x6xi8>
    %26 = "quantized_decomposed.dequantize_per_tensor"(%25) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 1.17934085428714752e-02 : f64, zero_point = 0 : i64}> : (tensor<1x4x6x6xi8>) -> tensor<1x4x6x6xf32>
    %27:2 = "aten.max_pool2d_with_indices"(%26) <{kernel_size = array<i64: 2, 2>, stride = array<i64: 2, 2>}> : (tensor<1x4x6x6xf32>) -> (tensor<1x4x3x3xf32>, tensor<1x4x3x3xi64>)
    %28 = "quantized_decomposed.quantize_per_tensor"(%27#0) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 1.17934085428714752e-02 : f64, zero_point = 0 : i64}> : (tensor<1x4x3x3xf32>) -> tensor<1x4x3x3xi8>
    %29 = "quantized_decomposed.dequantize_per_tensor"(%28) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 1.17934085428714752e-02 : f64, zero_point = 0 : i64}> : (tensor<1x4x3x3xi8>) -> tensor<1x4x3x3xf32>
    %30 = "aten.mean.dim"(%29) <{dim = array<i64: 2, 3>, keepdim = true}> : (tensor<1x4x3x3xf32>) -> tensor<1x4x1x1xf32>
    %31 = "quantized_decomposed.quantize_per_tensor"(%30) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 1.17934085428714752e-02 : f64, zero_point = 0 : i64}> : (tensor<1x4x1x1xf32>) -> tensor<1x4x1x1xi8>
    %32 = "quantized_decomposed.dequantize_per_tensor"(%31) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 1.17934085428714752e-02 : f64, zero_point = 0 : i64}> : (tensor<1x4x1x1xi8>) -> tensor<1x4x1x1xf32>
    %33 = "aten.view_copy"(%32) <{size = array<i64: 1, 4>}> : (tensor<1x4x1x1xf32>) -> tensor<1x4xf32>
    %34 = "quantized_decomposed.quantize_per_tensor"(%33) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 6.49005547165870667e-03 : f64, zero_point = 0 : i64}> : (tensor<1x4xf32>) -> tensor<1x4xi8>
    %35 = "quantized_decomposed.dequantize_per_tensor"(%34) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 6.49005547165870667e-03 : f64, zero_point = 0 : i64}> : (tensor<1x4xi8>) -> tensor<1x4xf32>
    %36 = "quantized_decomposed.quantize_per_tensor"(%4) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 3.79697582684457302e-03 : f64, zero_point = 0 : i64}> : (tensor<2x4xf32>) -> tensor<2x4xi8>
    %37 = "quantized_decomposed.dequantize_per_tensor"(%36) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 3.79697582684457302e-03 : f64, zero_point = 0 : i64}> : (tensor<2x4xi8>) -> tensor<2x4xf32>
    %38 = "aten.permute_copy"(%37) <{dims = array<i64: 1, 0>}> : (tensor<2x4xf32>) -> tensor<4x2xf32>
    %39 = "aten.addmm"(%5, %35, %38) : (tensor<2xf32>, tensor<1x4xf32>, tensor<4x2xf32>) -> tensor<1x2xf32>
    %40 = "quantized_decomposed.quantize_per_tensor"(%39) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 3.92650626599788666e-03 : f64, zero_point = 0 : i64}> : (tensor<1x2xf32>) -> tensor<1x2xi8>
    %41 = "quantized_decomposed.dequantize_per_tensor"(%40) <{dtype = i8, quant_max = 127 : i64, quant_min = -128 : i64, scale = 3.92650626599788666e-03 : f64, zero_point = 0 : i64}> : (tensor<1x2xi8>) -> tensor<1x2xf32>
    "func.return"(%41) : (tensor<1x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

