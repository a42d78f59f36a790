%0:2 = "acme.pair"() : () -> (i32, i32)
"acme.use"(%0#2) : (i32) -> ()
