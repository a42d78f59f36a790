/* tools/mlir_plugin/rgmlir.h - the C side of the mlir-opt pass plugin, as
 * the C++ entry (plugin.cpp) sees it: a plugin is a pass name and the rule
 * sets it runs; its options are parsed once per pipeline into an immutable
 * configuration, and each run converts one operation's functions to
 * rulegen graphs, runs the passes and writes back what they changed. */
#ifndef RGM_RGMLIR_H
#define RGM_RGMLIR_H

#include <stddef.h>
#include "mlir-c/IR.h"
#include "rulegen/mlir_plugin.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef RgMlirPlugin RgmPlugin;

/* The plugin of the targets bundled with rulegen (targets.c). */
const RgmPlugin *rgm_bundled_plugin(void);

typedef struct RgmConfig RgmConfig;

/* Parses a pass's option string (`target=ethos-u55 stats`, as
 * --pass-pipeline gives it between the braces). NULL with a message in
 * err on a bad option. */
RgmConfig *rgm_config_new(const RgmPlugin *plugin, const char *opts, size_t len, char *err, size_t errlen);
void rgm_config_free(RgmConfig *c);

/* Runs on `op`: a func.func, or an operation whose body holds func.func
 * ops (each converted on its own). Any error is emitted as an MLIR
 * diagnostic at the location of the op concerned and returns false, with
 * the IR left as it was. Touches no global state: runs may overlap. */
bool rgm_run(const RgmConfig *c, MlirOperation op);


#ifdef __cplusplus
}
#endif

#endif
