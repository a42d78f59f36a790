/* runtime/driver/opt_prove.c - rgopt --prove: a prover attached to the
 * pipeline run, then one line per rewrite it did not prove, a table per
 * rule and the counterexamples written as input sets for --inputs. */
#include <stdio.h>
#include <string.h>
#include "driver/driver_internal.h"
#include "support/support.h"

#ifndef RG_HAVE_Z3
OptProve *opt_prove_begin(OptState *o, RgGraph *g, int *rc) {
  (void)g;
  if (o->prove_rlimit) {
    fprintf(stderr, "%s: error: --prove: this rgopt was built without Z3 (libz3-dev)\n", o->prog);
    *rc = OPT_EXIT_USAGE;
  }
  return NULL;
}

int opt_prove_end(const OptState *o, OptProve *pv) {
  (void)o, (void)pv;
  return 0;
}
#else

struct OptProve {
  RgProver *p;
  double t0;
};

OptProve *opt_prove_begin(OptState *o, RgGraph *g, int *rc) {
  if (!o->prove_rlimit)
    return NULL;
  OptProve *pv = rgs_zalloc(sizeof *pv);
  RgProver *p = pv ? rg_prover_new(NULL, 0, o->prove_rlimit) : NULL;
  for (size_t i = 0; p && i < o->num_targets; i++)
    rg_prover_add_ops(p, o->targets[i].ops, o->targets[i].num_ops);
  if (!p) {
    fprintf(stderr, "%s: error: --prove: out of memory\n", o->prog);
    rg_free(pv);
    *rc = OPT_EXIT_INPUT;
    return NULL;
  }
  pv->p = p;
  rg_prover_attach(p, g, &o->run);
  return pv;
}

/* BASE.PASS.RULE.N.inputs beside the output, or in the current folder
 * named after the input when the output is standard output. */
static void write_cex(const OptState *o, const RgProofResult *r, uint32_t k, char *path, size_t len) {
  const char *out = o->output && strcmp(o->output, "-") != 0 ? o->output : NULL;
  const char *base = out ? out : o->input && strcmp(o->input, "-") != 0 ? o->input : "stdin";
  if (!out && strrchr(base, '/'))
    base = strrchr(base, '/') + 1;
  size_t n = strlen(base);
  if (n > 5 && strcmp(base + n - 5, ".mlir") == 0)
    n -= 5;
  snprintf(path, len, "%.*s.%s.%s.%u.inputs", (int)(n < 3000 ? n : 3000), base, r->pass, r->rule, k);
  char err[512];
  if (rgs_write_file(path, r->inputs, strlen(r->inputs), o->write_flags, err, sizeof err) != 0) {
    fprintf(stderr, "%s: warning: --prove: %s\n", o->prog, err);
    path[0] = 0;
  }
}

static void print_rules(const RgProver *p) {
  fprintf(stderr, "%-44s %7s %7s %7s %7s\n", "rule", "fired", "proven", "unknown", "refuted");
  uint32_t n = rg_prover_num_results(p);
  for (uint32_t i = 0; i < n; i++) {
    const RgProofResult *r = rg_prover_result(p, i);
    bool seen = false;
    for (uint32_t j = 0; j < i && !seen; j++)
      seen = strcmp(rg_prover_result(p, j)->pass, r->pass) == 0 && strcmp(rg_prover_result(p, j)->rule, r->rule) == 0;
    if (seen)
      continue;
    uint32_t c[3] = {0, 0, 0};
    for (uint32_t j = i; j < n; j++) {
      const RgProofResult *q = rg_prover_result(p, j);
      if (strcmp(q->pass, r->pass) == 0 && strcmp(q->rule, r->rule) == 0)
        c[q->status]++;
    }
    char name[128];
    snprintf(name, sizeof name, "%s.%s", r->pass, r->rule);
    fprintf(stderr, "%-44s %7u %7u %7u %7u\n", name, c[0] + c[1] + c[2], c[RG_PROOF_PROVEN],
            c[RG_PROOF_UNKNOWN], c[RG_PROOF_REFUTED]);
  }
}

/* Where the rule is ("rules/x.rules:12:3"), or "?". */
static const char *rule_source(const OptState *o, const char *pass, const char *rule) {
  for (uint32_t i = 0; i < o->num_passes; i++)
    if (strcmp(o->passes[i]->name, pass) == 0)
      for (uint16_t r = 0; r < o->passes[i]->num_rules; r++)
        if (strcmp(o->passes[i]->rules[r].name, rule) == 0)
          return o->passes[i]->rules[r].source;
  return "?";
}

int opt_prove_end(const OptState *o, OptProve *pv) {
  if (!pv)
    return 0;
  RgProver *p = pv->p;
  uint32_t n = rg_prover_num_results(p), c[3] = {0, 0, 0};
  double secs = 0;
  for (uint32_t i = 0; i < n; i++) {
    const RgProofResult *r = rg_prover_result(p, i);
    c[r->status]++;
    secs += r->seconds;
    if (r->status == RG_PROOF_PROVEN)
      continue;
    char path[4096] = "";
    if (r->inputs)
      write_cex(o, r, c[r->status], path, sizeof path);
    fprintf(stderr, "%s: prove: %s.%s (node %u): %s: %s%s%s\n", o->prog, r->pass, r->rule, r->node,
            r->status == RG_PROOF_REFUTED ? "counterexample" : "unknown", r->reason ? r->reason : "",
            path[0] ? "; inputs: " : "", path);
    bool named = false; /* where the rule is, once a rule */
    for (uint32_t j = 0; j < i && !named; j++) {
      const RgProofResult *q = rg_prover_result(p, j);
      named = q->status != RG_PROOF_PROVEN && strcmp(q->pass, r->pass) == 0 && strcmp(q->rule, r->rule) == 0;
    }
    if (!named)
      fprintf(stderr, "%s: prove: %s.%s is the rule at %s\n", o->prog, r->pass, r->rule,
              rule_source(o, r->pass, r->rule));
  }
  print_rules(p);
  fprintf(stderr, "%s: prove: %u rewrites: %u proven, %u refuted, %u unknown (%.3f s in the prover)\n", o->prog,
          n, c[RG_PROOF_PROVEN], c[RG_PROOF_REFUTED], c[RG_PROOF_UNKNOWN], secs);
  rg_prover_free(p);
  rg_free(pv);
  return c[RG_PROOF_REFUTED] ? OPT_EXIT_INPUT : 0;
}
#endif
