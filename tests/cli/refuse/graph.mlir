// tests/cli/refuse/graph.mlir - a transpose and an abs of static shape,
// which refuse.rules's two rules match and cannot replace; a second
// function names its transpose %0 again, so --explain takes its number.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x3xi8>) -> (tensor<3x2xi8>, tensor<2x3xi8>), sym_name = "main"}> ({
  ^bb0(%arg0: tensor<2x3xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<2x3xi8>) -> tensor<3x2xi8>
    %1 = "tosa.abs"(%arg0) : (tensor<2x3xi8>) -> tensor<2x3xi8>
    "func.return"(%0, %1) : (tensor<3x2xi8>, tensor<2x3xi8>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x5xi8>) -> tensor<5x4xi8>, sym_name = "again"}> ({
  ^bb0(%arg0: tensor<4x5xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0>}> : (tensor<4x5xi8>) -> tensor<5x4xi8>
    "func.return"(%0) : (tensor<5x4xi8>) -> ()
  }) : () -> ()
}) : () -> ()
