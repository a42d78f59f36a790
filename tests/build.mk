# tests/ : C unit tests, one binary per tests/unit/test_*.c, linked against
# the runtime library (and, for front-end tests, the DSL objects).
UNIT_SRCS = $(sort $(wildcard tests/unit/test_*.c))
TEST_BINS = $(UNIT_SRCS:tests/unit/%.c=$(BUILD)/tests/unit/%)

$(BUILD)/tests/unit/%: $(BUILD)/obj/tests/unit/%.o $(LIBRULEGEN)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_LDFLAGS) $< $(LIBRULEGEN) $(LDLIBS) -o $@
