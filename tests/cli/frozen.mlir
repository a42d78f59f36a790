// Op 2 is an identity transpose, frozen; op 3 is one that is not.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 1, 2, 3>}> {rg.frozen} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 0, 1, 2, 3>}> : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
    "func.return"(%1) : (tensor<1x2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
