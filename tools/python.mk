# tools/python.mk : the Python package (tools/python/rulegen), ctypes over
# the shared library. Importable from the source tree with
# PYTHONPATH=tools/python (it finds build/dist/librulegen.so, or the
# library RULEGEN_LIB names); `make install` puts it where Debian's
# python3 looks under a prefix, PREFIX/lib/python3/dist-packages, and it
# then loads PREFIX/lib/librulegen.so (docs/python.md).
PY_SRCS = $(sort $(wildcard tools/python/rulegen/*.py))
PY_DIR = lib/python3/dist-packages/rulegen

.PHONY: install-python uninstall-python
install-python:
	install -d $(IDIR)/$(PY_DIR)
	install -m 644 $(PY_SRCS) $(IDIR)/$(PY_DIR)

uninstall-python:
	rm -f $(addprefix $(IDIR)/$(PY_DIR)/,$(notdir $(PY_SRCS)))
	rm -rf $(IDIR)/$(PY_DIR)/__pycache__
	for d in $(PY_DIR) lib/python3/dist-packages lib/python3; do rmdir $(IDIR)/$$d 2>/dev/null || :; done

install: install-python
uninstall: uninstall-python
