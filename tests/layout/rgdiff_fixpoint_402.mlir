// The random graph of `rgdiff --seed 402` (its generator at e1e3f87): the Ethos-U
// pipelines' output on it was not a fixed point (the sink rules undid the
// layout plan on a widening op). tests/suites/fixpoint.sh
"builtin.module"() ({
  "func.func"() <{sym_name = "main", function_type = (tensor<3x3x2x1xi8>) -> tensor<1x3x2x3xf16>}> ({
  ^bb0(%arg0: tensor<3x3x2x1xi8>):
    %0 = "tosa.clamp"(%arg0) <{min_val = -123 : i8, max_val = 47 : i8, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<3x3x2x1xi8>) -> tensor<3x3x2x1xi8>
    %1 = "tosa.clamp"(%0) <{min_val = -125 : i8, max_val = 50 : i8, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<3x3x2x1xi8>) -> tensor<3x3x2x1xi8>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 1, 0, 3, 2>}> : (tensor<3x3x2x1xi8>) -> tensor<3x3x1x2xi8>
    %3 = "tosa.cast"(%2) : (tensor<3x3x1x2xi8>) -> tensor<3x3x1x2xf16>
    %4 = "tosa.transpose"(%3) <{perms = array<i32: 1, 0, 3, 2>}> : (tensor<3x3x1x2xf16>) -> tensor<3x3x2x1xf16>
    %5 = "tosa.transpose"(%4) <{perms = array<i32: 0, 3, 2, 1>}> : (tensor<3x3x2x1xf16>) -> tensor<3x1x2x3xf16>
    %6 = "tosa.const"() <{values = dense<2.25> : tensor<3x1x1x1xf16>}> : () -> tensor<3x1x1x1xf16>
    %7 = "tosa.minimum"(%5, %6) <{nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<3x1x2x3xf16>, tensor<3x1x1x1xf16>) -> tensor<3x1x2x3xf16>
    %8 = "tosa.transpose"(%7) <{perms = array<i32: 1, 0, 2, 3>}> : (tensor<3x1x2x3xf16>) -> tensor<1x3x2x3xf16>
    "func.return"(%8) : (tensor<1x3x2x3xf16>) -> ()
  }) : () -> ()
}) : () -> ()

