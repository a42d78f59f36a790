# runtime/ : the graph IR library (librulegen.a) used by tools and by the
# C passes that rulegen generates.
RUNTIME_SRCS = runtime/core.c runtime/diag.c runtime/graph.c runtime/type.c runtime/attr.c runtime/verify.c runtime/opverify.c \
               runtime/rewrite.c runtime/guard.c runtime/match.c runtime/dedup.c \
               runtime/tensor.c runtime/interp.c runtime/eval_kernels.c runtime/mlir_read.c runtime/mlir_attr_read.c \
               runtime/mlir_pretty.c runtime/mlir_custom.c runtime/mlir_write.c runtime/mlir_write_pretty.c runtime/dot.c runtime/loc.c \
               runtime/opt_main.c runtime/opt_observe.c runtime/opt_report.c runtime/proof.c
RUNTIME_GEN_SRCS = $(BUILD)/gen/runtime/mlir_lexer.c $(BUILD)/gen/runtime/mlir_grammar.c
RUNTIME_OBJS = $(RUNTIME_SRCS:%.c=$(BUILD)/obj/%.o) $(RUNTIME_GEN_SRCS:$(BUILD)/gen/%.c=$(BUILD)/obj/gen/%.o)
LIBRULEGEN = $(BUILD)/lib/librulegen.a

$(LIBRULEGEN): $(RUNTIME_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

all: $(LIBRULEGEN)

# Library objects are position independent: the same objects make the
# static archives and the shared library (the Makefile's install section).
# They depend on this file, so that a change of flags here rebuilds them;
# `private` keeps the flag from what make builds on the way.
$(RUNTIME_OBJS): runtime/build.mk
$(RUNTIME_OBJS): private ALL_CFLAGS += -fPIC

# MLIR generic-form reader: re2c lexer and lemon grammar, generated at
# build time into $(BUILD)/gen/runtime (never committed).
$(BUILD)/gen/runtime/mlir_grammar.c: runtime/mlir_grammar.y $(LEMPAR)
	@mkdir -p $(dir $@)
	$(LEMON) -q -T$(LEMPAR) -d$(BUILD)/gen/runtime $<
$(BUILD)/gen/runtime/mlir_grammar.h: $(BUILD)/gen/runtime/mlir_grammar.c ;

$(BUILD)/gen/runtime/mlir_lexer.c: runtime/mlir_lexer.re
	@mkdir -p $(dir $@)
	$(RE2C) -W --no-generation-date --no-version -o $@ $<

$(BUILD)/obj/gen/runtime/mlir_lexer.o $(BUILD)/obj/runtime/mlir_read.o $(BUILD)/obj/runtime/mlir_attr_read.o $(BUILD)/obj/runtime/mlir_pretty.o $(BUILD)/obj/runtime/mlir_custom.o: $(BUILD)/gen/runtime/mlir_grammar.h

# Seed corpus of the MLIR reader's fuzz harness (tests/fuzz/fuzz_mlir.c).
FUZZ_SEEDS_mlir = tests/mlir/roundtrip tests/mlir/errors tests/mlir/pretty tests/mlir/pretty_out
export FUZZ_SEEDS_mlir
# It reads and writes the shipped dialects' custom forms (backends/).
FUZZ_OBJS_mlir = $(BACKEND_LIB)

# lemon's template declares the %extra_context variable in every function,
# used or not: silence that one warning, for the generated parser only.
$(BUILD)/obj/gen/runtime/mlir_grammar.o: WARN += -Wno-unused-variable -Wno-unused-parameter
# NDEBUG drops lemon's parse tracing and its internal asserts from the hot
# loop of the reader (about a fifth of the reading time).
$(BUILD)/obj/gen/runtime/mlir_grammar.o: ALL_CFLAGS += -DNDEBUG
