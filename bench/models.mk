# bench/models.mk : ops, transposes and time on the real networks of
# ../shared/models (rgopt ethos-u55/u85 against mlir-opt-22); the script
# prints a SKIP line when the folder is absent.
.PHONY: bench-models
bench-models: $(RGOPT)
	@sh bench/models.sh $(BUILD)

bench: bench-models
