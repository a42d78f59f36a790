/* tools/mlir_plugin/targets.c - the rule sets bundled with rulegen (TOSA
 * and edge-dialect targets) with their dialects' syntax, exactly what rgopt
 * hands rg_opt_main (tools/rgopt.c), as the plugin `rulegen`. */
#include "rgmlir.h"
#include "rulegen/dialects.h"
#include "rules/builtin.h"

/* Filled in on the first call, which mlir-opt makes while it registers
 * passes, before any pass runs (the generated descriptor is not a
 * constant expression, so the table cannot be static data). */
const RgmPlugin *rgm_bundled_plugin(void) {
  static RgOptTarget bundled;
  static RgmPlugin plugin;
  if (!plugin.pass_name) {
    bundled = rg_target_builtin;
    bundled.syntax = rg_syntax_shipped;
    plugin = (RgmPlugin){"rulegen",
                         "run rulegen's generated rewrite passes (a target's pipeline, or passes=...) on functions",
                         &bundled, 1};
  }
  return &plugin;
}
