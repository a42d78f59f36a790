"""make bench-python: per torchvision model (random weights, batch 1,
224x224), what a Python user pays: FX to rulegen and back (conversion
with shape propagation, both directions), the whole arm and xnnpack
pipelines, and one make_fx re-trace of the same module, which every
ExportPass-style Python pass pays once. Median of RUNS runs, in ms.
Usage: python_bench.py [MODEL...]"""
import os
import statistics
import sys
import time

import torch
import torchvision
from functorch.experimental import functionalize
from torch.fx.experimental.proxy_tensor import make_fx

import rulegen.fx

RUNS = int(os.environ.get("RUNS", "3"))
SIZE = int(os.environ.get("SIZE", "224"))
MODELS = ["resnet18", "mobilenet_v2", "vit_b_16", "efficientnet_b0", "shufflenet_v2_x1_0",
          "squeezenet1_1"]


def ms(fn):
    times = []
    for _ in range(RUNS):
        t = time.perf_counter()
        r = fn()
        times.append((time.perf_counter() - t) * 1e3)
    return statistics.median(times), r


def main(names):
    torch.manual_seed(0)
    torch.set_num_threads(1)
    print("%-20s %6s %11s %11s %9s %9s %11s %s" % (
        "model", "nodes", "to+from ms", "arm run ms", "arm fires", "xnn run", "make_fx ms",
        "make_fx/(to+from+arm)"))
    for name in names:
        m = getattr(torchvision.models, name)().eval()
        x = torch.randn(1, 3, SIZE, SIZE)
        gm = make_fx(functionalize(m, remove="mutations_and_views"))(x)
        retrace, _ = ms(lambda: make_fx(gm)(x))

        def convert_both_ways():
            conv = rulegen.fx.to_rulegen(gm, (x,))
            return rulegen.fx.from_rulegen(conv)

        conv_ms, _ = ms(convert_both_ways)
        conv = rulegen.fx.to_rulegen(gm, (x,))
        arm = []
        xnn = []
        for _ in range(RUNS):
            # wall time of the whole call: passes, deduplication, verifier
            c = rulegen.fx.to_rulegen(gm, (x,))
            t = time.perf_counter()
            st = c.graph.run("arm", inexact=True)
            arm.append(((time.perf_counter() - t) * 1e3, st.rewrites))
            c = rulegen.fx.to_rulegen(gm, (x,))
            t = time.perf_counter()
            c.graph.run("xnnpack", inexact=True)
            xnn.append((time.perf_counter() - t) * 1e3)
        arm_ms = statistics.median(a for a, _ in arm)
        whole = conv_ms + arm_ms
        print("%-20s %6d %11.1f %11.3f %9d %9.3f %11.1f %6.1fx" % (
            name, len(gm.graph.nodes), conv_ms, arm_ms, arm[0][1], statistics.median(xnn),
            retrace, retrace / whole))
        del conv


if __name__ == "__main__":
    main(sys.argv[1:] or MODELS)
