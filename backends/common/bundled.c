/* backends/common/bundled.c - rg_bundled_target (rulegen/bundled.h): the
 * generated tables of the bundled rule set, reachable from the shared
 * library, whose generated symbols are hidden. */
#include "rulegen/bundled.h"
#include "rulegen/dialects.h"
#include "rules/builtin.h"

void rg_bundled_target(RgOptTarget *out) {
  const RgOptTarget t = {"builtin", rg_pipelines_builtin, rg_passes_builtin, rg_ops_builtin,
                         rg_num_ops_builtin, rg_syntax_shipped};
  *out = t;
}
