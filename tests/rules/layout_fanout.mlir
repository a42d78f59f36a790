// RUN: --target ethos-u55
// FIRES: place_layout.move_unary=2 cancel_transposes.inverse_pair=3
// EXEC
// Fan-out: one transposed argument read by two unary ops, each transposed
// back. The transpose rules never move a transpose with two users; the
// layout optimiser computes both ops in the argument's layout: 3 -> 0.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x4x5x6xf32>) -> (tensor<1x4x5x6xf32>, tensor<1x4x5x6xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x4x5x6xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x5x6xf32>) -> tensor<1x5x6x4xf32>
    %1 = "tosa.abs"(%0) : (tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %2 = "tosa.exp"(%0) : (tensor<1x5x6x4xf32>) -> tensor<1x5x6x4xf32>
    %3 = "tosa.transpose"(%1) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x5x6x4xf32>) -> tensor<1x4x5x6xf32>
    %4 = "tosa.transpose"(%2) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x5x6x4xf32>) -> tensor<1x4x5x6xf32>
    "func.return"(%3, %4) : (tensor<1x4x5x6xf32>, tensor<1x4x5x6xf32>) -> ()
  }) : () -> ()
}) : () -> ()
