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
LDLIBS  += -lm

.PHONY: all check asan bench fuzz verify coverage install clean
.SECONDEXPANSION:
all:

include runtime/build.mk
include dsl/build.mk
include gen/build.mk
include backends/build.mk
include tools/build.mk
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

check: all $(TEST_BINS)
	@sh tests/run.sh $(BUILD)

# Same tests, built and run under AddressSanitizer + UBSan in their own tree.
asan:
	$(MAKE) BUILD=build/asan OPT=-O1 \
	  SANFLAGS="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer" check

# Line coverage of the whole test suite, measured with gcov.
coverage:
	rm -f $$(find build/cov -name '*.gcda' 2>/dev/null)
	$(MAKE) BUILD=build/cov OPT=-O0 SANFLAGS="--coverage" check
	@sh tests/coverage.sh build/cov

install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/rulegen
	install -m 755 $(INSTALL_BINS) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(BUILD)/lib/librulegen.a $(DESTDIR)$(PREFIX)/lib
	install -m 644 runtime/include/rulegen/*.h $(DESTDIR)$(PREFIX)/include/rulegen
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig
	sed -e 's|@PREFIX@|$(PREFIX)|' -e "s|@VERSION@|$$(sed -n 's/^#define RG_VERSION \"\(.*\)\"/\1/p' runtime/include/rulegen/core.h)|" \
	  runtime/rulegen.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/rulegen.pc

clean:
	rm -rf build

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
