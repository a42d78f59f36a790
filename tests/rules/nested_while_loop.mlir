// RUN: --passes fuse_rescales,cleanup
// FIRES: fuse_rescales.identity=1 cleanup.reshape_chain=1 cleanup.reshape_noop=1
// STATS: fuse_rescales.ran=true cleanup.ran=true
// Rescale and reshapes only inside a tosa.while_loop body: the identity
// rescale goes, and 4 -> 2x2 -> 4 collapses to nothing.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<i32>, tensor<4xi8>) -> tensor<4xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<i32>, %arg1: tensor<4xi8>):
    %0:2 = "tosa.while_loop"(%arg0, %arg1) ({
    ^bb0(%arg4: tensor<i32>, %arg5: tensor<4xi8>):
      %11 = "tosa.const"() <{values = dense<0> : tensor<i32>}> : () -> tensor<i32>
      %12 = "tosa.greater"(%arg4, %11) : (tensor<i32>, tensor<i32>) -> tensor<i1>
      "tosa.yield"(%12) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg2: tensor<i32>, %arg3: tensor<4xi8>):
      %1 = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
      %2 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
      %3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
      %4 = "tosa.rescale"(%arg3, %1, %2, %3, %3) <{input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, scale32 = true}> : (tensor<4xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi8>
      %5 = "tosa.const_shape"() <{values = dense<2> : tensor<2xindex>}> : () -> !tosa.shape<2>
      %6 = "tosa.reshape"(%4, %5) : (tensor<4xi8>, !tosa.shape<2>) -> tensor<2x2xi8>
      %7 = "tosa.const_shape"() <{values = dense<4> : tensor<1xindex>}> : () -> !tosa.shape<1>
      %8 = "tosa.reshape"(%6, %7) : (tensor<2x2xi8>, !tosa.shape<1>) -> tensor<4xi8>
      %9 = "tosa.const"() <{values = dense<1> : tensor<i32>}> : () -> tensor<i32>
      %10 = "tosa.sub"(%arg2, %9) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      "tosa.yield"(%10, %8) : (tensor<i32>, tensor<4xi8>) -> ()
    }) : (tensor<i32>, tensor<4xi8>) -> (tensor<i32>, tensor<4xi8>)
    "func.return"(%0#1) : (tensor<4xi8>) -> ()
  }) : () -> ()
}) : () -> ()

