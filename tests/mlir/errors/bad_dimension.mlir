%0 = "acme.x"() : () -> tensor<4x?5xf32>
