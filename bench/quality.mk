# bench/quality.mk : transpose quality of rgopt's Ethos-U pipelines against
# mlir-opt-22 --tosa-reduce-transposes on NCHW-lowered graphs and the corpus.
BENCH_GEN_NCHW = $(BUILD)/bench/gen_nchw

$(BENCH_GEN_NCHW): $(BUILD)/obj/bench/gen_nchw.o
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $< $(LDLIBS) -o $@

all: $(BENCH_GEN_NCHW)

.PHONY: bench-quality
# Transposes left per graph: input, rgopt ethos-u55/u85, mlir-opt-22; times.
bench-quality: $(BENCH_GEN_NCHW) $(RGOPT)
	@sh bench/transpose_quality.sh $(BUILD)

bench: bench-quality
