module {
  func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %i: index, %t: tensor<?x16xf32>) {
    %0 = tensor.insert_slice %a into %c[0, x] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x16xf32>
    return
  }
}
