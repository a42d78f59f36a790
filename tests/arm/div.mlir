// RUN: --inexact --passes decompose_div
// Float division becomes a reciprocal and a mul; integer (true) division is left alone.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %i: tensor<2x3xi32>):
    %0 = "aten.div.Tensor"(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.div.Tensor"(%i, %i) : (tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xf32>
    "func.return"(%0, %1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
