#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d2, d0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
module {
  func.func @f(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<4x16xf32>, %arg3: tensor<4x8xi8>, %arg4: tensor<8x16xi8>, %arg5: tensor<4x16xi32>, %arg6: index, %arg7: tensor<?x16xf32>, %arg8: tensor<8x4xf32>, %arg9: tensor<4x8xf16>, %arg10: tensor<4x8xi1>, %arg11: tensor<8x16xi1>, %arg12: tensor<4x16xi1>, %arg13: i32) -> tensor<4x16xf32> {
    %0 = linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %1 = linalg.matmul {cast = #linalg.type_fn<cast_unsigned>} ins(%arg3, %arg4 : tensor<4x8xi8>, tensor<8x16xi8>) outs(%arg5 : tensor<4x16xi32>) -> tensor<4x16xi32>
    %2 = linalg.matmul indexing_maps = [#map3, #map1, #map2] ins(%arg8, %arg1 : tensor<8x4xf32>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %3 = linalg.matmul ins(%arg9, %arg1 : tensor<4x8xf16>, tensor<8x16xf32>) outs(%arg2 : tensor<4x16xf32>) -> tensor<4x16xf32>
    %4 = linalg.matmul ins(%arg10, %arg11 : tensor<4x8xi1>, tensor<8x16xi1>) outs(%arg12 : tensor<4x16xi1>) -> tensor<4x16xi1>
    %5 = linalg.matmul ins(%arg3, %arg1 : tensor<4x8xi8>, tensor<8x16xf32>) outs(%arg5 : tensor<4x16xi32>) -> tensor<4x16xi32>
    %6 = tensor.insert_slice %arg0 into %arg2[%arg6, 0] [4, 8] [1, 1] : tensor<4x8xf32> into tensor<4x16xf32>
    %7 = tensor.empty(%arg6) : tensor<?x16xf32>
    %8 = tensor.empty() : tensor<4x8xf32>
    %9 = arith.cmpf ogt, %arg0, %arg0 : tensor<4x8xf32>
    %10 = arith.select %9, %arg0, %arg0 : tensor<4x8xi1>, tensor<4x8xf32>
    %11 = arith.addf %arg0, %arg0 fastmath<fast> : tensor<4x8xf32>
    %12 = linalg.generic {doc = "copy", indexing_maps = [#map4, #map4], iterator_types = ["parallel", "parallel"], library_call = "f"} ins(%arg0 : tensor<4x8xf32>) outs(%8 : tensor<4x8xf32>) attrs = {acme.tag = 1 : i32} {
    ^bb0(%arg14: f32, %arg15: f32):
      %14 = arith.constant 2 : i32
      %15 = math.fpowi %arg14, %14 : f32, i32
      %16 = arith.cmpf olt, %15, %arg15 : f32
      %17 = arith.select %16, %15, %arg15 : f32
      %18 = arith.mulf %17, %arg14 : f32
      %19 = arith.subi %14, %arg13 overflow<nsw> : i32
      %20 = arith.cmpi slt, %19, %14 : i32
      %21 = linalg.index 1 : index
      %22 = tensor.extract %arg7[%21, %21] : tensor<?x16xf32>
      %23 = arith.maximumf %18, %22 : f32
      linalg.yield %23 : f32
    } -> tensor<4x8xf32>
    %13 = linalg.softmax dimension(1) ins(%arg0 : tensor<4x8xf32>) outs(%8 : tensor<4x8xf32>) -> tensor<4x8xf32>
    return %0 : tensor<4x16xf32>
  }
}

