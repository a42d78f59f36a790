// RUN: --target arm --stats-json STATS
// A graph with none of the ops the Arm passes match: every pass is skipped without visiting a node.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x4x4xf32>) -> tensor<2x4x4xf32>, sym_name = "main"}> ({
  ^bb0(%x: tensor<2x4x4xf32>):
    %0 = "aten.bmm"(%x, %x) : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
    "func.return"(%0) : (tensor<2x4x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
