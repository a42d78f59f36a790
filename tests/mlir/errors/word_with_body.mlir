"acme.op"() {foo = bar<baz>} : () -> ()
