// The custom forms the reader accepts, each as mlir-opt-22 prints it;
// forms.generic.mlir is `mlir-opt-22 --mlir-print-op-generic` of this file.
#loc = loc("model.py":1:1)
module @m attributes {aa.a = 2 : i32, zz.b = 1 : i32} {
  func.func private @ext(tensor<2xf32>) -> tensor<2xf32>
  func.func @f(%arg0: tensor<2xf32> {aa.x = 1 : i32} loc("a.py":3:16), %arg1: tensor<1x4x4x1xi8>) -> (tensor<2xf32>, tensor<2xf32> {bb.y}) attributes {aa.r, zz.q} {
    %0 = tosa.add %arg0, %arg0 {aa.j = 2 : i32, zz.k = 1 : i32} : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> loc(#loc)
    %1 = tosa.clamp %0 {max_val = 1.000000e+00 : f32, min_val = 0.000000e+00 : f32, zz.k = 1 : i32} : (tensor<2xf32>) -> tensor<2xf32> loc(fused<"conv">["a.py":4:1, "b.py":5:2])
    %2 = tosa.maximum %1, %0 : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
    %3 = tosa.clamp %2 {max_val = 1.000000e+00 : f32, min_val = 0.000000e+00 : f32, nan_mode = IGNORE} : (tensor<2xf32>) -> tensor<2xf32>
    %c3_i32 = arith.constant 3 : i32
    %cst = arith.constant {aa.z} dense<1.000000e+00> : tensor<2xf32>
    %true = arith.constant true
    %c0 = arith.constant 0 : index
    %4 = tosa.const_shape  {values = dense<[1, 16]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %5 = tosa.reshape %arg1, %4 : (tensor<1x4x4x1xi8>, !tosa.shape<2>) -> tensor<1x16xi8>
    %6 = "tosa.const"() <{values = dense<38> : tensor<1xi32>}> : () -> tensor<1xi32>
    %7 = "tosa.const"() <{values = dense<7> : tensor<1xi8>}> : () -> tensor<1xi8>
    %8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %9 = tosa.rescale %5, %6, %7, %8, %8 {input_unsigned = false, output_unsigned = false, per_channel = false, rounding_mode = DOUBLE_ROUND, scale32 = true} : (tensor<1x16xi8>, tensor<1xi32>, tensor<1xi8>, tensor<1xi8>, tensor<1xi8>) -> tensor<1x16xi8>
    %10:2 = "acme.pair"(%3) : (tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>)
    return %10#0, %cst : tensor<2xf32>, tensor<2xf32> loc(callsite("f"("a.py":9:1) at "b.py":2:3))
  } loc("a.py":3:1)
  func.func @g() {
    func.return
  }
}
