// RUN: --target xnnpack --verify-by-execution
// The only mul.Scalar ops live in the branches of a tosa.cond_if (one of
// them in a tosa.while_loop body inside the else branch): the histogram
// covers nested regions, so the pass runs and rewrites inside the bodies.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<i1>, tensor<2x3xf32>) -> tensor<2x3xf32>, sym_name = "main"}> ({
  ^bb0(%c: tensor<i1>, %x: tensor<2x3xf32>):
    %0 = "tosa.cond_if"(%c, %x) ({
    ^bb0(%a: tensor<2x3xf32>):
      %1 = "aten.mul.Scalar"(%a) <{other = 2.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
      "tosa.yield"(%1) : (tensor<2x3xf32>) -> ()
    }, {
    ^bb0(%b: tensor<2x3xf32>):
      %2 = "tosa.while_loop"(%b) ({
      ^bb0(%w: tensor<2x3xf32>):
        %3 = "tosa.const"() <{values = dense<false> : tensor<i1>}> : () -> tensor<i1>
        "tosa.yield"(%3) : (tensor<i1>) -> ()
      }, {
      ^bb0(%w: tensor<2x3xf32>):
        %4 = "aten.mul.Scalar"(%w) <{other = 3.000000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
        "tosa.yield"(%4) : (tensor<2x3xf32>) -> ()
      }) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      %5 = "aten.mul.Scalar"(%2) <{other = -1.500000e+00 : f64}> : (tensor<2x3xf32>) -> tensor<2x3xf32>
      "tosa.yield"(%5) : (tensor<2x3xf32>) -> ()
    }) : (tensor<i1>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0) : (tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
