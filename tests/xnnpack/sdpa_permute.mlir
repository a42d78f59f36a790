// RUN: --target xnnpack --verify-by-execution
// k is scaled before its permute_copy: permute_copy is not in the guard's
// `through` set, so the chain to bmm is broken and the multiply IS lifted
// (docs/backends.md). q's side has no multiply.
"builtin.module"() ({
  "func.func"() <{function_type = (tensor<1x2x4x3xf32>, tensor<1x2x4x3xf32>) -> tensor<2x4x4xf32>, sym_name = "main"}> ({
  ^bb0(%q: tensor<1x2x4x3xf32>, %k: tensor<1x2x4x3xf32>):
    %0 = "aten.mul.Scalar"(%k) <{other = 1.250000e-01 : f64}> : (tensor<1x2x4x3xf32>) -> tensor<1x2x4x3xf32>
    %1 = "aten.permute_copy"(%0) <{dims = array<i64: 0, 1, 3, 2>}> : (tensor<1x2x4x3xf32>) -> tensor<1x2x3x4xf32>
    %2 = "aten.expand_copy"(%q) <{size = array<i64: 1, 2, 4, 3>}> : (tensor<1x2x4x3xf32>) -> tensor<1x2x4x3xf32>
    %3 = "aten.view_copy"(%2) <{size = array<i64: 2, 4, 3>}> : (tensor<1x2x4x3xf32>) -> tensor<2x4x3xf32>
    %4 = "aten.expand_copy"(%1) <{size = array<i64: 1, 2, 3, 4>}> : (tensor<1x2x3x4xf32>) -> tensor<1x2x3x4xf32>
    %5 = "aten.view_copy"(%4) <{size = array<i64: 2, 3, 4>}> : (tensor<1x2x3x4xf32>) -> tensor<2x3x4xf32>
    %6 = "aten.bmm"(%3, %5) : (tensor<2x4x3xf32>, tensor<2x3x4xf32>) -> tensor<2x4x4xf32>
    "func.return"(%6) : (tensor<2x4x4xf32>) -> ()
  }) : () -> ()
}) : () -> ()
