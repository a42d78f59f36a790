// A dense literal with 3 elements for a tensor of 4.
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<4xi32>, sym_name = "f"}> ({
  ^bb0():
    %0 = "tosa.const"() <{values = dense<[1, 2, 3]> : tensor<4xi32>}> : () -> tensor<4xi32>
    "func.return"(%0) : (tensor<4xi32>) -> ()
  }) : () -> ()
}) : () -> ()
