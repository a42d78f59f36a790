// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_binary_left=1 fuse_transposes.fold_const=1 fuse_transposes.inverse_pair=1
// EXEC
// T(add(T(a, [1,0]), C), [1,0]): C takes the inverse permutation for free
// (it folds), so the inner transpose moves after the add, where it meets
// the outer one and both go. C = [[1,2],[3,4],[5,6]] (3x2) folds to its
// transpose [[1,3,5],[2,4,6]] (2x3). transpose_sink_no_progress: without
// the outer transpose nothing moves.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi32>) -> tensor<2x3xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi32>):
    %0 = "tosa.const"() <{values = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>}> : () -> tensor<3x2xi32>
    %1 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi32>) -> tensor<3x2xi32>
    %2 = "tosa.add"(%1, %0) : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
    %3 = "tosa.transpose"(%2) <{perms = array<i32: 1, 0>}> : (tensor<3x2xi32>) -> tensor<2x3xi32>
    "func.return"(%3) : (tensor<2x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()

