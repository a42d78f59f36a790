// Five additions of zero for the add_zero pass of wrong.rules: exact on
// the i32 ones, wrong on the f32 one (%c: -0.0 + 0.0 is +0.0), the third
// of the five rewrites. tests/suites/culprit.sh requires the culprit
// search to name that one rewrite and nothing else.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi32>, tensor<2x3xf32>) -> (tensor<2x3xi32>, tensor<2x3xf32>), sym_name = "mixed"}> ({
  ^bb0(%arg0: tensor<2x3xi32>, %arg1: tensor<2x3xf32>):
    %zi = "tosa.const"() <{values = dense<0> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %zf = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %a = "tosa.add"(%arg0, %zi) : (tensor<2x3xi32>, tensor<1x1xi32>) -> tensor<2x3xi32>
    %b = "tosa.add"(%a, %zi) : (tensor<2x3xi32>, tensor<1x1xi32>) -> tensor<2x3xi32>
    %c = "tosa.add"(%arg1, %zf) : (tensor<2x3xf32>, tensor<1x1xf32>) -> tensor<2x3xf32>
    %d = "tosa.add"(%b, %zi) : (tensor<2x3xi32>, tensor<1x1xi32>) -> tensor<2x3xi32>
    %e = "tosa.add"(%d, %zi) : (tensor<2x3xi32>, tensor<1x1xi32>) -> tensor<2x3xi32>
    "func.return"(%e, %c) : (tensor<2x3xi32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
