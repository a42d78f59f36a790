# tools/rgopt.mk : rgopt, reads a graph (MLIR generic form), runs a pass
# pipeline on it (for now only `none`), verifies it and writes it back.
RGOPT = $(BUILD)/bin/rgopt
RGOPT_OBJS = $(BUILD)/obj/tools/rgopt.o

$(RGOPT): $(RGOPT_OBJS) $(LIBRULEGEN)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $(RGOPT_OBJS) $(LIBRULEGEN) $(LDLIBS) -o $@

all: $(RGOPT)
INSTALL_BINS += $(RGOPT)
