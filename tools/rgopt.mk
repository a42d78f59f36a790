# tools/rgopt.mk : rgopt, reads a graph (MLIR generic form), runs passes
# generated from the bundled rules on it, verifies it and writes it back.
RGOPT = $(BUILD)/bin/rgopt
RGOPT_OBJS = $(BUILD)/obj/tools/rgopt.o $(RULES_OBJ)

$(BUILD)/obj/tools/rgopt.o: $(RULES_H)

$(RGOPT): $(RGOPT_OBJS) $(BACKEND_LIB) $(LIBRULEGEN)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $(RGOPT_OBJS) $(BACKEND_LIB) $(LIBRULEGEN) $(LDLIBS) -o $@

all: $(RGOPT)
INSTALL_BINS += $(RGOPT)
