// RUN: --passes fuse_rescales
// REWRITES: 0
// Near miss for fuse: i16 -> i16 with an exact gain of 2 saturates the middle
// value (-32768 * 2 does not fit i16), so the fused RESCALE would differ.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xi16>) -> tensor<4xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4xi16>):
    %0 = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "tosa.const"() <{values = dense<29> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
    %3 = "tosa.rescale"(%arg0, %0, %1, %2, %2) <{input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<4xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi16>) -> tensor<4xi16>
    %4 = "tosa.const"() <{values = dense<858993459> : tensor<1xi32>}> : () -> tensor<1xi32>
    %5 = "tosa.const"() <{values = dense<33> : tensor<1xi8>}> : () -> tensor<1xi8>
    %6 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %7 = "tosa.rescale"(%3, %4, %5, %2, %6) <{input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<4xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<4xi8>
    "func.return"(%7) : (tensor<4xi8>) -> ()
  }) : () -> ()
}) : () -> ()

