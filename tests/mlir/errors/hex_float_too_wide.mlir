"acme.x"() {k = 0x1FFFF : f16} : () -> ()
