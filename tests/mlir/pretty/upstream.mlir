// Upstream dialects in custom form next to TOSA (as in mixed models):
// arith.constant and the same-type math ops, their default fastmath
// flags left out; an op with other flags is written generically.
module {
  func.func @f(%arg0: tensor<1x160xf32>, %arg1: f32) -> (tensor<1x160xf32>, f32) {
    %cst = arith.constant 2.000000e+00 : f32
    %0 = math.sin %arg0 : tensor<1x160xf32>
    %1 = math.cos %0 : tensor<1x160xf32>
    %2 = tosa.add %0, %1 : (tensor<1x160xf32>, tensor<1x160xf32>) -> tensor<1x160xf32>
    %3 = math.sin %arg1 {acme.tag = "x"} : f32
    %4 = "math.cos"(%3) <{fastmath = #arith.fastmath<fast>}> : (f32) -> f32
    return %2, %4 : tensor<1x160xf32>, f32
  }
}
