// RUN: --passes cleanup
// FIRES: cleanup.dead_const=2
// STATS: cleanup.ran=true
// Constants nothing reads are removed (a const and a const_shape); the
// constant the function returns and a frozen dead one stay.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<1xi8>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xf32>):
    %0 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
    %1 = "tosa.const_shape"() <{values = dense<[3, 2]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %2 = "tosa.const"() <{values = dense<7> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<2.000000e+00> : tensor<2x3xf32>}> {rg.frozen} : () -> tensor<2x3xf32>
    %4 = "tosa.abs"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%4, %2) : (tensor<2x3xf32>, tensor<1xi8>) -> ()
  }) : () -> ()
}) : () -> ()
