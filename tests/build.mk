# tests/ : C unit tests, one binary per tests/unit/test_*.c, linked against
# the backend hooks and the runtime library (and, for front-end tests, the
# DSL objects). Archives only contribute the objects a test uses.
UNIT_SRCS = $(sort $(wildcard tests/unit/test_*.c))
TEST_BINS = $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/unit/%)

# A static pattern rule names each object explicitly, so make keeps them
# (they are not intermediate files) and rebuilds exactly what changed.
# Tests link the generated op registry (rg_ops_builtin) too: the interpreter
# reaches evaluators only through it.
$(TEST_BINS): $(BUILD)/tests/unit/%: $(BUILD)/obj/tests/unit/%.o $(RULES_OBJ) $(BACKEND_LIB) $(LIBRULEGEN)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $< $(RULES_OBJ) $(BACKEND_LIB) $(LIBRULEGEN) $(LDLIBS) -o $@
$(UNIT_SRCS:%.c=$(BUILD)/obj/%.o): | $(RULES_H)

# The kernel tests compare both builds of the matrix product when there are two.
ifeq ($(GEMM_AVX2),yes)
$(BUILD)/obj/tests/unit/test_interp_kernels.o: private ALL_CFLAGS += -DRG_GEMM_AVX2
endif
