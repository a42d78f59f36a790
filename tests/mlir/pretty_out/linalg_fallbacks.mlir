// Upstream ops read in code whose custom form would not read back as the
// same op: --emit=pretty prints them generically. A matmul whose body is
// not the default one, ops lacking a property their custom form implies
// (fastmath, overflowFlags), a cmpi with an unknown predicate, a slice
// whose segment sizes disagree with its lists. (A generic op with an
// attribute name that needs quotes keeps its custom form.)
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0) -> (d0)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>, i32, tensor<4xf32>, tensor<8xf32>) -> (), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<4x16xf32>, %arg3: i32, %arg4: tensor<4xf32>, %arg5: tensor<8xf32>):
    %0 = "linalg.matmul"(%arg0, %arg1, %arg2) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg6: f32, %arg7: f32, %arg8: f32):
      %1 = "arith.mulf"(%arg6, %arg7) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %2 = "arith.subf"(%arg8, %1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%2) : (f32) -> ()
    }) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %3 = "arith.addf"(%arg4, %arg4) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    %4 = "arith.addi"(%arg3, %arg3) : (i32, i32) -> i32
    %5 = "arith.cmpi"(%arg3, %arg3) <{predicate = 12 : i64}> : (i32, i32) -> i1
    %6 = "linalg.generic"(%arg4) <{indexing_maps = [#map3], iterator_types = [#linalg.iterator_type<parallel>], operandSegmentSizes = array<i32: 0, 1>}> ({
    ^bb0(%arg9: f32):
      "linalg.yield"(%arg9) : (f32) -> ()
    }) {"odd key"} : (tensor<4xf32>) -> tensor<4xf32>
    %7 = "tensor.insert_slice"(%arg4, %arg5) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: 2>, static_sizes = array<i64: 4>, static_strides = array<i64: 1>}> : (tensor<4xf32>, tensor<8xf32>) -> tensor<8xf32>
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
