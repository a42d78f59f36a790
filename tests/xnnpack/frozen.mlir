// RUN: --target xnnpack --stats-json STATS
// The only mul.Scalar carries the discardable attribute rg.frozen: no rule
// may rewrite it, and lift_scalar_mul is skipped without visiting a node.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>):
    %0 = "aten.mul.Scalar"(%x) <{other = 2.500000e+00 : f64}> {rg.frozen} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
