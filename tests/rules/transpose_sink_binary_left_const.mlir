// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.sink_binary_left=1 fuse_transposes.fold_const=1
// EXEC
// add(T(a, [1,0]), C): C takes the inverse permutation for free (it folds),
// so the transpose moves after the add. C = [[1,2],[3,4],[5,6]] (3x2)
// folds to its transpose [[1,3,5],[2,4,6]] (2x3).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi32>) -> tensor<3x2xi32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xi32>):
    %0 = "tosa.const"() <{values = dense<[[1, 2], [3, 4], [5, 6]]> : tensor<3x2xi32>}> : () -> tensor<3x2xi32>
    %1 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi32>) -> tensor<3x2xi32>
    %2 = "tosa.add"(%1, %0) : (tensor<3x2xi32>, tensor<3x2xi32>) -> tensor<3x2xi32>
    "func.return"(%2) : (tensor<3x2xi32>) -> ()
  }) : () -> ()
}) : () -> ()

