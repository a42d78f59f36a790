// Dictionary keys spelled like ops whose custom form is read in code (or
// in a table form) stay keys.
"acme.op"() {acme.matmul = 1 : i64, tensor.empty, tosa.add = "x", math.fpowi = 2 : i64} : () -> ()
