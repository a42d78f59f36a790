"acme.f"() ({
^bb0(%a: i1):
  "cf.cond_br"(%a)[^bb1, ^bb2] : (i1) -> ()
^bb1:
  "acme.r"() : () -> ()
^bb2:
  "acme.r"() : () -> ()
}) : () -> ()
