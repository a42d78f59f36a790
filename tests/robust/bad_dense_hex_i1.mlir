// A hex literal of 2 bytes for 2 x i1, which MLIR packs into 1 byte.
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<2xi1>, sym_name = "f"}> ({
  ^bb0():
    %0 = "tosa.const"() <{values = dense<"0x0100"> : tensor<2xi1>}> : () -> tensor<2xi1>
    "func.return"(%0) : (tensor<2xi1>) -> ()
  }) : () -> ()
}) : () -> ()
