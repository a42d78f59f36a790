"""The rulegen Python package without torch: reading, writing, running,
explain, proof by execution, executing a function on given inputs
(before and after the TOSA lowering), a user's rule set loaded from its own shared
library, and bad input raising exceptions. Prints `PASS name` / `FAIL name:
why` per case (tests/run.sh). Usage: test_api.py ROOT [USER_LIB]"""
import gc
import os
import sys

root = sys.argv[1]
import rulegen  # noqa: E402


def case(name, fn):
    try:
        why = fn()
    except Exception as e:  # a crash of a case is its failure
        why = "%s: %s" % (type(e).__name__, str(e).split("\n")[0])
    print("PASS " + name if not why else "FAIL %s: %s" % (name, why))


def raises(fn, *needles):
    try:
        fn()
    except rulegen.RulegenError as e:
        msg = str(e)
        for n in needles:
            if n not in msg:
                return "message lacks %r: %s" % (n, msg.split("\n")[0])
        return None
    return "no exception"


def read(rel):
    with open(os.path.join(root, rel)) as f:
        return f.read()


def t_roundtrip():
    text = read("tests/arm/gelu.mlir")
    g = rulegen.read_mlir(text, name="gelu.mlir")
    again = rulegen.read_mlir(g.to_mlir()).to_mlir()
    return None if again == g.to_mlir() else "generic text does not read back the same"


def t_run_stats():
    g = rulegen.read_mlir(read("tests/arm/gelu.mlir"))
    st = g.run("arm", inexact=True, verify_by_execution=2)
    if st.fires != {"decompose_gelu.gelu_erf": 1, "decompose_gelu.gelu_tanh": 1}:
        return "fires %r" % st.fires
    if set(st.inexact) != set(st.fires) or st.max_error is None or st.proof_runs != 2:
        return "inexact %r, max_error %r, runs %r" % (st.inexact, st.max_error, st.proof_runs)
    if "aten.gelu" in g.histogram():
        return "gelu left: %r" % g.histogram()
    skipped = [p["name"] for p in st.passes if p["skipped"]]
    return None if "remove_clone" in skipped else "remove_clone not skipped"


def t_exact_off():
    g = rulegen.read_mlir(read("tests/arm/gelu.mlir"))
    st = g.run("arm")
    return None if not st.fires and g.histogram().get("aten.gelu") == 2 else "inexact rules fired"


def t_passes_and_rules():
    rs = rulegen.load_target()
    if "decompose_gelu" not in [p.contents.name.decode() for p in rs.pipeline("arm")]:
        return "arm lacks decompose_gelu"
    if ("gelu_erf", True) not in [(r, i) for r, _, i in rs.rules("decompose_gelu")]:
        return "gelu_erf not inexact"
    g = rulegen.read_mlir(read("tests/arm/gelu.mlir"))
    st = g.run(passes=["decompose_gelu"], inexact=True, disabled_rules=["gelu_tanh"])
    return None if st.fires == {"decompose_gelu.gelu_erf": 1} else "fires %r" % st.fires


def t_explain():
    g = rulegen.read_mlir(read("tests/arm/gelu.mlir"))
    st = g.run(passes=["decompose_gelu"], inexact=True, explain=3)
    whys = {r: w for _, r, w in st.explain}
    return None if "gelu_erf" in whys and "gelu_tanh" in whys else "explain gave %r" % st.explain


def t_verify_exact():
    g = rulegen.read_mlir(read("tests/arm/to_clamp.mlir"))
    st = g.run("arm", verify_by_execution=3)
    return None if st.fires and not st.inexact and st.proof_runs == 3 else "stats %r" % st


def t_malformed():
    return raises(lambda: rulegen.read_mlir('"builtin.module"() ({\n  %0 = "aten.relu"(%x)\n',
                                            name="bad.mlir"), "bad.mlir:2:")


def t_unterminated():
    return raises(lambda: rulegen.read_mlir("\x00\xff(((", name="bin.mlir"), "bin.mlir")


def t_op_verify():
    text = read("tests/arm/gelu.mlir").replace('approximate = "tanh"', 'approximate = 3 : i64')
    return raises(lambda: rulegen.read_mlir(text, name="g.mlir"), "g.mlir:", "approximate")


def t_unknown_target():
    g = rulegen.read_mlir(read("tests/arm/gelu.mlir"))
    return raises(lambda: g.run("no-such-target"), "unknown target 'no-such-target'", "arm")


def t_unknown_pass():
    g = rulegen.read_mlir(read("tests/arm/gelu.mlir"))
    return raises(lambda: g.run(passes=["nope"]), "unknown pass 'nope'")


def t_bad_library():
    return raises(lambda: rulegen.load_target("/nonexistent/libx.so", "x"), "cannot load")


def t_ownership():
    g = rulegen.read_mlir(read("tests/arm/gelu.mlir"))
    st = g.run("arm", inexact=True)
    text = g.to_mlir()
    g.free()
    g.free()
    del g
    gc.collect()
    if st.fires.get("decompose_gelu.gelu_erf") != 1 or "aten.erf" not in text:
        return "stats or text lost with the graph"
    g2 = rulegen.read_mlir(text)
    g2.free()
    return raises(lambda: g2.to_mlir(), "freed")


def t_abi():
    import re
    from rulegen import _capi
    m = re.search(r"#define RG_ABI_VERSION (\d+)", read("runtime/include/rulegen/core.h"))
    if int(m.group(1)) != _capi.ABI_VERSION:
        return "core.h says ABI %s, tools/python/rulegen/_capi.py declares %d: update its " \
               "struct layouts" % (m.group(1), _capi.ABI_VERSION)
    return None


def t_report():
    import tempfile
    g = rulegen.read_mlir(read("tests/arm/to_clamp.mlir"))
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "r.html")
        g.report(path, "arm")
        with open(path) as f:
            html = f.read()
    return None if "convert_to_clamp" in html else "report lacks the pass"


def t_user_library():
    if len(sys.argv) < 3:
        return None
    rs = rulegen.load_target(sys.argv[2], "my_npu")
    g = rulegen.read_mlir(read("docs/examples/my_npu/graphs/add_relu.mlir"), rs)
    st = g.run("my_npu")
    if not st.fires or "my_npu.add_relu" not in g.histogram():
        return "my_npu pipeline did nothing: %r %r" % (st.fires, g.histogram())
    return raises(lambda: rulegen.load_target(sys.argv[2], "other"), "no rule set 'other'")


EXEC = """"builtin.module"() ({
  "func.func"() <{function_type = (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>, sym_name = "f"}> ({
  ^bb0(%a: tensor<2x2xf32>, %b: tensor<2xf32>):
    %0 = "aten.add.Tensor"(%a, %b) : (tensor<2x2xf32>, tensor<2xf32>) -> tensor<2x2xf32>
    %1 = "aten.clamp"(%0) <{min = 0.0 : f64}> : (tensor<2x2xf32>) -> tensor<2x2xf32>
    "func.return"(%1) : (tensor<2x2xf32>) -> ()
  }) : () -> ()
}) : () -> ()
"""


def t_execute():
    """Graph.execute before and after the TOSA lowering gives the same
    values; bad inputs raise."""
    g = rulegen.read_mlir(EXEC)
    inputs = [((2, 2), [1.0, -2.0, 3.0, -4.0]), ((2,), [0.5, 1.0])]
    want = [1.5, 0.0, 3.5, 0.0]
    (shape, got), = g.execute(inputs, func="f")
    if shape != (2, 2) or list(got) != want:
        return "before: %r %r" % (shape, list(got))
    g.run("arm_tosa")
    if any(op.startswith("aten.") for op in g.histogram()):
        return "not lowered: %r" % g.histogram()
    (shape, got), = g.execute(inputs, func="f")
    if shape != (2, 2) or list(got) != want:
        return "after: %r %r" % (shape, list(got))
    return (raises(lambda: g.execute(inputs, func="nosuch"), "no function @nosuch") or
            raises(lambda: g.execute([((2, 2), [1.0]), ((2,), [0.0, 0.0])], func="f"),
                   "input 0 has 1 values") or
            raises(lambda: g.execute(inputs[:1], func="f"),
                   "function takes 2 arguments, given 1"))


for name, fn in sorted((k, v) for k, v in globals().items() if k.startswith("t_")):
    case("api." + name[2:], fn)
