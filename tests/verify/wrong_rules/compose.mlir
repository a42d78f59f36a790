// Two transposes of a cube by permutations that do not commute: compose
// fires (wrong for any data that is not symmetric).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x2x2xf32>) -> tensor<2x2x2xf32>, sym_name = "compose"}> ({
  ^bb0(%arg0: tensor<2x2x2xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 2, 0>}> : (tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 1, 0, 2>}> : (tensor<2x2x2xf32>) -> tensor<2x2x2xf32>
    "func.return"(%1) : (tensor<2x2x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()
