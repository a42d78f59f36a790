// tosa.cond_if (with and without inputs) and tosa.while_loop in their
// custom forms, as mlir-opt-22 prints them.
module {
  func.func @f(%arg0: tensor<i1>, %arg1: tensor<2xf32>, %arg2: tensor<1xi32>) -> (tensor<2xf32>, tensor<1xi32>) {
    %0 = tosa.cond_if %arg0 : tensor<i1> -> tensor<2xf32> {
      tosa.yield %arg1 : tensor<2xf32>
    } else {
      %3 = tosa.abs %arg1 : (tensor<2xf32>) -> tensor<2xf32>
      tosa.yield %3 : tensor<2xf32>
    }
    %1 = tosa.cond_if %arg0 (%arg3 = %0, %arg4 = %arg1) : tensor<i1> (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> {
    ^bb0(%arg3: tensor<2xf32>, %arg4: tensor<2xf32>):
      tosa.yield %arg3 : tensor<2xf32>
    } else {
    ^bb0(%arg3: tensor<2xf32>, %arg4: tensor<2xf32>):
      tosa.yield %arg4 : tensor<2xf32>
    }
    %2 = tosa.while_loop (%arg3 = %arg2) : (tensor<1xi32>) -> tensor<1xi32> {
      %3 = "tosa.const"() <{values = dense<10> : tensor<1xi32>}> : () -> tensor<1xi32>
      %4 = tosa.greater %3, %arg3 : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1>
      %5 = tosa.const_shape  {values = dense<> : tensor<0xindex>} : () -> !tosa.shape<0>
      %6 = tosa.reshape %4, %5 : (tensor<1xi1>, !tosa.shape<0>) -> tensor<i1>
      tosa.yield %6 : tensor<i1>
    } do {
    ^bb0(%arg3: tensor<1xi32>):
      %3 = "tosa.const"() <{values = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
      %4 = tosa.add %arg3, %3 : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
      tosa.yield %4 : tensor<1xi32>
    }
    return %1, %2 : tensor<2xf32>, tensor<1xi32>
  }
}

