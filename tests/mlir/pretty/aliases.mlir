// Affine map and integer set aliases under names of the file's own: they
// are resolved where used, an unused one is dropped, and the output names
// them as mlir-opt does, in the order mlir-opt meets them.
#unused = affine_map<(d0) -> (d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
#tr = affine_map<(d0, d1) -> (d1, d0)>
#pos = affine_set<(d0) : (d0 >= 0)>
module {
  func.func @f(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = tensor.empty() : tensor<4x4xf32>
    %1 = linalg.generic {indexing_maps = [#tr, #id], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x4xf32>) outs(%0 : tensor<4x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      "acme.note"() {where = #pos, inline = affine_map<(d0) -> (d0 + 1)>} : () -> ()
      linalg.yield %in : f32
    } -> tensor<4x4xf32>
    return %1 : tensor<4x4xf32>
  }
}
