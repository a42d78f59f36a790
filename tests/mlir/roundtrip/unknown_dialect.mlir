// Ops, attributes and types of dialects mlir-opt does not know.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
#map = affine_map<(d0, d1) -> (d1, d0)>
#set = affine_set<(d0) : (d0 - 1 >= 0)>
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<4xf32>) -> tensor<4xf32>, sym_name = "custom"}> ({
  ^bb0(%arg0: tensor<4xf32>):
    %0 = "acme.norm"(%arg0) {cfg = {depth = 3 : i64, tags = ["a", "b"]}, eps = 9.99999974E-6 : f32, layout = #acme<layout NHWC>, map = #map, mode = #acme.mode<fast, "x>y">} : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "acme.pack"(%0) : (tensor<4xf32>) -> !acme.packed<4 x f32, [1, 2]>
    %2 = "acme.unpack"(%1) {kind = #acme.kind} : (!acme.packed<4 x f32, [1, 2]>) -> tensor<4xf32>
    %3 = "acme.opaque_thing"(%2) {set = #set, sym = @custom} : (tensor<4xf32>) -> tensor<4xf32>
    "func.return"(%3) : (tensor<4xf32>) -> ()
  }) : () -> ()
}) : () -> ()

