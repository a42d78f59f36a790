// Two transposes of a cube: compose fires with the permutations swapped.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x2x2xi8>) -> tensor<2x2x2xi8>, sym_name = "compose"}> ({
  ^bb0(%arg0: tensor<2x2x2xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 2, 0>}> : (tensor<2x2x2xi8>) -> tensor<2x2x2xi8>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 0, 2, 1>}> : (tensor<2x2x2xi8>) -> tensor<2x2x2xi8>
    "func.return"(%1) : (tensor<2x2x2xi8>) -> ()
  }) : () -> ()
}) : () -> ()
