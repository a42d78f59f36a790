// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.compose=1 fuse_transposes.sink_unary=1
// Ops a rule creates get the fused location of the ops it replaced, tagged
// with the rule; aliases defined after the ops (`#loc1`) are replaced by
// their definition (MLIR resolves them only directly in `loc(#loc1)`),
// unknown parts are dropped, and a part fused under the same rule is
// flattened. Untouched ops keep their own location.
#loc = loc("input.py":1:1)
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3x4xi8>, tensor<2x3xf32>) -> (tensor<3x2x4xi8>, tensor<3x2xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3x4xi8> loc(#loc), %arg1: tensor<2x3xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 2, 0>}> : (tensor<2x3x4xi8>) -> tensor<3x4x2xi8> loc(#loc1)
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 0, 2, 1>}> : (tensor<3x4x2xi8>) -> tensor<3x2x4xi8> loc(callsite("conv"("m.py":4:2) at "n.py":9:1))
    %2 = "tosa.transpose"(%arg1) <{perms = array<i32: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32> loc(fused<"fuse_transposes.sink_unary">["a.py":1:1, unknown])
    %3 = "tosa.abs"(%2) : (tensor<3x2xf32>) -> tensor<3x2xf32> loc("abs"("m.py":7:3))
    "func.return"(%1, %3) : (tensor<3x2x4xi8>, tensor<3x2xf32>) -> () loc(#loc)
  }) : () -> ()
}) : () -> ()
#loc1 = loc("m.py":3:5)
