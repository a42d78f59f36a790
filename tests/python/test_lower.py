"""torchvision models lowered to TOSA end to end: trace (make_fx over a
functionalized model, random weights, parameters inlined as constants),
the `arm` edge passes, the `arm_tosa` lowering, the `ethos_u55` pipeline;
no edge op may be left, mlir-opt-22 must verify the result and pass
--tosa-validate for the TOSA 1.0 FP profile at level 8K (skipped with one
line where mlir-opt-22 is absent), and the reference interpreter's result
on a random input must equal torch's within TOL (relative to the largest
output magnitude: the lowering reorders float sums). Prints PASS/FAIL
lines (tests/run.sh); with --bench (make bench-lower), per model and stage
the ops (constants not counted), transposes (and edge permutes), kinds of
edge op left (other than constants) and the stage's seconds instead.
Usage: test_lower.py ROOT [--bench]"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

import torch
import torchvision
from functorch.experimental import functionalize
from torch.fx.experimental.proxy_tensor import make_fx
from torchvision.models.vision_transformer import VisionTransformer

import rulegen
import rulegen.fx

root = sys.argv[1]
bench = "--bench" in sys.argv[2:]
TOL = 1e-5
TOSA_TARGET = "--tosa-attach-target=profiles=pro_fp level=8k"

MODELS = {
    "resnet18": (torchvision.models.resnet18, (1, 3, 32, 32)),
    "mobilenet_v2": (torchvision.models.mobilenet_v2, (1, 3, 32, 32)),
    "vit": (lambda: VisionTransformer(image_size=32, patch_size=8, num_layers=2, num_heads=2,
                                      hidden_dim=32, mlp_dim=64, num_classes=10), (1, 3, 32, 32)),
}
STAGES = [("arm", "arm"), ("arm_tosa", "arm_tosa"), ("ethos_u55", "ethos_u55")]


def report(ok, name, why=""):
    print(("PASS %s" % name) if ok else ("FAIL %s: %s" % (name, why)))


CONSTANTS = ("aten._constant", "tosa.const", "tosa.const_shape")


def counts(g):
    """(ops other than constants, transposes and permutes, edge ops left)."""
    h = g.histogram()
    ops = sum(n for op, n in h.items()
              if op not in ("builtin.module", "func.func", "func.return") + CONSTANTS)
    return ops, h.get("tosa.transpose", 0) + h.get("aten.permute_copy", 0), \
        sorted(op for op in h if op.startswith("aten.") and op != "aten._constant")


def lower(name):
    torch.manual_seed(0)
    make, shape = MODELS[name]
    m = make().eval()
    for p in m.parameters():   # zero-initialised layers would hide differences
        if p.dim() > 1 and not p.detach().abs().sum():
            torch.nn.init.normal_(p, std=0.05)
    x = torch.randn(shape)
    gm = make_fx(functionalize(m, remove="mutations_and_views"))(x)
    with torch.no_grad():
        want = gm(x)
    conv = rulegen.fx.to_rulegen(gm, (x,), constants="inline")
    g = conv.graph
    rows = [("edge", counts(g), 0.0)]
    for label, target in STAGES:
        t0 = time.perf_counter()
        g.run(target, inexact=True)
        rows.append((label, counts(g), time.perf_counter() - t0))
    return g, x, want, rows


def check(name, mlir_opt, tmp):
    g, x, want, rows = lower(name)
    if bench:
        for label, (ops, transposes, left), secs in rows:
            print("%-13s %-10s %5d %11d %9d %9.3f" % (name, label, ops, transposes,
                                                    sum(1 for _ in left), secs))
        return
    left = rows[-1][1][2]
    report(not left, "lower.%s.no_edge_ops" % name, "left: %s" % ", ".join(left))
    text = g.to_mlir()
    path = os.path.join(tmp, name + ".mlir")
    with open(path, "w") as f:
        f.write(text)
    if mlir_opt:
        r = subprocess.run([mlir_opt, TOSA_TARGET, "--tosa-validate", path, "-o", os.devnull],
                           capture_output=True, text=True)
        report(r.returncode == 0, "lower.%s.tosa_validate" % name, r.stderr.strip()[:300])
    shape = tuple(x.shape)
    (oshape, got), = g.execute([(shape, x.flatten().tolist())])
    got = torch.tensor(got).reshape(oshape)
    ok = got.shape == want.shape
    err = float("inf")
    if ok:
        scale = max(want.abs().max().item(), 1e-30)
        err = (got - want).abs().max().item() / scale
    report(ok and err <= TOL, "lower.%s.matches_torch" % name,
           "largest error %.3g of the largest output (tolerance %g)" % (err, TOL))
    if os.environ.get("RG_LOWER_ERRORS"):
        print("# %s: largest error %.3g of the largest output" % (name, err))


def main():
    mlir_opt = shutil.which("mlir-opt-22")
    if not mlir_opt and not bench:
        print("SKIP lower.tosa_validate: mlir-opt-22 not installed")
    if bench:
        print("%-13s %-10s %5s %11s %9s %9s" % ("model", "after", "ops", "transposes",
                                               "edge ops", "seconds"))
    tmp = tempfile.mkdtemp()
    try:
        for name in MODELS:
            check(name, mlir_opt, tmp)
    finally:
        shutil.rmtree(tmp)


main()
