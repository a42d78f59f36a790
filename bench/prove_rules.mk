# bench/prove_rules.mk : rulegen --prove over every shipped rules file
# (docs/prove.md, "Rules proven for all graphs"). `make prove` prints each
# rule's result and fails when one is refuted; `make bench` prints the
# prover's time per rules file.
.PHONY: prove bench-prove
prove: $(RULEGEN)
	@sh bench/prove_rules.sh -v $(BUILD)
bench-prove: $(RULEGEN)
	@sh bench/prove_rules.sh $(BUILD)

bench: bench-prove
