"acme.x"() {d = dense<1> : i32} : () -> ()
