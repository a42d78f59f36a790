// RUN: --passes decompose_add_sub_alpha --verify-by-execution
// add/sub with alpha != 1 scale their second operand; alpha 1 and f16 results are left alone.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf16>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf16>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %h: tensor<2x3xf16>):
    %0 = "aten.add.Tensor"(%x, %y) <{alpha = 2.000000e+00 : f64}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.sub.Tensor"(%x, %y) <{alpha = 3 : i64}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "aten.add.Tensor"(%x, %y) <{alpha = 1 : i64}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = "aten.add.Tensor"(%h, %h) <{alpha = 2.000000e+00 : f64}> : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
    "func.return"(%0, %1, %2, %3) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf16>) -> ()
  }) : () -> ()
}) : () -> ()
