// RUN: --target ethos-u55 --inexact
// FIRES: fuse_transposes.flatten_fc=0 fuse_transposes.flatten_fc_float=1
// EXEC
// Flatten + fully connected: the NHWC activation is transposed to NCHW,
// flattened into one row and multiplied by constant weights. Permuting the
// weights' rows instead leaves no transpose (mlir-opt-22 keeps 1); on
// floats the matmul then sums in another order, so only under --inexact.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>) -> tensor<1x1x5xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %s = "tosa.const_shape"() <{values = dense<[1, 1, 24]> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %1 = "tosa.reshape"(%0, %s) : (tensor<1x4x2x3xf32>, !tosa.shape<3>) -> tensor<1x1x24xf32>
    %w = "tosa.const"() <{values = dense<[[[-1.5, -1.25, -1.0, -0.75, -0.5], [-0.25, 0.0, 0.25, 0.5, 0.75], [1.0, 1.25, 1.5, 1.75, 2.0], [2.25, 2.5, -1.5, -1.25, -1.0], [-0.75, -0.5, -0.25, 0.0, 0.25], [0.5, 0.75, 1.0, 1.25, 1.5], [1.75, 2.0, 2.25, 2.5, -1.5], [-1.25, -1.0, -0.75, -0.5, -0.25], [0.0, 0.25, 0.5, 0.75, 1.0], [1.25, 1.5, 1.75, 2.0, 2.25], [2.5, -1.5, -1.25, -1.0, -0.75], [-0.5, -0.25, 0.0, 0.25, 0.5], [0.75, 1.0, 1.25, 1.5, 1.75], [2.0, 2.25, 2.5, -1.5, -1.25], [-1.0, -0.75, -0.5, -0.25, 0.0], [0.25, 0.5, 0.75, 1.0, 1.25], [1.5, 1.75, 2.0, 2.25, 2.5], [-1.5, -1.25, -1.0, -0.75, -0.5], [-0.25, 0.0, 0.25, 0.5, 0.75], [1.0, 1.25, 1.5, 1.75, 2.0], [2.25, 2.5, -1.5, -1.25, -1.0], [-0.75, -0.5, -0.25, 0.0, 0.25], [0.5, 0.75, 1.0, 1.25, 1.5], [1.75, 2.0, 2.25, 2.5, -1.5]]]> : tensor<1x24x5xf32>}> : () -> tensor<1x24x5xf32>
    %zp = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %2 = "tosa.matmul"(%1, %w, %zp, %zp) : (tensor<1x1x24xf32>, tensor<1x24x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x1x5xf32>
    "func.return"(%2) : (tensor<1x1x5xf32>) -> ()
  }) : () -> ()
}) : () -> ()
