// RUN: --passes fuse_rescales
// REWRITES: 0
// Near miss for identity: the signedness differs (signed in, unsigned out).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x4xi8>) -> tensor<2x4xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x4xi8>):
    %0 = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.const"() <{values = dense<5> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.rescale"(%arg0, %0, %1, %2, %2) <{input_unsigned = false, output_unsigned = true, per_channel = false, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<2x4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x4xi8>
    "func.return"(%3) : (tensor<2x4xi8>) -> ()
  }) : () -> ()
}) : () -> ()

