# bench/prove_models.mk : rgopt --prove on the real networks of
# ../shared/models through ethos-u55 and ethos-u85: rewrites proven,
# refuted, unknown and the prover's time per model (docs/prove.md). Part of
# `make bench`; tests/suites/prove.sh runs the small models in `make check`.
.PHONY: prove-models
prove-models: $(RGOPT)
	@sh bench/prove_models.sh $(BUILD)

bench: prove-models
