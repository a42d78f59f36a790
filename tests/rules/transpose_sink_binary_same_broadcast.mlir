// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_binary_same=1
// EXEC
// Same perms on a broadcast operand (1x2x1x4 against 1x2x3x4) of a
// non-commutative sub: sub(a, b) keeps its operand order.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xi32>, tensor<1x2x1x4xi32>) -> tensor<1x4x2x3xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xi32>, %arg1: tensor<1x2x1x4xi32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xi32>) -> tensor<1x4x2x3xi32>
    %1 = "tosa.transpose"(%arg1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x1x4xi32>) -> tensor<1x4x2x1xi32>
    %2 = "tosa.sub"(%0, %1) : (tensor<1x4x2x3xi32>, tensor<1x4x2x1xi32>) -> tensor<1x4x2x3xi32>
    "func.return"(%2) : (tensor<1x4x2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()

