// Two i8 negations: negate_negate fires (wrong where an element is -128).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi8>) -> tensor<2x3xi8>, sym_name = "negate_negate"}> ({
  ^bb0(%arg0: tensor<2x3xi8>):
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %1 = "tosa.negate"(%arg0, %0, %0) : (tensor<2x3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3xi8>
    %2 = "tosa.negate"(%1, %0, %0) : (tensor<2x3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3xi8>
    "func.return"(%2) : (tensor<2x3xi8>) -> ()
  }) : () -> ()
}) : () -> ()
