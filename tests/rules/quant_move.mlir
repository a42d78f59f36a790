// RUN: --target ethos-u55
// FIRES: canonicalize.reshape_const=1 canonicalize.fold=1 canonicalize.reverse_unit=1 canonicalize.select_false=1 fuse_transposes.fold_const=0
// EXEC
// Quantized element types (!quant.uniform) on constants and values: ops
// that only move elements of one per-tensor quantized type fold, and the
// folded constant keeps that type while its dense values stay the i8
// storage. After the quantized cases of MLIR's TOSA canonicalize.mlir
// (reshape_canonicalize_quant_nofold, transpose_canonicalize_strip_quant,
// reverse_quant_fold, select_quant_fold) and the per-axis case of
// tosa-layerwise-constant-fold.mlir (transpose_nofold_quantized_types).
// Refused: a transpose of a per-axis constant (each element's scale is
// the one of its channel, and the channel axis moves), and the argument
// through the same ops, which the interpreter runs on its i8 storage.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x!quant.uniform<i8:f32, 2.5E-2:-7>>) -> (tensor<3x1x!quant.uniform<i8:f32, 2.5E-2:-7>>, tensor<3x2x!quant.uniform<i8:f32, 2.5E-2:-7>>, tensor<1x!quant.uniform<i8:f32, 2.5E-2:-7>>, tensor<!quant.uniform<i8:f32, 2.5E-2:-7>>, tensor<1x2x2x1x!quant.uniform<i8<-127:127>:f32:3, {5.0E-2,2.0E-1}>>, tensor<3x2x!quant.uniform<i8:f32, 2.5E-2:-7>>, tensor<2x3x!quant.uniform<i8:f32, 2.5E-2:-7>>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x!quant.uniform<i8:f32, 2.5E-2:-7>>):
    %0 = "tosa.const"() <{values = dense<[4, -5, 6]> : tensor<3xi8>}> : () -> tensor<3x!quant.uniform<i8:f32, 2.5E-2:-7>>
    %1 = "tosa.const_shape"() <{values = dense<[3, 1]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %2 = "tosa.reshape"(%0, %1) : (tensor<3x!quant.uniform<i8:f32, 2.5E-2:-7>>, !tosa.shape<2>) -> tensor<3x1x!quant.uniform<i8:f32, 2.5E-2:-7>>
    %3 = "tosa.const"() <{values = dense<[[1, 2, 3], [-4, -5, -6]]> : tensor<2x3xi8>}> : () -> tensor<2x3x!quant.uniform<i8:f32, 2.5E-2:-7>>
    %4 = "tosa.transpose"(%3) <{perms = array<i32: 1, 0>}> : (tensor<2x3x!quant.uniform<i8:f32, 2.5E-2:-7>>) -> tensor<3x2x!quant.uniform<i8:f32, 2.5E-2:-7>>
    %5 = "tosa.const"() <{values = dense<9> : tensor<1xi8>}> : () -> tensor<1x!quant.uniform<i8:f32, 2.5E-2:-7>>
    %6 = "tosa.reverse"(%5) <{axis = 0 : i32}> : (tensor<1x!quant.uniform<i8:f32, 2.5E-2:-7>>) -> tensor<1x!quant.uniform<i8:f32, 2.5E-2:-7>>
    %7 = "tosa.const"() <{values = dense<false> : tensor<i1>}> : () -> tensor<i1>
    %8 = "tosa.const"() <{values = dense<-3> : tensor<i8>}> : () -> tensor<!quant.uniform<i8:f32, 2.5E-2:-7>>
    %9 = "tosa.const"() <{values = dense<100> : tensor<i8>}> : () -> tensor<!quant.uniform<i8:f32, 2.5E-2:-7>>
    %10 = "tosa.select"(%7, %8, %9) : (tensor<i1>, tensor<!quant.uniform<i8:f32, 2.5E-2:-7>>, tensor<!quant.uniform<i8:f32, 2.5E-2:-7>>) -> tensor<!quant.uniform<i8:f32, 2.5E-2:-7>>
    %11 = "tosa.const"() <{values = dense<[[[[-127, 127]]], [[[5, -5]]]]> : tensor<2x1x1x2xi8>}> : () -> tensor<2x1x1x2x!quant.uniform<i8<-127:127>:f32:3, {5.0E-2,2.0E-1}>>
    %12 = "tosa.transpose"(%11) <{perms = array<i32: 1, 3, 0, 2>}> : (tensor<2x1x1x2x!quant.uniform<i8<-127:127>:f32:3, {5.0E-2,2.0E-1}>>) -> tensor<1x2x2x1x!quant.uniform<i8<-127:127>:f32:3, {5.0E-2,2.0E-1}>>
    %13 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3x!quant.uniform<i8:f32, 2.5E-2:-7>>) -> tensor<3x2x!quant.uniform<i8:f32, 2.5E-2:-7>>
    %14 = "tosa.reverse"(%arg0) <{axis = 1 : i32}> : (tensor<2x3x!quant.uniform<i8:f32, 2.5E-2:-7>>) -> tensor<2x3x!quant.uniform<i8:f32, 2.5E-2:-7>>
    "func.return"(%2, %4, %6, %10, %12, %13, %14) : (tensor<3x1x!quant.uniform<i8:f32, 2.5E-2:-7>>, tensor<3x2x!quant.uniform<i8:f32, 2.5E-2:-7>>, tensor<1x!quant.uniform<i8:f32, 2.5E-2:-7>>, tensor<!quant.uniform<i8:f32, 2.5E-2:-7>>, tensor<1x2x2x1x!quant.uniform<i8<-127:127>:f32:3, {5.0E-2,2.0E-1}>>, tensor<3x2x!quant.uniform<i8:f32, 2.5E-2:-7>>, tensor<2x3x!quant.uniform<i8:f32, 2.5E-2:-7>>) -> ()
  }) : () -> ()
}) : () -> ()
