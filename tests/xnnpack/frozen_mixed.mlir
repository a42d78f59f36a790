// RUN: --target xnnpack --verify-by-execution
// Two multiplies of the same shape: the frozen one (rg.frozen) stays, the
// other is lifted; a frozen add.Tensor with alpha is not decomposed.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>):
    %0 = "aten.mul.Scalar"(%x) <{other = 2.000000e+00 : f64}> {rg.frozen} : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "aten.mul.Scalar"(%x) <{other = 2.000000e+00 : f64}> : (tensor<4xf32>) -> tensor<4xf32>
    %2 = "aten.add.Tensor"(%x, %y) <{alpha = 2 : i64}> {rg.frozen} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%0, %1, %2) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
