// Regression (rgdiff seed 2 under UBSan): sinking a transpose through an op
// without attributes (tosa.cast) copied its properties with
// memcpy(out, NULL, 0), undefined behaviour. The transposes cancel.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi8>) -> tensor<2x3xi32>, sym_name = "main"}> ({
  ^bb0(%arg0: tensor<2x3xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi8>) -> tensor<3x2xi8>
    %1 = "tosa.cast"(%0) : (tensor<3x2xi8>) -> tensor<3x2xi32>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 1, 0>}> : (tensor<3x2xi32>) -> tensor<2x3xi32>
    "func.return"(%2) : (tensor<2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()
