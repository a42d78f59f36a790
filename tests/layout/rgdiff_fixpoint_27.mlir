// The random graph of `rgdiff --seed 27` (its generator at e1e3f87): the Ethos-U
// pipelines' output on it was not a fixed point (the sink rules undid the
// layout plan on a widening op). tests/suites/fixpoint.sh
"builtin.module"() ({
  "func.func"() <{sym_name = "main", function_type = (tensor<5x1x4x5xi8>, tensor<2x5xi8>, tensor<5xi8>, tensor<1xi32>, tensor<1x2xf16>, tensor<3x5xi16>) -> (tensor<1x2xf16>, tensor<2x5xi16>, tensor<1xi32>, tensor<5xi8>, tensor<5x2xi8>, tensor<1x5x5x4xi32>)}> ({
  ^bb0(%arg0: tensor<5x1x4x5xi8>, %arg1: tensor<2x5xi8>, %arg2: tensor<5xi8>, %arg3: tensor<1xi32>, %arg4: tensor<1x2xf16>, %arg5: tensor<3x5xi16>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0, 3, 2>}> : (tensor<5x1x4x5xi8>) -> tensor<1x5x5x4xi8>
    %1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.mul"(%0, %0, %1) : (tensor<1x5x5x4xi8>, tensor<1x5x5x4xi8>, tensor<1xi8>) -> tensor<1x5x5x4xi32>
    %3 = "tosa.clamp"(%arg1) <{min_val = 7 : i8, max_val = 16 : i8, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<2x5xi8>) -> tensor<2x5xi8>
    %4 = "tosa.transpose"(%3) <{perms = array<i32: 1, 0>}> : (tensor<2x5xi8>) -> tensor<5x2xi8>
    %5 = "tosa.clamp"(%4) <{min_val = 7 : i8, max_val = 16 : i8, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<5x2xi8>) -> tensor<5x2xi8>
    %6 = "tosa.clamp"(%arg2) <{min_val = 96 : i8, max_val = 117 : i8, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<5xi8>) -> tensor<5xi8>
    %7 = "tosa.clamp"(%6) <{min_val = 94 : i8, max_val = 119 : i8, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<5xi8>) -> tensor<5xi8>
    %8 = "tosa.const"() <{values = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %9 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %10 = "tosa.mul"(%arg3, %8, %9) : (tensor<1xi32>, tensor<1xi32>, tensor<1xi8>) -> tensor<1xi32>
    %11 = "tosa.abs"(%arg4) : (tensor<1x2xf16>) -> tensor<1x2xf16>
    %12 = "tosa.const_shape"() <{values = dense<[0, 0]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %13 = "tosa.const_shape"() <{values = dense<[2, 5]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %14 = "tosa.slice"(%arg5, %12, %13) : (tensor<3x5xi16>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x5xi16>
    %15 = "tosa.clamp"(%11) <{min_val = -4.5 : f16, max_val = -3.25 : f16, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<1x2xf16>) -> tensor<1x2xf16>
    %16 = "tosa.clamp"(%15) <{min_val = -4.5 : f16, max_val = -3.0 : f16, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x2xf16>) -> tensor<1x2xf16>
    %17 = "tosa.transpose"(%16) <{perms = array<i32: 0, 1>}> : (tensor<1x2xf16>) -> tensor<1x2xf16>
    "func.return"(%17, %14, %10, %7, %5, %2) : (tensor<1x2xf16>, tensor<2x5xi16>, tensor<1xi32>, tensor<5xi8>, tensor<5x2xi8>, tensor<1x5x5x4xi32>) -> ()
  }) : () -> ()
}) : () -> ()

