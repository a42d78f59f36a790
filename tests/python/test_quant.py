"""The quantized lowering checked against torch: FX graph-mode reference
quantization (prepare_fx with symmetric qint8 activations and weights,
calibration on random data, convert_to_reference_fx), traced by make_fx,
converted by rulegen.fx, lowered by the `arm_lower` pipeline (whose
quantized passes come first) and `ethos_u55`, with the inexact rules
(the integer arithmetic rounds where torch rounds floats). Per op: each quantized op alone lowers to integer
TOSA and its result is within one quantization step (of its output
scale) of torch's reference quantized op on the same inputs. Per model:
resnet18 and mobilenet_v2 at 32x32 lower completely (only the quantize
of the float input and the dequantize of the output stay edge ops),
mlir-opt-22 accepts the result with --tosa-validate for the integer
profile (pro_int, level 8K), and the interpreter's output is within
MODEL_STEPS steps of torch's; with RG_QUANT_ERRORS=1 the largest error is
printed (docs/arm-passes.md records it). Prints PASS/FAIL lines
(tests/run.sh).
Usage: test_quant.py ROOT"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import warnings

import torch
import torch.nn.functional as F
import torchvision
from functorch.experimental import functionalize
from torch.ao.quantization import QConfig, QConfigMapping
from torch.ao.quantization.backend_config import get_qnnpack_backend_config
from torch.ao.quantization.observer import MinMaxObserver, PerChannelMinMaxObserver
from torch.ao.quantization.quantize_fx import convert_to_reference_fx, prepare_fx
from torch.fx.experimental.proxy_tensor import make_fx

import rulegen
import rulegen.fx

warnings.filterwarnings("ignore")
root = sys.argv[1]
OP_STEPS = 1
MODEL_STEPS = 2
INPUTS = 3
TOSA_TARGET = "--tosa-attach-target=profiles=pro_int level=8k"
EDGE_LEFT = {"quantized_decomposed.quantize_per_tensor": 1,
             "quantized_decomposed.dequantize_per_tensor": 1}

# Symmetric int8 as an int8 NPU runs it; the scale floor is the one the
# qnnpack backend config asks for (it quantizes nothing otherwise).
ACT = MinMaxObserver.with_args(dtype=torch.qint8, qscheme=torch.per_tensor_symmetric,
                               quant_min=-128, quant_max=127, eps=2 ** -12)
WEIGHT = MinMaxObserver.with_args(dtype=torch.qint8, qscheme=torch.per_tensor_symmetric,
                                  quant_min=-127, quant_max=127, eps=2 ** -12)
QCONFIG = QConfigMapping().set_global(QConfig(activation=ACT, weight=WEIGHT))
# Weights per output channel (symmetric), as torch.ao's default qconfigs.
WEIGHT_PC = PerChannelMinMaxObserver.with_args(dtype=torch.qint8, qscheme=torch.per_channel_symmetric,
                                               quant_min=-127, quant_max=127, eps=2 ** -12)
QCONFIG_PC = QConfigMapping().set_global(QConfig(activation=ACT, weight=WEIGHT_PC))


def report(ok, name, why=""):
    print(("PASS %s" % name) if ok else ("FAIL %s: %s" % (name, why)))


class Op(torch.nn.Module):
    def __init__(self, f, conv=None, linear=None):
        super().__init__()
        self.f, self.conv, self.linear = f, conv, linear

    def forward(self, x):
        return self.f(self, x)


def _conv(cin, cout, k, **kw):
    return torch.nn.Conv2d(cin, cout, k, **kw)


# name: (module, input shape)
OPS = {
    "conv2d": (lambda: Op(lambda m, x: m.conv(x), _conv(3, 8, 3, padding=1)), (1, 3, 8, 8)),
    "conv2d_stride2": (lambda: Op(lambda m, x: m.conv(x), _conv(4, 6, 3, stride=2)), (1, 4, 9, 9)),
    "conv2d_relu": (lambda: Op(lambda m, x: m.conv(torch.relu(m.conv(x))), _conv(3, 3, 1)),
                    (1, 3, 6, 6)),
    "depthwise": (lambda: Op(lambda m, x: m.conv(x), _conv(4, 4, 3, groups=4, padding=1)),
                  (1, 4, 7, 7)),
    "linear": (lambda: Op(lambda m, x: m.linear(x), linear=torch.nn.Linear(16, 5)), (2, 16)),
    "add": (lambda: Op(lambda m, x: m.conv(x) + x, _conv(2, 2, 1)), (1, 2, 4, 4)),
    "mul": (lambda: Op(lambda m, x: m.conv(x) * x, _conv(2, 2, 1)), (1, 2, 4, 4)),
    "add_relu": (lambda: Op(lambda m, x: torch.relu(m.conv(x) + x), _conv(3, 3, 1)), (1, 3, 5, 5)),
    "hardtanh": (lambda: Op(lambda m, x: m.conv(F.hardtanh(m.conv(x), 0.0, 6.0)), _conv(2, 2, 1)),
                 (1, 2, 5, 5)),
    "leaky_relu": (lambda: Op(lambda m, x: F.leaky_relu(m.conv(x), 0.1), _conv(2, 2, 1)),
                   (1, 2, 4, 4)),
    "elu": (lambda: Op(lambda m, x: F.elu(m.conv(x)), _conv(2, 2, 1)), (1, 2, 4, 4)),
    "max_pool2d": (lambda: Op(lambda m, x: F.max_pool2d(x, 3, 2, 1)), (1, 2, 8, 8)),
    "mean": (lambda: Op(lambda m, x: x.mean((2, 3), keepdim=True)), (1, 3, 5, 5)),
    "flatten": (lambda: Op(lambda m, x: torch.flatten(x, 1)), (1, 3, 2, 2)),
}
# The same ops with weights quantized per channel.
OPS_PER_CHANNEL = ("conv2d", "conv2d_stride2", "depthwise", "linear")



def quantized(model, shape, qconfig=QCONFIG):
    """The make_fx trace of model's reference quantization, calibrated on
    random inputs, and the reference module."""
    model.eval()
    x = torch.randn(shape)
    bc = get_qnnpack_backend_config()
    prepared = prepare_fx(model, qconfig, (x,), backend_config=bc)
    with torch.no_grad():
        for _ in range(4):
            prepared(torch.randn(shape))
    ref = convert_to_reference_fx(prepared, backend_config=bc)
    return make_fx(functionalize(ref, remove="mutations_and_views"))(x), ref


def output_scale(gm):
    """The scale of the dequantize that gives the output."""
    out = next(n for n in gm.graph.nodes if n.op == "output").args[0]
    q = out.args[0]
    s = q.args[1]
    return float(getattr(gm, s.target).item()) if isinstance(s, torch.fx.Node) else float(s)


def lower(gm, shape):
    g = rulegen.fx.to_rulegen(gm, (torch.zeros(shape),), constants="inline").graph
    for target in ("arm_lower", "ethos_u55"):
        g.run(target, inexact=True)
    return g


def left_over(g):
    """Ops other than TOSA, the function's and the region's edges, and
    TOSA ops on floats (the region is integers only)."""
    h = g.histogram()
    left = sorted("%s x%d" % (op, n) for op, n in h.items()
                  if not op.startswith("tosa.") and op not in ("builtin.module", "func.func",
                                                                "func.return")
                  and EDGE_LEFT.get(op) != n)
    floats = set(ln.split('"')[1] for ln in g.to_mlir().splitlines()
                 if '"tosa.' in ln and re.search(r"x(f16|bf16|f32)>", ln))
    return left + sorted("%s on floats" % op for op in floats)


def steps(g, ref, shape, scale):
    """The largest difference from torch over INPUTS random inputs, in
    quantization steps of the output."""
    worst = 0.0
    for i in range(INPUTS):
        torch.manual_seed(100 + i)
        x = torch.randn(shape)
        with torch.no_grad():
            want = ref(x)
        (oshape, got), = g.execute([(tuple(x.shape), x.flatten().tolist())])
        got = torch.tensor(got).reshape(oshape)
        if got.shape != want.shape:
            return float("inf")
        worst = max(worst, (got - want).abs().max().item() / scale)
    return worst


def validate(g, name, mlir_opt, tmp):
    if not mlir_opt:
        return
    path = os.path.join(tmp, name + ".mlir")
    with open(path, "w") as f:
        f.write(g.to_mlir())
    r = subprocess.run([mlir_opt, "--allow-unregistered-dialect", TOSA_TARGET, "--tosa-validate",
                        path, "-o", os.devnull], capture_output=True, text=True)
    report(r.returncode == 0, "quant.%s.tosa_validate" % name, r.stderr.strip()[:300])


def check(name, make, shape, limit, mlir_opt, tmp, qconfig=QCONFIG, transposes=None):
    torch.manual_seed(0)
    gm, ref = quantized(make(), shape, qconfig)
    g = lower(gm, shape)
    left = left_over(g)
    report(not left, "quant.%s.integer" % name, "left: %s" % ", ".join(left))
    if transposes is not None:
        # The layout transposes between layers cancel through RESCALE and
        # TABLE; the one left turns the NCHW input to NHWC.
        n = g.histogram().get("tosa.transpose", 0)
        report(n <= transposes, "quant.%s.transposes" % name,
               "%d transposes left (at most %d)" % (n, transposes))
    validate(g, name, mlir_opt, tmp)
    err = steps(g, ref, shape, output_scale(gm))
    report(err <= limit, "quant.%s.matches_torch" % name,
           "%.3g steps from torch's reference (at most %d)" % (err, limit))
    return err


def main():
    mlir_opt = shutil.which("mlir-opt-22")
    if not mlir_opt:
        print("SKIP quant.tosa_validate: mlir-opt-22 not installed")
    tmp = tempfile.mkdtemp()
    try:
        for name, (make, shape) in OPS.items():
            check(name, make, shape, OP_STEPS, mlir_opt, tmp)
        for name in OPS_PER_CHANNEL:
            make, shape = OPS[name]
            check(name + "_per_channel", make, shape, OP_STEPS, mlir_opt, tmp, QCONFIG_PC)
        for name, qconfig in (("resnet18", QCONFIG), ("mobilenet_v2", QCONFIG),
                              ("mobilenet_v2_per_channel", QCONFIG_PC)):
            err = check(name, getattr(torchvision.models, name.replace("_per_channel", "")),
                        (1, 3, 32, 32), MODEL_STEPS, mlir_opt, tmp, qconfig, transposes=1)
            if os.environ.get("RG_QUANT_ERRORS"):
                print("# %s: largest error %.3g quantization steps of the output" % (name, err))
    finally:
        shutil.rmtree(tmp)


main()
