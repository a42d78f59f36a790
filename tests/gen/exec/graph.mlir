"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<2x4xf32>, tensor<4x3xf32>, tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1xf32>, tensor<4x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi64>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>, %m1: tensor<2x4xf32>, %m2: tensor<4x3xf32>, %v: tensor<3xf32>):
    %0 = "aten.clamp"(%x) <{min = 0.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.clamp"(%0) <{min = 1.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "aten.clamp"(%x) <{max = 6.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = "aten.clamp"(%2) <{max = 4.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %4 = "aten.addmm"(%x, %m1, %m2) <{alpha = 2.000000e+00 : f64}> : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
    %5 = "aten._softmax"(%x) <{dim = 1 : i64, half_to_float = false}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %6 = "aten.mean.dim"(%x) <{dim = array<i64: -1>, keepdim = true}> : (tensor<2x3xf32>) -> tensor<2x1xf32>
    %7 = "aten.expand_copy"(%v) <{size = array<i64: 4, 3>}> : (tensor<3xf32>) -> tensor<4x3xf32>
    %8 = "aten.clamp"(%x) <{max = 5.000000e-01 : f64, min = 0xFFF0000000000000 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %9 = "test.cast"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %10 = "test.cast"(%x) <{dtype = f16}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %11:2 = "test.max_dim"(%x) <{dim = 1 : i64}> : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xi64>)
    %12:2 = "test.max_dim"(%x) <{dim = 1 : i64}> : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xi64>)
    %13 = "test.scale"(%x) <{s = 3.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %14 = "test.scale"(%13) <{s = 3.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %15 = "test.scale"(%x) <{s = 3.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %16 = "test.scale"(%15) <{s = 4.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %17 = "test.scale"(%x) <{s = 1.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %18 = "test.plus"(%17, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %19 = "test.scale"(%0) <{s = 1.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %20 = "test.plus"(%19, %x) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %21 = "test.plus"(%x, %17) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%1, %3, %4, %5, %5, %6, %7, %8, %9, %10, %11#0, %12#0, %12#1, %14, %16, %18, %20, %21) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1xf32>, tensor<4x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xi64>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
