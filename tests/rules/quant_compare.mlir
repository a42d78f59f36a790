// RUN: --target ethos-u55
// FIRES: canonicalize.fold=4
// EXEC
// Comparisons of two constants of one per-tensor quantized type fold to
// i1 constants: the scale is positive and the zero point is shared, so
// the storage integers are ordered as the values they stand for. After
// MLIR's TOSA canonicalize.mlir cases greater_quant_fold,
// greater_equal_quant_fold and equal_quant_fold, here with two different
// constants, and one constant compared with itself (its `values` spelled
// as an attribute, not a property, as those cases do). Refused: constants of a per-axis type (each row has its own
// scale, so 5 in row 0 may stand for less than 2 in row 1).
"builtin.module"() ({
  "func.func"() <{function_type = () -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<2xi1>, tensor<i1>), sym_name = "f"}> ({
    %0 = "tosa.const"() <{values = dense<[-128, 0, 127]> : tensor<3xi8>}> : () -> tensor<3x!quant.uniform<i8:f32, 3.0E-2:-128>>
    %1 = "tosa.const"() <{values = dense<0> : tensor<3xi8>}> : () -> tensor<3x!quant.uniform<i8:f32, 3.0E-2:-128>>
    %2 = "tosa.greater"(%0, %1) : (tensor<3x!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<3x!quant.uniform<i8:f32, 3.0E-2:-128>>) -> tensor<3xi1>
    %3 = "tosa.greater_equal"(%0, %1) : (tensor<3x!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<3x!quant.uniform<i8:f32, 3.0E-2:-128>>) -> tensor<3xi1>
    %4 = "tosa.equal"(%0, %1) : (tensor<3x!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<3x!quant.uniform<i8:f32, 3.0E-2:-128>>) -> tensor<3xi1>
    %5 = "tosa.const"() <{values = dense<[5, 1]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32:0, {1.0E-1,3.0E-1}>>
    %6 = "tosa.const"() <{values = dense<[2, 3]> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32:0, {1.0E-1,3.0E-1}>>
    %7 = "tosa.greater"(%5, %6) : (tensor<2x!quant.uniform<i8:f32:0, {1.0E-1,3.0E-1}>>, tensor<2x!quant.uniform<i8:f32:0, {1.0E-1,3.0E-1}>>) -> tensor<2xi1>
    %8 = "tosa.const"() {values = dense<-9> : tensor<i8>} : () -> tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>
    %9 = "tosa.greater_equal"(%8, %8) : (tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>) -> tensor<i1>
    "func.return"(%2, %3, %4, %7, %9) : (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<2xi1>, tensor<i1>) -> ()
  }) : () -> ()
}) : () -> ()
