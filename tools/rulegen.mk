# tools/rulegen.mk : the rules compiler CLI, linked with the DSL front end.
RULEGEN = $(BUILD)/bin/rulegen
# The rule prover's files (tools/prover/) need Z3; without it
# tools/rulegen_prove.c alone says the prover is not built.
PROVER_OBJS = $(if $(filter yes,$(Z3)),$(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard tools/prover/*.c)))
RULEGEN_OBJS = $(BUILD)/obj/tools/rulegen.o $(BUILD)/obj/tools/rulegen_prove.o $(PROVER_OBJS) $(GEN_OBJS) \
  $(DSL_OBJS)

$(BUILD)/obj/tools/rulegen.o $(BUILD)/obj/tools/rulegen_prove.o $(PROVER_OBJS): ALL_CFLAGS += -Idsl -Igen
$(BUILD)/obj/tools/rulegen.o $(BUILD)/obj/tools/rulegen_prove.o $(PROVER_OBJS): $(DSL_GEN_HDRS)

$(RULEGEN): $(RULEGEN_OBJS) $(LIBRULEGEN)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $(RULEGEN_OBJS) $(LIBRULEGEN) $(LDLIBS) -o $@

all: $(RULEGEN)
INSTALL_BINS += $(RULEGEN)
