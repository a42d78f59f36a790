/* Links two generated rule sets that both define pass `cleanup` and runs
 * the first set's passes, then the second set's pipeline, on one graph. */
#include <stdio.h>
#include "rulegen/diag.h"
#include "rulegen/graph.h"
#include "rulegen/mlir.h"
#include "rulegen/pass.h"
#include "one.h"
#include "two.h"

static unsigned run(RgGraph *g, const RgPassDesc *const *passes, unsigned n) {
  RgRunStats st;
  char err[512] = "";
  if (rg_pipeline_run(g, &(RgPipelineDesc){NULL, n, passes}, NULL, &st, err, sizeof err) != RG_OK) {
    fprintf(stderr, "%s\n", err);
    return 1000;
  }
  unsigned rewrites = 0;
  for (unsigned i = 0; i < st.num_passes; i++)
    rewrites += st.passes[i].rewrites;
  rg_run_stats_free(&st);
  return rewrites;
}

int main(int argc, char **argv) {
  (void)argc;
  RgDiags d;
  rg_diags_init(&d);
  RgSource *src = rg_source_load(argv[1], &d);
  RgGraph *g = src ? rg_mlir_read(src, &d) : NULL;
  if (!g) {
    rg_diags_print(stderr, &d);
    return 1;
  }
  const RgPassDesc *first[] = {&rg_pass_one__cleanup};
  unsigned a = run(g, first, 1);
  unsigned b = run(g, rg_pipeline_two__tidy.passes, rg_pipeline_two__tidy.num_passes);
  printf("one: %u rewrites, two: %u rewrites, %u ops left\n", a, b, (unsigned)rg_graph_num_nodes(g));
  rg_graph_free(g);
  rg_source_free(src);
  rg_diags_free(&d);
  return 0;
}
