// RUN: --target ethos-u55
// FIRES: fuse_transposes.inverse_pair=1 cleanup.cast_noop=1
// STATS: fuse_transposes.ran=true,false cleanup.ran=true,false
// The only transposes and cast live inside tosa.cond_if branches: the op
// histogram counts nested regions, so the passes run and rewrite there.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<i1>, tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<i1>, %arg1: tensor<1x2x3x4xf32>):
    %0 = "tosa.cond_if"(%arg0, %arg1) ({
    ^bb0(%arg3: tensor<1x2x3x4xf32>):
      %2 = "tosa.transpose"(%arg3) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
      %3 = "tosa.transpose"(%2) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x4x2x3xf32>) -> tensor<1x2x3x4xf32>
      "tosa.yield"(%3) : (tensor<1x2x3x4xf32>) -> ()
    }, {
    ^bb0(%arg2: tensor<1x2x3x4xf32>):
      %1 = "tosa.cast"(%arg2) : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
      "tosa.yield"(%1) : (tensor<1x2x3x4xf32>) -> ()
    }) : (tensor<i1>, tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
    "func.return"(%0) : (tensor<1x2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

