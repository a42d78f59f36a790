// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_select_same=1
// FIRES: fuse_transposes.sink_select_then=0
// EXEC
// SELECT with all three operands transposed by one permutation: the
// transposes become one after it. Near miss: the then-operand is
// transposed but the else-operand (a function argument) is not free to
// take the inverse, so that select keeps its transpose.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<3x2xf32>) -> (tensor<3x2xf32>, tensor<3x2xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi1>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x3xf32>, %arg3: tensor<3x2xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi1>) -> tensor<3x2xi1>
    %1 = "tosa.transpose"(%arg1) <{perms = array<i32: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %2 = "tosa.transpose"(%arg2) <{perms = array<i32: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %3 = "tosa.select"(%0, %1, %2) : (tensor<3x2xi1>, tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    %4 = "tosa.const"() <{values = dense<true> : tensor<3x2xi1>}> : () -> tensor<3x2xi1>
    %5 = "tosa.transpose"(%arg1) <{perms = array<i32: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
    %6 = "tosa.select"(%4, %5, %arg3) : (tensor<3x2xi1>, tensor<3x2xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
    "func.return"(%3, %6) : (tensor<3x2xf32>, tensor<3x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

