// RUN: --target xnnpack --verify-by-execution
// i32 * 3 keeps i32: lifted to an i32 constant. i32 * 2.0 promotes to f32
// (torch.result_type): the op does not keep its dtype, NOT lifted. i8 * 300:
// 300 does not fit i8, NOT lifted.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi32>, tensor<3xi8>) -> (tensor<2x3xi32>, tensor<2x3xf32>, tensor<3xi8>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xi32>, %y: tensor<3xi8>):
    %0 = "aten.mul.Scalar"(%x) <{other = 3 : i64}> : (tensor<2x3xi32>) -> tensor<2x3xi32>
    %1 = "aten.mul.Scalar"(%x) <{other = 2.000000e+00 : f64}> : (tensor<2x3xi32>) -> tensor<2x3xf32>
    %2 = "aten.mul.Scalar"(%y) <{other = 300 : i64}> : (tensor<3xi8>) -> tensor<3xi8>
    "func.return"(%0, %1, %2) : (tensor<2x3xi32>, tensor<2x3xf32>, tensor<3xi8>) -> ()
  }) : () -> ()
}) : () -> ()
