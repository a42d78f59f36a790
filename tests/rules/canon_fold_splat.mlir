// RUN: --passes canonicalize --fold-limit 8
// FIRES: canonicalize.fold=3
// EXEC
// An elementwise op whose constant operands each hold one value gives one
// value everywhere: folded however large the result (computed on one
// element, stored as a splat), as MLIR's canonicalize.mlir
// `fold_reciprocal` does on a 3x600x1200 splat of 116.0. Also a
// reciprocal of +0.0 (+inf, exact) and a broadcast add of two splats.
// Refused: a reciprocal of a 12-element constant that is not a splat
// stays over --fold-limit 8 (the splats above are over it too); an add of a splat and an argument. canon_fold_splat_novalue: splats
// whose op has no value.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x8xf32>) -> (tensor<3x600x1200xf32>, tensor<2x3xf32>, tensor<4x4xi32>, tensor<3x600x1200xf32>, tensor<3x4xf32>, tensor<1x8xf32>), sym_name = "fold_reciprocal"}> ({
  ^bb0(%arg0: tensor<1x8xf32>):
    %0 = "tosa.const"() <{values = dense<116.0> : tensor<3x600x1200xf32>}> : () -> tensor<3x600x1200xf32>
    %1 = "tosa.reciprocal"(%0) : (tensor<3x600x1200xf32>) -> tensor<3x600x1200xf32>
    %2 = "tosa.const"() <{values = dense<0.0> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
    %3 = "tosa.reciprocal"(%2) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %4 = "tosa.const"() <{values = dense<7> : tensor<4x4xi32>}> : () -> tensor<4x4xi32>
    %5 = "tosa.const"() <{values = dense<-9> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %6 = "tosa.add"(%4, %5) : (tensor<4x4xi32>, tensor<1x1xi32>) -> tensor<4x4xi32>
    %7 = "tosa.const"() <{values = dense<[[1.0, 2.0, 3.0, 4.0], [5.0, 6.0, 7.0, 8.0], [9.0, 10.0, 11.0, 12.0]]> : tensor<3x4xf32>}> : () -> tensor<3x4xf32>
    %8 = "tosa.reciprocal"(%7) : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %9 = "tosa.const"() <{values = dense<2.0> : tensor<1x8xf32>}> : () -> tensor<1x8xf32>
    %10 = "tosa.add"(%9, %arg0) : (tensor<1x8xf32>, tensor<1x8xf32>) -> tensor<1x8xf32>
    "func.return"(%1, %3, %6, %0, %8, %10) : (tensor<3x600x1200xf32>, tensor<2x3xf32>, tensor<4x4xi32>, tensor<3x600x1200xf32>, tensor<3x4xf32>, tensor<1x8xf32>) -> ()
  }) : () -> ()
}) : () -> ()
