module {
  func.func @f(%arg0: tensor<2xf32>) -> tensor<2xf32> {
    %0 = math.tanh %arg0 : tensor<2xf32>
    return %0 : tensor<2xf32>
  }
}
