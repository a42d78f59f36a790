# tools/rgdiff.mk : rgdiff, the differential tester of the rule library
# (random graphs, interpreter before and after the ethos-u55/u85 pipelines;
# with --family edge, edge-dialect graphs and the xnnpack pipeline; with
# --family arm, edge-dialect graphs and the arm and arm_lower pipelines).
# `make verify`
# runs it on RGDIFF_COUNT TOSA, RGDIFF_EDGE_COUNT edge and RGDIFF_ARM_COUNT
# arm graphs; CI runs short runs of each from tests/suites/verify.sh.
RGDIFF = $(BUILD)/bin/rgdiff
RGDIFF_OBJS = $(addprefix $(BUILD)/obj/tools/,rgdiff.o rgdiff_gen.o rgdiff_tosa.o rgdiff_tosa_canon.o rgdiff_edge.o rgdiff_arm.o) $(RULES_OBJ)
RGDIFF_COUNT ?= 10000
RGDIFF_EDGE_COUNT ?= 10000
RGDIFF_ARM_COUNT ?= 10000
RGDIFF_MIN_FIRES ?= 50

$(BUILD)/obj/tools/rgdiff.o $(BUILD)/obj/tools/rgdiff_gen.o: $(RULES_H)

$(RGDIFF): $(RGDIFF_OBJS) $(BACKEND_LIB) $(LIBRULEGEN)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $(RGDIFF_OBJS) $(BACKEND_LIB) $(LIBRULEGEN) $(LDLIBS) -o $@

all: $(RGDIFF)

verify: $(RGDIFF)
	@mkdir -p $(BUILD)/verify
	$(RGDIFF) --count $(RGDIFF_COUNT) --min-fires $(RGDIFF_MIN_FIRES) --out $(BUILD)/verify
	$(RGDIFF) --family edge --count $(RGDIFF_EDGE_COUNT) --min-fires $(RGDIFF_MIN_FIRES) --out $(BUILD)/verify
	$(RGDIFF) --family arm --count $(RGDIFF_ARM_COUNT) --min-fires $(RGDIFF_MIN_FIRES) --out $(BUILD)/verify
INSTALL_BINS += $(RGDIFF)
