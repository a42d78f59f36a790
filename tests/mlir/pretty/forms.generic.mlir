#loc = loc("model.py":1:1)
"builtin.module"() <{sym_name = "m"}> ({
  "func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "ext", sym_visibility = "private"}> ({
  }) : () -> ()
  "func.func"() <{arg_attrs = [{aa.x = 1 : i32}, {}], function_type = (tensor<2xf32>, tensor<1x4x4x1xi8>) -> (tensor<2xf32>, tensor<2xf32>), res_attrs = [{}, {bb.y}], sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2xf32> loc("a.py":3:16), %arg1: tensor<1x4x4x1xi8>):
    %0 = "tosa.add"(%arg0, %arg0) {aa.j = 2 : i32, zz.k = 1 : i32} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> loc(#loc)
    %1 = "tosa.clamp"(%0) <{max_val = 1.000000e+00 : f32, min_val = 0.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> {zz.k = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32> loc(fused<"conv">["a.py":4:1, "b.py":5:2])
    %2 = "tosa.maximum"(%1, %0) <{nan_mode = #tosa.nan_mode<PROPAGATE>}> : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %3 = "tosa.clamp"(%2) <{max_val = 1.000000e+00 : f32, min_val = 0.000000e+00 : f32, nan_mode = #tosa.nan_mode<IGNORE>}> : (tensor<2xf32>) -> tensor<2xf32>
    %4 = "arith.constant"() <{value = 3 : i32}> : () -> i32
    %5 = "arith.constant"() <{value = dense<1.000000e+00> : tensor<2xf32>}> {aa.z} : () -> tensor<2xf32>
    %6 = "arith.constant"() <{value = true}> : () -> i1
    %7 = "arith.constant"() <{value = 0 : index}> : () -> index
    %8 = "tosa.const_shape"() <{values = dense<[1, 16]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %9 = "tosa.reshape"(%arg1, %8) : (tensor<1x4x4x1xi8>, !tosa.shape<2>) -> tensor<1x16xi8>
    %10 = "tosa.const"() <{values = dense<38> : tensor<1xi32>}> : () -> tensor<1xi32>
    %11 = "tosa.const"() <{values = dense<7> : tensor<1xi8>}> : () -> tensor<1xi8>
    %12 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %13 = "tosa.rescale"(%9, %10, %11, %12, %12) <{input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = #tosa.rounding_mode<DOUBLE_ROUND>, scale32 = true}> : (tensor<1x16xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x16xi8>
    %14:2 = "acme.pair"(%3) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    "func.return"(%14#0, %5) : (tensor<2xf32>, tensor<2xf32>) -> () loc(callsite("f"("a.py":9:1) at "b.py":2:3))
  }) {aa.r, zz.q} : () -> () loc("a.py":3:1)
  "func.func"() <{function_type = () -> (), sym_name = "g"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) {aa.a = 2 : i32, zz.b = 1 : i32} : () -> ()

