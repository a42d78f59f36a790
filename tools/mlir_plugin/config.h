/* tools/mlir_plugin/config.h - the parsed pass options (config.c), read by
 * the runs (run.c). Immutable once parsed. */
#ifndef RGM_CONFIG_H
#define RGM_CONFIG_H

#include "rgmlir.h"
#include "rulegen/proof.h"

enum { RGM_MAX_PASSES = 256, RGM_MAX_SYNTAX = 64 };

struct RgmConfig {
  const RgmPlugin *plugin;
  const RgPassDesc *passes[RGM_MAX_PASSES];
  uint32_t num_passes;
  bool has_passes;
  RgRunOptions run; /* dedup_ops set by target= */
  bool stats;
  uint32_t verify_runs; /* verify=N: proof by execution */
  RgTolerance tolerance;
  /* the rule sets' dialect syntaxes, each once, NULL-terminated */
  const RgDialectSyntax *syntax[RGM_MAX_SYNTAX + 1];
};

#endif
