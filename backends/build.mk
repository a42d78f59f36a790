# backends/ : one folder per target with its hand-written C hooks (shape
# inference, ...), plus helpers shared by all targets in backends/common.
# Everything is archived into librgbackends.a; programs and tests that use
# hooks link $(BACKEND_LIB) before $(LIBRULEGEN).
BACKEND_SRCS = $(sort $(wildcard backends/*/*.c))
BACKEND_OBJS = $(BACKEND_SRCS:%.c=$(BUILD)/obj/%.o)
BACKEND_LIB = $(BUILD)/lib/librgbackends.a

$(BACKEND_LIB): $(BACKEND_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

all: $(BACKEND_LIB)
