# bench/mlir_plugin.mk : the mlir-opt-22 pass plugin's time inside
# mlir-opt-22 (conversion in and out, checks and passes apart) against
# mlir-opt-22 --tosa-reduce-transposes --canonicalize on the same module:
# the 126k-op generated graph and the largest model of ../shared/models.
.PHONY: bench-plugin
bench-plugin: $(BENCH_GEN_TOSA) all
	@sh bench/mlir_plugin_bench.sh $(BUILD) $(BENCH_OPS)

bench: bench-plugin
