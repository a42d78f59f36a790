// RUN: --passes fuse_transposes
// REWRITES: 0
// Near miss for sink_rescale: per-channel with splat multiplier and shift
// (equal values, but tensor<3x..> shaped by the 3 channels of the last
// axis); moving the last axis would leave 4 channels against 3 multipliers.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xi8>) -> tensor<1x4x2x3xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xi8>):
    %0 = "tosa.const"() <{values = dense<1073741824> : tensor<3xi32>}> : () -> tensor<3xi32>
    %1 = "tosa.const"() <{values = dense<30> : tensor<3xi8>}> : () -> tensor<3xi8>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %4 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xi8>) -> tensor<1x4x2x3xi8>
    %5 = "tosa.rescale"(%4, %0, %1, %2, %3) <{input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<1x4x2x3xi8>, tensor<3xi32>, tensor<3xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x4x2x3xi32>
    "func.return"(%5) : (tensor<1x4x2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()

