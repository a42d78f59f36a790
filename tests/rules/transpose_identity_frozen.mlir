// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.identity=0
// REWRITES: 0
// Near miss: the identity transpose is frozen (rg.frozen); it stays.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 1, 2, 3>}> {rg.frozen} : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
    "func.return"(%0) : (tensor<1x2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

