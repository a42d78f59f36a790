# bench/layout.mk : bytes the transposes write on the test graphs written
# for the layout optimiser, the NCHW family and ../shared/models: input,
# mlir-opt-22, the rules alone, rgopt, and the lower bound --stats prints.
.PHONY: bench-layout
bench-layout: $(RGOPT) $(BUILD)/bench/gen_nchw
	@sh bench/layout_bench.sh $(BUILD)

bench: bench-layout
