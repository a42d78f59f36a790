// RUN: --passes decompose_sinh,decompose_cosh
// sinh and cosh in terms of exp.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>):
    %0 = "aten.sinh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.cosh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0, %1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
