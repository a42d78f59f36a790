// Regression (rgdiff seed 80): sink_rescale took a per-channel RESCALE with
// splat multiplier/shift for per-tensor and rebuilt it on the transpose's
// input, whose last axis (2) no longer matches the tensor<3xi32> multiplier:
// the pipeline failed with a shape-inference error. Must stay as it is.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<3x2xi8>) -> tensor<2x3xi8>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<3x2xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<3x2xi8>) -> tensor<2x3xi8>
    %1 = "tosa.const"() <{values = dense<1518500250> : tensor<3xi32>}> : () -> tensor<3xi32>
    %2 = "tosa.const"() <{values = dense<31> : tensor<3xi8>}> : () -> tensor<3xi8>
    %3 = "tosa.const"() <{values = dense<5> : tensor<1xi8>}> : () -> tensor<1xi8>
    %4 = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %5 = "tosa.rescale"(%0, %1, %2, %3, %4) <{input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<2x3xi8>, tensor<3xi32>, tensor<3xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<2x3xi8>
    "func.return"(%5) : (tensor<2x3xi8>) -> ()
  }) : () -> ()
}) : () -> ()
