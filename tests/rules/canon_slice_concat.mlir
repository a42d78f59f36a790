// RUN: --passes canonicalize
// FIRES: canonicalize.slice_concat_first=1 canonicalize.slice_concat_second=1 canonicalize.slice_concat_third=2 canonicalize.slice_concat_skip=1 canonicalize.slice_full=2
// EXEC
// Slices of cat = concat(a [2x2], b [2x3], c [2x1], axis 1), which has four
// users: columns 0-1 are a (a slice of the whole of a, then a itself),
// row 1 of columns 2-3 is row 1 of columns 0-1 of b, column 5 is c.
// Refused: columns 1-2, which span a and b. A concat of four [1x4] rows
// used only by a slice of row 3: the first row is dropped (the concat
// has no other user), then the slice reads the third operand of what
// remains, row 0 of d.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x2xi32>, tensor<2x3xi32>, tensor<2x1xi32>, tensor<1x4xi8>, tensor<1x4xi8>, tensor<1x4xi8>, tensor<1x4xi8>) -> (tensor<2x2xi32>, tensor<1x2xi32>, tensor<2x1xi32>, tensor<2x2xi32>, tensor<1x2xi8>), sym_name = "f"}> ({
  ^bb0(%a: tensor<2x2xi32>, %b: tensor<2x3xi32>, %c: tensor<2x1xi32>, %p: tensor<1x4xi8>, %q: tensor<1x4xi8>, %r: tensor<1x4xi8>, %s: tensor<1x4xi8>):
    %cat = "tosa.concat"(%a, %b, %c) <{axis = 1 : i32}> : (tensor<2x2xi32>, tensor<2x3xi32>, tensor<2x1xi32>) -> tensor<2x6xi32>
    %z = "tosa.const_shape"() <{values = dense<0> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %s22 = "tosa.const_shape"() <{values = dense<2> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %st1 = "tosa.const_shape"() <{values = dense<[1, 2]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %sz1 = "tosa.const_shape"() <{values = dense<[1, 2]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %st2 = "tosa.const_shape"() <{values = dense<[0, 5]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %sz2 = "tosa.const_shape"() <{values = dense<[2, 1]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %st3 = "tosa.const_shape"() <{values = dense<[0, 1]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %r0 = "tosa.slice"(%cat, %z, %s22) : (tensor<2x6xi32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x2xi32>
    %r1 = "tosa.slice"(%cat, %st1, %sz1) : (tensor<2x6xi32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x2xi32>
    %r2 = "tosa.slice"(%cat, %st2, %sz2) : (tensor<2x6xi32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x1xi32>
    %r3 = "tosa.slice"(%cat, %st3, %s22) : (tensor<2x6xi32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<2x2xi32>
    %rows = "tosa.concat"(%p, %q, %r, %s) <{axis = 0 : i32}> : (tensor<1x4xi8>, tensor<1x4xi8>, tensor<1x4xi8>, tensor<1x4xi8>) -> tensor<4x4xi8>
    %st4 = "tosa.const_shape"() <{values = dense<[3, 1]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %sz4 = "tosa.const_shape"() <{values = dense<[1, 2]> : tensor<2xindex>}> : () -> !tosa.shape<2>
    %r4 = "tosa.slice"(%rows, %st4, %sz4) : (tensor<4x4xi8>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<1x2xi8>
    "func.return"(%r0, %r1, %r2, %r3, %r4) : (tensor<2x2xi32>, tensor<1x2xi32>, tensor<2x1xi32>, tensor<2x2xi32>, tensor<1x2xi8>) -> ()
  }) : () -> ()
}) : () -> ()
