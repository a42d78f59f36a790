# tools/rulegen.mk : the rules compiler CLI, linked with the DSL front end.
RULEGEN = $(BUILD)/bin/rulegen
RULEGEN_OBJS = $(BUILD)/obj/tools/rulegen.o $(BUILD)/obj/tools/rulegen_prove.o $(GEN_OBJS) $(DSL_OBJS)

$(BUILD)/obj/tools/rulegen.o $(BUILD)/obj/tools/rulegen_prove.o: ALL_CFLAGS += -Idsl -Igen
$(BUILD)/obj/tools/rulegen.o $(BUILD)/obj/tools/rulegen_prove.o: $(DSL_GEN_HDRS)

$(RULEGEN): $(RULEGEN_OBJS) $(LIBRULEGEN)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $(RULEGEN_OBJS) $(LIBRULEGEN) $(LDLIBS) -o $@

all: $(RULEGEN)
INSTALL_BINS += $(RULEGEN)
