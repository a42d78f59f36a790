module {
  func.func @f(%arg0: tensor<1x160xf32>, %arg1: f32) -> (tensor<1x160xf32>, f32) {
    %0 = arith.constant 2.000000e+00 : f32
    %1 = math.sin %arg0 : tensor<1x160xf32>
    %2 = math.cos %1 : tensor<1x160xf32>
    %3 = tosa.add %1, %2 : (tensor<1x160xf32>, tensor<1x160xf32>) -> tensor<1x160xf32>
    %4 = math.sin %arg1 {acme.tag = "x"} : f32
    %5 = "math.cos"(%4) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
    return %3, %5 : tensor<1x160xf32>, f32
  }
}

