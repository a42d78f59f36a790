// RUN: --inexact --verify-by-execution --passes decompose_sinh,decompose_cosh
// sinh and cosh in terms of exp (inexact rules: proven within the
// tolerance); f16 sinh and cosh are left alone (torch computes them in
// f32 and rounds once).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<4xf16>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xf16>, tensor<4xf16>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>, %h: tensor<4xf16>):
    %0 = "aten.sinh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.cosh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "aten.sinh"(%h) : (tensor<4xf16>) -> tensor<4xf16>
    %3 = "aten.cosh"(%h) : (tensor<4xf16>) -> tensor<4xf16>
    "func.return"(%0, %1, %2, %3) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<4xf16>, tensor<4xf16>) -> ()
  }) : () -> ()
}) : () -> ()
