// RUN: --target xnnpack --verify-by-execution
// add.Tensor(x, y, alpha = 2) = x + 2 * y: decompose_add_alpha makes a
// mul.Scalar, which lift_scalar_mul then lifts. Near misses: alpha = 1,
// alpha absent, and an i32 y added to an f32 x (torch scales y in f32).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<3xf32>, tensor<3xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "main"}> ({
  ^bb0(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %z: tensor<3xi32>):
    %0 = "aten.add.Tensor"(%x, %y) <{alpha = 2 : i64}> : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %1 = "aten.add.Tensor"(%x, %y) <{alpha = 1 : i64}> : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %2 = "aten.add.Tensor"(%x, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
    %3 = "aten.add.Tensor"(%x, %z) <{alpha = 3 : i64}> : (tensor<2x3xf32>, tensor<3xi32>) -> tensor<2x3xf32>
    "func.return"(%0, %1, %2, %3) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
