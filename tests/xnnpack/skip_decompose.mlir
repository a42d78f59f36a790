// RUN: --passes decompose_linear,decompose_add_alpha,decompose_linear --stats-json STATS
// A graph with none of the decompositions' ops (mul.Tensor, relu, bmm, and
// TOSA ops): every pass is skipped from the histogram and visits no node.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x4x3xf32>, tensor<2x3x4xf32>) -> tensor<2x4x4xf32>, sym_name = "main"}> ({
  ^bb0(%a: tensor<2x4x3xf32>, %b: tensor<2x3x4xf32>):
    %0 = "aten.mul.Tensor"(%a, %a) : (tensor<2x4x3xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    %1 = "aten.relu"(%0) : (tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
    %2 = "aten.bmm"(%1, %b) : (tensor<2x4x3xf32>, tensor<2x3x4xf32>) -> tensor<2x4x4xf32>
    %3 = "tosa.abs"(%2) : (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
    "func.return"(%3) : (tensor<2x4x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
