// RUN: --passes cleanup
// FIRES: cleanup.cast_noop=1
// A cast to the same type is removed; the f32 -> f16 cast stays.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf16>, sym_name = "f"}> ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "tosa.cast"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "tosa.cast"(%0) : (tensor<4xf32>) -> tensor<4xf16>
    "func.return"(%1) : (tensor<4xf16>) -> ()
  }) : () -> ()
}) : () -> ()

