// Transformer projection: reshape to 3D, batched matmul, bias add, reshape back.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x8x16xf32>) -> tensor<2x8x32xf32>, sym_name = "proj"}> ({
  ^bb0(%arg0: tensor<2x8x16xf32>):
    %0 = "tosa.const"() <{values = dense<6.250000e-02> : tensor<1x16x32xf32>}> : () -> tensor<1x16x32xf32>
    %1 = "tosa.const_shape"() <{values = dense<[1, 16, 16]> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %2 = "tosa.reshape"(%arg0, %1) : (tensor<2x8x16xf32>, !tosa.shape<3>) -> tensor<1x16x16xf32>
    %3 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %4 = "tosa.matmul"(%2, %0, %3, %3) : (tensor<1x16x16xf32>, tensor<1x16x32xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x16x32xf32>
    %5 = "tosa.const"() <{values = dense<1.000000e-01> : tensor<1x1x32xf32>}> : () -> tensor<1x1x32xf32>
    %6 = "tosa.add"(%4, %5) : (tensor<1x16x32xf32>, tensor<1x1x32xf32>) -> tensor<1x16x32xf32>
    %7 = "tosa.const_shape"() <{values = dense<[2, 8, 32]> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %8 = "tosa.reshape"(%6, %7) : (tensor<1x16x32xf32>, !tosa.shape<3>) -> tensor<2x8x32xf32>
    "func.return"(%8) : (tensor<2x8x32xf32>) -> ()
  }) : () -> ()
}) : () -> ()

