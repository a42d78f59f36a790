// Counted loop with debug locations on every op and block argument.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo (from pretty form).
#loc2 = loc("tosa_while_loop_locs.mlir":2:17)
#loc5 = loc("tosa_while_loop_locs.mlir":4:27)
#loc6 = loc("tosa_while_loop_locs.mlir":4:37)
#loc10 = loc("tosa_while_loop_locs.mlir":9:8)
#loc11 = loc("tosa_while_loop_locs.mlir":9:27)
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "loop"}> ({
  ^bb0(%arg0: tensor<4xf32> loc("tosa_while_loop_locs.mlir":2:17)):
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32> loc(#loc3)
    %1:2 = "tosa.while_loop"(%0, %arg0) ({
    ^bb0(%arg3: tensor<1xi32> loc("tosa_while_loop_locs.mlir":4:27), %arg4: tensor<4xf32> loc("tosa_while_loop_locs.mlir":4:37)):
      %5 = "tosa.const"() <{values = dense<10> : tensor<1xi32>}> : () -> tensor<1xi32> loc(#loc7)
      %6 = "tosa.greater"(%5, %arg3) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi1> loc(#loc8)
      "tosa.yield"(%6) : (tensor<1xi1>) -> () loc(#loc9)
    }, {
    ^bb0(%arg1: tensor<1xi32> loc("tosa_while_loop_locs.mlir":9:8), %arg2: tensor<4xf32> loc("tosa_while_loop_locs.mlir":9:27)):
      %2 = "tosa.const"() <{values = dense<1> : tensor<1xi32>}> : () -> tensor<1xi32> loc(#loc12)
      %3 = "tosa.add"(%arg1, %2) : (tensor<1xi32>, tensor<1xi32>) -> tensor<1xi32> loc(#loc13)
      %4 = "tosa.add"(%arg2, %arg2) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc(#loc14)
      "tosa.yield"(%3, %4) : (tensor<1xi32>, tensor<4xf32>) -> () loc(#loc15)
    }) : (tensor<1xi32>, tensor<4xf32>) -> (tensor<1xi32>, tensor<4xf32>) loc(#loc4)
    "func.return"(%1#1) : (tensor<4xf32>) -> () loc(#loc16)
  }) : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("tosa_while_loop_locs.mlir":0:0)
#loc1 = loc("tosa_while_loop_locs.mlir":2:1)
#loc3 = loc("tosa_while_loop_locs.mlir":3:9)
#loc4 = loc("tosa_while_loop_locs.mlir":4:10)
#loc7 = loc("tosa_while_loop_locs.mlir":5:10)
#loc8 = loc("tosa_while_loop_locs.mlir":6:10)
#loc9 = loc("tosa_while_loop_locs.mlir":7:5)
#loc12 = loc("tosa_while_loop_locs.mlir":10:12)
#loc13 = loc("tosa_while_loop_locs.mlir":11:11)
#loc14 = loc("tosa_while_loop_locs.mlir":12:11)
#loc15 = loc("tosa_while_loop_locs.mlir":13:5)
#loc16 = loc("tosa_while_loop_locs.mlir":15:3)

