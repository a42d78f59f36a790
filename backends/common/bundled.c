/* backends/common/bundled.c - rg_bundled_target (rulegen/bundled.h): the
 * bundled rule set's descriptor with the shipped dialects' syntax, for
 * programs that load the shared library at run time, which keeps the
 * generated symbols (rg_target_builtin) local. */
#include "rulegen/bundled.h"
#include "rulegen/dialects.h"
#include "rules/builtin.h"

void rg_bundled_target(RgOptTarget *out) {
  *out = rg_target_builtin;
  out->syntax = rg_syntax_shipped;
}
