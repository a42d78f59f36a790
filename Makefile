# rulegen top-level build (GNU make). Each component keeps its sources in its
# own build.mk fragment; generated files and objects go to $(BUILD) only.

CC      ?= cc
BUILD   ?= build
OPT     ?= -O2
SANFLAGS ?=
PREFIX  ?= /usr/local
DESTDIR ?=

RE2C    ?= re2c
LEMON   ?= lemon
LEMPAR  ?= /usr/share/lemon/lempar.c

WARN    = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes -Wmissing-prototypes
CFLAGS  ?= $(OPT) -g
ALL_CFLAGS = -std=c11 $(WARN) $(CFLAGS) $(SANFLAGS) -D_POSIX_C_SOURCE=200809L \
             -fvisibility=hidden -Iruntime/include -Iruntime -I$(BUILD)/gen -MMD -MP
ALL_LDFLAGS = $(LDFLAGS) $(SANFLAGS)
LDLIBS  += -lm -pthread

# rgopt --prove and rulegen --prove need Z3 (libz3-dev); everything else builds without it.
# Z3=no builds without it where it is installed.
Z3 ?= $(if $(wildcard /usr/include/z3.h),yes,no)
ifeq ($(Z3),yes)
ALL_CFLAGS += -DRG_HAVE_Z3
LDLIBS  += -lz3
else
$(info note: without Z3 (no z3.h, or Z3=no): rgopt --prove and rulegen --prove are not built (apt-get install libz3-dev))
endif

.PHONY: all check check-build asan asan-full bench fuzz verify coverage install uninstall clean
.SECONDEXPANSION:
all:

include runtime/build.mk
include dsl/build.mk
include gen/build.mk
include backends/build.mk
include tools/build.mk
include tools/mlir_plugin/build.mk
include tests/build.mk
include tests/fuzz/build.mk
-include $(wildcard bench/*.mk)

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# Sources generated into $(BUILD)/gen are compiled from there.
$(BUILD)/obj/gen/%.o: $(BUILD)/gen/%.c
	@mkdir -p $(dir $@)
	$(CC) $(ALL_CFLAGS) -c $< -o $@

# SUITES="unit dsl ..." runs only those suites of tests/suites/. When
# check is the only goal, the tree and the test programs build JOBS at a
# time (default: the processors; JOBS=1 builds one at a time) whether or
# not make was given -j, and a make that already shares its jobs (-jN)
# lends them instead; beside other goals, check waits for them to build.
JOBS ?= $(shell nproc 2>/dev/null || echo 1)
check-build: all $(TEST_BINS)
ifeq ($(filter-out check,$(MAKECMDGOALS)),)
check:
	@$(MAKE) --no-print-directory $(if $(findstring jobserver,$(MAKEFLAGS)),,-j$(JOBS)) check-build
	@sh tests/run.sh $(BUILD) $(SUITES)
else
check: check-build
	@sh tests/run.sh $(BUILD) $(SUITES)
endif

# The sanitizer tree: one clang build with AddressSanitizer, UBSan and
# libFuzzer's coverage instrumentation (-fsanitize=fuzzer-no-link), so that
# the same objects serve the sanitizer run, the clang -Werror build and the
# fuzz harnesses (tests/fuzz/build.mk). A sanitizer report exits 86, so that
# a test expecting exit status 1 (a diagnosed error) cannot mistake a report
# for it. The mlir-opt plugin, linked with -z defs, names clang's shared
# sanitizer runtime (PLUGIN_LDFLAGS); whoever loads a sanitized shared
# object into a program built without the sanitizers preloads that runtime
# (the python and mlir_plugin suites do, tests/toolchain.sh).
SAN_BUILD = build/asan
SAN_CC ?= clang
SAN_CXX ?= clang++
SAN_MAKE = ASAN_OPTIONS=exitcode=86 UBSAN_OPTIONS=exitcode=86:print_stacktrace=1 \
  $(MAKE) CC=$(SAN_CC) CXX=$(SAN_CXX) BUILD=$(SAN_BUILD) OPT=-O1 PLUGIN_LDFLAGS=-shared-libasan \
  SANFLAGS="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=all -fno-omit-frame-pointer"

# `make asan`: every suite under the sanitizers, the large graph suites on
# a sample of their cases that fires every rule the whole set fires, its
# offset moving with the commit count (RG_SAMPLE, docs/testing.md).
# `make asan-full`: every case of every suite.
RG_SAMPLE_STRIDE ?= 8
RG_SAMPLE_OFFSET ?= $(shell git rev-list --count HEAD 2>/dev/null || echo 0)
asan:
	+$(SAN_MAKE) RG_SAMPLE=$(RG_SAMPLE_STRIDE):$(RG_SAMPLE_OFFSET) check
asan-full:
	+$(SAN_MAKE) RG_SAMPLE= check

# Line coverage of the whole test suite, measured with gcov.
coverage:
	rm -f $$(find build/cov -name '*.gcda' 2>/dev/null)
	$(MAKE) BUILD=build/cov OPT=-O0 SANFLAGS="--coverage" check
	@sh tests/coverage.sh build/cov

# ---- the installed library, man pages, install and uninstall ----
# One library holds the runtime, the interpreter, the shipped targets'
# hooks and the bundled rule set (rulegen/bundled.h; its generated symbols
# stay hidden), as an archive and as a shared library whose soname carries
# the version up to the minor number (0.x releases may change the ABI).
VERSION := $(shell sed -n 's/^\#define RG_VERSION "\(.*\)"/\1/p' runtime/include/rulegen/core.h)
SOVERSION = $(word 1,$(subst ., ,$(VERSION))).$(word 2,$(subst ., ,$(VERSION)))
DIST_OBJS = $(RUNTIME_OBJS) $(BACKEND_OBJS) $(RULES_OBJ)
DIST_A = $(BUILD)/dist/librulegen.a
DIST_SO = $(BUILD)/dist/librulegen.so.$(VERSION)

$(DIST_A): $(DIST_OBJS)
	@mkdir -p $(dir $@)
	rm -f $@
	ar rcs $@ $^

# The shared library exports its public API and the shipped .ops files'
# hooks, nothing else (tools/abi/exports.sh writes the version script).
DIST_MAP = $(BUILD)/dist/librulegen.map
PUBLIC_HEADERS = $(sort $(wildcard runtime/include/rulegen/*.h))
$(DIST_MAP): tools/abi/exports.sh $(PUBLIC_HEADERS) $(RULES_OBJ) $(DIST_OBJS)
	@mkdir -p $(dir $@)
	sh tools/abi/exports.sh $(SOVERSION) $(PUBLIC_HEADERS) -- $(RULES_OBJ) -- $(DIST_OBJS) >$@.tmp
	mv $@.tmp $@

$(DIST_SO): $(DIST_OBJS) $(DIST_MAP)
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,librulegen.so.$(SOVERSION) -Wl,--version-script,$(DIST_MAP) \
	  $(ALL_LDFLAGS) $(DIST_OBJS) $(LDLIBS) -o $@
	ln -sf librulegen.so.$(VERSION) $(BUILD)/dist/librulegen.so.$(SOVERSION)
	ln -sf librulegen.so.$(SOVERSION) $(BUILD)/dist/librulegen.so

all: $(DIST_A) $(DIST_SO)

# The public ABI against the committed baseline (docs/install.md, "ABI");
# abigail-tools' abidw and abidiff. The baseline is made from the default
# build (gcc, -O2 -g).
ABI_BASELINE = tools/abi/librulegen.abi
.PHONY: abi-check abi-baseline
abi-check: $(DIST_SO)
	sh tools/abi/check.sh $(DIST_SO) $(ABI_BASELINE)
abi-baseline: $(DIST_SO)
	. tools/abi/dump_flags.sh && abidw $$ABI_DUMP_FLAGS --headers-dir runtime/include/rulegen \
	  --out-file $(ABI_BASELINE) $(DIST_SO)

# Man pages are generated from each tool's --help by help2man, when it is
# installed (bootstrap.sh installs it; `make install` requires it).
HELP2MAN ?= help2man
MAN_PAGES = $(INSTALL_BINS:$(BUILD)/bin/%=$(BUILD)/man/%.1)
ifneq ($(shell command -v $(HELP2MAN) 2>/dev/null),)
all: $(MAN_PAGES)
endif
MAN_NAME_rulegen = compile graph-rewrite rules (.rules, .ops) into C passes
MAN_NAME_rgopt = run generated rewrite passes over a graph in MLIR text
MAN_NAME_rgdiff = differential tester of the rule library
$(BUILD)/man/%.1: $(BUILD)/bin/%
	@mkdir -p $(dir $@)
	$(HELP2MAN) --no-info --no-discard-stderr --version-string=$(VERSION) -n "$(MAN_NAME_$*)" -o $@.tmp $<
	mv $@.tmp $@

# Installed layout under $(DESTDIR)$(PREFIX); `uninstall` removes exactly
# these files, then the directories install made that are left empty.
IDIR = $(DESTDIR)$(PREFIX)
INSTALL_RULES = $(sort $(wildcard rules/*.rules) $(wildcard backends/*/*.ops))
INSTALL_PIPELINES = $(sort $(wildcard backends/*/pipeline.rules))
INSTALL_HEADERS = $(PUBLIC_HEADERS)
INSTALL_FILES = $(INSTALL_BINS:$(BUILD)/%=%) lib/librulegen.a lib/librulegen.so.$(VERSION) \
  lib/librulegen.so.$(SOVERSION) lib/librulegen.so $(INSTALL_HEADERS:runtime/%=%) \
  $(addprefix share/rulegen/,$(notdir $(INSTALL_RULES))) \
  $(patsubst backends/%,share/rulegen/%,$(INSTALL_PIPELINES)) \
  lib/pkgconfig/rulegen.pc lib/cmake/rulegen/rulegenConfig.cmake \
  lib/cmake/rulegen/rulegenConfigVersion.cmake $(MAN_PAGES:$(BUILD)/man/%=share/man/man1/%)
# Deepest first, so that each is empty when its turn comes.
INSTALL_DIRS = lib/cmake/rulegen lib/cmake lib/pkgconfig lib include/rulegen include \
  $(sort $(patsubst backends/%/,share/rulegen/%,$(dir $(INSTALL_PIPELINES)))) share/rulegen \
  share/man/man1 share/man share bin

# The static library needs libm and POSIX threads, and libz3 when built with the prover.
SUBST = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@VERSION@|$(VERSION)|g' -e 's|@SOVERSION@|$(SOVERSION)|g' \
        -e 's|@MLIR_PREFIX@|$(MLIR_PREFIX)|g' \
        -e 's|@LIBS_PRIVATE@|-lm -pthread$(if $(filter yes,$(Z3)), -lz3)|g' -e 's|@CMAKE_LIBS@|m;pthread$(if $(filter yes,$(Z3)),;z3)|g'

install: all
	@command -v $(HELP2MAN) >/dev/null 2>&1 || \
	  { echo "install: help2man is needed for the man pages (run ./bootstrap.sh)" >&2; exit 1; }
	install -d $(IDIR)/bin $(IDIR)/lib/pkgconfig $(IDIR)/lib/cmake/rulegen $(IDIR)/include/rulegen \
	  $(IDIR)/share/man/man1 $(IDIR)/share/rulegen
	install -m 755 $(INSTALL_BINS) $(IDIR)/bin
	install -m 644 $(DIST_A) $(IDIR)/lib
	install -m 755 $(DIST_SO) $(IDIR)/lib
	ln -sf librulegen.so.$(VERSION) $(IDIR)/lib/librulegen.so.$(SOVERSION)
	ln -sf librulegen.so.$(SOVERSION) $(IDIR)/lib/librulegen.so
	install -m 644 $(INSTALL_HEADERS) $(IDIR)/include/rulegen
	install -m 644 $(INSTALL_RULES) $(IDIR)/share/rulegen
	for f in $(INSTALL_PIPELINES); do \
	  d=$(IDIR)/share/rulegen/$$(basename $$(dirname $$f)); \
	  install -d $$d && install -m 644 $$f $$d || exit 1; \
	done
	install -m 644 $(MAN_PAGES) $(IDIR)/share/man/man1
	$(SUBST) runtime/rulegen.pc.in > $(IDIR)/lib/pkgconfig/rulegen.pc
	$(SUBST) tools/cmake/rulegenConfig.cmake.in > $(IDIR)/lib/cmake/rulegen/rulegenConfig.cmake
	$(SUBST) tools/cmake/rulegenConfigVersion.cmake.in > $(IDIR)/lib/cmake/rulegen/rulegenConfigVersion.cmake

uninstall:
	rm -f $(addprefix $(IDIR)/,$(INSTALL_FILES))
	for d in $(INSTALL_DIRS); do rmdir $(IDIR)/$$d 2>/dev/null || :; done

clean:
	rm -rf build

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
