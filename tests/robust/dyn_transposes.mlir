// RUN: --target ethos-u55
// Transpose pairs over dynamic and unranked dims (the cases of MLIR's
// tosa-reduce-transposes tests): rules whose replacement cannot be typed as
// the replaced value are refused, the others fire; both Ethos-U pipelines
// exit 0 and mlir-opt-22 accepts what they write.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4x5xi16>) -> tensor<4x5xi16>, sym_name = "inner_dynamic"}> ({
  ^bb0(%arg9: tensor<4x5xi16>):
    %23 = "tosa.transpose"(%arg9) <{perms = array<i32: 1, 0>}> : (tensor<4x5xi16>) -> tensor<?x4xi16>
    %24 = "tosa.transpose"(%23) <{perms = array<i32: 1, 0>}> : (tensor<?x4xi16>) -> tensor<4x5xi16>
    "func.return"(%24) : (tensor<4x5xi16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x?xi16>) -> tensor<4x?xi16>, sym_name = "outer_dynamic"}> ({
  ^bb0(%arg8: tensor<4x?xi16>):
    %21 = "tosa.transpose"(%arg8) <{perms = array<i32: 1, 0>}> : (tensor<4x?xi16>) -> tensor<6x4xi16>
    %22 = "tosa.transpose"(%21) <{perms = array<i32: 1, 0>}> : (tensor<6x4xi16>) -> tensor<4x?xi16>
    "func.return"(%22) : (tensor<4x?xi16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x?xi16>) -> tensor<4x6xi16>, sym_name = "input_dynamic_result_static"}> ({
  ^bb0(%arg7: tensor<4x?xi16>):
    %19 = "tosa.transpose"(%arg7) <{perms = array<i32: 1, 0>}> : (tensor<4x?xi16>) -> tensor<6x4xi16>
    %20 = "tosa.transpose"(%19) <{perms = array<i32: 1, 0>}> : (tensor<6x4xi16>) -> tensor<4x6xi16>
    "func.return"(%20) : (tensor<4x6xi16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x?xi16>) -> tensor<?x?xi16>, sym_name = "result_less_precise"}> ({
  ^bb0(%arg6: tensor<4x?xi16>):
    %17 = "tosa.transpose"(%arg6) <{perms = array<i32: 1, 0>}> : (tensor<4x?xi16>) -> tensor<?x4xi16>
    %18 = "tosa.transpose"(%17) <{perms = array<i32: 1, 0>}> : (tensor<?x4xi16>) -> tensor<?x?xi16>
    "func.return"(%18) : (tensor<?x?xi16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<4x5xi16>) -> tensor<*xi16>, sym_name = "unranked_between"}> ({
  ^bb0(%arg5: tensor<4x5xi16>):
    %15 = "tosa.transpose"(%arg5) <{perms = array<i32: 0, 1>}> : (tensor<4x5xi16>) -> tensor<*xi16>
    %16 = "tosa.transpose"(%15) <{perms = array<i32: 0, 1>}> : (tensor<*xi16>) -> tensor<*xi16>
    "func.return"(%16) : (tensor<*xi16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<*xi16>) -> tensor<*xi16>, sym_name = "unranked_all"}> ({
  ^bb0(%arg4: tensor<*xi16>):
    %13 = "tosa.transpose"(%arg4) <{perms = array<i32: 1, 0>}> : (tensor<*xi16>) -> tensor<*xi16>
    %14 = "tosa.transpose"(%13) <{perms = array<i32: 1, 0>}> : (tensor<*xi16>) -> tensor<*xi16>
    "func.return"(%14) : (tensor<*xi16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<2x?x5x3xi32>, tensor<2x4x?x3xi32>) -> tensor<2x4x5x3xi32>, sym_name = "binary_dynamic"}> ({
  ^bb0(%arg2: tensor<2x?x5x3xi32>, %arg3: tensor<2x4x?x3xi32>):
    %7 = "tosa.transpose"(%arg2) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<2x?x5x3xi32>) -> tensor<2x5x3x?xi32>
    %8 = "tosa.transpose"(%arg3) <{perms = array<i32: 0, 2, 3, 1>}> : (tensor<2x4x?x3xi32>) -> tensor<2x?x3x4xi32>
    %9 = "tosa.clamp"(%7) <{max_val = 9 : i32, min_val = -3 : i32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<2x5x3x?xi32>) -> tensor<2x5x3x?xi32>
    %10 = "tosa.abs"(%8) : (tensor<2x?x3x4xi32>) -> tensor<2x?x3x4xi32>
    %11 = "tosa.add"(%9, %10) : (tensor<2x5x3x?xi32>, tensor<2x?x3x4xi32>) -> tensor<2x5x3x4xi32>
    %12 = "tosa.transpose"(%11) <{perms = array<i32: 0, 3, 1, 2>}> : (tensor<2x5x3x4xi32>) -> tensor<2x4x5x3xi32>
    "func.return"(%12) : (tensor<2x4x5x3xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<?xi32>) -> tensor<1x1x?xi32>, sym_name = "reshape_dynamic"}> ({
  ^bb0(%arg1: tensor<?xi32>):
    %4 = "tosa.const_shape"() <{values = dense<[1, -1, 1]> : tensor<3xindex>}> : () -> !tosa.shape<3>
    %5 = "tosa.reshape"(%arg1, %4) : (tensor<?xi32>, !tosa.shape<3>) -> tensor<1x?x1xi32>
    %6 = "tosa.transpose"(%5) <{perms = array<i32: 0, 2, 1>}> : (tensor<1x?x1xi32>) -> tensor<1x1x?xi32>
    "func.return"(%6) : (tensor<1x1x?xi32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<?x3x?xf32>) -> tensor<?x3x?xf32>, sym_name = "unary_chain_dynamic"}> ({
  ^bb0(%arg0: tensor<?x3x?xf32>):
    %0 = "tosa.transpose"(%arg0) <{perms = array<i32: 2, 0, 1>}> : (tensor<?x3x?xf32>) -> tensor<?x?x3xf32>
    %1 = "tosa.exp"(%0) : (tensor<?x?x3xf32>) -> tensor<?x?x3xf32>
    %2 = "tosa.clamp"(%1) <{max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<?x?x3xf32>) -> tensor<?x?x3xf32>
    %3 = "tosa.transpose"(%2) <{perms = array<i32: 1, 2, 0>}> : (tensor<?x?x3xf32>) -> tensor<?x3x?xf32>
    "func.return"(%3) : (tensor<?x3x?xf32>) -> ()
  }) : () -> ()
}) : () -> ()

