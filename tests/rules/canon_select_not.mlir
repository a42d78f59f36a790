// RUN: --passes canonicalize
// FIRES: canonicalize.select_not=2
// EXEC
// select(!p, a, b) is select(p, b, a): LOGICAL_NOT keeps p's shape, so the
// broadcast of the three operands is the same. After MLIR's TOSA
// canonicalize.mlir case select_not_pred; here also with a predicate that
// broadcasts (1x3 against 2x3) and a negation with another user, which
// stays for it. Nothing to refuse: the swap is exact for any operands.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi1>, tensor<1x3xi1>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xf32>, tensor<2x3xf32>) -> (tensor<2x3xi32>, tensor<2x3xf32>, tensor<1x3xi1>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi1>, %arg1: tensor<1x3xi1>, %arg2: tensor<2x3xi32>, %arg3: tensor<2x3xi32>, %arg4: tensor<2x3xf32>, %arg5: tensor<2x3xf32>):
    %0 = "tosa.logical_not"(%arg0) : (tensor<2x3xi1>) -> tensor<2x3xi1>
    %1 = "tosa.select"(%0, %arg2, %arg3) : (tensor<2x3xi1>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32>
    %2 = "tosa.logical_not"(%arg1) : (tensor<1x3xi1>) -> tensor<1x3xi1>
    %3 = "tosa.select"(%2, %arg4, %arg5) : (tensor<1x3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%1, %3, %2) : (tensor<2x3xi32>, tensor<2x3xf32>, tensor<1x3xi1>) -> ()
  }) : () -> ()
}) : () -> ()
