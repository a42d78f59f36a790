// docs/examples/my_npu/graphs/clamp_floor.mlir - f32 CLAMPs to [0.5, inf), one
// without nan_mode (PROPAGATE) and one that IGNOREs NaN: the my_npu
// pipeline makes a my_npu.max_floor of each, its floor broadcast.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>), sym_name = "clamp_floor"}> ({
  ^bb0(%arg0: tensor<2x3x4xf32>):
    %0 = "tosa.clamp"(%arg0) <{max_val = 0x7F800000 : f32, min_val = 5.000000e-01 : f32}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    %1 = "tosa.clamp"(%arg0) <{max_val = 0x7F800000 : f32, min_val = 5.000000e-01 : f32, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
    "func.return"(%0, %1) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
