/* tools/mlir_plugin/run.c - one run of the pass on an operation: each
 * func.func is converted to a graph, checked as rgopt checks its input,
 * run through the passes, checked again (and with verify=N proven by
 * execution), and only then written back, so a failure leaves the
 * function as it was. All state lives in the run: MLIR runs function
 * passes on several threads at once. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "config.h"
#include "convert.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/Diagnostics.h"
#include "rulegen/interp.h"

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void emitf(MlirLocation loc, const char *fmt, const char *a, const char *b) {
  char msg[1400];
  snprintf(msg, sizeof msg, fmt, a, b);
  mlirEmitError(loc, msg);
}

/* The node a verifier message names (`(node #N)`), else UINT32_MAX. */
static uint32_t named_node(const char *msg) {
  const char *p = strstr(msg, "(node #");
  return p ? (uint32_t)strtoul(p + 7, NULL, 10) : UINT32_MAX;
}

/* Verifier errors, each at the location of the op it names (the
 * `(node #N)` the message ends with is left out: the location says it). */
static bool report_diags(Conv *cv, const RgDiags *d, const char *what) {
  for (size_t i = 0; i < d->count; i++) {
    if (d->items[i].sev != RG_ERROR)
      continue;
    const char *m = d->items[i].msg, *tail = strstr(m, " (node #");
    char msg[1024];
    size_t n = strlen(m);
    if (tail && m[n - 1] == ')' && !strchr(tail + 8, '('))
      n = (size_t)(tail - m);
    snprintf(msg, sizeof msg, "%.*s", (int)n, m);
    emitf(conv_node_loc(cv, named_node(m)), "rulegen: %s%s", what, msg);
  }
  if (d->errors && !d->count)
    emitf(conv_node_loc(cv, UINT32_MAX), "rulegen: %s%s", what, "the graph does not verify");
  return d->errors == 0;
}

/* rgopt's check of the ops against the rule sets' declarations: all of
 * them (first_new 0), or after the passes those they made or changed. */
static size_t verify_ops(const RgmConfig *cfg, RgGraph *g, RgDiags *d, uint32_t first_new) {
  size_t errors = rg_graph_verify_spelling(g, cfg->syntax, NULL, NULL, d);
  for (size_t t = 0; t < cfg->plugin->num_targets && !errors; t++)
    errors += first_new ? rg_graph_verify_ops_changed(g, cfg->plugin->targets[t].ops, cfg->plugin->targets[t].num_ops,
                                                      NULL, d, first_new)
                        : rg_graph_verify_ops(g, cfg->plugin->targets[t].ops, cfg->plugin->targets[t].num_ops, NULL,
                                              NULL, d);
  return errors;
}

static RgInterp *interp_new(const RgmConfig *cfg, RgGraph *g) {
  RgInterp *ip = rg_interp_new(g, NULL, 0);
  for (size_t i = 0; ip && i < cfg->plugin->num_targets; i++)
    if (rg_interp_add_ops(ip, cfg->plugin->targets[i].ops, cfg->plugin->targets[i].num_ops) != RG_OK) {
      rg_interp_free(ip);
      ip = NULL;
    }
  return ip;
}

/* stats: rgopt's table, with the conversion's share, printed whole. */
static void print_stats(const RgmConfig *cfg, MlirOperation func, const RgRunStats *st, double t_in,
                        double t_check, double t_out) {
  char *buf = NULL;
  size_t len = 0;
  FILE *f = open_memstream(&buf, &len);
  if (!f)
    return;
  MlirAttribute name = mlirOperationGetAttributeByName(func, mlirStringRefCreate("sym_name", 8));
  MlirStringRef fn = mlirAttributeIsNull(name) ? mlirStringRefCreate("?", 1) : mlirStringAttrGetValue(name);
  fprintf(f, "rulegen: @%.*s\n", (int)fn.length, fn.data);
  fprintf(f, "%-22s %-8s %9s %12s %12s\n", "pass", "status", "rewrites", "visited", "seconds");
  for (uint32_t i = 0; i < st->num_passes; i++) {
    const RgPassStats *p = &st->passes[i];
    fprintf(f, "%-22s %-8s %9u %12llu %12.6f\n", p->name, p->ran ? "ran" : "skipped", p->rewrites,
            (unsigned long long)p->nodes_visited, p->seconds);
  }
  fprintf(f, "%-22s %-8s %9s %12llu %12.6f\n", "total", "", "", (unsigned long long)st->total_visited,
          st->total_seconds);
  if (cfg->run.dedup_ops)
    fprintf(f, "dedup: %u identical pure ops merged in %.6f s\n", st->dedup_merged, st->dedup_seconds);
  for (uint32_t i = 0; i < st->num_passes; i++)
    for (uint16_t r = 0; r < cfg->passes[i]->num_rules; r++)
      if (st->passes[i].rule_fires && st->passes[i].rule_fires[r])
        fprintf(f, "  %s.%s: %u\n", cfg->passes[i]->name, cfg->passes[i]->rules[r].name,
                st->passes[i].rule_fires[r]);
  fprintf(f, "conversion: in %.6f s, out %.6f s; checks %.6f s; passes %.6f s\n", t_in, t_out, t_check,
          st->total_seconds);
  fclose(f);
  fwrite(buf, 1, len, stderr);
  free(buf);
}

static bool run_func(const RgmConfig *cfg, MlirOperation func) {
  double t0 = now();
  Conv *cv = conv_new(func);
  if (!cv) {
    mlirEmitError(mlirOperationGetLocation(func), "rulegen: out of memory");
    return false;
  }
  bool ok = false;
  RgProof *proof = NULL;
  RgRunStats st;
  memset(&st, 0, sizeof st);
  RgDiags d;
  rg_diags_init(&d);
  char msg[1024] = "";
  RgGraph *g = conv_in(cv);
  if (!g)
    goto out;
  rg_graph_clear_changed(g); /* built, not changed: as if read */
  double tc = now();
  /* MLIR has verified the IR the graph is converted from (rg_graph_verify
   * runs after the passes); invalid ops stop here: a rule firing on them
   * could hide the bug. */
  if (verify_ops(cfg, g, &d, 0)) {
    report_diags(cv, &d, "");
    goto out;
  }
  if (cfg->verify_runs) {
    RgInterp *ip = interp_new(cfg, g);
    RgProofOptions po = {.runs = cfg->verify_runs};
    RgStatus s = ip ? rg_proof_record(ip, &po, &proof, msg, sizeof msg) : RG_ERR_NOMEM;
    rg_interp_free(ip);
    if (s != RG_OK) {
      emitf(conv_node_loc(cv, UINT32_MAX), "rulegen: verify: %s%s", msg, "");
      goto out;
    }
  }
  double t1 = now();
  RgPipelineDesc pl = {NULL, cfg->num_passes, cfg->passes};
  RgStatus s = rg_pipeline_run(g, &pl, &cfg->run, &st, msg, sizeof msg);
  double t2 = now();
  if (s != RG_OK) {
    emitf(conv_node_loc(cv, named_node(msg)), "rulegen: %s%s", msg, "");
    goto out;
  }
  uint64_t fires = st.dedup_merged, inexact = 0;
  for (uint32_t i = 0; i < st.num_passes; i++) {
    fires += st.passes[i].rewrites;
    for (uint16_t r = 0; r < cfg->passes[i]->num_rules; r++)
      if (cfg->passes[i]->rules[r].inexact && st.passes[i].rule_fires)
        inexact += st.passes[i].rule_fires[r];
  }
  if (fires) {
    if (rg_graph_verify(g, msg, sizeof msg) != RG_OK) {
      emitf(conv_node_loc(cv, named_node(msg)), "rulegen: the graph does not verify after the passes: %s%s",
            msg, "");
      goto out;
    }
    rg_diags_free(&d);
    rg_diags_init(&d);
    if (verify_ops(cfg, g, &d, conv_first_new(cv))) {
      report_diags(cv, &d, "the passes made ops that do not verify: ");
      goto out;
    }
  }
  if (proof) {
    RgInterp *ip = interp_new(cfg, g);
    double max_err = 0;
    RgStatus ps = !ip     ? RG_ERR_NOMEM
                  : inexact ? rg_proof_check_within(proof, ip, cfg->tolerance, &max_err, msg, sizeof msg)
                            : rg_proof_check(proof, ip, msg, sizeof msg);
    rg_interp_free(ip);
    if (ps != RG_OK || !rg_proof_num_runs(proof)) {
      emitf(conv_node_loc(cv, UINT32_MAX), "rulegen: verify: %s%s",
            ps != RG_OK ? msg : "no input set could run: the rewrite is not proven", "");
      goto out;
    }
  }
  double t3 = now();
  ok = !fires || conv_out(cv);
  /* The graph is freed before the time of the write-back is taken: it is
   * part of the conversion's cost. */
  rg_proof_free(proof);
  rg_diags_free(&d);
  conv_free(cv);
  if (ok && cfg->stats)
    print_stats(cfg, func, &st, tc - t0, (t1 - tc) + (t3 - t2), now() - t3);
  rg_run_stats_free(&st);
  return ok;
out:
  rg_run_stats_free(&st);
  rg_proof_free(proof);
  rg_diags_free(&d);
  conv_free(cv);
  return false;
}

static bool is_func(MlirOperation op) {
  MlirStringRef n = mlirIdentifierStr(mlirOperationGetName(op));
  return n.length == 9 && memcmp(n.data, "func.func", 9) == 0;
}

bool rgm_run(const RgmConfig *cfg, MlirOperation op) {
  if (is_func(op))
    return mlirRegionIsNull(mlirOperationGetFirstRegion(op)) ||
           mlirBlockIsNull(mlirRegionGetFirstBlock(mlirOperationGetFirstRegion(op))) || run_func(cfg, op);
  /* Anchored on a module: its functions one after the other. */
  bool ok = true;
  for (intptr_t r = 0; r < mlirOperationGetNumRegions(op); r++)
    for (MlirBlock b = mlirRegionGetFirstBlock(mlirOperationGetRegion(op, r)); !mlirBlockIsNull(b);
         b = mlirBlockGetNextInRegion(b))
      for (MlirOperation f = mlirBlockGetFirstOperation(b); !mlirOperationIsNull(f); f = mlirOperationGetNextInBlock(f))
        if (is_func(f))
          ok = rgm_run(cfg, f) && ok;
  return ok;
}
