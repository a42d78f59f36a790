"""rulegen from Python: load a rule set (the bundled targets or a user's
own, built out of tree), read and write graphs as MLIR text, run
pipelines with statistics, explain, and prove rewrites by execution,
through ctypes over librulegen. rulegen.fx converts torch.fx graphs
(it alone imports torch). Guide: docs/python.md."""
from ._core import (RulegenError, RuleSet, Graph, Stats, load_target, read_mlir,
                    read_mlir_file, version)

__all__ = ["RulegenError", "RuleSet", "Graph", "Stats", "load_target", "read_mlir",
           "read_mlir_file", "version"]
