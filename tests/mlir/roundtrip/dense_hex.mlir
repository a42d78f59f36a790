// Dense constants in hex form for several element types (mlir-opt prints large constants as hex; small ones it prints as lists).
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = () -> (tensor<16xi8>, tensor<8xi16>, tensor<8xf16>, tensor<8xbf16>, tensor<8xf32>, tensor<4xi64>), sym_name = "consts"}> ({
    %0 = "tosa.const"() <{values = dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]> : tensor<16xi8>}> : () -> tensor<16xi8>
    %1 = "tosa.const"() <{values = dense<[1, -1, 2, -32768, 32767, 3, 4, 5]> : tensor<8xi16>}> : () -> tensor<8xi16>
    %2 = "tosa.const"() <{values = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00]> : tensor<8xf16>}> : () -> tensor<8xf16>
    %3 = "tosa.const"() <{values = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 4.968750e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00]> : tensor<8xbf16>}> : () -> tensor<8xbf16>
    %4 = "tosa.const"() <{values = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, -4.000000e+00, 0x7F800000, 0x7FC00000, 0.000000e+00]> : tensor<8xf32>}> : () -> tensor<8xf32>
    %5 = "tosa.const"() <{values = dense<[1, -1, -9223372036854775808, 2]> : tensor<4xi64>}> : () -> tensor<4xi64>
    "func.return"(%0, %1, %2, %3, %4, %5) : (tensor<16xi8>, tensor<8xi16>, tensor<8xf16>, tensor<8xbf16>, tensor<8xf32>, tensor<4xi64>) -> ()
  }) : () -> ()
}) : () -> ()

