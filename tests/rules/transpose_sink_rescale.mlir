// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_rescale=1 fuse_transposes.inverse_pair=1
// EXEC
// A per-tensor RESCALE does not look at the layout: the transpose moves
// after it, attributes and operands kept, and cancels with the transpose
// back (the RESCALE widens i8 to i32, so without one it would stay:
// transpose_sink_widening).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xi8>) -> tensor<1x2x3x4xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xi8>):
    %0 = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %4 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xi8>) -> tensor<1x4x2x3xi8>
    %5 = "tosa.rescale"(%4, %0, %1, %2, %3) <{input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true}> : (tensor<1x4x2x3xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x4x2x3xi32>
    %6 = "tosa.transpose"(%5) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x2x3xi32>) -> tensor<1x2x3x4xi32>
    "func.return"(%6) : (tensor<1x2x3x4xi32>) -> ()
  }) : () -> ()
}) : () -> ()

