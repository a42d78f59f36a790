# runtime/ : the graph IR library (librulegen.a) used by tools and by the
# C passes that rulegen generates.
RUNTIME_SRCS = runtime/core.c runtime/diag.c runtime/graph.c runtime/attr.c runtime/verify.c \
               runtime/rewrite.c runtime/match.c \
               runtime/tensor.c runtime/interp.c runtime/interp_elem.c runtime/interp_data.c \
               runtime/interp_nn.c
RUNTIME_GEN_SRCS =
RUNTIME_OBJS = $(RUNTIME_SRCS:%.c=$(BUILD)/obj/%.o) $(RUNTIME_GEN_SRCS:$(BUILD)/gen/%.c=$(BUILD)/obj/gen/%.o)
LIBRULEGEN = $(BUILD)/lib/librulegen.a

$(LIBRULEGEN): $(RUNTIME_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

all: $(LIBRULEGEN)
