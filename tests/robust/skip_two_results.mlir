// RUN: --no-verify-ops tosa.transpose --passes fuse_transposes
// With its check turned off, a tosa.transpose with two results still never
// becomes a root: rules replace one value, and identity would otherwise
// drop the uses of the second result.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2x3xf32>):
    %0:2 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 1>}> : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>)
    "func.return"(%0#0, %0#1) : (tensor<2x3xf32>, tensor<2x3xf32>) -> ()
  }) : () -> ()
}) : () -> ()
