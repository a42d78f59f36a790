// RUN: --target arm --verify-by-execution
// f16/bf16 ops torch computes in f32 and rounds once are kept: a
// decomposition would round at every step (gelu, glu, softmax, elu with
// another alpha) or round the product before the bias (linear as a
// convolution). The elu with the default alpha is exact and decomposed.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x4xf16>, tensor<2x4xbf16>, tensor<3x4xf16>, tensor<3xf16>) -> (tensor<2x4xf16>, tensor<2x4xf16>, tensor<2x2xf16>, tensor<2x4xbf16>, tensor<2x3xf16>, tensor<2x4xf16>, tensor<2x4xf16>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x4xf16>, %b: tensor<2x4xbf16>, %w: tensor<3x4xf16>, %bias: tensor<3xf16>):
    %0 = "aten.gelu"(%x) : (tensor<2x4xf16>) -> tensor<2x4xf16>
    %1 = "aten.gelu"(%x) <{approximate = "tanh"}> : (tensor<2x4xf16>) -> tensor<2x4xf16>
    %2 = "aten.glu"(%x) : (tensor<2x4xf16>) -> tensor<2x2xf16>
    %3 = "aten._softmax"(%b) <{dim = 1 : i64, half_to_float = false}> : (tensor<2x4xbf16>) -> tensor<2x4xbf16>
    %4 = "aten.linear"(%x, %w, %bias) : (tensor<2x4xf16>, tensor<3x4xf16>, tensor<3xf16>) -> tensor<2x3xf16>
    %5 = "aten.elu"(%x) <{alpha = 5.000000e-01 : f64}> : (tensor<2x4xf16>) -> tensor<2x4xf16>
    %6 = "aten.elu"(%x) : (tensor<2x4xf16>) -> tensor<2x4xf16>
    "func.return"(%0, %1, %2, %3, %4, %5, %6) : (tensor<2x4xf16>, tensor<2x4xf16>, tensor<2x2xf16>, tensor<2x4xbf16>, tensor<2x3xf16>, tensor<2x4xf16>, tensor<2x4xf16>) -> ()
  }) : () -> ()
}) : () -> ()
