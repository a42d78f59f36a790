// RUN: --target ethos-u55
// REWRITES: 0
// EXEC
// Arithmetic on quantized values is left alone: its result depends on
// how whatever reads the types rescales (a sum of two values at scale s
// is at scale 2s, a cast to another zero point shifts the integers), not
// on the storage integers alone, so no rule folds it as if it were
// integer arithmetic. After MLIR's TOSA canonicalize.mlir cases
// add_quant_nofold, sub_quant_nofold and cast_quant_nofold; also x + 0
// of a quantized x (0 is a storage value, standing for -zp * scale), and
// a constant with unsigned (u8) storage. The interpreter runs them on the
// storage integers.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>) -> (tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<!quant.uniform<i8:f32, 3.0E-2:5>>, tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<2x!quant.uniform<u8:f32, 5.0E-1:128>>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>):
    %0 = "tosa.const"() <{values = dense<20> : tensor<i8>}> : () -> tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>
    %1 = "tosa.add"(%0, %0) : (tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>) -> tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>
    %2 = "tosa.sub"(%0, %0) : (tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>) -> tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>
    %3 = "tosa.cast"(%0) : (tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>) -> tensor<!quant.uniform<i8:f32, 3.0E-2:5>>
    %4 = "tosa.const"() <{values = dense<0> : tensor<2xi8>}> : () -> tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>
    %5 = "tosa.add"(%arg0, %4) : (tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>) -> tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>
    %6 = "tosa.const"() <{values = dense<[0, 255]> : tensor<2xui8>}> : () -> tensor<2x!quant.uniform<u8:f32, 5.0E-1:128>>
    "func.return"(%1, %2, %3, %5, %6) : (tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<!quant.uniform<i8:f32, 3.0E-2:5>>, tensor<2x!quant.uniform<i8:f32, 3.0E-2:-128>>, tensor<2x!quant.uniform<u8:f32, 5.0E-1:128>>) -> ()
  }) : () -> ()
}) : () -> ()
