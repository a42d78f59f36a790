// RUN: --passes canonicalize --fold-limit 8
// FIRES: canonicalize.fold=0
// Splats that the splat fold of canon_fold_splat must leave alone, as
// the op has no value on them: an i32 reciprocal (floats only; MLIR's
// `do_not_fold_reciprocal_int` keeps it too) and an i32 add that
// overflows (a REQUIRE of TOSA's ADD).
"builtin.module"() ({
  "func.func"() <{function_type = () -> (tensor<2x2xi32>, tensor<4x4xi32>), sym_name = "do_not_fold_reciprocal_int"}> ({
    %0 = "tosa.const"() <{values = dense<3> : tensor<2x2xi32>}> : () -> tensor<2x2xi32>
    %1 = "tosa.reciprocal"(%0) : (tensor<2x2xi32>) -> tensor<2x2xi32>
    %2 = "tosa.const"() <{values = dense<2147483647> : tensor<4x4xi32>}> : () -> tensor<4x4xi32>
    %3 = "tosa.const"() <{values = dense<1> : tensor<4x4xi32>}> : () -> tensor<4x4xi32>
    %4 = "tosa.add"(%2, %3) : (tensor<4x4xi32>, tensor<4x4xi32>) -> tensor<4x4xi32>
    "func.return"(%1, %4) : (tensor<2x2xi32>, tensor<4x4xi32>) -> ()
  }) : () -> ()
}) : () -> ()
