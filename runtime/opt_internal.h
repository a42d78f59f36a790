/* runtime/opt_internal.h - state shared by the two files of rg_opt_main:
 * opt_main.c (options, the run) and opt_report.c (statistics, explain
 * mode, memory report, proof by execution). Not installed. */
#ifndef RG_OPT_INTERNAL_H
#define RG_OPT_INTERNAL_H

#include <stdio.h>
#include "rulegen/graph.h"
#include "rulegen/interp.h"
#include "rulegen/opt.h"
#include "rulegen/pass.h"

enum { OPT_MAX_PASSES = 256, OPT_MAX_DISABLED = 64 };
enum { OPT_EXIT_INPUT = 1, OPT_EXIT_USAGE = 2 };

typedef struct OptState {
  const char *prog; /* program name in messages */
  const RgOptTarget *targets;
  size_t num_targets;
  const char *input;
  const char *output;
  const RgPassDesc *passes[OPT_MAX_PASSES];
  uint32_t num_passes;
  bool passes_set;
  bool mem_report;
  bool stats, time_passes;
  const char *stats_json;
  const char *dot;
  RgRunOptions run;
  const char *disabled[OPT_MAX_DISABLED + 1];
  uint32_t num_disabled;
  uint32_t verify_runs; /* --verify-by-execution */
} OptState;

void opt_mem_report(const OptState *o, RgGraph *g);
void opt_print_stats(FILE *out, const OptState *o, const RgRunStats *st);
void opt_print_time_passes(FILE *out, const RgRunStats *st);
int opt_write_stats_json(const OptState *o, const RgRunStats *st);

/* --explain: the op asked for and what was reported about it. */
typedef struct OptExplain {
  const OptState *o;
  uint32_t want, seen; /* op number asked for; ops walked so far */
  RgNode *node;        /* the op, once found */
  uint32_t reports;    /* messages about it */
} OptExplain;

bool opt_find_nth(RgNode *n, void *user);
void opt_on_explain(void *user, const char *pass, const char *rule, const char *why);
void opt_explain_summary(const OptExplain *e, const char *op, const RgRunStats *st);

/* --verify-by-execution: one function run on one random input set. */
typedef struct OptRun {
  const RgNode *func;
  const char *name;
  uint32_t seed;
  RgTensor *inputs, *outputs;
  uint32_t ninputs, noutputs;
} OptRun;

OptRun *opt_execute_before(const OptState *o, RgGraph *g, uint32_t runs, uint32_t *nrun, int *rc);
int opt_execute_after(const OptState *o, RgGraph *g, OptRun *runs, uint32_t n);
void opt_free_runs(OptRun *runs, uint32_t n);

#endif
