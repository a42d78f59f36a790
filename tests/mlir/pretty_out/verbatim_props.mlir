// Properties the custom form leaves out (the reader rebuilds them) but
// spelled otherwise than rebuilt: the generic form prints such spellings
// back as read, so --emit=pretty keeps these ops generic. Segment sizes of
// i64 or without spaces, a predicate and dims not in decimal `N : i64`.
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>, i32, tensor<4xf32>, tensor<8xf32>) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<4x16xf32>, %arg3: i32, %arg4: tensor<4xf32>, %arg5: tensor<8xf32>):
    %0 = "linalg.matmul"(%arg0, %arg1, %arg2) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i64: 2, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %1 = "arith.mulf"(%arg6, %arg7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %2 = "arith.addf"(%arg8, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %3 = "linalg.matmul"(%arg0, %arg1, %arg2) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32:2,1>}> ({
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %4 = "arith.mulf"(%arg6, %arg7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %5 = "arith.addf"(%arg8, %4) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%5) : (f32) -> ()
    }) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %6 = "arith.cmpi"(%arg3, %arg3) <{predicate = 0x2 : i64}> : (i32, i32) -> i1
    %7 = "linalg.index"() <{dim = 1: i64}> : () -> index
    %8 = "tensor.insert_slice"(%arg4, %arg5) <{operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, static_offsets = array<i64:2>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>, tensor<8xf32>) -> tensor<8xf32>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
