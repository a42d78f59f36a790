"acme.a"() {x = #acme.x<(1, 2>} : () -> ()
