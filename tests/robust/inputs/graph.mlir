// The graph the input sets of this folder are read against: @f takes an
// f32 and an i8 tensor, @g an f16 and a bf16 scalar.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2xf32>, tensor<3xi8>) -> (tensor<2xf32>, tensor<3xi16>), sym_name = "f"}> ({
  ^bb0(%arg0: tensor<2xf32>, %arg1: tensor<3xi8>):
    %0 = "tosa.abs"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
    %1 = "tosa.cast"(%arg1) : (tensor<3xi8>) -> tensor<3xi16>
    "func.return"(%0, %1) : (tensor<2xf32>, tensor<3xi16>) -> ()
  }) : () -> ()
  "func.func"() <{function_type = (tensor<f16>, tensor<bf16>) -> (tensor<f16>, tensor<bf16>), sym_name = "g"}> ({
  ^bb0(%arg0: tensor<f16>, %arg1: tensor<bf16>):
    %0 = "tosa.abs"(%arg0) : (tensor<f16>) -> tensor<f16>
    %1 = "tosa.abs"(%arg1) : (tensor<bf16>) -> tensor<bf16>
    "func.return"(%0, %1) : (tensor<f16>, tensor<bf16>) -> ()
  }) : () -> ()
}) : () -> ()
