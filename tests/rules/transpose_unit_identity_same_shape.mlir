// RUN: --passes fuse_transposes
// REWRITES: 0
// Near miss for unit_identity: 2x2 transposed keeps the shape, but the
// non-unit axes swap, so the data moves.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x2xf32>) -> tensor<2x2xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x2xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
    "func.return"(%0) : (tensor<2x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()

