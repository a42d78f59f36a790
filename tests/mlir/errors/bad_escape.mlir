"acme.x"() {s = "bad \q escape"} : () -> ()
