// RUN: --passes convert_expand_copy_to_repeat --verify-by-execution
// expand_copy becomes repeat (also with -1 and a new leading dim); an expand to the same shape is dropped.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3x1xf32>) -> (tensor<3x4xf32>, tensor<2x3x4xf32>, tensor<3x1xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<3x1xf32>):
    %0 = "aten.expand_copy"(%x) <{size = array<i64: -1, 4>}> : (tensor<3x1xf32>) -> tensor<3x4xf32>
    %1 = "aten.expand_copy"(%x) <{size = array<i64: 2, 3, 4>}> : (tensor<3x1xf32>) -> tensor<2x3x4xf32>
    %2 = "aten.expand_copy"(%x) <{size = array<i64: 3, 1>}> : (tensor<3x1xf32>) -> tensor<3x1xf32>
    "func.return"(%0, %1, %2) : (tensor<3x4xf32>, tensor<2x3x4xf32>, tensor<3x1xf32>) -> ()
  }) : () -> ()
}) : () -> ()
