// The random graph of `rgdiff --seed 61332` (its generator at e1e3f87):
// fuse_transposes did not terminate on it (sink_binary_left_value and
// _right_value took turns with inverse_pair). tests/suites/fixpoint.sh
"builtin.module"() ({
  "func.func"() <{sym_name = "main", function_type = (tensor<3x3xf16>, tensor<3x3xf16>, tensor<4x3x5x2xbf16>) -> (tensor<4x4x6x2xbf16>, tensor<3x3xi1>, tensor<3x3xi1>, tensor<3x3xi1>)}> ({
  ^bb0(%arg0: tensor<3x3xf16>, %arg1: tensor<3x3xf16>, %arg2: tensor<4x3x5x2xbf16>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<3x3xf16>) -> tensor<3x3xf16>
    %1 = "tosa.equal"(%0, %arg1) : (tensor<3x3xf16>, tensor<3x3xf16>) -> tensor<3x3xi1>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 1, 0>}> : (tensor<3x3xi1>) -> tensor<3x3xi1>
    %3 = "tosa.transpose"(%2) <{perms = array<i32: 1, 0>}> : (tensor<3x3xi1>) -> tensor<3x3xi1>
    %4 = "tosa.logical_not"(%3) : (tensor<3x3xi1>) -> tensor<3x3xi1>
    %5 = "tosa.logical_not"(%3) : (tensor<3x3xi1>) -> tensor<3x3xi1>
    %6 = "tosa.transpose"(%arg2) <{perms = array<i32: 3, 0, 2, 1>}> : (tensor<4x3x5x2xbf16>) -> tensor<2x4x5x3xbf16>
    %7 = "tosa.const_shape"() <{values = dense<[0, 0, 0, 0, 0, 1, 1, 0]> : tensor<8xindex>}> : () -> !tosa.shape<8>
    %8 = "tosa.const"() <{values = dense<0.0> : tensor<1xbf16>}> : () -> tensor<1xbf16>
    %9 = "tosa.pad"(%6, %7, %8) : (tensor<2x4x5x3xbf16>, !tosa.shape<8>, tensor<1xbf16>) -> tensor<2x4x6x4xbf16>
    %10 = "tosa.transpose"(%9) <{perms = array<i32: 1, 3, 2, 0>}> : (tensor<2x4x6x4xbf16>) -> tensor<4x4x6x2xbf16>
    "func.return"(%10, %3, %5, %4) : (tensor<4x4x6x2xbf16>, tensor<3x3xi1>, tensor<3x3xi1>, tensor<3x3xi1>) -> ()
  }) : () -> ()
}) : () -> ()

