// linalg, tensor, arith and math ops whose custom form is read in code
// (backends/upstream): ins/outs clauses, a generic op's region and
// string iterator types, matmul's left-out maps and region body (for
// float, integer, mixed and i1 elements), mixed static/dynamic slices,
// predicates, flags and a map alias named otherwise than mlir-opt names.
#transposed = affine_map<(d0, d1, d2) -> (d2, d0)>
#id = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>, %c: tensor<4x16xf32>, %ai: tensor<4x8xi8>, %bi: tensor<8x16xi8>, %ci: tensor<4x16xi32>, %i: index, %t: tensor<?x16xf32>, %at: tensor<8x4xf32>, %ah: tensor<4x8xf16>, %ab: tensor<4x8xi1>, %bb: tensor<8x16xi1>, %cb: tensor<4x16xi1>, %n: i32) -> tensor<4x16xf32> {
    %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
    %1 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%ai, %bi : tensor<4x8xi8>, tensor<8x16xi8>) outs(%ci : tensor<4x16xi32>) -> tensor<4x16xi32>
    %2 = linalg.matmul indexing_maps = [#transposed, affine_map<(d0, d1, d2) -> (d2, d1)>, affine_map<(d0, d1, d2) -> (d0, d1)>] ins(%at, %b : tensor<8x4xf32>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
    %3 = linalg.matmul ins(%ah, %b : tensor<4x8xf16>, tensor<8x16xf32>) outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
    %4 = linalg.matmul ins(%ab, %bb : tensor<4x8xi1>, tensor<8x16xi1>) outs(%cb : tensor<4x16xi1>) -> tensor<4x16xi1>
    %5 = linalg.matmul ins(%ai, %b : tensor<4x8xi8>, tensor<8x16xf32>) outs(%ci : tensor<4x16xi32>) -> tensor<4x16xi32>
    %inserted_slice = tensor.insert_slice %a into %c[%i, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x16xf32>
    %6 = tensor.empty(%i) : tensor<?x16xf32>
    %7 = tensor.empty() : tensor<4x8xf32>
    %8 = arith.cmpf ogt, %a, %a : tensor<4x8xf32>
    %9 = arith.select %8, %a, %a : tensor<4x8xi1>, tensor<4x8xf32>
    %10 = arith.addf %a, %a fastmath<fast> : tensor<4x8xf32>
    %11 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"], doc = "copy", library_call = "f"} ins(%a : tensor<4x8xf32>) outs(%7 : tensor<4x8xf32>) attrs =  {acme.tag = 1 : i32} {
    ^bb0(%in: f32, %out: f32):
      %c2 = arith.constant 2 : i32
      %p = math.fpowi %in, %c2 : f32, i32
      %k0 = arith.cmpf olt, %p, %out : f32
      %s = arith.select %k0, %p, %out : f32
      %m = arith.mulf %s, %in : f32
      %x = arith.subi %c2, %n overflow<nsw> : i32
      %k = arith.cmpi slt, %x, %c2 : i32
      %j = linalg.index 1 : index
      %e = tensor.extract %t[%j, %j] : tensor<?x16xf32>
      %r = arith.maximumf %m, %e : f32
      linalg.yield %r : f32
    } -> tensor<4x8xf32>
    %12 = linalg.softmax dimension(1) ins(%a : tensor<4x8xf32>) outs(%7 : tensor<4x8xf32>) -> tensor<4x8xf32>
    return %0 : tensor<4x16xf32>
  }
}
