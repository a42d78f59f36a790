# bench/check.mk : rulegen --check on one pass of 10k and 100k rules.
.PHONY: bench-check
bench-check: $(BUILD)/bin/rulegen
	@sh bench/check_bench.sh $(BUILD)

bench: bench-check
