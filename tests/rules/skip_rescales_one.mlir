// RUN: --passes fuse_rescales
// STATS: fuse_rescales.ran=true fuse_rescales.rewrites=0 fuse_rescales.nodes_visited=1
// One rescale is not enough for fuse, but identity needs only one: the pass
// runs, visits that one node, and nothing fires.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xi8>) -> tensor<4xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4xi8>):
    %0 = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %4 = "tosa.rescale"(%arg0, %0, %1, %2, %3) <{input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<4xi32>
    "func.return"(%4) : (tensor<4xi32>) -> ()
  }) : () -> ()
}) : () -> ()

