// RUN: --passes decompose_leaky_relu --verify-by-execution
// x * 0.01 underflows to -0 for tiny negative f16 x: torch's leaky_relu
// gives -0 there, and so does the decomposition, whose lower clamp bound
// is -0 (a bound of +0 gave +0 + (-0) = +0).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3xf16>) -> (tensor<4xf16>, tensor<3xf16>), sym_name = "main"}> ({
  ^bb0(%x: tensor<3xf16>):
    %c = "aten._constant"() <{value = dense<[-5.960460e-08, -1.192090e-07, -0.0, 2.0]> : tensor<4xf16>}> : () -> tensor<4xf16>
    %0 = "aten.leaky_relu"(%c) : (tensor<4xf16>) -> tensor<4xf16>
    %1 = "aten.leaky_relu"(%x) <{negative_slope = 2.500000e-01 : f64}> : (tensor<3xf16>) -> tensor<3xf16>
    "func.return"(%0, %1) : (tensor<4xf16>, tensor<3xf16>) -> ()
  }) : () -> ()
}) : () -> ()
