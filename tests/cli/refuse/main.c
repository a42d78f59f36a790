/* tests/cli/refuse/main.c - refuse-opt: rg_opt_main over refuse.rules,
 * whose refusals the cli suite checks in --stats, --stats-json, the
 * report and the warnings. */
#include "rulegen/dialects.h"
#include "rulegen/opt.h"
#include "refuse.h"

int main(int argc, char **argv) {
  const RgOptTarget t = {"refuse", rg_pipelines_refuse, rg_passes_refuse, rg_ops_refuse, rg_num_ops_refuse,
                         rg_syntax_shipped};
  return rg_opt_main(argc, argv, &t, 1);
}
