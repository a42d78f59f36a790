// RUN: --passes cleanup
// FIRES: cleanup.reshape_chain=1
// EXEC
// 2x3 -> 6 -> 3x2 becomes one reshape 2x3 -> 3x2; the dead 6 shape goes.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi8>) -> tensor<3x2xi8>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi8>):
    %0 = "tosa.const_shape"() <{values = dense<6> : tensor<1xindex>}> : () -> !tosa.shape<1>
    %1 = "tosa.reshape"(%arg0, %0) : (tensor<2x3xi8>, !tosa.shape<1>) -> tensor<6xi8>
    %2 = "tosa.const_shape"() <{values = dense<[3, 2]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %3 = "tosa.reshape"(%1, %2) : (tensor<6xi8>, !tosa.shape<2>) -> tensor<3x2xi8>
    "func.return"(%3) : (tensor<3x2xi8>) -> ()
  }) : () -> ()
}) : () -> ()

