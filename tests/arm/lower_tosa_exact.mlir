// RUN: --target arm_tosa --verify-by-execution
// lower_tosa.mlir without --inexact: the convolutions and the two-dim sum
// (inexact rules) stay edge ops; every other lowering rule is proven bit
// for bit.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x9x9xf32>, tensor<8x4x3x3xf32>, tensor<8xf32>, tensor<8x1x3x3xf32>, tensor<4x4x1x1xf32>, tensor<1xf32>, tensor<2x3x5xf32>, tensor<2x5x4xf32>) -> (tensor<1x8x5x5xf32>, tensor<1x8x2x2xf32>, tensor<1x4x5x5xf32>, tensor<2x12xf32>, tensor<3x5xf32>, tensor<1x8xf32>, tensor<2x4x3xf32>, tensor<1x4x3x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<1x4x9x9xf32>, %w: tensor<8x4x3x3xf32>, %b: tensor<8xf32>, %dw: tensor<8x1x3x3xf32>, %pw: tensor<4x4x1x1xf32>, %s: tensor<1xf32>, %a: tensor<2x3x5xf32>, %m: tensor<2x5x4xf32>):
    %0 = "aten.convolution"(%x, %w, %b) <{dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>, transposed = false}> : (tensor<1x4x9x9xf32>, tensor<8x4x3x3xf32>, tensor<8xf32>) -> tensor<1x8x5x5xf32>
    %1 = "aten.clamp"(%0) <{min = 0.0 : f64}> : (tensor<1x8x5x5xf32>) -> tensor<1x8x5x5xf32>
    %2 = "aten.convolution"(%1, %dw, %b) <{dilation = array<i64: 1, 1>, groups = 8 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 1, 1>, stride = array<i64: 1, 1>, transposed = false}> : (tensor<1x8x5x5xf32>, tensor<8x1x3x3xf32>, tensor<8xf32>) -> tensor<1x8x5x5xf32>
    %3 = "aten.clamp"(%2) <{min = 0.0 : f64, max = 6.0 : f64}> : (tensor<1x8x5x5xf32>) -> tensor<1x8x5x5xf32>
    %4:2 = "aten.max_pool2d_with_indices"(%3) <{kernel_size = array<i64: 3, 3>, padding = array<i64: 1, 1>, stride = array<i64: 2, 2>}> : (tensor<1x8x5x5xf32>) -> (tensor<1x8x3x3xf32>, tensor<1x8x3x3xi64>)
    %5 = "aten.add.Tensor"(%4#0, %s) : (tensor<1x8x3x3xf32>, tensor<1xf32>) -> tensor<1x8x3x3xf32>
    %6 = "aten.slice_copy.Tensor"(%5) <{dim = 2 : i64, start = 0 : i64, end = 2 : i64}> : (tensor<1x8x3x3xf32>) -> tensor<1x8x2x3xf32>
    %7 = "aten.slice_copy.Tensor"(%6) <{dim = -1 : i64, start = 1 : i64, end = 9223372036854775807 : i64}> : (tensor<1x8x2x3xf32>) -> tensor<1x8x2x2xf32>
    %8 = "aten.convolution"(%x, %pw) <{dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0>, stride = array<i64: 2, 2>, transposed = false}> : (tensor<1x4x9x9xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x5x5xf32>
    %9 = "aten.mul.Scalar"(%8) <{other = 0.5 : f64}> : (tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
    %10 = "aten.add.Scalar"(%9) <{other = 1.0 : f64}> : (tensor<1x4x5x5xf32>) -> tensor<1x4x5x5xf32>
    %11 = "aten.bmm"(%a, %m) : (tensor<2x3x5xf32>, tensor<2x5x4xf32>) -> tensor<2x3x4xf32>
    %12 = "aten.exp"(%11) : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %13 = "aten.view_copy"(%12) <{size = array<i64: 2, 12>}> : (tensor<2x3x4xf32>) -> tensor<2x12xf32>
    %14 = "aten.cat"(%a, %a) <{dim = -2 : i64}> : (tensor<2x3x5xf32>, tensor<2x3x5xf32>) -> tensor<2x6x5xf32>
    %15 = "aten.select_copy.int"(%14) <{dim = 0 : i64, index = -1 : i64}> : (tensor<2x6x5xf32>) -> tensor<6x5xf32>
    %16 = "aten.amax"(%15) <{dim = array<i64: 0>, keepdim = true}> : (tensor<6x5xf32>) -> tensor<1x5xf32>
    %17 = "aten.sub.Tensor"(%15, %16) : (tensor<6x5xf32>, tensor<1x5xf32>) -> tensor<6x5xf32>
    %18 = "aten.slice_copy.Tensor"(%17) <{start = 3 : i64, end = 6 : i64}> : (tensor<6x5xf32>) -> tensor<3x5xf32>
    %19 = "aten.sum.dim_IntList"(%3) <{dim = array<i64: -1, -2>}> : (tensor<1x8x5x5xf32>) -> tensor<1x8xf32>
    %20 = "aten.permute_copy"(%11) <{dims = array<i64: 0, 2, 1>}> : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
    %21 = "aten.rsqrt"(%20) : (tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    %22 = "aten.mul.Tensor"(%20, %21) : (tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    %23 = "aten.convolution"(%x, %pw) <{dilation = array<i64: 1, 1>, groups = 1 : i64, output_padding = array<i64: 0, 0>, padding = array<i64: 0, 0>, stride = array<i64: 3, 3>, transposed = false}> : (tensor<1x4x9x9xf32>, tensor<4x4x1x1xf32>) -> tensor<1x4x3x3xf32>
    "func.return"(%0, %7, %10, %13, %18, %19, %22, %23) : (tensor<1x8x5x5xf32>, tensor<1x8x2x2xf32>, tensor<1x4x5x5xf32>, tensor<2x12xf32>, tensor<3x5xf32>, tensor<1x8xf32>, tensor<2x4x3xf32>, tensor<1x4x3x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
