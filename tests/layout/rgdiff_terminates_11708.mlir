// The random graph of `rgdiff --seed 11708` (its generator at e1e3f87):
// fuse_transposes did not terminate on it (sink_binary_left_value and
// _right_value took turns with inverse_pair). tests/suites/fixpoint.sh
"builtin.module"() ({
  "func.func"() <{sym_name = "main", function_type = (tensor<3x1xi16>, tensor<3x1xi16>, tensor<3x1xi16>, tensor<1x1xi16>, tensor<2x3xi32>) -> tensor<3x2xi1>}> ({
  ^bb0(%arg0: tensor<3x1xi16>, %arg1: tensor<3x1xi16>, %arg2: tensor<3x1xi16>, %arg3: tensor<1x1xi16>, %arg4: tensor<2x3xi32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 1>}> : (tensor<3x1xi16>) -> tensor<3x1xi16>
    %1 = "tosa.transpose"(%arg1) <{perms = array<i32: 0, 1>}> : (tensor<3x1xi16>) -> tensor<3x1xi16>
    %2 = "tosa.transpose"(%arg2) <{perms = array<i32: 0, 1>}> : (tensor<3x1xi16>) -> tensor<3x1xi16>
    %3 = "tosa.concat"(%0, %1) <{axis = 1 : i32}> : (tensor<3x1xi16>, tensor<3x1xi16>) -> tensor<3x2xi16>
    %4 = "tosa.transpose"(%3) <{perms = array<i32: 0, 1>}> : (tensor<3x2xi16>) -> tensor<3x2xi16>
    %5 = "tosa.transpose"(%4) <{perms = array<i32: 1, 0>}> : (tensor<3x2xi16>) -> tensor<2x3xi16>
    %6 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %7 = "tosa.mul"(%arg3, %5, %6) : (tensor<1x1xi16>, tensor<2x3xi16>, tensor<1xi8>) -> tensor<2x3xi32>
    %8 = "tosa.transpose"(%7) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi32>) -> tensor<3x2xi32>
    %9 = "tosa.transpose"(%arg4) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi32>) -> tensor<3x2xi32>
    %10 = "tosa.equal"(%8, %9) : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi1>
    "func.return"(%10) : (tensor<3x2xi1>) -> ()
  }) : () -> ()
}) : () -> ()

