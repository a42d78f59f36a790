// RUN: --passes canonicalize
// FIRES: canonicalize.max_pool_unit=2 canonicalize.avg_pool_unit=2
// EXEC
// A 1x1 pooling window with stride 1 and no padding reads one element:
// an i8 max_pool2d and an f32 one with nan_mode PROPAGATE return it, and
// so do an i8 avg_pool2d whose zero points agree (-7 and -7: the count-1
// scale gives v - izp + ozp) and an f32 one over abs(y), which is never
// -0.0. Refused: an f32 max_pool2d with nan_mode IGNORE (a NaN comes back
// as the canonical NaN); an i8 avg_pool2d with zero points -7 and 5 (it
// adds 12, saturating); an f32 avg_pool2d over an argument, which may be
// -0.0 (0.0 + -0.0 is +0.0); a 2x2 window.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x3x3x2xi8>, tensor<1x3x3x2xf32>) -> (tensor<1x3x3x2xi8>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xi8>, tensor<1x3x3x2xi8>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x2x2x2xi8>), sym_name = "f"}> ({
  ^bb0(%x: tensor<1x3x3x2xi8>, %y: tensor<1x3x3x2xf32>):
    %zp = "tosa.const"() <{values = dense<-7> : tensor<1xi8>}> : () -> tensor<1xi8>
    %zp2 = "tosa.const"() <{values = dense<-7> : tensor<1xi8>}> : () -> tensor<1xi8>
    %zp5 = "tosa.const"() <{values = dense<5> : tensor<1xi8>}> : () -> tensor<1xi8>
    %fz = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %m1 = "tosa.max_pool2d"(%x) <{kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x3x3x2xi8>) -> tensor<1x3x3x2xi8>
    %m2 = "tosa.max_pool2d"(%y) <{kernel = array<i64: 1, 1>, nan_mode = #tosa.nan_mode<PROPAGATE>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
    %m3 = "tosa.max_pool2d"(%y) <{kernel = array<i64: 1, 1>, nan_mode = #tosa.nan_mode<IGNORE>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
    %a1 = "tosa.avg_pool2d"(%x, %zp, %zp2) <{acc_type = i32, kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x3x3x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x3x2xi8>
    %a2 = "tosa.avg_pool2d"(%x, %zp, %zp5) <{acc_type = i32, kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x3x3x2xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x3x3x2xi8>
    %ay = "tosa.abs"(%y) : (tensor<1x3x3x2xf32>) -> tensor<1x3x3x2xf32>
    %a3 = "tosa.avg_pool2d"(%ay, %fz, %fz) <{acc_type = f32, kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x3x3x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x2xf32>
    %a4 = "tosa.avg_pool2d"(%y, %fz, %fz) <{acc_type = f32, kernel = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x3x3x2xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3x2xf32>
    %m4 = "tosa.max_pool2d"(%x) <{kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (tensor<1x3x3x2xi8>) -> tensor<1x2x2x2xi8>
    "func.return"(%m1, %m2, %m3, %a1, %a2, %a3, %a4, %m4) : (tensor<1x3x3x2xi8>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xi8>, tensor<1x3x3x2xi8>, tensor<1x3x3x2xf32>, tensor<1x3x3x2xf32>, tensor<1x2x2x2xi8>) -> ()
  }) : () -> ()
}) : () -> ()
