// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_rescale=1 fuse_transposes.inverse_pair=1
// EXEC
// A per-channel RESCALE indexes the last axis; perms [0,2,1,3] keep it, so
// the transpose may still move after it (4 channels before and after),
// where it cancels with the same transpose.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xi8>) -> tensor<1x2x3x4xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xi8>):
    %0 = "tosa.const"() <{values = dense<[1073741824, 1518500250, 1300000000, 2000000000]> : tensor<4xi32>}> : () -> tensor<4xi32>
    %1 = "tosa.const"() <{values = dense<[30, 31, 32, 33]> : tensor<4xi8>}> : () -> tensor<4xi8>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %4 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 1, 3>}> : (tensor<1x2x3x4xi8>) -> tensor<1x3x2x4xi8>
    %5 = "tosa.rescale"(%4, %0, %1, %2, %3) <{input_unsigned = false, output_unsigned = false, per_channel = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<1x3x2x4xi8>, tensor<4xi32>, tensor<4xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x3x2x4xi32>
    %6 = "tosa.transpose"(%5) <{perms = array<i32: 0, 2, 1, 3>}> : (tensor<1x3x2x4xi32>) -> tensor<1x2x3x4xi32>
    "func.return"(%6) : (tensor<1x2x3x4xi32>) -> ()
  }) : () -> ()
}) : () -> ()

