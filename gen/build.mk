# gen/ : code generation from the checked rules AST, linked into rulegen.
GEN_SRCS = gen/ctext.c gen/ir.c gen/tree.c gen/match.c gen/expr.c gen/action.c gen/guard.c gen/gen.c
GEN_OBJS = $(GEN_SRCS:%.c=$(BUILD)/obj/%.o)
$(GEN_OBJS): ALL_CFLAGS += -Idsl -Igen -I$(BUILD)/gen/dsl
$(GEN_OBJS): $(DSL_GEN_HDRS)

# Fuzzing: generated rules files through the generator and the C compiler.
FUZZ_OBJS_gen = $(GEN_OBJS) $(DSL_OBJS)
FUZZ_SEEDS_gen = tests/gen
export FUZZ_SEEDS_gen
$(BUILD)/fuzz/fuzz_gen: ALL_CFLAGS += -Idsl -Igen -I$(DSL_GEN)
