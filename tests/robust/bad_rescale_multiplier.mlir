// Per-channel RESCALE with 3 multipliers for 4 channels.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x4xi8>) -> tensor<2x4xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x4xi8>):
    %m = "tosa.const"() <{values = dense<1073741824> : tensor<3xi32>}> : () -> tensor<3xi32>
    %s = "tosa.const"() <{values = dense<30> : tensor<3xi8>}> : () -> tensor<3xi8>
    %z = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %0 = "tosa.rescale"(%arg0, %m, %s, %z, %z) <{input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<2x4xi8>, tensor<3xi32>, tensor<3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x4xi8>
    "func.return"(%0) : (tensor<2x4xi8>) -> ()
  }) : () -> ()
}) : () -> ()
