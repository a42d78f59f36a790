// RUN: --target xnnpack
// f16 * 2.5: 2.5 is exact in f16, lifted to an f16 constant. f16 * 0.1:
// torch multiplies by the scalar in f32, an f16 constant would round 0.1
// first, so the second multiply is NOT lifted (near miss).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf16>) -> (tensor<4xf16>, tensor<4xf16>), sym_name = "main"}> ({
  ^bb0(%x: tensor<4xf16>):
    %0 = "aten.mul.Scalar"(%x) <{other = 2.500000e+00 : f64}> : (tensor<4xf16>) -> tensor<4xf16>
    %1 = "aten.mul.Scalar"(%x) <{other = 1.000000e-01 : f64}> : (tensor<4xf16>) -> tensor<4xf16>
    "func.return"(%0, %1) : (tensor<4xf16>, tensor<4xf16>) -> ()
  }) : () -> ()
}) : () -> ()
