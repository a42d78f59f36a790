// Regression (rgdiff seed 408): fuse_rescales fused an unsigned-input i8 ->
// i16 gain RESCALE (x4) with an unsigned-output i16 -> i16 one into a RESCALE
// with input_unsigned and output_unsigned both set (an ERROR_IF in TOSA
// 1.0), which the interpreter and mlir-opt reject. Must stay two RESCALEs.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi8>) -> tensor<2x3xi16>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<2x3xi8>):
    %0 = "tosa.const"() <{values = dense<4194304> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "tosa.const"() <{values = dense<20> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
    %4 = "tosa.rescale"(%arg0, %0, %1, %2, %3) <{input_unsigned = true, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<2x3xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi16>) -> tensor<2x3xi16>
    %5 = "tosa.const"() <{values = dense<201326592> : tensor<1xi32>}> : () -> tensor<1xi32>
    %6 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
    %7 = "tosa.const"() <{values = dense<0> : tensor<1xi16>}> : () -> tensor<1xi16>
    %8 = "tosa.rescale"(%4, %5, %6, %3, %7) <{input_unsigned = false, output_unsigned = true, per_channel = false, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<2x3xi16>, tensor<1xi32>, tensor<1xi8>, tensor<1xi16>, tensor<1xi16>) -> tensor<2x3xi16>
    "func.return"(%8) : (tensor<2x3xi16>) -> ()
  }) : () -> ()
}) : () -> ()
