# runtime/ : the library (librulegen), in rooms by concern. A room includes
# only the private headers of the rooms below it (tests/quality checks it):
#   support  arenas, buffers, diagnostics, atomic files (support/support.h, rgs_)
#   ir       graph IR, types, attributes, element storage, verifiers (ir/)
#   mlir     MLIR text in and out (mlir/)         -> ir, support
#   pass     pass manager, rewriting, matcher support (pass/) -> ir, support
#   interp   reference interpreter, proof by execution (interp/) -> ir, support
#   prove    translation validation with Z3, rgopt --prove (prove/), only
#            when Z3 is present                    -> ir, support
#   driver   rg_opt_main with its observers: stats, report, DOT, IR dumps
#            (driver/)                             -> every room
SUPPORT_SRCS = runtime/support/core.c runtime/support/file.c runtime/support/diag.c
IR_SRCS      = runtime/ir/graph.c runtime/ir/type.c runtime/ir/elem.c runtime/ir/attr.c \
               runtime/ir/loc.c runtime/ir/verify.c runtime/ir/opverify.c runtime/ir/shape.c
MLIR_SRCS    = runtime/mlir/state.c runtime/mlir/syntax.c runtime/mlir/attr_read.c runtime/mlir/build.c \
               runtime/mlir/pretty.c runtime/mlir/tokens.c runtime/mlir/read.c \
               runtime/mlir/custom.c runtime/mlir/write.c runtime/mlir/write_pretty.c runtime/mlir/output.c
PASS_SRCS    = runtime/pass/rewrite.c runtime/pass/guard.c runtime/pass/match.c runtime/pass/dedup.c \
               runtime/pass/layout.c runtime/pass/quant.c
INTERP_SRCS  = runtime/interp/tensor.c runtime/interp/interp.c runtime/interp/eval_kernels.c \
               runtime/interp/proof.c runtime/interp/inputs.c runtime/interp/broadcast.c \
               runtime/interp/share.c runtime/interp/workers.c runtime/interp/gemm.c \
               runtime/interp/elementwise.c
DRIVER_SRCS  = runtime/driver/opt_main.c runtime/driver/opt_observe.c runtime/driver/opt_report.c \
               runtime/driver/dot.c runtime/driver/opt_prove.c runtime/driver/opt_culprit.c
PROVE_SRCS   = $(if $(filter yes,$(Z3)),runtime/prove/smt.c runtime/prove/abstract.c runtime/prove/cex.c runtime/prove/prove.c)
RUNTIME_SRCS = $(SUPPORT_SRCS) $(IR_SRCS) $(MLIR_SRCS) $(PASS_SRCS) $(INTERP_SRCS) $(PROVE_SRCS) $(DRIVER_SRCS)
RUNTIME_GEN_SRCS = $(BUILD)/gen/runtime/mlir/lexer.c $(BUILD)/gen/runtime/mlir/grammar.c
# On x86-64 the matrix product is built a second time for AVX2 and picked
# when the CPU has it (runtime/interp/gemm.c; same bits: no FMA).
# GEMM_AVX2=no leaves it out.
GEMM_AVX2 ?= $(if $(findstring x86_64,$(shell $(CC) -dumpmachine 2>/dev/null)),yes,no)
GEMM_AVX2_OBJ = $(if $(filter yes,$(GEMM_AVX2)),$(BUILD)/obj/runtime/interp/gemm_avx2.o)
RUNTIME_OBJS = $(RUNTIME_SRCS:%.c=$(BUILD)/obj/%.o) $(RUNTIME_GEN_SRCS:$(BUILD)/gen/%.c=$(BUILD)/obj/gen/%.o) \
               $(GEMM_AVX2_OBJ)
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

ifeq ($(GEMM_AVX2),yes)
$(BUILD)/obj/runtime/interp/eval_kernels.o: private ALL_CFLAGS += -DRG_GEMM_AVX2
$(BUILD)/obj/runtime/interp/gemm_avx2.o: runtime/interp/gemm.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -DGEMM_WIDE -mavx2 -mno-fma -c $< -o $@
endif

# MLIR reader: re2c lexer and lemon grammar, generated at build time into
# $(BUILD)/gen/runtime/mlir (never committed).
$(BUILD)/gen/runtime/mlir/grammar.c: runtime/mlir/grammar.y $(LEMPAR)
	@mkdir -p $(dir $@)
	$(LEMON) -q -T$(LEMPAR) -d$(BUILD)/gen/runtime/mlir $<
$(BUILD)/gen/runtime/mlir/grammar.h: $(BUILD)/gen/runtime/mlir/grammar.c ;

$(BUILD)/gen/runtime/mlir/lexer.c: runtime/mlir/lexer.re
	@mkdir -p $(dir $@)
	$(RE2C) -W --no-generation-date --no-version -o $@ $<

$(BUILD)/obj/gen/runtime/mlir/lexer.o $(MLIR_SRCS:%.c=$(BUILD)/obj/%.o): $(BUILD)/gen/runtime/mlir/grammar.h

# Seed corpus of the MLIR reader's fuzz harness (tests/fuzz/fuzz_mlir.c).
FUZZ_SEEDS_mlir = tests/mlir/roundtrip tests/mlir/errors tests/mlir/pretty tests/mlir/pretty_out
export FUZZ_SEEDS_mlir
# It reads and writes the shipped dialects' custom forms (backends/).
FUZZ_OBJS_mlir = $(BACKEND_LIB)

# lemon's template declares the %extra_context variable in every function,
# used or not: silence that one warning, for the generated parser only.
$(BUILD)/obj/gen/runtime/mlir/grammar.o: WARN += -Wno-unused-variable -Wno-unused-parameter
# NDEBUG drops lemon's parse tracing and its internal asserts from the hot
# loop of the reader (about a fifth of the reading time).
$(BUILD)/obj/gen/runtime/mlir/grammar.o: ALL_CFLAGS += -DNDEBUG
