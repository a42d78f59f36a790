# tools/ : one fragment per program (tools/<name>.mk) so that each tool's
# sources and link line stay next to it.
INSTALL_BINS =
include $(filter-out tools/build.mk,$(sort $(wildcard tools/*.mk)))
