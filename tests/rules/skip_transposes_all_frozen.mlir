// RUN: --target ethos-u55
// STATS: fuse_transposes.ran=false,false fuse_transposes.nodes_visited=0,0
// Every transpose is frozen (another partition): fuse_transposes is skipped
// although the pair would cancel.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x2x3x4xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 3, 1, 2>}> {rg.frozen} : (tensor<1x2x3x4xf32>) -> tensor<1x4x2x3xf32>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 0, 2, 3, 1>}> {rg.frozen} : (tensor<1x4x2x3xf32>) -> tensor<1x2x3x4xf32>
    "func.return"(%1) : (tensor<1x2x3x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

