// RUN: --passes fuse_rescales
// FIRES: fuse_rescales.fuse=1
// EXEC
// i8 -> i32 with multiplier 1<<30, shift 29 is an exact gain of 2 (no
// rounding, (x - 3) * 2 fits i32); the outer i32 -> i8 RESCALE (multiplier
// 858993459, shift 33) absorbs it: multiplier 1717986918, shift 33, input
// zero point 3 from the inner, output zero point -5 from the outer.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x4xi8>) -> tensor<2x4xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x4xi8>):
    %0 = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "tosa.const"() <{values = dense<29> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %4 = "tosa.rescale"(%arg0, %0, %1, %2, %3) <{input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<2x4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<2x4xi32>
    %5 = "tosa.const"() <{values = dense<858993459> : tensor<1xi32>}> : () -> tensor<1xi32>
    %6 = "tosa.const"() <{values = dense<33> : tensor<1xi8>}> : () -> tensor<1xi8>
    %7 = "tosa.const"() <{values = dense<-5> : tensor<1xi8>}> : () -> tensor<1xi8>
    %8 = "tosa.rescale"(%4, %5, %6, %3, %7) <{input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true}> : (tensor<2x4xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<2x4xi8>
    "func.return"(%8) : (tensor<2x4xi8>) -> ()
  }) : () -> ()
}) : () -> ()

