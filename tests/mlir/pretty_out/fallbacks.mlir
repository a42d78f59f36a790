// Generic ops whose custom form would not read back as the same graph:
// --emit=pretty must print them generically (or keep their spelling).
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2xf32>) -> tensor<2xf32>, sym_name = "so : ,ax"}> ({
  ^bb0(%arg0: tensor<2xf32>):
    %0 = "tosa.clamp"(%arg0) <{max_val = 1.0 : f32, min_val = 0.0 : f32}> : (tensor<2xf32>) -> tensor<2xf32>
    %1 = "tosa.clamp"(%0) <{nan_mode = #tosa.nan_mode<PROPAGATE>, max_val = 1.0 : f32, min_val = 0.0 : f32}> : (tensor<2xf32>) -> tensor<2xf32>
    %2 = "tosa.Abs"(%1) : (tensor<2xf32>) -> tensor<2xf32>
    %3 = "to\E3a.abs"(%2) : (tensor<2xf32>) -> tensor<2xf32>
    %4 = "tosa.abs"(%3) {plain = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32>
    "func.return"(%4) : (tensor<2xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<3xf32>) -> tensor<2xf32>, sym_name = "mismatch"}> ({
  ^bb0(%arg0: tensor<2xf32>):
    "func.return"(%arg0) : (tensor<2xf32>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "odd", sym_visibility = "sometimes"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
  "func.func"() <{function_type = () -> (), sym_name = "x\41"}> ({
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()
