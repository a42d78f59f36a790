// RUN: --passes decompose_sqrt --verify-by-execution
// sqrt(x) = pow(x, 0.5).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>):
    %0 = "aten.sqrt"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
