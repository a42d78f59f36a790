// Locations: file:line:col, names, fused and callsite locations, aliases.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic --mlir-print-debuginfo (from pretty form).
#loc2 = loc("input":1:1)
#loc3 = loc("model.py":10:4)
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>, sym_name = "located"}> ({
  ^bb0(%arg0: tensor<4xf32> loc("input":1:1), %arg1: tensor<4xf32> loc("model.py":10:4)):
    %0 = "tosa.add"(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32> loc(#loc11)
    %1 = "tosa.abs"(%0) : (tensor<4xf32>) -> tensor<4xf32> loc(#loc12)
    %2 = "tosa.tanh"(%1) : (tensor<4xf32>) -> tensor<4xf32> loc(#loc14)
    %3 = "tosa.floor"(%2) : (tensor<4xf32>) -> tensor<4xf32> loc(#loc9)
    "func.return"(%3) : (tensor<4xf32>) -> () loc(#loc10)
  }) : () -> () loc(#loc1)
}) : () -> () loc(#loc)
#loc = loc("locations.mlir":0:0)
#loc1 = loc("model.py":9:0)
#loc4 = loc("model.py":12:8)
#loc5 = loc("model.py":13:2)
#loc6 = loc("abs")
#loc7 = loc("lib.py":3:1)
#loc8 = loc("model.py":14:2)
#loc9 = loc(unknown)
#loc10 = loc("model.py":15:2)
#loc11 = loc("layer1/add"(#loc4))
#loc12 = loc(fused[#loc5, #loc6])
#loc13 = loc("tanh"(#loc7))
#loc14 = loc(callsite(#loc13 at #loc8))

