// The random graph of `rgdiff --seed 71056` (its generator at e1e3f87):
// fuse_transposes did not terminate on it (sink_binary_left_value and
// _right_value took turns with inverse_pair). tests/suites/fixpoint.sh
"builtin.module"() ({
  "func.func"() <{sym_name = "main", function_type = (tensor<2x2xf32>, tensor<3x4x1xi32>, tensor<1x1x1xi32>) -> (tensor<2x2xf32>, tensor<2x2xf32>, tensor<3x4x1xi1>)}> ({
  ^bb0(%arg0: tensor<2x2xf32>, %arg1: tensor<3x4x1xi32>, %arg2: tensor<1x1x1xi32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 1>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %1 = "tosa.floor"(%0) : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %2 = "tosa.transpose"(%0) <{perms = array<i32: 0, 1>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %3 = "tosa.transpose"(%2) <{perms = array<i32: 1, 0>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %4 = "tosa.add"(%3, %3) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %5 = "tosa.transpose"(%4) <{perms = array<i32: 0, 1>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %6 = "tosa.transpose"(%2) <{perms = array<i32: 0, 1>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %7 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %8 = "tosa.mul"(%5, %6, %7) : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<1xi8>) -> tensor<2x2xf32>
    %9 = "tosa.transpose"(%8) <{perms = array<i32: 0, 1>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %10 = "tosa.transpose"(%arg1) <{perms = array<i32: 1, 0, 2>}> : (tensor<3x4x1xi32>) -> tensor<4x3x1xi32>
    %11 = "tosa.equal"(%10, %arg2) : (tensor<4x3x1xi32>, tensor<1x1x1xi32>) -> tensor<4x3x1xi1>
    %12 = "tosa.transpose"(%11) <{perms = array<i32: 1, 0, 2>}> : (tensor<4x3x1xi1>) -> tensor<3x4x1xi1>
    %13 = "tosa.transpose"(%9) <{perms = array<i32: 1, 0>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %14 = "tosa.const"() <{values = dense<[[-0.25, -0.375], [-1.5, -3.0]]> : tensor<2x2xf32>}> : () -> tensor<2x2xf32>
    %15 = "tosa.transpose"(%14) <{perms = array<i32: 1, 0>}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %16 = "tosa.add"(%15, %13) : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
    %17 = "tosa.identity"(%1) : (tensor<2x2xf32>) -> tensor<2x2xf32>
    %18 = "tosa.concat"(%17) <{axis = 0 : i32}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
    "func.return"(%18, %16, %12) : (tensor<2x2xf32>, tensor<2x2xf32>, tensor<3x4x1xi1>) -> ()
  }) : () -> ()
}) : () -> ()

