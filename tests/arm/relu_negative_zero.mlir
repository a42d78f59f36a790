// RUN: --passes convert_to_clamp --verify-by-execution
// relu is clamp_min(x, 0) in torch, so relu(-0) is -0, as the clamp it
// becomes gives.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3xf32>) -> tensor<3xf32>, sym_name = "main"}> ({
  ^bb0(%x: tensor<3xf32>):
    %0 = "aten._constant"() <{value = dense<[-0.000000e+00, 1.000000e+00, -2.000000e+00]> : tensor<3xf32>}> : () -> tensor<3xf32>
    %1 = "aten.mul.Tensor"(%x, %0) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    %2 = "aten.relu"(%1) : (tensor<3xf32>) -> tensor<3xf32>
    "func.return"(%2) : (tensor<3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
