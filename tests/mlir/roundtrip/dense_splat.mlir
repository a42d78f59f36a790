// Splat and list dense constants: bools, negative ints, floats, nested lists, rank 0, empty.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = () -> (tensor<2x3xi1>, tensor<4xi32>, tensor<2x2xf32>, tensor<f32>, tensor<0xi32>, tensor<3xui8>, tensor<2x2x2xi8>), sym_name = "consts"}> ({
    %0 = "tosa.const"() <{values = dense<true> : tensor<2x3xi1>}> : () -> tensor<2x3xi1>
    %1 = "tosa.const"() <{values = dense<[-1, 2, -2147483648, 2147483647]> : tensor<4xi32>}> : () -> tensor<4xi32>
    %2 = "tosa.const"() <{values = dense<[[1.500000e+00, -2.250000e+00], [3.000000e+10, 1.000000e-10]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
    %3 = "tosa.const"() <{values = dense<-0.000000e+00> : tensor<f32>}> : () -> tensor<f32>
    %4 = "arith.constant"() <{value = dense<> : tensor<0xi32>}> : () -> tensor<0xi32>
    %5 = "tosa.const"() <{values = dense<[0, 128, 255]> : tensor<3xui8>}> : () -> tensor<3xui8>
    %6 = "tosa.const"() <{values = dense<[[[1, 2], [3, 4]], [[-5, -6], [-7, -8]]]> : tensor<2x2x2xi8>}> : () -> tensor<2x2x2xi8>
    "func.return"(%0, %1, %2, %3, %4, %5, %6) : (tensor<2x3xi1>, tensor<4xi32>, tensor<2x2xf32>, tensor<f32>, tensor<0xi32>, tensor<3xui8>, tensor<2x2x2xi8>) -> ()
  }) : () -> ()
}) : () -> ()

