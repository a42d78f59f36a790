/* tests/cli/refuse/main.c - refuse-opt: rg_opt_main over refuse.rules,
 * whose refusals the cli suite checks in --stats, --stats-json, the
 * report and the warnings. */
#include "rulegen/dialects.h"
#include "rulegen/opt.h"
#include "refuse.h"

int main(int argc, char **argv) {
  RgOptTarget t = rg_target_refuse;
  t.syntax = rg_syntax_shipped;
  return rg_opt_main(argc, argv, &t, 1);
}
