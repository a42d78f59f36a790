// Identity RESCALEs with multiplier 2^shift (per tensor, and per channel with a different shift per channel) are removed; the last one (2047) is not an identity and stays. Expect 1 rescale.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi8>) -> tensor<2x3xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi8>):
    %0 = "tosa.const"() <{values = dense<2048> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "tosa.const"() <{values = dense<11> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %4 = "tosa.const"() <{values = dense<[512, 1024, 2048]> : tensor<3xi32>}> : () -> tensor<3xi32>
    %5 = "tosa.const"() <{values = dense<[9, 10, 11]> : tensor<3xi8>}> : () -> tensor<3xi8>
    %6 = "tosa.rescale"(%arg0, %0, %1, %2, %3) <{input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true}> : (tensor<2x3xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3xi8>
    %7 = "tosa.rescale"(%6, %4, %5, %2, %2) <{input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<2x3xi8>, tensor<3xi32>, tensor<3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3xi8>
    %8 = "tosa.const"() <{values = dense<[512, 1024, 2047]> : tensor<3xi32>}> : () -> tensor<3xi32>
    %9 = "tosa.rescale"(%7, %8, %5, %2, %2) <{input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<2x3xi8>, tensor<3xi32>, tensor<3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3xi8>
    "func.return"(%9) : (tensor<2x3xi8>) -> ()
  }) : () -> ()
}) : () -> ()

