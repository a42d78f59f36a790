// Hand-written (not printed by mlir-opt): top-level ops without a module,
// named values, result-group lists, odd spacing and comments everywhere.
#map_t = affine_map<(d0, d1) -> (d1, d0)>   // an attribute alias
!packed = !acme.packed<8>
"acme.top"() ({
  ^entry( %input : tensor< 2 x 3 x f32 > , %n : index ):   // spaced-out types
    %a, %b:2 = "acme.three"(%input) {"weird key" = 1, layout = #map_t} : (tensor<2x3xf32>) -> (i32, f32, f32)
    %sum = "acme.add"(%b#0, %b#1) : (f32, f32) -> f32
    "acme.use"(%a, %sum, %n) : (i32, f32, index) -> ()
    %p = "acme.pack"() : () -> !packed
    "acme.done"(%p) : (!packed) -> ()
}) {sym_name = "top"} : () -> ()
// a second top-level op
"acme.other"() <{note = "second\n"}> : () -> ()
