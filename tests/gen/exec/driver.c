/* Runs every pass of the generated rule set `exec` once, in file order,
 * over a graph and prints the result (generic form) and the rewrites. */
#include <stdio.h>
#include "rulegen/core.h"
#include "rulegen/diag.h"
#include "rulegen/graph.h"
#include "rulegen/mlir.h"
#include "rulegen/pass.h"
#include "exec.h"

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  RgDiags d;
  rg_diags_init(&d);
  RgSource *src = rg_source_load(argv[1], &d);
  RgGraph *g = src ? rg_mlir_read(src, &d) : NULL;
  if (!g) {
    rg_diags_print(stderr, &d);
    return 1;
  }
  unsigned n = 0;
  while (rg_passes_exec[n])
    n++;
  RgRunStats st;
  char err[512] = "";
  if (rg_pipeline_run(g, &(RgPipelineDesc){NULL, n, rg_passes_exec}, NULL, &st, err, sizeof err) != RG_OK) {
    fprintf(stderr, "%s\n", err);
    return 1;
  }
  for (unsigned i = 0; i < st.num_passes; i++)
    printf("// %s: %u rewrites\n", st.passes[i].name, st.passes[i].rewrites);
  rg_run_stats_free(&st);
  size_t len;
  char *text = rg_mlir_write(g, &len);
  if (text)
    fwrite(text, 1, len, stdout);
  rg_free(text);
  rg_graph_free(g);
  rg_source_free(src);
  rg_diags_free(&d);
  return text ? 0 : 1;
}
