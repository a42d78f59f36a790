module {
  func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
    %0 = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["sideways"]} outs(%a : tensor<4xf32>) {
    ^bb0(%o: f32):
      linalg.yield %o : f32
    } -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}
