// Weights stored in the file's resource section, referenced by dense_resource.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x4xf32>) -> tensor<2x4xf32>, sym_name = "weights"}> ({
  ^bb0(%arg0: tensor<2x4xf32>):
    %0 = "tosa.const"() <{values = dense_resource<weights_0> : tensor<2x4xf32>}> : () -> tensor<2x4xf32>
    %1 = "tosa.const"() <{values = dense_resource<bias_0> : tensor<1x4xf32>}> : () -> tensor<1x4xf32>
    %2 = "tosa.add"(%arg0, %0) : (tensor<2x4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
    %3 = "tosa.add"(%2, %1) : (tensor<2x4xf32>, tensor<1x4xf32>) -> tensor<2x4xf32>
    "func.return"(%3) : (tensor<2x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

{-#
  dialect_resources: {
    builtin: {
      weights_0: "0x040000000000803F0000004000004040000080400000A0400000C0400000E04000000041",
      bias_0: "0x04000000CDCCCC3DCDCC4C3E9A99993ECDCCCC3E"
    }
  }
#-}

