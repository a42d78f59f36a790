/* rulegen/mlir_plugin.h - a rule set of your own as an mlir-opt pass
 * plugin, written in C: the plugin library (librulegen-mlir.a, installed
 * with rulegen when MLIR 22 was found) converts functions between MLIR's
 * IR and rulegen graphs and runs your passes; your plugin only names its
 * pass and rule sets and registers them from its entry point. CMake's
 * rulegen_add_mlir_plugin writes that entry for you; by hand it is:
 *
 *   static void register_passes(void) {
 *     static RgOptTarget t;
 *     static RgMlirPlugin p;
 *     t = rg_target_my_npu;
 *     t.syntax = rg_syntax_shipped;
 *     p = (RgMlirPlugin){"rulegen-my-npu", "my NPU's passes", &t, 1};
 *     rg_mlir_plugin_register(&p);
 *   }
 *   RG_MLIR_PLUGIN_ENTRY RgMlirPluginInfo mlirGetPassPluginInfo(void) {
 *     return (RgMlirPluginInfo){RG_MLIR_PLUGIN_API_VERSION, "rulegen-my-npu", "1.0", register_passes};
 *   }
 *
 * The pass takes the options of the bundled `rulegen` pass (target=,
 * passes=, inexact, tolerance=, max-rewrites=, verify=, stats;
 * docs/mlir-plugin.md). */
#ifndef RULEGEN_MLIR_PLUGIN_H
#define RULEGEN_MLIR_PLUGIN_H

#include <stddef.h>
#include <stdint.h>
#include "rulegen/opt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A pass and the rule sets it runs; must outlive the process's use of
 * MLIR (static storage). */
typedef struct RgMlirPlugin {
  const char *pass_name;   /* the name in --pass-pipeline: "rulegen-my-npu" */
  const char *description; /* what --help says of it */
  const RgOptTarget *targets;
  size_t num_targets;
} RgMlirPlugin;

/* Registers the plugin's pass with MLIR's pass registry. Call it from the
 * plugin's register_passes callback (mlir-opt calls that once, before any
 * pass runs). */
void rg_mlir_plugin_register(const RgMlirPlugin *plugin);

/* mlir::PassPluginLibraryInfo (mlir/Tools/Plugins/PassPlugin.h), the
 * value the entry point returns, in C. */
typedef struct RgMlirPluginInfo {
  uint32_t api_version; /* RG_MLIR_PLUGIN_API_VERSION */
  const char *plugin_name;
  const char *plugin_version;
  void (*register_passes)(void);
} RgMlirPluginInfo;

#define RG_MLIR_PLUGIN_API_VERSION 1 /* MLIR_PLUGIN_API_VERSION of MLIR 22 */
/* The entry point mlir-opt looks up is exported even when the plugin is
 * built with hidden visibility. */
#define RG_MLIR_PLUGIN_ENTRY __attribute__((visibility("default")))

#ifdef __cplusplus
}
#endif

#endif
