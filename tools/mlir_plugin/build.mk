# tools/mlir_plugin/build.mk : the mlir-opt pass plugin `rulegen`
# (docs/mlir-plugin.md), built when libmlir-22-dev's headers are installed.
# C over MLIR's C API, whose static archives are linked in; the MLIR and
# LLVM it calls are the shared libMLIR.so and libLLVM.so that mlir-opt-22
# itself loads, so the plugin and the tool share one MLIR.
MLIR_PREFIX ?= /usr/lib/llvm-22
MLIR_PLUGIN = $(BUILD)/lib/rulegen-mlir-plugin.so
MLIR_PLUGIN_DIR = tools/mlir_plugin
MLIR_PLUGIN_SRCS = $(MLIR_PLUGIN_DIR)/config.c $(MLIR_PLUGIN_DIR)/convert.c $(MLIR_PLUGIN_DIR)/run.c \
                   $(MLIR_PLUGIN_DIR)/targets.c
MLIR_PLUGIN_OBJS = $(MLIR_PLUGIN_SRCS:%.c=$(BUILD)/obj/%.o)
MLIR_PLUGIN_CXX_OBJ = $(BUILD)/obj/$(MLIR_PLUGIN_DIR)/plugin.o
MLIR_PLUGIN_LIB_CXX_OBJ = $(BUILD)/obj/$(MLIR_PLUGIN_DIR)/plugin_lib.o
MLIR_PLUGIN_LIB = $(BUILD)/lib/librulegen-mlir.a
# the rule set compiled once more, position independent, for the plugin
MLIR_PLUGIN_RULES_OBJ = $(BUILD)/obj/$(MLIR_PLUGIN_DIR)/builtin_pic.o
CXX ?= c++

ifneq ($(wildcard $(MLIR_PREFIX)/include/mlir-c/IR.h),)
all: $(MLIR_PLUGIN)

$(MLIR_PLUGIN_OBJS) $(MLIR_PLUGIN_RULES_OBJ): private ALL_CFLAGS += -fPIC -I$(MLIR_PLUGIN_DIR)/include \
  -I$(MLIR_PREFIX)/include
$(MLIR_PLUGIN_OBJS): $(RULES_H)
$(MLIR_PLUGIN_RULES_OBJ): $(RULES_C) $(RULES_H)
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# MLIR's headers draw warnings of their own under -Wextra: the C++ entry
# keeps -Wall -Werror but not -Wextra. LLVM is built without exceptions.
MLIR_PLUGIN_CXXFLAGS = -std=c++17 -O2 -g $(SANFLAGS) -fPIC -fno-exceptions -fvisibility=hidden -Wall -Werror \
  -Iruntime/include -I$(MLIR_PLUGIN_DIR)/include -I$(MLIR_PREFIX)/include -MMD -MP
$(MLIR_PLUGIN_CXX_OBJ): $(MLIR_PLUGIN_DIR)/plugin.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(MLIR_PLUGIN_CXXFLAGS) -c $< -o $@
# the same without the bundled plugin's entry point, for the library
$(MLIR_PLUGIN_LIB_CXX_OBJ): $(MLIR_PLUGIN_DIR)/plugin.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(MLIR_PLUGIN_CXXFLAGS) -DRGM_NO_ENTRY -c $< -o $@

# The plugin library a user's own plugin is built against (CMake's
# rulegen_add_mlir_plugin): the conversion and the pass, without targets.
$(MLIR_PLUGIN_LIB): $(MLIR_PLUGIN_LIB_CXX_OBJ) $(filter-out %/targets.o,$(MLIR_PLUGIN_OBJS))
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^
all: $(MLIR_PLUGIN_LIB)

# Only the entry point is exported (the version script); the rulegen and
# MLIR C API archives stay inside the plugin, so two plugins built against
# different rulegen versions load side by side.
$(MLIR_PLUGIN): $(MLIR_PLUGIN_CXX_OBJ) $(MLIR_PLUGIN_OBJS) $(MLIR_PLUGIN_RULES_OBJ) $(BACKEND_LIB) $(LIBRULEGEN) \
                $(MLIR_PLUGIN_DIR)/exports.map
	@mkdir -p $(dir $@)
	$(CXX) -shared $(ALL_LDFLAGS) $(PLUGIN_LDFLAGS) -Wl,--version-script=$(MLIR_PLUGIN_DIR)/exports.map -Wl,--exclude-libs,ALL \
	  -Wl,-z,defs $(MLIR_PLUGIN_CXX_OBJ) $(MLIR_PLUGIN_OBJS) $(MLIR_PLUGIN_RULES_OBJ) $(BACKEND_LIB) $(LIBRULEGEN) \
	  -L$(MLIR_PREFIX)/lib -lMLIRCAPIIR -lMLIR -lLLVM -Wl,-rpath,$(MLIR_PREFIX)/lib $(LDLIBS) -o $@

# Installed beside the library: the bundled plugin, the plugin library and
# its header (rulegenConfig.cmake then offers rulegen_add_mlir_plugin).
install: install-mlir-plugin
uninstall: uninstall-mlir-plugin
.PHONY: install-mlir-plugin uninstall-mlir-plugin
install-mlir-plugin: $(MLIR_PLUGIN) $(MLIR_PLUGIN_LIB)
	install -d $(IDIR)/lib $(IDIR)/include/rulegen
	install -m 755 $(MLIR_PLUGIN) $(IDIR)/lib
	install -m 644 $(MLIR_PLUGIN_LIB) $(IDIR)/lib
	install -m 644 $(MLIR_PLUGIN_DIR)/include/rulegen/mlir_plugin.h $(IDIR)/include/rulegen
uninstall-mlir-plugin:
	rm -f $(IDIR)/lib/rulegen-mlir-plugin.so $(IDIR)/lib/librulegen-mlir.a $(IDIR)/include/rulegen/mlir_plugin.h
else
all: mlir-plugin-skipped
.PHONY: mlir-plugin-skipped
mlir-plugin-skipped:
	@echo "mlir plugin: skipped, $(MLIR_PREFIX)/include/mlir-c/IR.h not found (install libmlir-22-dev)"
endif
