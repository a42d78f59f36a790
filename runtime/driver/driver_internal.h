/* runtime/driver/driver_internal.h - state shared by the files of
 * rg_opt_main: opt_main.c (options, the run in steps), opt_report.c
 * (statistics, explain mode, memory report, proof by execution),
 * opt_culprit.c (the rewrite that broke a proof), opt_observe.c (IR dumps,
 * the HTML report) and opt_prove.c (--prove). Not installed. */
#ifndef RG_OPT_INTERNAL_H
#define RG_OPT_INTERNAL_H

#include <stdio.h>
#include "rulegen/graph.h"
#include "rulegen/interp.h"
#include "rulegen/mlir.h"
#include "rulegen/opt.h"
#include "rulegen/pass.h"
#include "rulegen/proof.h"
#include "rulegen/prove.h"
#include "support/support.h"

enum { OPT_MAX_PASSES = 256, OPT_MAX_DISABLED = 64, OPT_MAX_SYNTAX = 64 };
enum { OPT_EXIT_INPUT = 1, OPT_EXIT_USAGE = 2 };
#define OPT_KEEP_SOURCE ((size_t)4 << 20) /* bytes of an unmapped input kept through the run */

typedef struct OptNodeName OptNodeName;

typedef struct OptState {
  const char *prog; /* program name in messages */
  const RgOptTarget *targets;
  size_t num_targets;
  const RgPassDesc **all_passes; /* every pass the targets name, once */
  uint32_t *all_sets;            /* the index of the target naming each */
  uint32_t num_all_passes;
  const char *input;
  const char *output;
  const RgPassDesc *passes[OPT_MAX_PASSES];
  uint32_t num_passes;
  bool passes_set;
  bool mem_report;
  bool stats, time_passes;
  uint64_t prove_rlimit; /* --prove[=RLIMIT]; 0: off */
  const char *stats_json;
  const char *dot;
  RgRunOptions run;
  const char *disabled[OPT_MAX_DISABLED + 1];
  uint32_t num_disabled;
  uint32_t verify_runs; /* --verify-by-execution */
  const char *inputs;   /* --inputs FILE */
  RgTolerance tolerance; /* --tolerance: for results of inexact rules */
  RgMlirForm emit;      /* --emit */
  bool print_after_all, print_after_change;
  const char *print_after; /* comma-separated pass names */
  const char *report;      /* --report FILE.html */
  const char *explain_name, *explain_loc; /* --explain %name / location */
  const char *no_verify[OPT_MAX_DISABLED + 1]; /* --no-verify-ops */
  uint32_t num_no_verify;
  unsigned write_flags; /* RGS_WRITE_FORCE with --force */
  uint32_t max_errors;  /* --max-errors (default 20) */
  /* the targets' dialect syntaxes, each once, NULL-terminated */
  const RgDialectSyntax *syntax[OPT_MAX_SYNTAX + 1];
  int argc; /* the command line, for the --explain command of a warning */
  char **argv;
  RgSource *src; /* the input, kept through the run when it costs little */
  OptNodeName *names; /* of the refused ops (opt_name_refusals) */
  uint32_t num_names;
} OptState;

/* What the proof by execution found, for the report: `checked` when it
 * ran to a verdict; `what` its message, `culprit` the rewrite to blame
 * (empty when none was found), both without the program's name. */
typedef struct OptVerdict {
  bool checked, ok;
  char what[1024];
  char culprit[2048];
} OptVerdict;

/* --print-ir-after*, --report: NULL when none is asked for. */
typedef struct OptObserve OptObserve;
OptObserve *opt_observe_begin(OptState *o, RgGraph *g);
/* Writes the report; v (may be NULL) is the proof's verdict. */
int opt_observe_report(OptObserve *ob, RgGraph *g, const RgRunStats *st, const OptVerdict *v);
void opt_observe_free(OptObserve *ob);
/* Turns --explain %name (its op, `named`, found by the reader) or a
 * location into an op number; 0, or an exit status after a message. */
int opt_explain_resolve(OptState *o, RgGraph *g, RgNode *named);

void opt_mem_report(const OptState *o, RgGraph *g);
void opt_print_stats(FILE *out, const OptState *o, RgGraph *g, const RgRunStats *st);
void opt_print_layout(FILE *out, const OptState *o, RgGraph *g);
void opt_print_time_passes(FILE *out, const RgRunStats *st);
int opt_write_stats_json(const OptState *o, RgGraph *g, const RgRunStats *st);

/* How messages name a node: `%4` and where the input has it, or for a
 * node the passes made, its op and location. */
struct OptNodeName {
  const RgNode *node;
  const char *op;
  char name[64];     /* `%4`, or empty */
  char at[256];      /* `in.mlir:9:5`, or the node's `loc(...)`, or empty */
  char explain[80];  /* what --explain takes to show the node, or empty */
  uint32_t src, rank; /* its position in the input and number in file order */
  size_t first_def;  /* where the first line defining `name` starts */
};
/* Names nodes[0..n) (repeats named once), in one pass over the graph and
 * the text however many there are: an array of *count to rg_free, NULL
 * when out of memory (messages then name ops by their op alone). */
OptNodeName *opt_name_nodes(const OptState *o, RgGraph *g, const RgNode *const *nodes, uint32_t n,
                            uint32_t *count);
/* Names every op a refusal names (o->names). */
void opt_name_refusals(OptState *o, RgGraph *g, const RgRunStats *st);
/* The name opt_name_refusals gave n (else its op alone). */
void opt_node_name(const OptState *o, RgGraph *g, const RgNode *n, OptNodeName *nn);
/* `%4 (my.clamp at in.mlir:9:5)` */
void opt_put_node_name(RgsBuf *b, const OptNodeName *nn);
/* Names the refused ops (for every report after it), then warns on stderr
 * for each rule refused with static types only (a failing shape hook, a
 * replacement of another type), with the command that explains it. */
void opt_warn_refusals(OptState *o, RgGraph *g, const RgRunStats *st);

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

/* --prove: a prover attached to the run (NULL when not asked for, or
 * when out of memory: *rc set), and its report after the run: exit 1 when
 * a rewrite is refuted. Without Z3, asking for it is a usage error. */
typedef struct OptProve OptProve;
OptProve *opt_prove_begin(OptState *o, RgGraph *g, int *rc);
int opt_prove_end(const OptState *o, OptProve *pv);

/* --verify-by-execution: the proof through the rule sets' evaluators,
 * with rgopt's messages. Recording sets *rc on an error. With `after`
 * (g is then the input read again after the passes ran on `after`), each
 * run is made beside its twin in `after`, sharing what the passes left
 * alone, and the next check on `after` takes those results. */
RgProof *opt_proof_record(const OptState *o, RgGraph *g, RgGraph *after, int *rc);
/* Bytes of input up to which the proof is recorded after the passes, on
 * the input read again, beside the rewritten graph (a second copy of the
 * graph for the time of the check). */
#define OPT_PAIR_SOURCE ((size_t)64 << 20)
/* inexact_fires: fires of inexact rules in the run; when nonzero, float
 * results are compared within o->tolerance instead of bit for bit. */
int opt_proof_check(const OptState *o, RgGraph *g, const RgProof *p, uint64_t inexact_fires, OptVerdict *v);
/* Writes input sets (the text of --inputs) beside the output, OUT.mlir
 * giving OUT.SUFFIX.inputs, or when the output is standard output or a
 * device into the current folder after the input's name; says where. */
void opt_write_inputs(const OptState *o, const char *text, size_t len, const char *suffix);
/* After proof by execution found a difference: replays the pipeline on
 * the input read again to find the first of the run's `rewrites` after
 * which the results differ, by binary search (a check after rewrite K
 * from the rewrite observer), and names its rule, the rule's place and
 * the node, and writes the inputs that show it (OUT.PASS.RULE.inputs). */
void opt_culprit_search(const OptState *o, const RgProof *p, uint64_t rewrites, bool within, OptVerdict *v);

#endif
