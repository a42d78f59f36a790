"builtin.module"() ({
  "func.func"() <{function_type = (tensor<i1>, tensor<2xf32>, tensor<1xi32>) -> (tensor<2xf32>, tensor<1xi32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<i1>, %arg1: tensor<2xf32>, %arg2: tensor<1xi32>):
    %0 = "tosa.cond_if"(%arg0) ({
      "tosa.yield"(%arg1) : (tensor<2xf32>) -> ()
    }, {
      %9 = "tosa.abs"(%arg1) : (tensor<2xf32>) -> tensor<2xf32>
      "tosa.yield"(%9) : (tensor<2xf32>) -> ()
    }) : (tensor<i1>) -> tensor<2xf32>
    %1 = "tosa.cond_if"(%arg0, %0, %arg1) ({
    ^bb0(%arg7: tensor<2xf32>, %arg8: tensor<2xf32>):
      "tosa.yield"(%arg7) : (tensor<2xf32>) -> ()
    }, {
    ^bb0(%arg5: tensor<2xf32>, %arg6: tensor<2xf32>):
      "tosa.yield"(%arg6) : (tensor<2xf32>) -> ()
    }) : (tensor<i1>, tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %2 = "tosa.while_loop"(%arg2) ({
    ^bb0(%arg4: tensor<1xi32>):
      %5 = "tosa.const"() <{values = dense<10> : tensor<1xi32>}> : () -> tensor<1xi32>
      %6 = "tosa.greater"(%5, %arg4) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
      %7 = "tosa.const_shape"() <{values = dense<> : tensor<0xindex>}> : () -> !tosa.shape<0>
      %8 = "tosa.reshape"(%6, %7) : (tensor<1xi1>, !tosa.shape<0>) -> tensor<i1>
      "tosa.yield"(%8) : (tensor<i1>) -> ()
    }, {
    ^bb0(%arg3: tensor<1xi32>):
      %3 = "tosa.const"() <{values = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
      %4 = "tosa.add"(%arg3, %3) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
      "tosa.yield"(%4) : (tensor<1xi32>) -> ()
    }) : (tensor<1xi32>) -> tensor<1xi32>
    "func.return"(%1, %2) : (tensor<2xf32>, tensor<1xi32>) -> ()
  }) : () -> ()
}) : () -> ()

