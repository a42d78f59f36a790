"acme.x"() : () -> ()
$oops
