// A random graph of rgdiff (seed 188 of a generator that had the layout
// axis motif in its table): the Ethos-U pipelines' output was no fixed
// point: a widening CAST's transpose was sunk to meet the transpose of
// MUL's other operand, whose permutation differs (no merge), undoing the
// layout plan. tests/suites/fixpoint.sh
"builtin.module"() ({
  "func.func"() <{sym_name = "main", function_type = (tensor<2x5x1x5xi8>, tensor<2x1x1x5xi32>) -> (tensor<5x2x5x1xi32>, tensor<1x2x5x1xi8>, tensor<1x5x2x5xi8>)}> ({
  ^bb0(%arg0: tensor<2x5x1x5xi8>, %arg1: tensor<2x1x1x5xi32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 2, 3, 0, 1>}> : (tensor<2x5x1x5xi8>) -> tensor<1x5x2x5xi8>
    %1 = "tosa.clamp"(%0) <{min_val = -73 : i8, max_val = -29 : i8, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x5x2x5xi8>) -> tensor<1x5x2x5xi8>
    %2 = "tosa.transpose"(%0) <{perms = array<i32: 2, 3, 0, 1>}> : (tensor<1x5x2x5xi8>) -> tensor<2x5x1x5xi8>
    %3 = "tosa.transpose"(%2) <{perms = array<i32: 3, 0, 1, 2>}> : (tensor<2x5x1x5xi8>) -> tensor<5x2x5x1xi8>
    %4 = "tosa.reduce_max"(%3) <{axis = 0 : i32}> : (tensor<5x2x5x1xi8>) -> tensor<1x2x5x1xi8>
    %5 = "tosa.transpose"(%2) <{perms = array<i32: 0, 3, 2, 1>}> : (tensor<2x5x1x5xi8>) -> tensor<2x5x1x5xi8>
    %6 = "tosa.const"() <{values = dense<750206> : tensor<1xi32>}> : () -> tensor<1xi32>
    %7 = "tosa.const"() <{values = dense<12> : tensor<1xi8>}> : () -> tensor<1xi8>
    %8 = "tosa.const"() <{values = dense<-22> : tensor<1xi8>}> : () -> tensor<1xi8>
    %9 = "tosa.const"() <{values = dense<-32768> : tensor<1xi16>}> : () -> tensor<1xi16>
    %10 = "tosa.rescale"(%5, %6, %7, %8, %9) <{scale32 = true, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = true}> : (tensor<2x5x1x5xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi16>) -> tensor<2x5x1x5xi16>
    %11 = "tosa.cast"(%10) : (tensor<2x5x1x5xi16>) -> tensor<2x5x1x5xi32>
    %12 = "tosa.transpose"(%11) <{perms = array<i32: 3, 0, 1, 2>}> : (tensor<2x5x1x5xi32>) -> tensor<5x2x5x1xi32>
    %13 = "tosa.transpose"(%arg1) <{perms = array<i32: 3, 0, 1, 2>}> : (tensor<2x1x1x5xi32>) -> tensor<5x2x1x1xi32>
    %14 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %15 = "tosa.mul"(%12, %13, %14) : (tensor<5x2x5x1xi32>, tensor<5x2x1x1xi32>, tensor<1xi8>) -> tensor<5x2x5x1xi32>
    "func.return"(%15, %4, %1) : (tensor<5x2x5x1xi32>, tensor<1x2x5x1xi8>, tensor<1x5x2x5xi8>) -> ()
  }) : () -> ()
}) : () -> ()

