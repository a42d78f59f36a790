// RUN: --target ethos-u55
// REWRITES: 0
// A product of quantized values is left alone, a product of constants
// (after MLIR's TOSA canonicalize.mlir case mul_quant_nofold) and x * 1
// of a quantized x alike: 1 is a storage value, standing for
// (1 - zp) * scale, and the result's scale is the product of the scales.
// Not run by execution: the interpreter multiplies integers into i32 only
// (TOSA 1.0), and MLIR 22 also accepts an i8 quantized result.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>) -> (tensor<1x!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>):
    %0 = "tosa.const"() <{values = dense<3> : tensor<1xi8>}> : () -> tensor<1x!quant.uniform<i8:f32, 3.0E-2:-128>>
    %1 = "tosa.const"() <{values = dense<2> : tensor<1xi8>}> : () -> tensor<1x!quant.uniform<i8:f32, 3.0E-2:-128>>
    %2 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.mul"(%0, %1, %2) : (tensor<1x!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<1x!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<1xi8>) -> tensor<1x!quant.uniform<i8:f32, 3.0E-2:-128>>
    %4 = "tosa.const"() <{values = dense<1> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>
    %5 = "tosa.mul"(%arg0, %4, %2) : (tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<1xi8>) -> tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>
    "func.return"(%3, %5) : (tensor<1x!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>) -> ()
  }) : () -> ()
}) : () -> ()
