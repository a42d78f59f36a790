# bench/pm.mk : pass-manager benchmarks over rules generated at build time by
# bench/gen_pm_rules.sh (31-pass pipeline; 10- and 1,000-rule passes).
BENCH_PM_GEN = $(BUILD)/gen/bench
BENCH_PM_RULES = $(BENCH_PM_GEN)/rules/pipeline.rules $(BENCH_PM_GEN)/rules/many10.rules \
                 $(BENCH_PM_GEN)/rules/many1000.rules

$(BENCH_PM_RULES): bench/gen_pm_rules.sh
	sh bench/gen_pm_rules.sh $(BENCH_PM_GEN)/rules

$(BENCH_PM_GEN)/pm.c: $(BENCH_PM_RULES) $(BUILD)/bin/rulegen
	$(BUILD)/bin/rulegen -I $(BENCH_PM_GEN)/rules -o $@ --header $(BENCH_PM_GEN)/pm.h --symbol bench_pm \
	  $(BENCH_PM_RULES)
$(BENCH_PM_GEN)/pm.h: $(BENCH_PM_GEN)/pm.c
$(BUILD)/obj/bench/pm_bench.o: $(BENCH_PM_GEN)/pm.h

$(BUILD)/bench/pm_bench: $(BUILD)/obj/bench/pm_bench.o $(BUILD)/obj/gen/bench/pm.o $(LIBRULEGEN)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $^ $(LDLIBS) -o $@

.PHONY: bench-pm
bench-pm: $(BUILD)/bench/pm_bench
	$(BUILD)/bench/pm_bench $(BENCH_PM_NODES)

bench: bench-pm
