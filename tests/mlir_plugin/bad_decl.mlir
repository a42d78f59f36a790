// An edge-dialect op (unregistered in MLIR, so mlir-opt needs
// --allow-unregistered-dialect) with one operand where its declaration
// in rulegen's .ops files asks for more: rulegen's op verifier refuses it.
func.func @edge(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "aten.add.Tensor"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
