/* bench/pm_bench.c - pass-manager and matcher benchmarks, measured side by
 * side in one run on graphs built in memory:
 *  1. a 31-pass pipeline (30 decompositions whose ops the graph lacks, the
 *     common case, and one pass that fires) over a 100k+-op graph, with
 *     target-op skipping vs --no-skip (every pass visits every node);
 *  2. matcher time per visited node of a 10-rule vs a 1,000-rule pass on
 *     the same root op, where the last rule is the one that gets tested.
 * Prints ratios; asserts nothing (performance lives in benchmarks). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "rulegen/graph.h"
#include "rulegen/pass.h"
#include "bench/pm.h"

static RgGraph *new_graph(RgBlock **body, RgValue **arg) {
  RgGraph *g = rg_graph_new();
  RgNode *m = rg_node_create(g, &(RgNodeDesc){.op = rg_op_intern(g, "builtin.module", 14), .num_regions = 1});
  rg_block_append(g, rg_graph_body(g), m);
  RgBlock *mb = rg_region_add_block(g, &m->regions[0]);
  RgNode *f = rg_node_create(g, &(RgNodeDesc){.op = rg_op_intern(g, "func.func", 9), .num_regions = 1});
  rg_block_append(g, mb, f);
  *body = rg_region_add_block(g, &f->regions[0]);
  int64_t d = 4;
  *arg = rg_block_add_arg(g, *body, rg_type_tensor(g, RG_DT_F32, 1, &d), NULL);
  return g;
}

static RgNode *add(RgGraph *g, RgBlock *b, const char *op, RgValue *in) {
  RgNode *n = rg_node_create(g, &(RgNodeDesc){rg_op_intern(g, op, strlen(op)), in ? 1 : 0, &in, 1, &in->type, 0});
  rg_block_append(g, b, n);
  return n;
}

/* A chain of bench.a/bench.b with a cancelling bench.neg pair every 10. */
static RgGraph *pipeline_graph(uint32_t n) {
  RgBlock *b;
  RgValue *v;
  RgGraph *g = new_graph(&b, &v);
  for (uint32_t i = 0; i < n; i++) {
    const char *op = i % 10 < 2 ? "bench.neg" : i % 2 ? "bench.a" : "bench.b";
    v = &add(g, b, op, v)->results[0];
  }
  RgNode *ret = rg_node_create(g, &(RgNodeDesc){rg_op_intern(g, "func.return", 11), 1, &v, 0, NULL, 0});
  rg_block_append(g, b, ret);
  return g;
}

/* n independent bench.root(bench.opK(x)) pairs. */
static RgGraph *matcher_graph(uint32_t n, const char *opk) {
  RgBlock *b;
  RgValue *x;
  RgGraph *g = new_graph(&b, &x);
  RgValue *last = x;
  for (uint32_t i = 0; i < n; i++) {
    RgNode *k = add(g, b, opk, x);
    last = &add(g, b, "bench.root", &k->results[0])->results[0];
  }
  RgNode *ret = rg_node_create(g, &(RgNodeDesc){rg_op_intern(g, "func.return", 11), 1, &last, 0, NULL, 0});
  rg_block_append(g, b, ret);
  return g;
}

typedef struct Measure {
  double seconds;
  uint64_t visited;
  uint32_t rewrites, ran;
  uint32_t nodes_after;
} Measure;

static Measure run(RgGraph *g, const RgPassDesc *const *passes, uint32_t n, bool no_skip) {
  RgRunOptions o;
  rg_run_options_init(&o);
  o.no_skip = no_skip;
  RgRunStats st;
  char err[256];
  Measure m = {0};
  if (rg_pipeline_run(g, &(RgPipelineDesc){NULL, n, passes}, &o, &st, err, sizeof err) != RG_OK) {
    fprintf(stderr, "pm_bench: pipeline failed: %s\n", err);
    exit(1);
  }
  m.seconds = st.total_seconds;
  m.visited = st.total_visited;
  for (uint32_t i = 0; i < st.num_passes; i++) {
    m.rewrites += st.passes[i].rewrites;
    m.ran += st.passes[i].ran;
  }
  m.nodes_after = rg_graph_num_nodes(g);
  rg_run_stats_free(&st);
  return m;
}

/* Best of `reps` runs, each on a freshly built graph (building is not timed). */
static Measure best_pipeline(uint32_t nodes, bool no_skip, int reps) {
  Measure best = {0};
  for (int r = 0; r < reps; r++) {
    RgGraph *g = pipeline_graph(nodes);
    Measure m = run(g, rg_pipeline_bench_pm__bench31.passes, rg_pipeline_bench_pm__bench31.num_passes, no_skip);
    rg_graph_free(g);
    if (r == 0 || m.seconds < best.seconds)
      best = m;
  }
  return best;
}

static Measure best_matcher(const RgPassDesc *p, uint32_t pairs, const char *opk, int reps) {
  Measure best = {0};
  for (int r = 0; r < reps; r++) {
    RgGraph *g = matcher_graph(pairs, opk);
    Measure m = run(g, &p, 1, false);
    rg_graph_free(g);
    if (r == 0 || m.seconds < best.seconds)
      best = m;
  }
  return best;
}

int main(int argc, char **argv) {
  uint32_t nodes = argc > 1 ? (uint32_t)strtoul(argv[1], NULL, 10) : 200000;
  int reps = argc > 2 ? atoi(argv[2]) : 5;
  if (nodes < 1000)
    nodes = 1000;
  printf("bench-pm: pipeline of %u passes over a graph of %u ops (best of %d)\n",
         rg_pipeline_bench_pm__bench31.num_passes, nodes + 3, reps);
  Measure skip = best_pipeline(nodes, false, reps);
  Measure all = best_pipeline(nodes, true, reps);
  printf("  %-10s %12s %12s %10s %8s %10s\n", "mode", "seconds", "visited", "rewrites", "ran", "ops after");
  printf("  %-10s %12.6f %12llu %10u %8u %10u\n", "skip", skip.seconds, (unsigned long long)skip.visited,
         skip.rewrites, skip.ran, skip.nodes_after);
  printf("  %-10s %12.6f %12llu %10u %8u %10u\n", "no-skip", all.seconds, (unsigned long long)all.visited,
         all.rewrites, all.ran, all.nodes_after);
  if (skip.nodes_after != all.nodes_after || skip.rewrites != all.rewrites)
    printf("  WARNING: skipping changed the result\n");
  printf("  pass-manager speedup from skipping: %.1fx (target >= 10x)\n",
         skip.seconds > 0 ? all.seconds / skip.seconds : 0.0);

  uint32_t pairs = nodes / 2;
  Measure m10 = best_matcher(&rg_pass_bench_pm__many10, pairs, "bench.op9", reps);
  Measure m1000 = best_matcher(&rg_pass_bench_pm__many1000, pairs, "bench.op999", reps);
  double per10 = m10.visited ? m10.seconds / (double)m10.visited * 1e9 : 0;
  double per1000 = m1000.visited ? m1000.seconds / (double)m1000.visited * 1e9 : 0;
  printf("bench-pm: matcher on %u root nodes whose operand is the last rule's op (best of %d)\n", pairs, reps);
  printf("  %-10s %12s %12s %14s\n", "rules", "seconds", "visited", "ns per node");
  printf("  %-10u %12.6f %12llu %14.1f\n", 10u, m10.seconds, (unsigned long long)m10.visited, per10);
  printf("  %-10u %12.6f %12llu %14.1f\n", 1000u, m1000.seconds, (unsigned long long)m1000.visited, per1000);
  printf("  matcher cost ratio 1000 rules / 10 rules: %.2f (target <= 2)\n", per10 > 0 ? per1000 / per10 : 0.0);
  return 0;
}
