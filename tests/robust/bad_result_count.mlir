// A tosa.transpose with two results (its declaration has one).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xf32>):
    %0:2 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 1>}> : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    "func.return"(%0#0, %0#1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
