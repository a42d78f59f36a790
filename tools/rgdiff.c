/* tools/rgdiff.c - differential tester for the rule library: the command
 * line and the driver. Each generated graph (tools/rgdiff_gen.c) runs through
 * the reference interpreter on random inputs, then through the ethos-u55 and
 * ethos-u85 pipelines (xnnpack for --family edge, arm for --family arm) on
 * fresh copies, and every output must be bit-identical afterwards. Rules
 * marked `inexact` are applied too: a graph on which they fired is
 * compared within the tolerance (--tolerance) and run again without them,
 * bit for bit. Reports how often each rule fired and, for inexact rules,
 * the largest relative error.
 *
 * A graph is generated from its seed alone, so `rgdiff --seed S --count 1`
 * regenerates a failing graph; the failing graph is also written as MLIR
 * (generic form) to OUTDIR/rgdiff-fail-S.mlir (and the rewritten one next to
 * it) for `rgopt --target ... --verify-by-execution`.
 *
 * Exit status: 0 every graph kept its results (and every rule fired at least
 * --min-fires times), 1 a difference, an invalid rewrite or too few fires,
 * 2 bad usage. docs/verify.md describes the generator. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "rulegen/diag.h"
#include "rulegen/interp.h"
#include "rulegen/mlir.h"
#include "rulegen/pass.h"
#include "rulegen/proof.h"
#include "rules/builtin.h"
#include "rgdiff.h"

/* ---- checks ---- */

/* Default tolerance after inexact rewrites: 1e-2 of the larger result or
 * of 1, whichever is larger. Where results cancel (a layer-norm row near
 * its mean, scaled by 1 / sqrt(eps); its output times a weight plus a
 * bias near 0; a folded batch norm near 0) the rewrites agree only to an
 * ulp of the larger intermediate values, so relative to the result
 * itself they can differ by percents: 50,000 graphs show up to 1.2e-3 of
 * this measure. A wrong decomposition shows errors near 1
 * (docs/verify.md). */
#define RGDIFF_TOLERANCE_REL 1e-2
#define RGDIFF_TOLERANCE_FLOOR 1.0

static RgNode *main_func(RgGraph *g) { return (RgNode *)rg_interp_find_func(g, "main"); }

/* Every TOSA op's result type is what its shape hook computes now. */
static bool types_consistent(RgGraph *g, char *msg, size_t msglen) {
  RgNode *f = main_func(g);
  if (!f)
    return snprintf(msg, msglen, "@main is gone"), false;
  for (RgNode *n = f->regions[0].first->first; n; n = n->next) {
    const RgOpDesc *d = gen_find_desc(rg_op_name(g, n->op));
    if (!d || !d->infer || n->num_results != 1)
      continue;
    const RgType *res[1] = {NULL};
    char err[200] = "";
    if (d->infer(g, n, res, err, sizeof err) != RG_OK) {
      snprintf(msg, msglen, "%s (node %u): shape hook refuses it: %s", d->name, n->id, err);
      return false;
    }
    if (res[0] != n->results[0].type) {
      snprintf(msg, msglen, "%s (node %u): result type %s, shape hook says %s", d->name, n->id,
               n->results[0].type->text, res[0] ? res[0]->text : "?");
      return false;
    }
  }
  return true;
}

/* Every node of an op the registry declares matches its declaration
 * (operand and result counts, attributes, result types). */
static bool schema_ok(RgGraph *g, char *msg, size_t msglen) {
  RgDiags d;
  rg_diags_init(&d);
  size_t errors = rg_graph_verify_ops(g, rg_ops_builtin, rg_num_ops_builtin, NULL, NULL, &d);
  if (errors)
    snprintf(msg, msglen, "%s", d.count ? d.items[0].msg : "op schema violated");
  rg_diags_free(&d);
  return errors == 0;
}

/* Edge family: mul.Scalar nodes from which aten.bmm is reachable through
 * view_copy/expand_copy only (the SDPA scale the guard must keep), and
 * frozen nodes (which no rule may touch). Compared before and after. */
static bool reaches_bmm(RgGraph *g, const RgValue *v, int depth) {
  for (const RgUse *u = v->uses; u && depth < 16; u = u->next) {
    const char *op = rg_op_name(g, u->user->op);
    if (strcmp(op, "aten.bmm") == 0)
      return true;
    if ((strcmp(op, "aten.view_copy") == 0 || strcmp(op, "aten.expand_copy") == 0) &&
        reaches_bmm(g, &u->user->results[0], depth + 1))
      return true;
  }
  return false;
}

typedef struct EdgeCounts {
  uint32_t guarded, frozen;
} EdgeCounts;

static EdgeCounts edge_counts(RgGraph *g) {
  EdgeCounts c = {0, 0};
  RgNode *f = main_func(g);
  for (RgNode *n = f ? f->regions[0].first->first : NULL; n; n = n->next) {
    c.frozen += rg_node_is_frozen(n);
    if (strcmp(rg_op_name(g, n->op), "aten.mul.Scalar") == 0 && reaches_bmm(g, &n->results[0], 0))
      c.guarded++;
  }
  return c;
}

/* ---- the driver ---- */

typedef struct Options {
  uint64_t seed;
  uint32_t count, inputs, min_fires, max_failures;
  const char *outdir;
  bool verbose, quiet;
  GenFamily family;   /* edge: aten graphs, xnnpack; arm: aten graphs, arm */
  RgTolerance tol;    /* results after inexact rewrites */
  int ntargets;       /* 2 (ethos-u55, ethos-u85; arm, arm_lower) or 1 (xnnpack) */
} Options;

typedef struct Target {
  const char *name; /* pipeline name */
  const RgPipelineDesc *pl;
} Target;

/* Fire counts per distinct pass of both pipelines. */
typedef struct PassFires {
  const RgPassDesc *pass;
  uint64_t *fires[2]; /* per target, num_rules entries */
  double *err[2];     /* inexact rules: the largest relative error of a graph they changed */
} PassFires;

typedef struct Totals {
  uint64_t tested, unpredictable, unsupported, gen_failed, invalid_before, failures;
  uint64_t nodes, runs, inexact_graphs, worst_seed;
  double worst; /* largest relative error after inexact rewrites */
  PassFires passes[64];
  uint32_t npasses;
} Totals;

static PassFires *pass_fires(Totals *T, const RgPassDesc *p) {
  for (uint32_t i = 0; i < T->npasses; i++)
    if (T->passes[i].pass == p)
      return &T->passes[i];
  if (T->npasses == 64)
    return NULL;
  PassFires *pf = &T->passes[T->npasses++];
  pf->pass = p;
  for (int k = 0; k < 2; k++) {
    pf->fires[k] = calloc(p->num_rules ? p->num_rules : 1, sizeof(uint64_t));
    pf->err[k] = calloc(p->num_rules ? p->num_rules : 1, sizeof(double));
  }
  return pf->fires[0] && pf->fires[1] && pf->err[0] && pf->err[1] ? pf : NULL;
}

static void write_graph(const Options *o, RgGraph *g, uint64_t seed, const char *suffix) {
  size_t len = 0;
  char *text = rg_mlir_write(g, &len);
  if (!text)
    return;
  char path[1024], err[256];
  snprintf(path, sizeof path, "%s/rgdiff-fail-%llu%s.mlir", o->outdir, (unsigned long long)seed, suffix);
  if (rgs_write_file_atomic(path, text, len, err, sizeof err) == 0)
    fprintf(stderr, "rgdiff:   wrote %s\n", path);
  else
    fprintf(stderr, "rgdiff:   %s\n", err);
  rg_free(text);
}

/* The input set that showed a failure, for `rgopt --inputs` on the
 * written graph. */
static void write_inputs(const Options *o, RgGraph *g, uint64_t seed, const RgTensor *in, uint32_t n) {
  size_t len = 0;
  char *text = rg_input_set_text(main_func(g), in, n, &len);
  if (!text)
    return;
  char path[1024], err[256];
  snprintf(path, sizeof path, "%s/rgdiff-fail-%llu.inputs", o->outdir, (unsigned long long)seed);
  if (rgs_write_file_atomic(path, text, len, err, sizeof err) == 0)
    fprintf(stderr, "rgdiff:   wrote %s (rgopt --inputs %s runs that input set)\n", path, path);
  else
    fprintf(stderr, "rgdiff:   %s\n", err);
  rg_free(text);
}

/* ".after-ethos-u55" for pipeline ethos_u55. */
static void suffix_for(const char *target, char *buf, size_t len) {
  snprintf(buf, len, ".after-%s", target);
  for (char *p = buf; *p; p++)
    if (*p == '_')
      *p = '-';
}

static const char *family_flag(GenFamily f) {
  return f == GEN_EDGE ? " --family edge" : f == GEN_ARM ? " --family arm" : "";
}

static void report_failure(const Options *o, Totals *T, uint64_t seed, const char *target, const char *what,
                           RgGraph *after) {
  T->failures++;
  fprintf(stderr, "rgdiff: FAIL seed %llu, target %s: %s\n", (unsigned long long)seed, target, what);
  char err[256];
  RgGraph *before = gen_graph(seed, o->family, err, sizeof err);
  if (before) {
    write_graph(o, before, seed, "");
    rg_graph_free(before);
  }
  if (after) {
    char suffix[64];
    suffix_for(target, suffix, sizeof suffix);
    write_graph(o, after, seed, suffix);
  }
  fprintf(stderr, "rgdiff:   reproduce: rgdiff%s --seed %llu --count 1\n", family_flag(o->family),
          (unsigned long long)seed);
}

/* The input sets of one graph and its results before any pipeline. */
typedef struct Sets {
  RgTensor *ins[8], *outs[8];
  uint32_t nin[8], nout[8], n;
  bool edges[8]; /* edge values mixed in */
} Sets;

/* Inexact rewrites in a run's statistics. */
static uint64_t inexact_fires(const RgPipelineDesc *pl, const RgRunStats *st) {
  uint64_t n = 0;
  for (uint32_t i = 0; i < st->num_passes; i++)
    for (uint16_t r = 0; r < pl->passes[i]->num_rules; r++)
      n += pl->passes[i]->rules[r].inexact ? st->passes[i].rule_fires[r] : 0;
  return n;
}

/* One run of target t's pipeline on a fresh copy of graph `seed`. */
typedef struct TargetRun {
  const Options *o;
  const Target *targets;
  int t;
  Totals *T;
  uint64_t seed;
  const Sets *S;
  bool with_inexact;  /* inexact rules applied */
  RgGraph *g;         /* the rewritten graph */
  RgRunStats st;
  uint64_t nfires;    /* inexact rewrites */
  double worst;       /* largest relative error of a result */
} TargetRun;

static int run_failed(TargetRun *r, const char *what, RgGraph *after) {
  report_failure(r->o, r->T, r->seed, r->targets[r->t].name, what, after);
  return -1;
}

/* Adds the run's fires to the table (the run with inexact rules). */
static void count_fires(TargetRun *r) {
  const RgPipelineDesc *pl = r->targets[r->t].pl;
  for (uint32_t i = 0; i < r->st.num_passes; i++) {
    PassFires *pf = pass_fires(r->T, pl->passes[i]);
    for (uint16_t k = 0; pf && k < pl->passes[i]->num_rules; k++)
      pf->fires[r->t][k] += r->st.passes[i].rule_fires[k];
  }
}

/* The rewritten graph verifies, keeps the ops' declarations and types,
 * and (edge families) its guarded and frozen nodes. 0 ok, -1 failed. */
static int check_rewritten(TargetRun *r, EdgeCounts before) {
  char err[512], msg[1024];
  RgGraph *g = r->g;
  if (rg_graph_verify(g, err, sizeof err) != RG_OK) {
    snprintf(msg, sizeof msg, "the rewritten graph does not verify: %s", err);
    return run_failed(r, msg, g);
  }
  if (!schema_ok(g, err, sizeof err)) {
    snprintf(msg, sizeof msg, "the rewritten graph breaks an op's declaration: %s", err);
    return run_failed(r, msg, g);
  }
  if (!types_consistent(g, err, sizeof err)) {
    snprintf(msg, sizeof msg, "the rewritten graph is mistyped: %s", err);
    return run_failed(r, msg, g);
  }
  if (r->o->family == GEN_TOSA)
    return 0;
  EdgeCounts c = edge_counts(g);
  /* The arm pipeline may put a view between a mul.Scalar and a new bmm (mm
   * to bmm), so only xnnpack keeps the guarded count. */
  if ((r->o->family == GEN_EDGE && c.guarded != before.guarded) || c.frozen != before.frozen) {
    snprintf(msg, sizeof msg,
             "mul.Scalar reaching bmm through view/expand: %u before, %u after; frozen nodes: %u before, "
             "%u after",
             before.guarded, c.guarded, before.frozen, c.frozen);
    return run_failed(r, msg, g);
  }
  return 0;
}

/* Result i of input set k after the pipeline against before: within the
 * tolerance when inexact rules fired, otherwise bit for bit. */
static int compare_result(TargetRun *r, uint32_t k, uint32_t i, const RgTensor *after) {
  char diff[256], msg[1024];
  const RgTensor *before = &r->S->outs[k][i];
  if (r->nfires ? rg_tensor_first_far(before, after, r->o->tol, &r->worst, diff, sizeof diff) < 0
                : rg_tensor_first_diff(before, after, diff, sizeof diff) < 0)
    return 0;
  snprintf(msg, sizeof msg, "input set %u, result %u differs%s: %s", k, i,
           r->nfires ? " beyond the tolerance after inexact rewrites" : "", diff);
  run_failed(r, msg, r->g);
  write_inputs(r->o, r->g, r->seed, r->S->ins[k], r->S->nin[k]);
  return -1;
}

/* Runs the rewritten graph on every input set and compares its results
 * with the reference ones. 0 ok, -1 failed. */
static int compare_runs(TargetRun *r) {
  const Sets *S = r->S;
  RgInterp *ip = rg_interp_new(r->g, rg_ops_builtin, rg_num_ops_builtin);
  int result = 0;
  for (uint32_t k = 0; k < S->n && ip && result == 0; k++) {
    RgTensor *after = NULL;
    uint32_t nafter = 0;
    /* Inexact rules, like -ffast-math, promise nothing about infinities,
     * NaNs and overflow: their edge-value sets are compared in the run
     * without them, bit for bit. */
    if (r->nfires && S->edges[k])
      continue;
    r->T->runs++;
    char msg[1024];
    if (rg_interp_run(ip, main_func(r->g), S->ins[k], S->nin[k], &after, &nafter) != RG_OK) {
      snprintf(msg, sizeof msg, "input set %u ran before the pipeline but not after: %s", k,
               rg_interp_message(ip));
      result = run_failed(r, msg, r->g);
      write_inputs(r->o, r->g, r->seed, S->ins[k], S->nin[k]);
      break;
    }
    if (nafter != S->nout[k]) {
      snprintf(msg, sizeof msg, "%u results after the pipeline, %u before", nafter, S->nout[k]);
      result = run_failed(r, msg, r->g);
    }
    for (uint32_t i = 0; i < nafter && result == 0; i++)
      result = compare_result(r, k, i, &after[i]);
    rg_tensor_array_free(after, nafter);
  }
  rg_interp_free(ip);
  return result;
}

/* Every inexact rule that fired is charged with the graph's error (an
 * upper bound where several fired). */
static void charge_inexact(TargetRun *r) {
  Totals *T = r->T;
  T->inexact_graphs++;
  if (T->inexact_graphs == 1 || r->worst > T->worst) {
    T->worst = r->worst;
    T->worst_seed = r->seed;
  }
  const RgPipelineDesc *pl = r->targets[r->t].pl;
  for (uint32_t i = 0; i < r->st.num_passes; i++) {
    PassFires *pf = pass_fires(T, pl->passes[i]);
    for (uint16_t k = 0; pf && k < pl->passes[i]->num_rules; k++)
      if (pl->passes[i]->rules[k].inexact && r->st.passes[i].rule_fires[k] && r->worst > pf->err[r->t][k])
        pf->err[r->t][k] = r->worst;
  }
}

/* Runs the target's pipeline on a fresh copy of graph r->seed, inexact
 * rules applied or not, checks the result and compares its outputs with
 * the reference ones. The run with inexact rules adds its fires to the
 * table. 0 ok, -1 failed; r->nfires receives the inexact rewrites. */
static int run_target(TargetRun *r) {
  char err[512], msg[1024];
  r->g = gen_graph(r->seed, r->o->family, err, sizeof err);
  if (!r->g)
    return run_failed(r, "graph could not be regenerated", NULL);
  const RgPipelineDesc *pl = r->targets[r->t].pl;
  r->T->nodes += r->with_inexact ? rg_graph_num_nodes(r->g) : 0;
  EdgeCounts before = r->o->family != GEN_TOSA ? edge_counts(r->g) : (EdgeCounts){0, 0};
  RgRunOptions ro;
  rg_run_options_init(&ro);
  ro.verify_each = true;
  ro.inexact = r->with_inexact;
  int result;
  RgStatus s = rg_pipeline_run(r->g, pl, &ro, &r->st, err, sizeof err);
  if (s != RG_OK) {
    snprintf(msg, sizeof msg, "the pipeline failed: %s", err);
    result = run_failed(r, msg, NULL);
  } else {
    r->nfires = inexact_fires(pl, &r->st);
    if (r->with_inexact)
      count_fires(r);
    result = check_rewritten(r, before);
  }
  if (result == 0)
    result = compare_runs(r);
  if (result == 0 && r->nfires)
    charge_inexact(r);
  rg_run_stats_free(&r->st);
  rg_graph_free(r->g);
  return result;
}

/* Runs graph `seed`: 0 tested, 1 skipped, -1 failed. */
static int run_one(const Options *o, const Target *targets, Totals *T, uint64_t seed) {
  char err[512], msg[1024];
  RgGraph *g = gen_graph(seed, o->family, err, sizeof err);
  if (!g) {
    T->gen_failed++;
    if (o->verbose)
      fprintf(stderr, "rgdiff: seed %llu: generator: %s\n", (unsigned long long)seed, err);
    return 1;
  }
  if (rg_graph_verify(g, msg, sizeof msg) != RG_OK) {
    fprintf(stderr, "rgdiff: seed %llu: generated graph does not verify: %s\n", (unsigned long long)seed, msg);
    rg_graph_free(g);
    T->gen_failed++;
    return 1;
  }
  if (!schema_ok(g, msg, sizeof msg)) {
    char what[1100];
    snprintf(what, sizeof what, "the generated graph breaks an op's declaration (a generator bug): %s", msg);
    rg_graph_free(g);
    report_failure(o, T, seed, "generator", what, NULL);
    return -1;
  }
  RgNode *f = main_func(g);
  /* Reference runs: input sets whose results the specification defines. */
  Sets S;
  memset(&S, 0, sizeof S);
  RgInterp *ip = rg_interp_new(g, rg_ops_builtin, rg_num_ops_builtin);
  int rc = 0;
  /* Every other input set mixes in edge values (-0.0, NaNs, infinities,
   * the types' extremes, the graph's zero points), each from the next. */
  for (uint32_t s = 0; s < o->inputs * 3 && S.n < o->inputs && S.n < 8; s++) {
    uint32_t k = S.n;
    RgStatus made = s % 2 ? rg_interp_random_inputs_edges(g, f, seed * 1000 + s, s / 2, &S.ins[k], &S.nin[k])
                          : rg_interp_random_inputs(f, seed * 1000 + s, &S.ins[k], &S.nin[k]);
    if (made != RG_OK) {
      rc = 1;
      break;
    }
    if (rg_interp_run(ip, f, S.ins[k], S.nin[k], &S.outs[k], &S.nout[k]) == RG_OK) {
      S.edges[S.n++] = s % 2;
      continue;
    }
    RgInterpError e = rg_interp_last_error(ip);
    rg_tensor_array_free(S.ins[k], S.nin[k]);
    S.ins[k] = NULL;
    if (e == RG_INTERP_UNPREDICTABLE)
      continue;
    if (e == RG_INTERP_UNSUPPORTED)
      T->unsupported++;
    else
      T->invalid_before++;
    if (o->verbose || e == RG_INTERP_INVALID)
      fprintf(stderr, "rgdiff: seed %llu: generated graph does not run: %s\n", (unsigned long long)seed,
              rg_interp_message(ip));
    rc = 2;
    break;
  }
  rg_interp_free(ip);
  rg_graph_free(g);
  if (rc == 0 && S.n == 0) {
    T->unpredictable++;
    rc = 1;
  }
  int result = 0;
  for (int t = 0; t < o->ntargets && result == 0 && rc == 0; t++) {
    TargetRun with = {.o = o, .targets = targets, .t = t, .T = T, .seed = seed, .S = &S, .with_inexact = true};
    result = run_target(&with);
    /* Where inexact rules fired, every other rule is still held to
     * bit-identical results: the same graph without them. */
    TargetRun without = {.o = o, .targets = targets, .t = t, .T = T, .seed = seed, .S = &S};
    if (result == 0 && with.nfires)
      result = run_target(&without);
  }
  for (uint32_t k = 0; k < S.n; k++) {
    rg_tensor_array_free(S.ins[k], S.nin[k]);
    rg_tensor_array_free(S.outs[k], S.nout[k]);
  }
  if (rc != 0)
    return 1;
  if (result == 0)
    T->tested++;
  return result;
}

/* Why the family leaves rule `pass.rule` out, or NULL. */
static const char *unproven(const Options *o, const char *name, bool inexact) {
  if (o->family != GEN_ARM)
    return inexact ? "this family generates no inexact rewrites" : NULL;
  for (const GenUnproven *u = gen_arm_unproven; u->rule; u++)
    if (strcmp(u->rule, name) == 0)
      return u->why;
  return NULL;
}

/* Prints the fire table (unless quiet); true when a rule the family
 * generates fired fewer than --min-fires times. */
static bool fire_table(const Options *o, const Totals *T, const Target *targets) {
  bool too_few = false;
  if (o->quiet)
    ;
  else if (o->ntargets == 1)
    printf("%-44s %10s\n", "rule", targets[0].name);
  else
    printf("%-44s %10s %10s %10s\n", "rule", targets[0].name, targets[1].name, "total");
  for (uint32_t i = 0; i < T->npasses; i++) {
    const RgPassDesc *p = T->passes[i].pass;
    for (uint16_t r = 0; r < p->num_rules; r++) {
      char name[128];
      snprintf(name, sizeof name, "%s.%s", p->name, p->rules[r].name);
      uint64_t a = T->passes[i].fires[0][r], b = T->passes[i].fires[1][r];
      const char *why = unproven(o, name, p->rules[r].inexact);
      bool low = !why && a + b < o->min_fires;
      too_few = too_few || low;
      if (o->quiet)
        continue;
      char note[64] = "";
      if (p->rules[r].inexact && !why)
        snprintf(note, sizeof note, "  inexact: largest relative error %.3g",
                 fmax(T->passes[i].err[0][r], T->passes[i].err[1][r]));
      if (why)
        printf("%-44s %10llu  not generated: %s\n", name, (unsigned long long)a, why);
      else if (o->ntargets == 1)
        printf("%-44s %10llu%s%s\n", name, (unsigned long long)a, low ? "  < --min-fires" : "", note);
      else
        printf("%-44s %10llu %10llu %10llu%s%s\n", name, (unsigned long long)a, (unsigned long long)b,
               (unsigned long long)(a + b), low ? "  < --min-fires" : "", note);
    }
  }
  return too_few;
}

static bool parse_u64(const char *s, uint64_t max, uint64_t *out) {
  char *end;
  if (!s || !*s || *s == '-')
    return false;
  unsigned long long v = strtoull(s, &end, 10);
  if (*end || v > max)
    return false;
  *out = v;
  return true;
}

static int usage(const char *msg, const char *arg) {
  if (msg) {
    fprintf(stderr, "rgdiff: ");
    fprintf(stderr, msg, arg);
    fprintf(stderr, "\nTry 'rgdiff --help' for more information.\n");
    return 2;
  }
  printf("usage: rgdiff [options]\n\n"
         "Generates random TOSA graphs, runs the ethos-u55 and ethos-u85 pipelines on\n"
         "them and requires the interpreter to give bit-identical results before and\n"
         "after (--family edge: edge-dialect graphs and the xnnpack pipeline; --family\n"
         "arm: edge-dialect graphs and the arm pipeline, alone and followed by the TOSA\n"
         "lowering, arm_lower). Prints how often each rule\n"
         "fired. Exit status: 0 ok, 1 a failure or a rule that fired fewer than\n"
         "--min-fires times, 2 bad usage. Rules marked inexact are applied too: a graph\n"
         "they changed is compared within --tolerance, then rerun without them and\n"
         "compared bit for bit.\n\n"
         "options:\n"
         "  --family F      tosa (default), edge or arm\n"
         "  --count N       graphs to test (default 300; skipped ones do not count)\n"
         "  --seed S        seed of the first graph (default 1); graph i uses S + i\n"
         "  --inputs N      random input sets per graph (default 2, at most 8)\n"
         "  --min-fires N   fail when a rule fired fewer than N times in total\n"
         "  --tolerance REL[,FLOOR]  after inexact rewrites, float results may move by\n"
         "                  REL * max(|before|, |after|, FLOOR) (default 1e-2,1)\n"
         "  --max-failures N  stop after N failing graphs (default 5)\n"
         "  --out DIR       where failing graphs are written (default .)\n"
         "  --dump          write graph --seed to standard output and exit\n"
         "  --verbose       report skipped graphs\n"
         "  --quiet         no rule table\n");
  return -1;
}

/* Reads the command line into o; -1 to go on, else the exit status. */
static int parse_options(int argc, char **argv, Options *o, bool *dump) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    uint64_t v;
    const char *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0)
      return usage(NULL, NULL) < 0 ? 0 : 2;
    else if (strcmp(a, "--verbose") == 0)
      o->verbose = true;
    else if (strcmp(a, "--quiet") == 0)
      o->quiet = true;
    else if (strcmp(a, "--dump") == 0)
      *dump = true;
    else if (strcmp(a, "--family") == 0 && val && strcmp(val, "tosa") == 0)
      o->family = GEN_TOSA, i++;
    else if (strcmp(a, "--family") == 0 && val && strcmp(val, "edge") == 0)
      o->family = GEN_EDGE, i++;
    else if (strcmp(a, "--family") == 0 && val && strcmp(val, "arm") == 0)
      o->family = GEN_ARM, i++;
    else if (strcmp(a, "--out") == 0 && val)
      o->outdir = argv[++i];
    else if (strcmp(a, "--seed") == 0 && parse_u64(val, UINT64_MAX / 4, &v))
      o->seed = v, i++;
    else if (strcmp(a, "--count") == 0 && parse_u64(val, 100000000, &v))
      o->count = (uint32_t)v, i++;
    else if (strcmp(a, "--inputs") == 0 && parse_u64(val, 8, &v) && v > 0)
      o->inputs = (uint32_t)v, i++;
    else if (strcmp(a, "--min-fires") == 0 && parse_u64(val, UINT32_MAX, &v))
      o->min_fires = (uint32_t)v, i++;
    else if (strcmp(a, "--tolerance") == 0 && val && rg_tolerance_parse(val, &o->tol))
      i++;
    else if (strcmp(a, "--max-failures") == 0 && parse_u64(val, UINT32_MAX, &v) && v > 0)
      o->max_failures = (uint32_t)v, i++;
    else
      return usage("bad option or value '%s'", a);
  }
  return -1;
}

/* --dump: the graph of the seed, as MLIR text on standard output. */
static int dump_graph(const Options *o) {
  char err[256];
  RgGraph *g = gen_graph(o->seed, o->family, err, sizeof err);
  if (!g) {
    fprintf(stderr, "rgdiff: seed %llu: %s\n", (unsigned long long)o->seed, err);
    return 1;
  }
  size_t len;
  char *text = rg_mlir_write(g, &len);
  rg_graph_free(g);
  if (!text)
    return 1;
  fwrite(text, 1, len, stdout);
  rg_free(text);
  return 0;
}

/* The family's targets and their built-in pipelines; false (said) when
 * one is missing. */
static bool find_targets(Options *o, Target *targets) {
  if (o->family == GEN_EDGE) {
    targets[0].name = "xnnpack";
    o->ntargets = 1;
  } else if (o->family == GEN_ARM) { /* the edge passes alone, then with the TOSA lowering */
    targets[0].name = "arm";
    targets[1].name = "arm_lower";
  }
  for (const RgPipelineDesc *const *pl = rg_pipelines_builtin; *pl; pl++)
    for (int t = 0; t < o->ntargets; t++)
      if (strcmp((*pl)->name, targets[t].name) == 0)
        targets[t].pl = *pl;
  for (int t = 0; t < o->ntargets; t++)
    if (!targets[t].pl) {
      fprintf(stderr, "rgdiff: pipeline %s is not built in\n", targets[t].name);
      return false;
    }
  return true;
}

/* Tests graphs from o->seed on until o->count were tested (or too many
 * failed); returns the seed after the last. */
static uint64_t run_seeds(const Options *o, const Target *targets, Totals *T) {
  uint64_t seed = o->seed, attempts = 0;
  while (T->tested + T->failures < o->count && T->failures < o->max_failures) {
    run_one(o, targets, T, seed++);
    if (++attempts > (uint64_t)o->count * 20 + 100) {
      fprintf(stderr, "rgdiff: too many skipped graphs\n");
      T->failures++;
      break;
    }
  }
  return seed;
}

static void print_summary(const Options *o, const Totals *T, uint64_t end_seed, double secs) {
  printf("rgdiff: seeds %llu..%llu: %llu %s graphs kept their results on %s, %llu failed; "
         "skipped %llu (unpredictable inputs %llu, unsupported %llu, generator %llu, invalid %llu); "
         "%llu nodes, %llu comparison runs, %.2f s\n",
         (unsigned long long)o->seed, (unsigned long long)(end_seed - 1), (unsigned long long)T->tested,
         o->family == GEN_TOSA ? "TOSA" : "edge",
         o->family == GEN_TOSA ? "both pipelines" : o->family == GEN_EDGE ? "the xnnpack pipeline" : "arm and arm_lower",
         (unsigned long long)T->failures,
         (unsigned long long)(T->unpredictable + T->unsupported + T->gen_failed + T->invalid_before),
         (unsigned long long)T->unpredictable, (unsigned long long)T->unsupported, (unsigned long long)T->gen_failed,
         (unsigned long long)T->invalid_before, (unsigned long long)T->nodes, (unsigned long long)T->runs, secs);
  if (T->inexact_graphs)
    printf("rgdiff: %llu graphs changed by inexact rules, every result within relative %g (floor %g), then "
           "bit-identical without them; largest relative error %.3g (seed %llu)\n",
           (unsigned long long)T->inexact_graphs, o->tol.rel, o->tol.floor, T->worst,
           (unsigned long long)T->worst_seed);
}

static void totals_free(Totals *T) {
  for (uint32_t i = 0; i < T->npasses; i++)
    for (int k = 0; k < 2; k++) {
      free(T->passes[i].fires[k]);
      free(T->passes[i].err[k]);
    }
}

int main(int argc, char **argv) {
  Options o = {1, 300, 2, 0, 5, ".", false, false, GEN_TOSA, {RGDIFF_TOLERANCE_REL, RGDIFF_TOLERANCE_FLOOR}, 2};
  bool dump = false;
  int rc = parse_options(argc, argv, &o, &dump);
  if (rc >= 0)
    return rc;
  if (dump)
    return dump_graph(&o);
  Target targets[2] = {{"ethos_u55", NULL}, {"ethos_u85", NULL}};
  if (!find_targets(&o, targets))
    return 1;
  Totals T;
  memset(&T, 0, sizeof T);
  /* Every pass of both pipelines appears in the table, fired or not. */
  for (int t = 0; t < o.ntargets; t++)
    for (uint32_t i = 0; i < targets[t].pl->num_passes; i++)
      pass_fires(&T, targets[t].pl->passes[i]);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  uint64_t end_seed = run_seeds(&o, targets, &T);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  bool too_few = fire_table(&o, &T, targets);
  print_summary(&o, &T, end_seed, secs);
  if (too_few)
    printf("rgdiff: some rule fired fewer than %u times: extend the generator\n", o.min_fires);
  totals_free(&T);
  return T.failures || too_few || T.invalid_before ? 1 : 0;
}
