// RUN: --target arm --verify-by-execution
// Without --inexact the arm pipeline leaves the ops whose decompositions
// change float results in the last bits (sinh, cosh, silu, var) alone.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>):
    %0 = "aten.sinh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %1 = "aten.cosh"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %2 = "aten.silu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = "aten.var.correction"(%x) <{correction = 1 : i64, dim = array<i64: 1>}> : (tensor<2x3xf32>) -> tensor<2xf32>
    "func.return"(%0, %1, %2, %3) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2xf32>) -> ()
  }) : () -> ()
}) : () -> ()
