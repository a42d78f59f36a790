// RUN: --passes canonicalize,cleanup
// FIRES: canonicalize.add_zero=1 canonicalize.sub_zero=1 cleanup.mul_one=1 canonicalize.reduce_unit_sum=1 canonicalize.reduce_unit_minmax=2 canonicalize.reduce_unit_other=3 canonicalize.reverse_unit=1 canonicalize.pad_none=1 canonicalize.tile_ones=1 cleanup.reshape_noop=1
// Identities whose operands have `?` dims: the result has the input's
// type and the other operand cannot broadcast it up (each of its dims is
// 1 or equal to a static dim of x). After MLIR's TOSA canonicalize.mlir
// cases mul_one_dynamic_fold, reduce_*_fold, pad_noop and
// reshape_canonicalize. Refused: a zero of 2x3 added to an x of ?x3 (the
// result type says ?x3, but an x of 1x3 becomes 2x3: an unknown
// broadcast), a float x + +0.0 (x may be -0.0), a float sum over the unit
// axis (0.0 + -0.0 is +0.0; MLIR's reduce_sum_fold folds it), a max with
// nan_mode IGNORE (a lone NaN comes back canonical), reductions over the
// `?` axis, a pad of one element and a reshape of ?x?x10 by [-1, 2, 10]
// (MLIR's reshape_canonicalize_dyn_nofold). Not run by execution: the
// interpreter needs static shapes.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<?x3xi32>, tensor<?x17xf32>, tensor<?x1xf32>, tensor<?x1xi32>, tensor<?x?xf32>, tensor<?x10xf32>, tensor<?x?x10xf32>, tensor<?x1xi1>) -> (tensor<?x3xi32>, tensor<?x3xi32>, tensor<?x3xi32>, tensor<?x17xf32>, tensor<?x17xf32>, tensor<?x17xf32>, tensor<?x1xi32>, tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x1xi1>, tensor<?x1xi1>, tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x1xf32>, tensor<1x1xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x17xf32>, tensor<?x10xf32>, tensor<?x?x10xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<?x3xi32>, %arg1: tensor<?x17xf32>, %arg2: tensor<?x1xf32>, %arg3: tensor<?x1xi32>, %arg4: tensor<?x?xf32>, %arg5: tensor<?x10xf32>, %arg6: tensor<?x?x10xf32>, %arg7: tensor<?x1xi1>):
    %0 = "tosa.const"() <{values = dense<0> : tensor<1x3xi32>}> : () -> tensor<1x3xi32>
    %1 = "tosa.add"(%arg0, %0) : (tensor<?x3xi32>, tensor<1x3xi32>) -> tensor<?x3xi32>
    %2 = "tosa.sub"(%arg0, %0) : (tensor<?x3xi32>, tensor<1x3xi32>) -> tensor<?x3xi32>
    %3 = "tosa.const"() <{values = dense<0> : tensor<2x3xi32>}> : () -> tensor<2x3xi32>
    %4 = "tosa.add"(%arg0, %3) : (tensor<?x3xi32>, tensor<2x3xi32>) -> tensor<?x3xi32>
    %5 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %6 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %7 = "tosa.mul"(%arg1, %5, %6) : (tensor<?x17xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<?x17xf32>
    %8 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %9 = "tosa.add"(%arg1, %8) : (tensor<?x17xf32>, tensor<1x1xf32>) -> tensor<?x17xf32>
    %10 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<2x17xf32>}> : () -> tensor<2x17xf32>
    %11 = "tosa.mul"(%arg1, %10, %6) : (tensor<?x17xf32>, tensor<2x17xf32>, tensor<1xi8>) -> tensor<?x17xf32>
    %12 = "tosa.reduce_sum"(%arg3) <{axis = 1 : i32}> : (tensor<?x1xi32>) -> tensor<?x1xi32>
    %13 = "tosa.reduce_max"(%arg2) <{axis = 1 : i32}> : (tensor<?x1xf32>) -> tensor<?x1xf32>
    %14 = "tosa.reduce_min"(%arg2) <{axis = 1 : i32}> : (tensor<?x1xf32>) -> tensor<?x1xf32>
    %15 = "tosa.reduce_product"(%arg2) <{axis = 1 : i32}> : (tensor<?x1xf32>) -> tensor<?x1xf32>
    %16 = "tosa.reduce_all"(%arg7) <{axis = 1 : i32}> : (tensor<?x1xi1>) -> tensor<?x1xi1>
    %17 = "tosa.reduce_any"(%arg7) <{axis = 1 : i32}> : (tensor<?x1xi1>) -> tensor<?x1xi1>
    %18 = "tosa.reverse"(%arg2) <{axis = 1 : i32}> : (tensor<?x1xf32>) -> tensor<?x1xf32>
    %19 = "tosa.reduce_sum"(%arg2) <{axis = 1 : i32}> : (tensor<?x1xf32>) -> tensor<?x1xf32>
    %20 = "tosa.reduce_max"(%arg2) <{axis = 1 : i32, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<?x1xf32>) -> tensor<?x1xf32>
    %21 = "tosa.reduce_max"(%arg2) <{axis = 0 : i32}> : (tensor<?x1xf32>) -> tensor<1x1xf32>
    %22 = "tosa.const_shape"() <{values = dense<0> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %23 = "tosa.const"() <{values = dense<3.140000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %24 = "tosa.pad"(%arg4, %22, %23) : (tensor<?x?xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<?x?xf32>
    %25 = "tosa.const_shape"() <{values = dense<[1, 0, 0, 1]> : tensor<4xindex>}> : () -> !tosa.shape<4>
    %26 = "tosa.pad"(%arg4, %25, %23) : (tensor<?x?xf32>, !tosa.shape<4>, tensor<1xf32>) -> tensor<?x?xf32>
    %27 = "tosa.const_shape"() <{values = dense<1> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %28 = "tosa.tile"(%arg1, %27) : (tensor<?x17xf32>, !tosa.shape<2>) -> tensor<?x17xf32>
    %29 = "tosa.const_shape"() <{values = dense<[-1, 10]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %30 = "tosa.reshape"(%arg5, %29) : (tensor<?x10xf32>, !tosa.shape<2>) -> tensor<?x10xf32>
    %31 = "tosa.const_shape"() <{values = dense<[-1, 2, 10]> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %32 = "tosa.reshape"(%arg6, %31) : (tensor<?x?x10xf32>, !tosa.shape<3>) -> tensor<?x?x10xf32>
    "func.return"(%1, %2, %4, %7, %9, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %24, %26, %28, %30, %32) : (tensor<?x3xi32>, tensor<?x3xi32>, tensor<?x3xi32>, tensor<?x17xf32>, tensor<?x17xf32>, tensor<?x17xf32>, tensor<?x1xi32>, tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x1xi1>, tensor<?x1xi1>, tensor<?x1xf32>, tensor<?x1xf32>, tensor<?x1xf32>, tensor<1x1xf32>, tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x17xf32>, tensor<?x10xf32>, tensor<?x?x10xf32>) -> ()
  }) : () -> ()
}) : () -> ()
