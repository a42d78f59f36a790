# bench/ : benchmarks. `make bench` runs every bench-* target; fragments of
# other components add their own prerequisites to `bench`.
BENCH_GEN_TOSA = $(BUILD)/bench/gen_tosa

$(BENCH_GEN_TOSA): $(BUILD)/obj/bench/gen_tosa.o
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $< $(LDLIBS) -o $@

.PHONY: bench-mlir
# MLIR reader+writer throughput against mlir-opt-22, and bytes per node.
bench-mlir: $(BENCH_GEN_TOSA) $(RGOPT)
	@sh bench/mlir_bench.sh $(BUILD) $(BENCH_OPS)

bench: bench-mlir

BENCH_GEN_EDGE = $(BUILD)/bench/gen_edge

$(BENCH_GEN_EDGE): $(BUILD)/obj/bench/gen_edge.o
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $< $(LDLIBS) -o $@

.PHONY: bench-arm
# The Arm pipeline on generated edge-dialect CNN and transformer graphs:
# pass-manager time and visited nodes with and without target-op skipping.
bench-arm: $(BENCH_GEN_EDGE) $(RGOPT)
	@sh bench/arm_bench.sh $(BUILD)

bench: bench-arm
all: $(BENCH_GEN_EDGE)

.PHONY: bench-verify
# The op verifier's share of a read-verify-write run, and a diagnostic on a
# 10 MB line.
bench-verify: $(BENCH_GEN_TOSA) $(RGOPT)
	@sh bench/verify_bench.sh $(BUILD) $(BENCH_OPS)

bench: bench-verify

# The ethos-u55 pipeline on a 1M-op graph against mlir-opt-22 (BENCH_PIPELINE_OPS).
.PHONY: bench-pipeline
BENCH_PIPELINE_OPS ?= 1000000
bench-pipeline: $(BENCH_GEN_TOSA) $(RGOPT)
	@sh bench/pipeline_bench.sh $(BUILD) $(BENCH_PIPELINE_OPS)

bench: bench-pipeline

BENCH_GEN_I8CONST = $(BUILD)/bench/gen_i8const

$(BENCH_GEN_I8CONST): $(BUILD)/obj/bench/gen_i8const.o
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $< $(LDLIBS) -o $@

.PHONY: bench-interp
# Peak memory per element of --verify-by-execution on 1M, 10M and 100M
# element i8 constants (BENCH_INTERP_SIZES).
BENCH_INTERP_SIZES ?= 1000000 10000000 100000000
bench-interp: $(BENCH_GEN_I8CONST) $(RGOPT)
	@sh bench/interp_bench.sh $(BUILD) $(BENCH_INTERP_SIZES)

bench: bench-interp
all: $(BENCH_GEN_I8CONST)
