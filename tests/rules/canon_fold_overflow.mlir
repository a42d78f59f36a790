// RUN: --passes canonicalize
// REWRITES: 0
// An i32 add of constants that overflows is not folded: TOSA leaves the
// result unpredictable (a REQUIRE), the evaluator reports it, and there is
// no value to put in a constant.
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<1xi32>, sym_name = "f"}> ({
    %0 = "tosa.const"() <{values = dense<2147483647> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "tosa.const"() <{values = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32>
    %2 = "tosa.add"(%0, %1) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32>
    "func.return"(%2) : (tensor<1xi32>) -> ()
  }) : () -> ()
}) : () -> ()
