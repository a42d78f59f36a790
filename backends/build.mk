# backends/ : one folder per target with its hand-written C hooks (shape
# inference, evaluators, native predicates), plus helpers shared by all
# targets in backends/common. The hooks include the header rulegen writes
# for the rule set (rules/builtin.h), which declares every hook exactly as
# the generated code calls it, so a mismatched signature does not compile.
# Everything is archived into librgbackends.a; programs and tests that use
# hooks link $(BACKEND_LIB) before $(LIBRULEGEN).
# SMT meanings (*_smt.c) need z3.h; without Z3, *_smt_none.c stands in.
BACKEND_SRCS = $(filter-out $(if $(filter yes,$(Z3)),%_smt_none.c,%_smt.c),$(sort $(wildcard backends/*/*.c)))
BACKEND_OBJS = $(BACKEND_SRCS:%.c=$(BUILD)/obj/%.o)
BACKEND_LIB = $(BUILD)/lib/librgbackends.a

$(BACKEND_LIB): $(BACKEND_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

all: $(BACKEND_LIB)

# The shipped targets' hooks are part of the installed library: a user's
# rule set that imports tosa.ops calls them from its own generated code, so
# they are exported (everything else in the library is hidden unless
# marked RG_API), and position independent for the shared library.
# They depend on this file, so that a change of flags here rebuilds them;
# `private` keeps the flags from what make builds on the way (rulegen and
# the runtime, through the generated header these objects wait for).
$(BACKEND_OBJS): backends/build.mk
$(BACKEND_OBJS): private ALL_CFLAGS += -fPIC -fvisibility=default

# The rule library and every backend's .rules (pipelines, target-specific
# passes), compiled by rulegen into one C file at build time. A new target
# is a folder backends/<name>/ with .ops/.rules files (and optional .c
# hooks): the wildcards below pick it up without a Makefile change.
RULES_SRCS = $(sort $(wildcard rules/*.rules backends/*/*.rules))
RULES_INC = -Irules $(addprefix -I,$(patsubst %/,%,$(sort $(dir $(wildcard backends/*/*.ops)))))
RULES_C = $(BUILD)/gen/rules/builtin.c
RULES_H = $(BUILD)/gen/rules/builtin.h
RULES_OBJ = $(BUILD)/obj/gen/rules/builtin.o

RULES_STAMP = $(BUILD)/gen/rules/builtin.stamp

# rulegen rewrites builtin.c/.h only when their text changes, so a relinked
# rulegen or a touched .rules file does not recompile builtin.o; the stamp
# records that the generated files are current.
$(RULES_STAMP): $(RULES_SRCS) $(BUILD)/bin/rulegen
	@mkdir -p $(dir $@)
	$(BUILD)/bin/rulegen $(RULES_INC) -o $(RULES_C) --header $(RULES_H) --symbol builtin \
	  -MD -MF $(RULES_STAMP).d -MT $@ $(RULES_SRCS)
	@touch $@
$(RULES_C) $(RULES_H): $(RULES_STAMP) ;
$(RULES_OBJ): $(RULES_H)
$(BACKEND_OBJS): | $(RULES_H)
-include $(RULES_STAMP).d

all: $(RULES_OBJ)
# Part of the shared library too (rg_bundled_target, backends/common/bundled.c).
$(RULES_OBJ): backends/build.mk
$(RULES_OBJ): private ALL_CFLAGS += -fPIC
