module {
  func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %i: index, %t: tensor<?x16xf32>) {
    %0 = linalg.generic ins(%a : tensor<4x8xf32>) outs(%a : tensor<4x8xf32>) {
    ^bb0(%x: f32, %y: f32):
      linalg.yield %x : f32
    } -> tensor<4x8xf32>
    return
  }
}
