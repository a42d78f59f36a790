# tests/fuzz : libFuzzer harnesses, one per tests/fuzz/fuzz_<name>.c, each
# seeded from the directories listed in FUZZ_SEEDS_<name>. Linked in the
# sanitizer tree (SAN_BUILD: clang, ASan+UBSan, libFuzzer's coverage), from
# the objects the sanitizer run tests. `make fuzz` runs each harness on
# FUZZ_RUNS inputs from seed FUZZ_SEED (a fixed verdict on any machine, in
# about a minute on two cores); `make fuzz-long` runs each for
# FUZZ_SECONDS seconds from a random seed. Both fail on any crash, leak or
# timeout.
FUZZ_SECONDS ?= 600
# Inputs a harness, so that the five take about a minute on two cores
# (docs/testing.md). fuzz_gen compiles some of what it generates and runs
# the generator on every input (about 6 ms an input); fuzz_dsl's inputs
# grow long from its seeds (the rules files).
FUZZ_RUNS ?= 60000
FUZZ_RUNS_dsl ?= 30000
FUZZ_RUNS_gen ?= 8000
FUZZ_SEED ?= 1
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
FUZZ_DIR = $(SAN_BUILD)/fuzz
.PHONY: fuzz fuzz-long fuzz-build
fuzz:
	+$(SAN_MAKE) fuzz-build
	@$(MAKE) --no-print-directory -j$(FUZZ_JOBS) $(FUZZ_NAMES:%=fuzz-run-%)
fuzz-long:
	+$(SAN_MAKE) fuzz-build
	@$(MAKE) --no-print-directory -j$(FUZZ_JOBS) FUZZ_LONG=1 $(FUZZ_NAMES:%=fuzz-run-%)

fuzz-run-%: FUZZ_LIMIT = $(if $(FUZZ_LONG),-max_total_time=$(FUZZ_SECONDS),-runs=$(or $(FUZZ_RUNS_$*),$(FUZZ_RUNS)) -seed=$(FUZZ_SEED))
# A fixed run starts from an empty corpus (its verdict is the seed's); a
# long run keeps growing one of its own.
fuzz-run-%:
	@dir=$(FUZZ_DIR)/corpus$(if $(FUZZ_LONG),-long)/$*; $(if $(FUZZ_LONG),,rm -rf $$dir;) mkdir -p $$dir; \
	$(FUZZ_DIR)/fuzz_$* $(FUZZ_LIMIT) -timeout=10 -rss_limit_mb=2048 -print_final_stats=0 \
	  -artifact_prefix=$(FUZZ_DIR)/ $$dir $(FUZZ_SEEDS_$*) 2>$(FUZZ_DIR)/fuzz_$*.log || \
	  { echo "fuzz $*: $(FUZZ_LIMIT): FAILED"; tail -n 40 $(FUZZ_DIR)/fuzz_$*.log; exit 1; }; \
	echo "fuzz $*: $(FUZZ_LIMIT): $$(grep -E '^(#[0-9]+ +DONE|Done)' $(FUZZ_DIR)/fuzz_$*.log | tail -n 1)"

# fuzz_verify runs the built-in pipelines: it links the generated passes
# and the backends' hooks.
FUZZ_OBJS_verify = $(RULES_OBJ) $(BACKEND_LIB)
FUZZ_SEEDS_verify = tests/robust tests/mlir/roundtrip tests/verify tests/rules
export FUZZ_SEEDS_verify

# fuzz_inputs runs the input sets it reads on TOSA ops.
FUZZ_OBJS_inputs = $(RULES_OBJ) $(BACKEND_LIB)
FUZZ_SEEDS_inputs = tests/robust/inputs
export FUZZ_SEEDS_inputs
