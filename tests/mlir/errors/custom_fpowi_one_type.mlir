module {
  func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %i: index, %t: tensor<?x16xf32>) {
    %0 = math.fpowi %a, %i : tensor<4x8xf32>
    return
  }
}
