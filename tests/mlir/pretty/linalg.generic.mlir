#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#map3 = affine_map<(d0, d1, d2) -> (d2, d0)>
#map4 = affine_map<(d0, d1) -> (d0, d1)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>, tensor<4x8xi8>, tensor<8x16xi8>, tensor<4x16xi32>, index, tensor<?x16xf32>, tensor<8x4xf32>, tensor<4x8xf16>, tensor<4x8xi1>, tensor<8x16xi1>, tensor<4x16xi1>, i32) -> tensor<4x16xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4x8xf32>, %arg1: tensor<8x16xf32>, %arg2: tensor<4x16xf32>, %arg3: tensor<4x8xi8>, %arg4: tensor<8x16xi8>, %arg5: tensor<4x16xi32>, %arg6: index, %arg7: tensor<?x16xf32>, %arg8: tensor<8x4xf32>, %arg9: tensor<4x8xf16>, %arg10: tensor<4x8xi1>, %arg11: tensor<8x16xi1>, %arg12: tensor<4x16xi1>, %arg13: i32):
    %0 = "linalg.matmul"(%arg0, %arg1, %arg2) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg31: f32, %arg32: f32, %arg33: f32):
      %39 = "arith.mulf"(%arg31, %arg32) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %40 = "arith.addf"(%arg33, %39) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%40) : (f32) -> ()
    }) : (tensor<4x8xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %1 = "linalg.matmul"(%arg3, %arg4, %arg5) <{cast = #linalg.type_fn<cast_unsigned>, indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg28: i8, %arg29: i8, %arg30: i32):
      %35 = "arith.extui"(%arg28) : (i8) -> i32
      %36 = "arith.extui"(%arg29) : (i8) -> i32
      %37 = "arith.muli"(%35, %36) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %38 = "arith.addi"(%arg30, %37) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "linalg.yield"(%38) : (i32) -> ()
    }) : (tensor<4x8xi8>, tensor<8x16xi8>, tensor<4x16xi32>) -> tensor<4x16xi32>
    %2 = "linalg.matmul"(%arg8, %arg1, %arg2) <{indexing_maps = [#map3, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg25: f32, %arg26: f32, %arg27: f32):
      %33 = "arith.mulf"(%arg25, %arg26) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %34 = "arith.addf"(%arg27, %33) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%34) : (f32) -> ()
    }) : (tensor<8x4xf32>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %3 = "linalg.matmul"(%arg9, %arg1, %arg2) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg22: f16, %arg23: f32, %arg24: f32):
      %30 = "arith.extf"(%arg22) : (f16) -> f32
      %31 = "arith.mulf"(%30, %arg23) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %32 = "arith.addf"(%arg24, %31) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%32) : (f32) -> ()
    }) : (tensor<4x8xf16>, tensor<8x16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
    %4 = "linalg.matmul"(%arg10, %arg11, %arg12) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg19: i1, %arg20: i1, %arg21: i1):
      %28 = "arith.andi"(%arg19, %arg20) : (i1, i1) -> i1
      %29 = "arith.ori"(%arg21, %28) : (i1, i1) -> i1
      "linalg.yield"(%29) : (i1) -> ()
    }) : (tensor<4x8xi1>, tensor<8x16xi1>, tensor<4x16xi1>) -> tensor<4x16xi1>
    %5 = "linalg.matmul"(%arg3, %arg1, %arg5) <{indexing_maps = [#map, #map1, #map2], operandSegmentSizes = array<i32: 2, 1>}> ({
    ^bb0(%arg16: i8, %arg17: f32, %arg18: i32):
      %24 = "arith.extsi"(%arg16) : (i8) -> i32
      %25 = "arith.fptosi"(%arg17) : (f32) -> i32
      %26 = "arith.muli"(%24, %25) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      %27 = "arith.addi"(%arg18, %26) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
      "linalg.yield"(%27) : (i32) -> ()
    }) : (tensor<4x8xi8>, tensor<8x16xf32>, tensor<4x16xi32>) -> tensor<4x16xi32>
    %6 = "tensor.insert_slice"(%arg0, %arg2, %arg6) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 8>, static_strides = array<i64: 1, 1>}> : (tensor<4x8xf32>, tensor<4x16xf32>, index) -> tensor<4x16xf32>
    %7 = "tensor.empty"(%arg6) : (index) -> tensor<?x16xf32>
    %8 = "tensor.empty"() : () -> tensor<4x8xf32>
    %9 = "arith.cmpf"(%arg0, %arg0) <{fastmath = #arith.fastmath<none>, predicate = 2 : i64}> : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xi1>
    %10 = "arith.select"(%9, %arg0, %arg0) : (tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %11 = "arith.addf"(%arg0, %arg0) <{fastmath = #arith.fastmath<fast>}> : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %12 = "linalg.generic"(%arg0, %8) <{doc = "copy", indexing_maps = [#map4, #map4], iterator_types = [#linalg.iterator_type<parallel>, #linalg.iterator_type<parallel>], library_call = "f", operandSegmentSizes = array<i32: 1, 1>}> ({
    ^bb0(%arg14: f32, %arg15: f32):
      %14 = "arith.constant"() <{value = 2 : i32}> : () -> i32
      %15 = "math.fpowi"(%arg14, %14) <{fastmath = #arith.fastmath<none>}> : (f32, i32) -> f32
      %16 = "arith.cmpf"(%15, %arg15) <{fastmath = #arith.fastmath<none>, predicate = 4 : i64}> : (f32, f32) -> i1
      %17 = "arith.select"(%16, %15, %arg15) : (i1, f32, f32) -> f32
      %18 = "arith.mulf"(%17, %arg14) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      %19 = "arith.subi"(%14, %arg13) <{overflowFlags = #arith.overflow<nsw>}> : (i32, i32) -> i32
      %20 = "arith.cmpi"(%19, %14) <{predicate = 2 : i64}> : (i32, i32) -> i1
      %21 = "linalg.index"() <{dim = 1 : i64}> : () -> index
      %22 = "tensor.extract"(%arg7, %21, %21) : (tensor<?x16xf32>, index, index) -> f32
      %23 = "arith.maximumf"(%18, %22) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
      "linalg.yield"(%23) : (f32) -> ()
    }) {acme.tag = 1 : i32} : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    %13 = "linalg.softmax"(%arg0, %8) <{dimension = 1 : i64}> : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32>
    "func.return"(%0) : (tensor<4x16xf32>) -> ()
  }) : () -> ()
}) : () -> ()

