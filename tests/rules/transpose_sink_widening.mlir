// RUN: --passes fuse_transposes
// REWRITES: 0
// EXEC
// Cost model: moving a transpose past a widening RESCALE (i8 -> i32) or
// CAST (i8 -> i32) keeps the count and writes 4x the bytes, so with no
// transpose after them to meet, both stay before.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xi8>, tensor<2x3xi8>) -> (tensor<1x4x2x3xi32>, tensor<3x2xi32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xi8>, %arg1: tensor<2x3xi8>):
    %0 = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %4 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xi8>) -> tensor<1x4x2x3xi8>
    %5 = "tosa.rescale"(%4, %0, %1, %2, %3) <{input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true}> : (tensor<1x4x2x3xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x4x2x3xi32>
    %6 = "tosa.transpose"(%arg1) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi8>) -> tensor<3x2xi8>
    %7 = "tosa.cast"(%6) : (tensor<3x2xi8>) -> tensor<3x2xi32>
    "func.return"(%5, %7) : (tensor<1x4x2x3xi32>, tensor<3x2xi32>) -> ()
  }) : () -> ()
}) : () -> ()
