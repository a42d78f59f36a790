// RUN: --inexact --verify-by-execution --passes decompose_layer_norm
// native_layer_norm with weight and bias over the last dim, without them
// over the last two (dims listed from the last); one whose mean is used
// keeps its op, and so does an f16 one. Inexact rules: proven within the
// tolerance.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<3x4xf16>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x1xf32>, tensor<3x4xf16>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3x4xf32>, %w: tensor<4xf32>, %b: tensor<4xf32>, %h: tensor<3x4xf16>):
    %0:3 = "aten.native_layer_norm"(%x, %w, %b) <{eps = 1.000000e-05 : f64, normalized_shape = array<i64: 4>}> : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>)
    %1:3 = "aten.native_layer_norm"(%x) <{eps = 1.000000e-05 : f64, normalized_shape = array<i64: 3, 4>}> : (tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<2x1x1xf32>, tensor<2x1x1xf32>)
    %2:3 = "aten.native_layer_norm"(%x, %w, %b) <{eps = 1.000000e-05 : f64, normalized_shape = array<i64: 4>}> : (tensor<2x3x4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x1xf32>, tensor<2x3x1xf32>)
    %3:3 = "aten.native_layer_norm"(%h) <{eps = 1.000000e-05 : f64, normalized_shape = array<i64: 4>}> : (tensor<3x4xf16>) -> (tensor<3x4xf16>, tensor<3x1xf32>, tensor<3x1xf32>)
    "func.return"(%0#0, %1#0, %2#0, %2#1, %3#0) : (tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<2x3x1xf32>, tensor<3x4xf16>) -> ()
  }) : () -> ()
}) : () -> ()
