/* runtime/driver/opt_culprit.c - after --verify-by-execution found a
 * difference: which rewrite made it. The pipeline is replayed on the input
 * read again, and the interpreter checks the graph right after rewrite K
 * (from the rewrite observer: the graph is whole there, mid-pass). The
 * results agree after 0 rewrites and differ after all N of the run, so a
 * binary search over K finds a rewrite after which they differ while they
 * agree before it, in about log2(N) replays of one check each. */
#include <string.h>
#include "driver/driver_internal.h"

/* One replay: checks after rewrite `want` and keeps what it needs to name
 * that rewrite. */
typedef struct Probe {
  const OptState *o;
  const RgProof *proof;
  bool within;   /* compare within o->tolerance (inexact rules fired) */
  uint64_t want; /* check after this rewrite (1-based) */
  uint64_t seen; /* rewrites so far */
  RgNode *root;  /* of the rewrite under way */
  bool checked;
  RgStatus status; /* of the check */
  char err[1024];
  /* the rewrite checked, named while its graph lives */
  const RgPassDesc *pass;
  uint16_t rule;
  OptNodeName node; /* its `op` is opname's: the graph's names die with it */
  char opname[128];
  char *inputs; /* the input set that shows a difference */
  size_t inputs_len;
} Probe;

static void probe_check(Probe *pr, RgGraph *g) {
  const OptState *o = pr->o;
  RgInterp *ip = rg_interp_new(g, NULL, 0);
  for (size_t i = 0; ip && i < o->num_targets; i++)
    if (rg_interp_add_ops(ip, o->targets[i].ops, o->targets[i].num_ops) != RG_OK) {
      rg_interp_free(ip);
      ip = NULL;
    }
  snprintf(pr->err, sizeof pr->err, "out of memory");
  pr->status = !ip        ? RG_ERR_NOMEM
               : pr->within ? rg_proof_check_within(pr->proof, ip, o->tolerance, NULL, pr->err, sizeof pr->err)
                          : rg_proof_check(pr->proof, ip, pr->err, sizeof pr->err);
  rg_interp_free(ip);
  char *tail = strstr(pr->err, " differs after the passes"); /* here: after this rewrite */
  if (tail)
    memmove(tail + 8, tail + 25, strlen(tail + 25) + 1);
  if (pr->status == RG_ERR_VERIFY)
    pr->inputs = rg_proof_failed_inputs(pr->proof, &pr->inputs_len);
  uint32_t n = 0;
  const RgNode *root = pr->root;
  OptNodeName *nn = root ? opt_name_nodes(o, g, &root, 1, &n) : NULL;
  if (nn) {
    pr->node = nn[0];
    rg_free(nn);
  } else if (root) {
    opt_node_name(o, g, root, &pr->node);
  }
  snprintf(pr->opname, sizeof pr->opname, "%s", pr->node.op ? pr->node.op : "");
  pr->node.op = NULL;
}

static void probe_on_rewrite(void *user, const RgRewriteEvent *ev) {
  Probe *pr = user;
  if (!ev->after) {
    pr->root = ev->num_nodes ? ev->nodes[0] : NULL;
    return;
  }
  if (++pr->seen != pr->want || pr->checked)
    return;
  pr->checked = true;
  pr->pass = ev->pass;
  pr->rule = ev->rule;
  probe_check(pr, ev->graph);
}

/* Replays the run and checks after rewrite `k`: false (with a message)
 * when the replay could not get there. */
static bool probe_run(const OptState *o, const RgProof *p, bool within, uint64_t k, Probe *pr) {
  memset(pr, 0, sizeof *pr);
  pr->o = o;
  pr->proof = p;
  pr->within = within;
  pr->want = k;
  RgDiags d;
  rg_diags_init(&d);
  RgGraph *g = rg_mlir_read_with(o->src, &d, o->syntax);
  rg_diags_free(&d);
  if (!g) {
    snprintf(pr->err, sizeof pr->err, "the input could not be read again");
    return false;
  }
  RgRunOptions run = o->run; /* the run's rules and limits, none of its observers */
  run.explain_node = UINT32_MAX;
  run.explain_fn = NULL;
  run.explain_user = NULL;
  run.after_pass = NULL;
  run.on_rewrite = probe_on_rewrite;
  run.observe_user = pr;
  RgRunStats st;
  char err[512] = "";
  RgStatus s = rg_pipeline_run(g, &(RgPipelineDesc){NULL, o->num_passes, o->passes}, &run, &st, err, sizeof err);
  rg_run_stats_free(&st);
  rg_graph_free(g);
  if (!pr->checked)
    snprintf(pr->err, sizeof pr->err, "the replay %s after %llu rewrite(s)", s == RG_OK ? "ended" : "failed",
             (unsigned long long)pr->seen);
  return pr->checked;
}

static void probe_free(Probe *pr) {
  rg_free(pr->inputs);
  pr->inputs = NULL;
}

static void report(const OptState *o, const Probe *bad, uint64_t k, uint64_t rewrites, OptVerdict *v) {
  const RgRuleDesc *r = &bad->pass->rules[bad->rule];
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_printf(&b, "culprit: %s.%s (%s) on ", bad->pass->name, r->name, r->source);
  OptNodeName nn = bad->node;
  nn.op = bad->opname;
  if (bad->opname[0])
    opt_put_node_name(&b, &nn);
  else
    rgs_buf_puts(&b, "an op");
  rgs_buf_printf(&b, ", rewrite %llu of %llu: the results agree before it and differ after it: %s",
                 (unsigned long long)k, (unsigned long long)rewrites, bad->err);
  if (!b.oom) {
    fprintf(stderr, "%s: error: --verify-by-execution: %s\n", o->prog, b.data);
    snprintf(v->culprit, sizeof v->culprit, "%s", b.data);
  }
  rgs_buf_free(&b);
  if (bad->inputs) {
    char suffix[256];
    snprintf(suffix, sizeof suffix, "%s.%s", bad->pass->name, r->name);
    opt_write_inputs(o, bad->inputs, bad->inputs_len, suffix);
  }
}

void opt_culprit_search(const OptState *o, const RgProof *p, uint64_t rewrites, bool within, OptVerdict *v) {
  if (!o->src) {
    fprintf(stderr, "%s: note: --verify-by-execution: the rewrite to blame was not searched for: the input "
                    "was not kept (over %zu bytes, not mapped)\n", o->prog, (size_t)OPT_KEEP_SOURCE);
    return;
  }
  if (!rewrites) {
    fprintf(stderr, "%s: note: --verify-by-execution: no rule fired: deduplication changed the results\n",
            o->prog);
    return;
  }
  Probe bad, pr;
  if (!probe_run(o, p, within, rewrites, &bad)) {
    fprintf(stderr, "%s: note: --verify-by-execution: the rewrite to blame was not found: %s\n", o->prog, bad.err);
    return;
  }
  if (bad.status == RG_OK) {
    fprintf(stderr, "%s: note: --verify-by-execution: the results agree after all %llu rewrites: what "
                    "differs came after them (deduplication)\n", o->prog, (unsigned long long)rewrites);
    probe_free(&bad);
    return;
  }
  uint64_t good = 0, k = rewrites; /* agree after `good` rewrites, differ after `k` */
  while (k - good > 1) {
    uint64_t mid = good + (k - good) / 2;
    if (!probe_run(o, p, within, mid, &pr)) {
      fprintf(stderr, "%s: note: --verify-by-execution: the rewrite to blame was not found: %s\n", o->prog,
              pr.err);
      probe_free(&pr);
      probe_free(&bad);
      return;
    }
    if (pr.status == RG_OK) {
      good = mid;
      probe_free(&pr);
    } else {
      k = mid;
      probe_free(&bad);
      bad = pr;
    }
  }
  report(o, &bad, k, rewrites, v);
  probe_free(&bad);
}
