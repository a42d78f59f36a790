// RUN: --target ethos-u85
// What deduplication must keep apart: constants +0.0 and -0.0 (equal as
// numbers, different bits), a frozen node (another partition's), ops of
// other dialects (not declared pure), and a node inside a region that
// repeats one outside it (merging them would need a dominance proof).
// The two cond_ifs hold regions and stay two.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<i1>, tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<i1>, %arg1: tensor<2x3xf32>):
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
    %1 = "tosa.const"() <{values = dense<-0.000000e+00> : tensor<2x3xf32>}> : () -> tensor<2x3xf32>
    %2 = "tosa.abs"(%arg1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %3 = "tosa.abs"(%arg1) {rg.frozen} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %4 = "test.opaque"(%arg1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %5 = "test.opaque"(%arg1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
    %6 = "tosa.cond_if"(%arg0, %arg1) ({
    ^bb0(%arg2: tensor<2x3xf32>):
      %8 = "tosa.abs"(%arg1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      "tosa.yield"(%8) : (tensor<2x3xf32>) -> ()
    }, {
    ^bb0(%arg3: tensor<2x3xf32>):
      "tosa.yield"(%arg3) : (tensor<2x3xf32>) -> ()
    }) : (tensor<i1>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %7 = "tosa.cond_if"(%arg0, %arg1) ({
    ^bb0(%arg4: tensor<2x3xf32>):
      %9 = "tosa.abs"(%arg1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
      "tosa.yield"(%9) : (tensor<2x3xf32>) -> ()
    }, {
    ^bb0(%arg5: tensor<2x3xf32>):
      "tosa.yield"(%arg5) : (tensor<2x3xf32>) -> ()
    }) : (tensor<i1>, tensor<2x3xf32>) -> tensor<2x3xf32>
    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
