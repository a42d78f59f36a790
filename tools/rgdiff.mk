# tools/rgdiff.mk : rgdiff, the differential tester of the TOSA rule library
# (random graphs, interpreter before and after the ethos-u55/u85 pipelines).
# `make verify` runs it on RGDIFF_COUNT graphs; CI runs a short run from
# tests/suites/verify.sh.
RGDIFF = $(BUILD)/bin/rgdiff
RGDIFF_OBJS = $(BUILD)/obj/tools/rgdiff.o $(RULES_OBJ)
RGDIFF_COUNT ?= 10000
RGDIFF_MIN_FIRES ?= 50

$(BUILD)/obj/tools/rgdiff.o: $(RULES_H)

$(RGDIFF): $(RGDIFF_OBJS) $(BACKEND_LIB) $(LIBRULEGEN)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $(RGDIFF_OBJS) $(BACKEND_LIB) $(LIBRULEGEN) $(LDLIBS) -o $@

all: $(RGDIFF)

verify: $(RGDIFF)
	@mkdir -p $(BUILD)/verify
	$(RGDIFF) --count $(RGDIFF_COUNT) --min-fires $(RGDIFF_MIN_FIRES) --out $(BUILD)/verify
