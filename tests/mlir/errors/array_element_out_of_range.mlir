"acme.x"() {a = array<i8: 1, 300>} : () -> ()
