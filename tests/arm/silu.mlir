// RUN: --inexact --verify-by-execution --passes decompose_silu
// silu(x) = x * sigmoid(x) (an inexact rule: proven within the
// tolerance); a bf16 silu is left alone.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<5xbf16>) -> (tensor<2x3xf32>, tensor<5xbf16>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>, %h: tensor<5xbf16>):
    %0 = "aten.silu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.silu"(%h) : (tensor<5xbf16>) -> tensor<5xbf16>
    "func.return"(%0, %1) : (tensor<2x3xf32>, tensor<5xbf16>) -> ()
  }) : () -> ()
}) : () -> ()
