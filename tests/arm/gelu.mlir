// RUN: --inexact --passes decompose_gelu --verify-by-execution
// aten.gelu, exact and tanh forms, becomes erf / tanh arithmetic.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>):
    %0 = "aten.gelu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.gelu"(%x) <{approximate = "tanh"}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0, %1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
