"tosa.clamp"() <{nan_mode = IGNORE}> : () -> ()
