// aten._to_copy is declared in backends/xnnpack/xnnpack.ops without an
// evaluator; my.op is declared nowhere.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "copy"}> ({
  ^bb0(%arg0: tensor<2xf32>):
    %0 = "aten._to_copy"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
    "func.return"(%0) : (tensor<2xf32>) -> ()
  }) : () -> ()
}) : () -> ()
