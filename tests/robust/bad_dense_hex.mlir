// A hex literal of 3 bytes for 2 x i16 (4 bytes, or 2 for a splat).
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<2xi16>, sym_name = "f"}> ({
  ^bb0():
    %0 = "tosa.const"() <{values = dense<"0x010203"> : tensor<2xi16>}> : () -> tensor<2xi16>
    "func.return"(%0) : (tensor<2xi16>) -> ()
  }) : () -> ()
}) : () -> ()
