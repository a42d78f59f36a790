// RUN: --target xnnpack
// A higher-order op of an unregistered dialect ("test.map") whose region
// holds the only mul.Scalar, two levels deep: it is still rewritten.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "main"}> ({
  ^bb0(%x: tensor<4xf32>):
    %0 = "test.map"(%x) ({
    ^bb0(%a: tensor<4xf32>):
      %1 = "test.scan"(%a) ({
      ^bb0(%b: tensor<4xf32>):
        %2 = "aten.mul.Scalar"(%b) <{other = 4.000000e+00 : f64}> : (tensor<4xf32>) -> tensor<4xf32>
        "test.yield"(%2) : (tensor<4xf32>) -> ()
      }) : (tensor<4xf32>) -> tensor<4xf32>
      "test.yield"(%1) : (tensor<4xf32>) -> ()
    }) : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%0) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
