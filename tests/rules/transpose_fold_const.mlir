// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.fold_const=1
// EXEC
// A 2x3x2 constant transposed by [2,0,1] folds into a 2x2x3 constant:
// out[i][j][k] = in[j][k][i], in = [[[0,1],[2,3],[4,5]],[[6,7],[8,9],[10,11]]]
// gives [[[0,2,4],[6,8,10]],[[1,3,5],[7,9,11]]].
"builtin.module"() ({
  "func.func"() <{function_type = () -> tensor<2x2x3xi16>, sym_name = "f"}> ({
    %0 = "tosa.const"() <{values = dense<[[[0, 1], [2, 3], [4, 5]], [[6, 7], [8, 9], [10, 11]]]> : tensor<2x3x2xi16>}> : () -> tensor<2x3x2xi16>
    %1 = "tosa.transpose"(%0) <{perms = array<i32: 2, 0, 1>}> : (tensor<2x3x2xi16>) -> tensor<2x2x3xi16>
    "func.return"(%1) : (tensor<2x2x3xi16>) -> ()
  }) : () -> ()
}) : () -> ()

