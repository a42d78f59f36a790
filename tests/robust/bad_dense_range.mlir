// 300 does not fit in i8.
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<2xi8>, sym_name = "f"}> ({
  ^bb0():
    %0 = "tosa.const"() <{values = dense<[1, 300]> : tensor<2xi8>}> : () -> tensor<2xi8>
    "func.return"(%0) : (tensor<2xi8>) -> ()
  }) : () -> ()
}) : () -> ()
