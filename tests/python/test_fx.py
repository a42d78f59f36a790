"""torchvision models through rulegen.fx: trace (make_fx over a
functionalized model, random weights), convert, run the arm and xnnpack
pipelines with inexact rules allowed, convert back, and run both modules
in torch on random inputs. Results must be bit-identical when every rule
that fired is exact, and within rulegen's default tolerance otherwise;
op histograms before and after and fires per rule are golden files
(tests/python/golden, UPDATE_GOLDENS=1 rewrites them); the ops each
pipeline decomposes must be gone. Prints PASS/FAIL lines (tests/run.sh).
Usage: test_fx.py ROOT"""
import os
import sys

import torch
import torchvision
from functorch.experimental import functionalize
from torch.fx.experimental.proxy_tensor import make_fx
from torchvision.models.vision_transformer import VisionTransformer

import rulegen
import rulegen.fx

root = sys.argv[1]
golden_dir = os.path.join(root, "tests", "python", "golden")
update = os.environ.get("UPDATE_GOLDENS") == "1"

# (constructor, input shape): small inputs keep the suite fast.
MODELS = {
    "resnet18": (torchvision.models.resnet18, (1, 3, 64, 64)),
    "mobilenet_v2": (torchvision.models.mobilenet_v2, (1, 3, 64, 64)),
    "vit": (lambda: VisionTransformer(image_size=32, patch_size=8, num_layers=2, num_heads=2,
                                      hidden_dim=64, mlp_dim=128, num_classes=10), (1, 3, 32, 32)),
    "efficientnet_b0": (torchvision.models.efficientnet_b0, (1, 3, 64, 64)),
    "shufflenet_v2": (torchvision.models.shufflenet_v2_x0_5, (1, 3, 64, 64)),
    "squeezenet": (torchvision.models.squeezenet1_1, (1, 3, 64, 64)),
}

# Ops each pipeline removes wherever they occur in these models (given
# inexact rules): none may be left.
DECOMPOSED = {
    "arm": ["aten.relu", "aten.hardtanh", "aten.clone", "aten.addmm", "aten.mm", "aten.gelu",
            "aten._softmax", "aten.native_layer_norm", "aten.var.correction", "aten.mean.dim",
            "aten.silu", "aten.div.Tensor", "aten.split_copy.Tensor", "aten.expand_copy",
            "aten.linear"],
    "xnnpack": ["aten.addmm", "aten.linear"],
}

REL, FLOOR = 1e-5, 1e-3   # RG_TOLERANCE_REL_DEFAULT, RG_TOLERANCE_FLOOR_DEFAULT


def within(a, b):
    """Max error as rulegen's proof measures it, and whether it passes."""
    if not (a.isnan() == b.isnan()).all():
        return float("inf"), False
    a, b = a.double(), b.double()
    scale = torch.maximum(torch.maximum(a.abs(), b.abs()), torch.full_like(a, FLOOR))
    err = ((a - b).abs() / scale).nan_to_num(0.0).max().item()
    return err, err <= REL


def model(name):
    torch.manual_seed(0)
    make, shape = MODELS[name]
    m = make().eval()
    # Zero-initialised layers (ViT's head) would hide every difference.
    for p in m.parameters():
        if p.dim() > 1 and not p.detach().abs().sum():
            torch.nn.init.normal_(p, std=0.05)
    x = torch.randn(shape)
    gm = make_fx(functionalize(m, remove="mutations_and_views"))(x)
    return gm, x, shape


def golden_text(res):
    out = ["# ops before"]
    out += ["%s %d" % kv for kv in sorted(res.before.items())]
    out.append("# ops after")
    out += ["%s %d" % kv for kv in sorted(res.after.items())]
    out.append("# fires")
    out += ["%s %d%s" % (k, v, " inexact" if k in res.stats.inexact else "")
            for k, v in sorted(res.stats.fires.items())]
    return "\n".join(out) + "\n"


def check_golden(case, text):
    path = os.path.join(golden_dir, case + ".txt")
    old = open(path).read() if os.path.exists(path) else None
    if old == text:
        return None
    if update:
        with open(path, "w") as f:
            f.write(text)
        print("UPDATED " + os.path.relpath(path, root))
        return None
    if old is None:
        return "no golden file %s (UPDATE_GOLDENS=1 writes it)" % os.path.relpath(path, root)
    diff = [ln for ln in set(text.split("\n")) ^ set(old.split("\n")) if ln]
    return "differs from %s: %s" % (os.path.relpath(path, root), "; ".join(sorted(diff)[:6]))


def run_model(name):
    gm, x, shape = model(name)
    torch.manual_seed(1)
    inputs = [x] + [torch.randn(shape) for _ in range(2)]
    for target in ("arm", "xnnpack"):
        case = "%s.%s" % (name, target)
        try:
            out = rulegen.fx.run(gm, target, example_inputs=(x,), inexact=True)
        except rulegen.RulegenError as e:
            print("FAIL %s: %s" % (case, str(e).split("\n")[0]))
            continue
        res = out.rulegen
        why = None
        if not res.stats.fires and any(op in res.before for op in DECOMPOSED[target]):
            why = "no rule fired"
        left = sorted(op for op in DECOMPOSED[target] if op in res.after)
        if not why and left:
            why = "left after the pipeline: " + ", ".join(left)
        worst = 0.0
        with torch.no_grad():
            for i, xi in enumerate(inputs):
                a, b = gm(xi), out(xi)
                if res.stats.inexact:
                    err, ok = within(a, b)
                    worst = max(worst, err)
                    if not ok and not why:
                        why = "input %d: relative error %.3g > %g after inexact rules %s" % (
                            i, err, REL, ", ".join(sorted(res.stats.inexact)))
                elif not torch.equal(a, b) and not why:
                    why = "input %d: not bit-identical after exact rules only (max diff %.3g)" % (
                        i, (a - b).abs().max().item())
        why = why or check_golden(case, golden_text(res))
        if why:
            print("FAIL %s: %s" % (case, why))
        else:
            print("PASS %s (%s, %d rewrites)" % (
                case, "within %.2g" % worst if res.stats.inexact else "bit-identical",
                res.stats.rewrites))


def t_unknown_schema():
    class M(torch.nn.Module):
        def forward(self, x):
            return torch.sigmoid(x) + 1

    gm = torch.fx.symbolic_trace(M())
    try:
        rulegen.fx.run(gm, "arm", example_inputs=(torch.randn(2, 3),))
    except rulegen.fx.ConversionError as e:
        return None if "schema unknown" in str(e) else "message: %s" % e
    return "no exception"


def t_unknown_target():
    gm, x, _ = model("squeezenet")
    try:
        rulegen.fx.run(gm, "no-such-target", example_inputs=(x,))
    except rulegen.RulegenError as e:
        return None if "unknown target 'no-such-target'" in str(e) else "message: %s" % e
    return "no exception"


def t_no_shapes():
    gm, x, _ = model("squeezenet")
    try:
        rulegen.fx.run(gm, "arm")
    except rulegen.fx.ConversionError as e:
        return None if "example_inputs" in str(e) else "message: %s" % e
    return "no exception"


def t_exact_only():
    """Without inexact rules, results are bit-identical."""
    gm, x, _ = model("vit")
    out = rulegen.fx.run(gm, "arm", example_inputs=(x,))
    if out.rulegen.stats.inexact:
        return "inexact rules fired: %r" % out.rulegen.stats.inexact
    with torch.no_grad():
        return None if torch.equal(gm(x), out(x)) else "results differ"


def t_inline_batch_norm():
    """constants="inline": batch norms fold into the convolutions."""
    gm, x, shape = model("shufflenet_v2")
    out = rulegen.fx.run(gm, "arm", example_inputs=(x,), constants="inline", inexact=True)
    res = out.rulegen
    if res.stats.fires.get("fuse_batch_norm2d.conv_no_bias", 0) != 56:
        return "fuse_batch_norm2d fired %r" % {k: v for k, v in res.stats.fires.items()
                                               if "batch" in k}
    if "aten._native_batch_norm_legit_no_training" in res.after:
        return "batch norms left"
    with torch.no_grad():
        for xi in (x, torch.randn(shape)):
            err, ok = within(gm(xi), out(xi))
            if not ok:
                return "relative error %.3g" % err
    fc = [n.target for n in gm.graph.nodes if n.op == "get_attr"][-2:]
    if not all(getattr(out, t) is getattr(gm, t) for t in fc):
        return "an untouched inlined constant came back as a copy"
    return None


def t_scalars_and_dtypes():
    """Python numbers in tensor positions, a bf16 constant, an integer
    tensor times a float, a bool buffer, both ways of carrying constants."""
    class M(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.register_buffer("b", torch.randn(4).to(torch.bfloat16))
            self.register_buffer("k", torch.tensor([True, False, True, True]))

        def forward(self, x, i):
            return ((x.to(torch.bfloat16) * self.b).float() * 2.5, i * 0.5,
                    torch.where(self.k, x, -x) / 3)

    x, i = torch.randn(4), torch.arange(4)
    gm = make_fx(functionalize(M(), remove="mutations_and_views"))(x, i)
    for constants in ("reference", "inline"):
        out = rulegen.fx.run(gm, "arm", example_inputs=(x, i), constants=constants,
                             inexact=True)
        a, b = gm(x, i), out(x, i)
        if not (torch.equal(a[0], b[0]) and torch.equal(a[1], b[1]) and within(a[2], b[2])[1]):
            return "%s: results differ: %r %r" % (constants, a, b)
        if out.rulegen.stats.fires != {"decompose_div.div": 1}:
            return "%s: fires %r" % (constants, out.rulegen.stats.fires)
    return None


def t_params_by_reference():
    gm, x, _ = model("resnet18")
    out = rulegen.fx.run(gm, "xnnpack", example_inputs=(x,))
    used = [n.target for n in out.graph.nodes if n.op == "get_attr"]
    same = [getattr(out, t) is getattr(gm, t) for t in used if hasattr(gm, t)]
    return None if len(same) > 60 and all(same) else "tensors were copied: %d of %d shared" % (
        sum(same), len(used))


for name in MODELS:
    run_model(name)
for fn_name in sorted(k for k in list(globals()) if k.startswith("t_")):
    try:
        why = globals()[fn_name]()
    except Exception as e:
        why = "%s: %s" % (type(e).__name__, str(e).split("\n")[0])
    print("PASS fx." + fn_name[2:] if not why else "FAIL fx.%s: %s" % (fn_name[2:], why))
