.PHONY: bench-python
# The Python package on torchvision models: FX -> rulegen -> FX, the arm
# and xnnpack pipelines, and one make_fx re-trace (bench/python_bench.py);
# skipped with a message without torch.
BENCH_PYTHON ?= /usr/bin/python3
bench-python: $$(DIST_SO)
	@if $(BENCH_PYTHON) -c 'import torch, torchvision, functorch' 2>/dev/null; then \
	  RULEGEN_LIB=$(BUILD)/dist/librulegen.so PYTHONPATH=tools/python PYTHONDONTWRITEBYTECODE=1 \
	    $(BENCH_PYTHON) bench/python_bench.py; \
	else echo "bench-python: skipped, torch and torchvision are not installed for $(BENCH_PYTHON)"; fi

bench: bench-python

.PHONY: bench-lower
# torchvision models lowered to TOSA (tests/python/test_lower.py --bench):
# per model, the ops and transposes after the arm, arm_tosa and ethos_u55
# stages; skipped with a message without torch.
bench-lower: $$(DIST_SO)
	@if $(BENCH_PYTHON) -c 'import torch, torchvision, functorch' 2>/dev/null; then \
	  RULEGEN_LIB=$(BUILD)/dist/librulegen.so PYTHONPATH=tools/python PYTHONDONTWRITEBYTECODE=1 \
	    $(BENCH_PYTHON) tests/python/test_lower.py . --bench; \
	else echo "bench-lower: skipped, torch and torchvision are not installed for $(BENCH_PYTHON)"; fi

bench: bench-lower
