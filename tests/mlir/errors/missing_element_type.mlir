%0 = "acme.x"() : () -> tensor<4x4>
