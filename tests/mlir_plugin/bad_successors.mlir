// A function with two blocks joined by a branch: MLIR accepts it, rulegen
// graphs are dataflow graphs and refuse successors.
func.func @branch(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  cf.br ^bb1(%arg0 : tensor<4xf32>)
^bb1(%x: tensor<4xf32>):
  return %x : tensor<4xf32>
}
