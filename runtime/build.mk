# runtime/ : the graph IR library (librulegen.a) used by tools and by the
# C passes that rulegen generates.
RUNTIME_SRCS = runtime/core.c runtime/diag.c runtime/graph.c runtime/attr.c runtime/verify.c runtime/opverify.c \
               runtime/rewrite.c runtime/match.c \
               runtime/tensor.c runtime/interp.c runtime/interp_elem.c runtime/interp_data.c \
               runtime/interp_nn.c runtime/interp_aten.c runtime/mlir_read.c runtime/mlir_write.c \
               runtime/dot.c
RUNTIME_GEN_SRCS = $(BUILD)/gen/runtime/mlir_lexer.c $(BUILD)/gen/runtime/mlir_grammar.c
RUNTIME_OBJS = $(RUNTIME_SRCS:%.c=$(BUILD)/obj/%.o) $(RUNTIME_GEN_SRCS:$(BUILD)/gen/%.c=$(BUILD)/obj/gen/%.o)
LIBRULEGEN = $(BUILD)/lib/librulegen.a

$(LIBRULEGEN): $(RUNTIME_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

all: $(LIBRULEGEN)

# MLIR generic-form reader: re2c lexer and lemon grammar, generated at
# build time into $(BUILD)/gen/runtime (never committed).
$(BUILD)/gen/runtime/mlir_grammar.c: runtime/mlir_grammar.y $(LEMPAR)
	@mkdir -p $(dir $@)
	$(LEMON) -q -T$(LEMPAR) -d$(BUILD)/gen/runtime $<
$(BUILD)/gen/runtime/mlir_grammar.h: $(BUILD)/gen/runtime/mlir_grammar.c ;

$(BUILD)/gen/runtime/mlir_lexer.c: runtime/mlir_lexer.re
	@mkdir -p $(dir $@)
	$(RE2C) -W --no-generation-date --no-version -o $@ $<

$(BUILD)/obj/gen/runtime/mlir_lexer.o $(BUILD)/obj/runtime/mlir_read.o: $(BUILD)/gen/runtime/mlir_grammar.h

# Seed corpus of the MLIR reader's fuzz harness (tests/fuzz/fuzz_mlir.c).
FUZZ_SEEDS_mlir = tests/mlir/roundtrip tests/mlir/errors
export FUZZ_SEEDS_mlir

# lemon's template declares the %extra_context variable in every function,
# used or not: silence that one warning, for the generated parser only.
$(BUILD)/obj/gen/runtime/mlir_grammar.o: WARN += -Wno-unused-variable -Wno-unused-parameter
# NDEBUG drops lemon's parse tracing and its internal asserts from the hot
# loop of the reader (about a fifth of the reading time).
$(BUILD)/obj/gen/runtime/mlir_grammar.o: ALL_CFLAGS += -DNDEBUG
