%0 = "acme.x"() : () -> tensor<4xfoo>
