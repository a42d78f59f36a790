# bench/verify_models.mk : proof by execution on the real networks of
# ../shared/models (all but LLaMA-2) through ethos-u55 and ethos-u85, with
# wall time and peak RSS per model; it takes minutes (the Stable Diffusion
# UNet), so it runs in `make verify` and `make bench`, not in `make check`.
# VERIFY_MODELS_RUNS input sets per model (default 1).
VERIFY_MODELS_RUNS ?= 1
.PHONY: verify-models
verify-models: $(RGOPT)
	@sh bench/verify_models.sh $(BUILD) $(VERIFY_MODELS_RUNS)

verify: verify-models
bench: verify-models
