# dsl/ : the rules front end. lexer.re (re2c) and grammar.y (lemon) are
# compiled at build time into $(BUILD)/gen/dsl; nothing generated is kept
# in the source tree.
DSL_GEN = $(BUILD)/gen/dsl
DSL_SRCS = dsl/ast.c dsl/build.c dsl/cnames.c dsl/check.c dsl/check_expr.c dsl/parse.c dsl/shadow.c
DSL_GEN_SRCS = $(DSL_GEN)/lexer.c $(DSL_GEN)/grammar.c
DSL_GEN_HDRS = $(DSL_GEN)/grammar.h
DSL_OBJS = $(DSL_SRCS:%.c=$(BUILD)/obj/%.o) $(DSL_GEN_SRCS:$(BUILD)/gen/%.c=$(BUILD)/obj/gen/%.o)

$(DSL_GEN)/grammar.c $(DSL_GEN)/grammar.h: dsl/grammar.y $(LEMPAR)
	@mkdir -p $(DSL_GEN)
	$(LEMON) -q -T$(LEMPAR) -d$(DSL_GEN) dsl/grammar.y
	@touch $(DSL_GEN)/grammar.h # lemon keeps an unchanged header, which make would see as stale

$(DSL_GEN)/lexer.c: dsl/lexer.re
	@mkdir -p $(DSL_GEN)
	$(RE2C) -W --no-generation-date --no-version -o $@ dsl/lexer.re

# Hand-written and generated DSL sources include dsl/ headers and the
# generated token header.
$(DSL_OBJS): ALL_CFLAGS += -Idsl -I$(DSL_GEN)
$(DSL_OBJS): $(DSL_GEN_HDRS)
# lemon's template defines public functions without prototypes (ParseTrace,
# ParseInit, ParseFallback, ...) and an unused `ctx` copy in ParseFree; those
# two warnings are silenced for the generated parser only.
DSL_GRAMMAR_NOWARN = -Wno-missing-prototypes -Wno-unused-variable
$(BUILD)/obj/gen/dsl/grammar.o: ALL_CFLAGS += $(DSL_GRAMMAR_NOWARN) -DNDEBUG

# Fuzzing: the front end over one in-memory file.
FUZZ_OBJS_dsl = $(DSL_OBJS)
FUZZ_SEEDS_dsl = tests/dsl/ok tests/dsl/errors rules backends/tosa backends/xnnpack tests/fuzz/regress
export FUZZ_SEEDS_dsl
$(BUILD)/fuzz/fuzz_dsl: ALL_CFLAGS += -Idsl -I$(DSL_GEN)

# Benchmark: check a generated 10,000-rule file (must take under a second).
bench-dsl: $(BUILD)/bin/rulegen
	@sh bench/dsl_bench.sh $(BUILD)
.PHONY: bench-dsl
bench: bench-dsl
