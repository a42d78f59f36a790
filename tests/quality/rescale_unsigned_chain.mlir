// An unsigned-input RESCALE (ui8 -> i16) followed by an unsigned-output one (i16 -> ui8) must not fuse: the fused RESCALE would set both flags, which TOSA forbids. Expect 2 rescales.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi8>) -> tensor<2x3xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi8>):
    %0 = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.const"() <{values = dense<-128> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
    %4 = "tosa.const"() <{values = dense<1518500250> : tensor<1xi32>}> : () -> tensor<1xi32>
    %5 = "tosa.const"() <{values = dense<31> : tensor<1xi8>}> : () -> tensor<1xi8>
    %6 = "tosa.rescale"(%arg0, %0, %1, %2, %3) <{input_unsigned = true, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<2x3xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi16>) -> tensor<2x3xi16>
    %7 = "tosa.rescale"(%6, %4, %5, %3, %2) <{input_unsigned = false, output_unsigned = true, per_channel = false, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<2x3xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi8>) -> tensor<2x3xi8>
    "func.return"(%7) : (tensor<2x3xi8>) -> ()
  }) : () -> ()
}) : () -> ()

