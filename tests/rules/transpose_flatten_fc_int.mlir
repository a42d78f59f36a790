// RUN: --target ethos-u55
// FIRES: fuse_transposes.flatten_fc=1
// EXEC
// Flatten + fully connected on int8 with an i32 accumulator: integer sums
// do not depend on their order, so the weights' rows are permuted (and the
// transpose removed) without --inexact, bit-exact.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xi8>) -> tensor<1x1x5xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xi8>) -> tensor<1x4x2x3xi8>
    %s = "tosa.const_shape"() <{values = dense<[1, 1, 24]> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %1 = "tosa.reshape"(%0, %s) : (tensor<1x4x2x3xi8>, !tosa.shape<3>) -> tensor<1x1x24xi8>
    %w = "tosa.const"() <{values = dense<[[[-8, -7, -6, -5, -4], [-3, -2, -1, 0, 1], [2, 3, 4, 5, 6], [7, 8, -8, -7, -6], [-5, -4, -3, -2, -1], [0, 1, 2, 3, 4], [5, 6, 7, 8, -8], [-7, -6, -5, -4, -3], [-2, -1, 0, 1, 2], [3, 4, 5, 6, 7], [8, -8, -7, -6, -5], [-4, -3, -2, -1, 0], [1, 2, 3, 4, 5], [6, 7, 8, -8, -7], [-6, -5, -4, -3, -2], [-1, 0, 1, 2, 3], [4, 5, 6, 7, 8], [-8, -7, -6, -5, -4], [-3, -2, -1, 0, 1], [2, 3, 4, 5, 6], [7, 8, -8, -7, -6], [-5, -4, -3, -2, -1], [0, 1, 2, 3, 4], [5, 6, 7, 8, -8]]]> : tensor<1x24x5xi8>}> : () -> tensor<1x24x5xi8>
    %azp = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %bzp = "tosa.const"() <{values = dense<-2> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.matmul"(%1, %w, %azp, %bzp) : (tensor<1x1x24xi8>, tensor<1x24x5xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x1x5xi32>
    "func.return"(%2) : (tensor<1x1x5xi32>) -> ()
  }) : () -> ()
}) : () -> ()
