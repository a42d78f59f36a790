// A dense literal whose nesting does not follow the shape (3 + 1 rows of 2x2).
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<2x2xi32>, sym_name = "f"}> ({
  ^bb0():
    %0 = "tosa.const"() <{values = dense<[[1, 2, 3], [4]]> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
    "func.return"(%0) : (tensor<2x2xi32>) -> ()
  }) : () -> ()
}) : () -> ()
