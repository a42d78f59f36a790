// A random graph of rgdiff (seed 252 once the layout axis motif was
// drawn apart): no fixed point: a transpose read only by the plan's
// transposes, still to be composed, was taken for no transpose to meet,
// and sink_rescale stopped. tests/suites/fixpoint.sh
"builtin.module"() ({
  "func.func"() <{sym_name = "main", function_type = (tensor<4x5x3xi8>, tensor<1x1x3xi8>, tensor<4x5x3xi8>) -> (tensor<4x5x6xi8>, tensor<1x3x1xbf16>, tensor<1x3x1xi8>, tensor<1x3x1xi32>, tensor<1x1x3xi32>, tensor<4x5x3xi8>, tensor<4x5x3xi32>)}> ({
  ^bb0(%arg0: tensor<4x5x3xi8>, %arg1: tensor<1x1x3xi8>, %arg2: tensor<4x5x3xi8>):
    %0 = "tosa.const"() <{values = dense<10880> : tensor<1xi32>}> : () -> tensor<1xi32>
    %1 = "tosa.const"() <{values = dense<7> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.const"() <{values = dense<-72> : tensor<1xi8>}> : () -> tensor<1xi8>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %4 = "tosa.rescale"(%arg0, %0, %1, %2, %3) <{scale32 = true, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false}> : (tensor<4x5x3xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<4x5x3xi32>
    %5 = "tosa.const"() <{values = dense<15132> : tensor<1xi32>}> : () -> tensor<1xi32>
    %6 = "tosa.const"() <{values = dense<39> : tensor<1xi8>}> : () -> tensor<1xi8>
    %7 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %8 = "tosa.const"() <{values = dense<-70> : tensor<1xi8>}> : () -> tensor<1xi8>
    %9 = "tosa.rescale"(%4, %5, %6, %7, %8) <{scale32 = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false}> : (tensor<4x5x3xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<4x5x3xi8>
    %10 = "tosa.const"() <{values = dense<4> : tensor<1xi8>}> : () -> tensor<1xi8>
    %11 = "tosa.const"() <{values = dense<3319> : tensor<1xi32>}> : () -> tensor<1xi32>
    %12 = "tosa.const"() <{values = dense<19> : tensor<1xi8>}> : () -> tensor<1xi8>
    %13 = "tosa.const"() <{values = dense<-49> : tensor<1xi8>}> : () -> tensor<1xi8>
    %14 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %15 = "tosa.rescale"(%9, %11, %12, %13, %14) <{scale32 = true, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false}> : (tensor<4x5x3xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<4x5x3xi32>
    %16 = "tosa.const_shape"() <{values = dense<[4, 5, 3]> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %17 = "tosa.reshape"(%arg0, %16) : (tensor<4x5x3xi8>, !tosa.shape<3>) -> tensor<4x5x3xi8>
    %18 = "tosa.transpose"(%arg1) <{perms = array<i32: 0, 2, 1>}> : (tensor<1x1x3xi8>) -> tensor<1x3x1xi8>
    %19 = "tosa.clamp"(%18) <{min_val = -123 : i8, max_val = -113 : i8, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x3x1xi8>) -> tensor<1x3x1xi8>
    %20 = "tosa.const"() <{values = dense<205454389> : tensor<1xi32>}> : () -> tensor<1xi32>
    %21 = "tosa.const"() <{values = dense<17> : tensor<1xi8>}> : () -> tensor<1xi8>
    %22 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %23 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %24 = "tosa.rescale"(%19, %20, %21, %22, %23) <{scale32 = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false}> : (tensor<1x3x1xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<1x3x1xi32>
    %25 = "tosa.transpose"(%24) <{perms = array<i32: 0, 2, 1>}> : (tensor<1x3x1xi32>) -> tensor<1x1x3xi32>
    %26 = "tosa.transpose"(%25) <{perms = array<i32: 2, 1, 0>}> : (tensor<1x1x3xi32>) -> tensor<3x1x1xi32>
    %27 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %28 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %29 = "tosa.negate"(%26, %27, %28) : (tensor<3x1x1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<3x1x1xi32>
    %30 = "tosa.transpose"(%26) <{perms = array<i32: 2, 1, 0>}> : (tensor<3x1x1xi32>) -> tensor<1x1x3xi32>
    %31 = "tosa.transpose"(%29) <{perms = array<i32: 2, 1, 0>}> : (tensor<3x1x1xi32>) -> tensor<1x1x3xi32>
    %32 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %33 = "tosa.transpose"(%31) <{perms = array<i32: 1, 2, 0>}> : (tensor<1x1x3xi32>) -> tensor<1x3x1xi32>
    %34 = "tosa.const"() <{values = dense<1073741824> : tensor<1xi32>}> : () -> tensor<1xi32>
    %35 = "tosa.const"() <{values = dense<30> : tensor<1xi8>}> : () -> tensor<1xi8>
    %36 = "tosa.rescale"(%33, %34, %35, %32, %32) <{scale32 = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false}> : (tensor<1x3x1xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi32>) -> tensor<1x3x1xi32>
    %37 = "tosa.clamp"(%arg1) <{min_val = -30 : i8, max_val = 99 : i8, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x1x3xi8>) -> tensor<1x1x3xi8>
    %38 = "tosa.clamp"(%37) <{min_val = -32 : i8, max_val = 100 : i8, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<1x1x3xi8>) -> tensor<1x1x3xi8>
    %39 = "tosa.transpose"(%38) <{perms = array<i32: 1, 2, 0>}> : (tensor<1x1x3xi8>) -> tensor<1x3x1xi8>
    %40 = "tosa.const"() <{values = dense<29> : tensor<1xi8>}> : () -> tensor<1xi8>
    %41 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %42 = "tosa.negate"(%39, %40, %41) : (tensor<1x3x1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x1xi8>
    %43 = "tosa.cast"(%39) : (tensor<1x3x1xi8>) -> tensor<1x3x1xbf16>
    %44 = "tosa.transpose"(%arg0) <{perms = array<i32: 0, 2, 1>}> : (tensor<4x5x3xi8>) -> tensor<4x3x5xi8>
    %45 = "tosa.const"() <{values = dense<27131904> : tensor<1xi32>}> : () -> tensor<1xi32>
    %46 = "tosa.const"() <{values = dense<13> : tensor<1xi8>}> : () -> tensor<1xi8>
    %47 = "tosa.const"() <{values = dense<-3> : tensor<1xi8>}> : () -> tensor<1xi8>
    %48 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %49 = "tosa.rescale"(%44, %45, %46, %47, %48) <{scale32 = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false}> : (tensor<4x3x5xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi32>) -> tensor<4x3x5xi32>
    %50 = "tosa.const"() <{values = dense<66778906> : tensor<1xi32>}> : () -> tensor<1xi32>
    %51 = "tosa.const"() <{values = dense<37> : tensor<1xi8>}> : () -> tensor<1xi8>
    %52 = "tosa.const"() <{values = dense<0> : tensor<1xi32>}> : () -> tensor<1xi32>
    %53 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %54 = "tosa.rescale"(%49, %50, %51, %52, %53) <{scale32 = true, rounding_mode = #tosa.rounding_mode<SINGLE_ROUND>, per_channel = false, input_unsigned = false, output_unsigned = false}> : (tensor<4x3x5xi32>, tensor<1xi32>, tensor<1xi8>, tensor<1xi32>, tensor<1xi8>) -> tensor<4x3x5xi8>
    %55 = "tosa.clamp"(%54) <{min_val = -24 : i8, max_val = 78 : i8, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<4x3x5xi8>) -> tensor<4x3x5xi8>
    %56 = "tosa.transpose"(%55) <{perms = array<i32: 0, 2, 1>}> : (tensor<4x3x5xi8>) -> tensor<4x5x3xi8>
    %57 = "tosa.transpose"(%56) <{perms = array<i32: 1, 2, 0>}> : (tensor<4x5x3xi8>) -> tensor<5x3x4xi8>
    %58 = "tosa.transpose"(%arg2) <{perms = array<i32: 1, 2, 0>}> : (tensor<4x5x3xi8>) -> tensor<5x3x4xi8>
    %59 = "tosa.concat"(%57, %58) <{axis = 1 : i32}> : (tensor<5x3x4xi8>, tensor<5x3x4xi8>) -> tensor<5x6x4xi8>
    %60 = "tosa.transpose"(%59) <{perms = array<i32: 2, 0, 1>}> : (tensor<5x6x4xi8>) -> tensor<4x5x6xi8>
    "func.return"(%60, %43, %42, %36, %30, %17, %15) : (tensor<4x5x6xi8>, tensor<1x3x1xbf16>, tensor<1x3x1xi8>, tensor<1x3x1xi32>, tensor<1x1x3xi32>, tensor<4x5x3xi8>, tensor<4x5x3xi32>) -> ()
  }) : () -> ()
}) : () -> ()

