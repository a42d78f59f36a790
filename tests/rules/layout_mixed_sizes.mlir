// RUN: --target ethos-u55
// FIRES: place_layout.move_unary=1 place_layout.move_axis=1 cancel_transposes.inverse_pair=2 fuse_transposes.to_reshape=1
// EXEC
// Mixed sizes: a 24-channel NCHW input read in NHWC by a channel
// reduction and by abs, returned in NCHW. The rules stop at the
// transpose's two users (2 x 2,880 bytes, as mlir-opt-22). The optimiser
// runs abs and the reduction in NCHW (axis 1), leaving the transpose on
// the reduction's 30 elements, where it is a reshape: 0.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x24x5x6xf32>) -> (tensor<1x5x6x1xf32>, tensor<1x24x5x6xf32>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<1x24x5x6xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<1x24x5x6xf32>) -> tensor<1x5x6x24xf32>
    %1 = "tosa.reduce_max"(%0) <{axis = 3 : i32}> : (tensor<1x5x6x24xf32>) -> tensor<1x5x6x1xf32>
    %2 = "tosa.abs"(%0) : (tensor<1x5x6x24xf32>) -> tensor<1x5x6x24xf32>
    %3 = "tosa.transpose"(%2) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<1x5x6x24xf32>) -> tensor<1x24x5x6xf32>
    "func.return"(%1, %3) : (tensor<1x5x6x1xf32>, tensor<1x24x5x6xf32>) -> ()
  }) : () -> ()
}) : () -> ()
