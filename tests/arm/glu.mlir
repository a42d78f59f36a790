// RUN: --passes decompose_glu --verify-by-execution
// glu over the default last dim, dim 0, and dim -2.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x6xf32>) -> (tensor<4x3xf32>, tensor<2x6xf32>, tensor<2x6xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<4x6xf32>):
    %0 = "aten.glu"(%x) : (tensor<4x6xf32>) -> tensor<4x3xf32>
    %1 = "aten.glu"(%x) <{dim = 0 : i64}> : (tensor<4x6xf32>) -> tensor<2x6xf32>
    %2 = "aten.glu"(%x) <{dim = -2 : i64}> : (tensor<4x6xf32>) -> tensor<2x6xf32>
    "func.return"(%0, %1, %2) : (tensor<4x3xf32>, tensor<2x6xf32>, tensor<2x6xf32>) -> ()
  }) : () -> ()
}) : () -> ()
