// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.inverse_pair=1
// NHWC -> NCHW -> NHWC cancels: compose([0,3,1,2], [0,2,3,1]) is the identity.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x2x3xf32>) -> tensor<1x2x3x4xf32>
    "func.return"(%1) : (tensor<1x2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

