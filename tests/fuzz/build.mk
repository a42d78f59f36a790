# tests/fuzz : libFuzzer harnesses, one per tests/fuzz/fuzz_<name>.c, each
# seeded from the directories listed in FUZZ_SEEDS_<name>. Built with clang
# in their own tree (build/fuzz) with ASan+UBSan; `make fuzz` runs each for
# FUZZ_SECONDS seconds and fails on any crash, leak or timeout.
FUZZ_SECONDS ?= 60
# FUZZ_RUNS (inputs per harness) with FUZZ_SEED makes a run reproducible:
# CI uses it so that its verdict does not depend on the machine's speed.
FUZZ_RUNS ?=
FUZZ_SEED ?=
FUZZ_LIMIT = $(if $(FUZZ_RUNS),-runs=$(FUZZ_RUNS),-max_total_time=$(FUZZ_SECONDS)) $(if $(FUZZ_SEED),-seed=$(FUZZ_SEED))
FUZZ_SRCS = $(sort $(wildcard tests/fuzz/fuzz_*.c))
FUZZ_NAMES = $(FUZZ_SRCS:tests/fuzz/fuzz_%.c=%)
FUZZ_BINS = $(FUZZ_NAMES:%=$(BUILD)/fuzz/fuzz_%)

# Extra objects a harness links besides the runtime: FUZZ_OBJS_<name>.
$(BUILD)/fuzz/fuzz_%: tests/fuzz/fuzz_%.c $(LIBRULEGEN) $$(FUZZ_OBJS_$$*)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -fsanitize=fuzzer $< $(FUZZ_OBJS_$*) $(LIBRULEGEN) $(LDLIBS) -o $@

fuzz-build: $(FUZZ_BINS)

# The harnesses run side by side, FUZZ_JOBS at a time (default: the
# number of processors); each prints its last line when it ends.
FUZZ_JOBS ?= $(shell nproc 2>/dev/null || echo 1)
fuzz:
	$(MAKE) BUILD=build/fuzz CC=clang OPT=-O1 \
	  SANFLAGS="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all" fuzz-build
	@$(MAKE) --no-print-directory -j$(FUZZ_JOBS) $(FUZZ_NAMES:%=fuzz-run-%)

fuzz-run-%:
	@dir=build/fuzz/corpus/$*; mkdir -p $$dir; \
	build/fuzz/fuzz/fuzz_$* $(FUZZ_LIMIT) -timeout=10 -rss_limit_mb=2048 -print_final_stats=0 \
	  -artifact_prefix=build/fuzz/ $$dir $(FUZZ_SEEDS_$*) 2>build/fuzz/fuzz_$*.log || \
	  { echo "fuzz $*: $(FUZZ_LIMIT): FAILED"; tail -n 40 build/fuzz/fuzz_$*.log; exit 1; }; \
	echo "fuzz $*: $(FUZZ_LIMIT): $$(grep -E '^(#[0-9]+ +DONE|Done)' build/fuzz/fuzz_$*.log | tail -n 1)"

# fuzz_verify runs the built-in pipelines: it links the generated passes
# and the backends' hooks.
FUZZ_OBJS_verify = $(RULES_OBJ) $(BACKEND_LIB)
FUZZ_SEEDS_verify = tests/robust tests/mlir/roundtrip tests/verify tests/rules
export FUZZ_SEEDS_verify

# fuzz_inputs runs the input sets it reads on TOSA ops.
FUZZ_OBJS_inputs = $(RULES_OBJ) $(BACKEND_LIB)
FUZZ_SEEDS_inputs = tests/robust/inputs
export FUZZ_SEEDS_inputs
