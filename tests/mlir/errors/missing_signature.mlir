"acme.x"()
"acme.y"() : () -> ()
