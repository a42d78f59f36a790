// RUN: --passes convert_mm_to_bmm --verify-by-execution
// mm becomes a batch-1 bmm between views.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>, sym_name = "main"}> ({
  ^bb0(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>):
    %0 = "aten.mm"(%a, %b) : (tensor<3x4xf32>, tensor<4x5xf32>) -> tensor<3x5xf32>
    "func.return"(%0) : (tensor<3x5xf32>) -> ()
  }) : () -> ()
}) : () -> ()
