"acme.x"() {s = "runs off
