// RUN: --passes fuse_transposes
// FIRES: fuse_transposes.unit_identity=1
// EXEC
// Swapping the two size-1 axes of 1x3x1x5 keeps the shape and the element
// order: the transpose is a no-op.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x3x1x5xf32>) -> tensor<1x3x1x5xf32>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x3x1x5xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 2, 1, 0, 3>}> : (tensor<1x3x1x5xf32>) -> tensor<1x3x1x5xf32>
    "func.return"(%0) : (tensor<1x3x1x5xf32>) -> ()
  }) : () -> ()
}) : () -> ()

