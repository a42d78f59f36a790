// RUN: --passes canonicalize
// FIRES: canonicalize.dead_pure=4
// An op declared pure whose result nothing reads is removed even where no
// rewrite touched it: a lone add, and a chain (the sigmoid goes once the
// exp that read it has gone). The constant the add read stays for
// cleanup.dead_const. Refused: an op of an unknown dialect (it may have
// effects), and the mul, which the return still reads. Not run by
// execution: the interpreter cannot run the unknown op.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>, tensor<2x3xi32>) -> tensor<2x3xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xi32>):
    %0 = "tosa.const"() <{values = dense<7> : tensor<1x1xi32>}> : () -> tensor<1x1xi32>
    %1 = "tosa.add"(%arg1, %0) : (tensor<2x3xi32>, tensor<1x1xi32>) -> tensor<2x3xi32>
    %2 = "tosa.sigmoid"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = "tosa.exp"(%2) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %4 = "tosa.abs"(%arg1) : (tensor<2x3xi32>) -> tensor<2x3xi32>
    %5 = "test.effect"(%arg0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %6 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %7 = "tosa.mul"(%arg1, %arg1, %6) : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<1xi8>) -> tensor<2x3xi32>
    "func.return"(%7) : (tensor<2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()
