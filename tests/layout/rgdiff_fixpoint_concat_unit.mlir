// A random graph of rgdiff (seed 912 once the layout axis motif was drawn
// apart): no fixed point: sink_concat2 merged two transposes that only
// move axes of size 1 (free) into one after the concat that was not,
// undoing the layout plan. tests/suites/fixpoint.sh
"builtin.module"() ({
  "func.func"() <{sym_name = "main", function_type = (tensor<2x2x1x2xi8>, tensor<4xi8>) -> (tensor<2x2x2x2xi32>, tensor<4xi32>)}> ({
  ^bb0(%arg0: tensor<2x2x1x2xi8>, %arg1: tensor<4xi8>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 3, 0, 2>}> : (tensor<2x2x1x2xi8>) -> tensor<2x2x2x1xi8>
    %1 = "tosa.const"() <{values = dense<[[[[-62, -22]], [[-95, -123]]], [[[115, 1]], [[-79, 37]]]]> : tensor<2x2x1x2xi8>}> : () -> tensor<2x2x1x2xi8>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 1, 3, 0, 2>}> : (tensor<2x2x1x2xi8>) -> tensor<2x2x2x1xi8>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %4 = "tosa.mul"(%2, %0, %3) : (tensor<2x2x2x1xi8>, tensor<2x2x2x1xi8>, tensor<1xi8>) -> tensor<2x2x2x1xi32>
    %5 = "tosa.transpose"(%4) <{perms = array<i32: 2, 3, 1, 0>}> : (tensor<2x2x2x1xi32>) -> tensor<2x1x2x2xi32>
    %6 = "tosa.reverse"(%5) <{axis = 2 : i32}> : (tensor<2x1x2x2xi32>) -> tensor<2x1x2x2xi32>
    %7 = "tosa.transpose"(%6) <{perms = array<i32: 3, 2, 0, 1>}> : (tensor<2x1x2x2xi32>) -> tensor<2x2x2x1xi32>
    %8 = "tosa.transpose"(%arg1) <{perms = array<i32: 0>}> : (tensor<4xi8>) -> tensor<4xi8>
    %9 = "tosa.const"() <{values = dense<32> : tensor<1xi8>}> : () -> tensor<1xi8>
    %10 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %11 = "tosa.mul"(%8, %9, %10) : (tensor<4xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<4xi32>
    %12 = "tosa.transpose"(%4) <{perms = array<i32: 3, 2, 0, 1>}> : (tensor<2x2x2x1xi32>) -> tensor<1x2x2x2xi32>
    %13 = "tosa.transpose"(%7) <{perms = array<i32: 3, 2, 0, 1>}> : (tensor<2x2x2x1xi32>) -> tensor<1x2x2x2xi32>
    %14 = "tosa.concat"(%12, %13) <{axis = 0 : i32}> : (tensor<1x2x2x2xi32>, tensor<1x2x2x2xi32>) -> tensor<2x2x2x2xi32>
    "func.return"(%14, %11) : (tensor<2x2x2x2xi32>, tensor<4xi32>) -> ()
  }) : () -> ()
}) : () -> ()

