// The random graph of `rgdiff --seed 59115` (its generator at e1e3f87):
// fuse_transposes did not terminate on it (sink_binary_left_value and
// _right_value took turns with inverse_pair). tests/suites/fixpoint.sh
"builtin.module"() ({
  "func.func"() <{sym_name = "main", function_type = (tensor<1x5x3xi32>, tensor<1x5x3xi32>, tensor<5x5xi32>, tensor<1x3xf32>) -> (tensor<5x5xi32>, tensor<3x1xf32>, tensor<2x7x4xi1>, tensor<1x5x3xi32>)}> ({
  ^bb0(%arg0: tensor<1x5x3xi32>, %arg1: tensor<1x5x3xi32>, %arg2: tensor<5x5xi32>, %arg3: tensor<1x3xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 1, 0, 2>}> : (tensor<1x5x3xi32>) -> tensor<5x1x3xi32>
    %1 = "tosa.greater"(%arg0, %arg1) : (tensor<1x5x3xi32>, tensor<1x5x3xi32>) -> tensor<1x5x3xi1>
    %2 = "tosa.transpose"(%1) <{perms = array<i32: 1, 0, 2>}> : (tensor<1x5x3xi1>) -> tensor<5x1x3xi1>
    %3 = "tosa.transpose"(%arg1) <{perms = array<i32: 1, 0, 2>}> : (tensor<1x5x3xi32>) -> tensor<5x1x3xi32>
    %4 = "tosa.select"(%2, %0, %3) : (tensor<5x1x3xi1>, tensor<5x1x3xi32>, tensor<5x1x3xi32>) -> tensor<5x1x3xi32>
    %5 = "tosa.transpose"(%4) <{perms = array<i32: 1, 0, 2>}> : (tensor<5x1x3xi32>) -> tensor<1x5x3xi32>
    %6 = "tosa.const"() <{values = dense<[[[387556, -366253, -26711], [740691, -933592, 488012], [-1014594, -417026, -840803], [909503, -241593, 188431], [523635, -782174, 657192]]]> : tensor<1x5x3xi32>}> : () -> tensor<1x5x3xi32>
    %7 = "tosa.add"(%5, %6) : (tensor<1x5x3xi32>, tensor<1x5x3xi32>) -> tensor<1x5x3xi32>
    %8 = "tosa.const"() <{values = dense<1> : tensor<1x5x1xi32>}> : () -> tensor<1x5x1xi32>
    %9 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %10 = "tosa.mul"(%8, %7, %9) : (tensor<1x5x1xi32>, tensor<1x5x3xi32>, tensor<1xi8>) -> tensor<1x5x3xi32>
    %11 = "tosa.cast"(%arg0) : (tensor<1x5x3xi32>) -> tensor<1x5x3xi1>
    %12 = "tosa.transpose"(%11) <{perms = array<i32: 2, 0, 1>}> : (tensor<1x5x3xi1>) -> tensor<3x1x5xi1>
    %13 = "tosa.const_shape"() <{values = dense<[0, 1, 1, 0, 1, 1]> : tensor<6xindex>}> : () -> !tosa.shape<6>
    %14 = "tosa.const"() <{values = dense<false> : tensor<1xi1>}> : () -> tensor<1xi1>
    %15 = "tosa.pad"(%12, %13, %14) : (tensor<3x1x5xi1>, !tosa.shape<6>, tensor<1xi1>) -> tensor<4x2x7xi1>
    %16 = "tosa.transpose"(%15) <{perms = array<i32: 1, 2, 0>}> : (tensor<4x2x7xi1>) -> tensor<2x7x4xi1>
    %17 = "tosa.transpose"(%arg2) <{perms = array<i32: 1, 0>}> : (tensor<5x5xi32>) -> tensor<5x5xi32>
    %18 = "tosa.const"() <{values = dense<[[742905, -281647, 816064, 89918, 65169], [-154322, 363332, -661346, -1014650, -331184], [-497975, -98564, 850326, 914888, -926631], [278130, -283377, 422451, -840778, -207153], [-392794, 208056, -593886, 1023538, -565567]]> : tensor<5x5xi32>}> : () -> tensor<5x5xi32>
    %19 = "tosa.transpose"(%18) <{perms = array<i32: 1, 0>}> : (tensor<5x5xi32>) -> tensor<5x5xi32>
    %20 = "tosa.sub"(%17, %19) : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi32>
    %21 = "tosa.log"(%arg3) : (tensor<1x3xf32>) -> tensor<1x3xf32>
    %22 = "tosa.clamp"(%21) <{min_val = -5.0 : f32, max_val = -5.0 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x3xf32>) -> tensor<1x3xf32>
    %23 = "tosa.transpose"(%22) <{perms = array<i32: 1, 0>}> : (tensor<1x3xf32>) -> tensor<3x1xf32>
    %24 = "tosa.clamp"(%23) <{min_val = -5.75 : f32, max_val = -4.25 : f32, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<3x1xf32>) -> tensor<3x1xf32>
    %25 = "tosa.transpose"(%arg2) <{perms = array<i32: 0, 1>}> : (tensor<5x5xi32>) -> tensor<5x5xi32>
    %26 = "tosa.transpose"(%25) <{perms = array<i32: 0, 1>}> : (tensor<5x5xi32>) -> tensor<5x5xi32>
    %27 = "tosa.transpose"(%26) <{perms = array<i32: 1, 0>}> : (tensor<5x5xi32>) -> tensor<5x5xi32>
    %28 = "tosa.greater"(%26, %20) : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %29 = "tosa.transpose"(%28) <{perms = array<i32: 1, 0>}> : (tensor<5x5xi1>) -> tensor<5x5xi1>
    %30 = "tosa.transpose"(%20) <{perms = array<i32: 1, 0>}> : (tensor<5x5xi32>) -> tensor<5x5xi32>
    %31 = "tosa.select"(%29, %27, %30) : (tensor<5x5xi1>, tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi32>
    "func.return"(%31, %24, %16, %10) : (tensor<5x5xi32>, tensor<3x1xf32>, tensor<2x7x4xi1>, tensor<1x5x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()

