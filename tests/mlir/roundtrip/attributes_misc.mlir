// Attribute zoo on an unknown op: every builtin attribute kind the reader distinguishes, plus strings with escapes and huge integers.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "func.func"() <{function_type = () -> (), sym_name = "attrs"}> ({
    "acme.attrs"() {arr = [1, 2.500000e+00 : f32, "s", [], [[true]], unit, @sym, @outer::@inner], b_false = false, b_true = true, bf = -2.000000e+00 : bf16, big = 170141183460469231731687303715884105727 : i128, darr = array<i64: 1, -2, 3>, darrb = array<i1: true, false>, darre = array<i32>, darrf = array<f32: 1.500000e+00, -2.500000e-01>, dict = {a = 1 : i8, nested = {x = [], y}, "quoted key" = "v"}, empty = "", f16v = 1.500000e+00 : f16, f32v = 3.14159274 : f32, f64v = 2.7182818284590451 : f64, fty = (i32, f32) -> (i1, none), hexint = 31 : i32, i64v = 9223372036854775807 : i64, i8v = -128 : i8, idx = 42 : index, infv = 0xFFF0000000000000 : f64, nanv = 0x7FC00000 : f32, si = -5 : si32, str = "tab\09here \22quoted\22 back\\slash \01 end", typ = tensor<2x?xf32>, u, u8v = 255 : ui8, unicode = "caf\C3\A9", untyped = 7 : i64} : () -> ()
    "func.return"() : () -> ()
  }) : () -> ()
}) : () -> ()

