"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xi8>) -> tensor<2x3x4xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x4xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 1, 2>}> : (tensor<2x3x4xi8>) -> tensor<2x3x4xi8>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 1, 2, 0>}> : (tensor<2x3x4xi8>) -> tensor<3x4x2xi8>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 2, 0, 1>}> : (tensor<3x4x2xi8>) -> tensor<2x3x4xi8>
    "func.return"(%2) : (tensor<2x3x4xi8>) -> ()
  }) : () -> ()
}) : () -> ()
