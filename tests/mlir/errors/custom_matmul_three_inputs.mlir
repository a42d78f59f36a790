module {
  func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %i: index, %t: tensor<?x16xf32>) {
    %0 = linalg.matmul ins(%a, %b, %a : tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x8xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
    return
  }
}
