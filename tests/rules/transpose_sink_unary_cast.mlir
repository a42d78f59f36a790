// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_unary=1 fuse_transposes.inverse_pair=1
// EXEC
// Sinking through a cast keeps the cast's result element type (i8 -> i32);
// the widening cast lets the transpose through to the one it cancels with.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi8>) -> tensor<2x3xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi8>) -> tensor<3x2xi8>
    %1 = "tosa.cast"(%0) : (tensor<3x2xi8>) -> tensor<3x2xi32>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 1, 0>}> : (tensor<3x2xi32>) -> tensor<2x3xi32>
    "func.return"(%2) : (tensor<2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()

