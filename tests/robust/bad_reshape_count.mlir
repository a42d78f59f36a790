// A reshape that changes the element count (24 to 25).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> tensor<5x5xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x4xf32>):
    %s = "tosa.const_shape"() <{values = dense<[5, 5]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %0 = "tosa.reshape"(%arg0, %s) : (tensor<2x3x4xf32>, !tosa.shape<2>) -> tensor<5x5xf32>
    "func.return"(%0) : (tensor<5x5xf32>) -> ()
  }) : () -> ()
}) : () -> ()
