// -(-x) on i8: negate_negate fires (wrong where x is -128).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<5xi8>) -> tensor<5xi8>, sym_name = "negate_negate"}> ({
  ^bb0(%arg0: tensor<5xi8>):
    %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %0 = "tosa.negate"(%arg0, %z, %z) : (tensor<5xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<5xi8>
    %1 = "tosa.negate"(%0, %z, %z) : (tensor<5xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<5xi8>
    "func.return"(%1) : (tensor<5xi8>) -> ()
  }) : () -> ()
}) : () -> ()
