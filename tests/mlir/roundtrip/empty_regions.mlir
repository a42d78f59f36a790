// Unregistered ops with empty regions, an empty block and a second block without predecessors.
// Made by: mlir-opt-22 --allow-unregistered-dialect --mlir-print-op-generic (from pretty form).
"builtin.module"() ({
  "acme.container"() ({
  }) : () -> ()
  "acme.two"() ({
  ^bb0:
  }, {
    "acme.a"() : () -> ()
  ^bb1(%0: i32):  // no predecessors
    "acme.b"(%0) : (i32) -> ()
  }) : () -> ()
  "acme.regions3"() ({
  }, {
  }, {
  }) : () -> ()
}) : () -> ()

