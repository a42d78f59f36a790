/* tests/verify/wrong_rules/driver.c - wrong-opt: rgopt's command line over
 * the deliberately wrong rules of wrong.rules (generated with
 * `rulegen --symbol wrong`), for tests/suites/wrong_rules.sh. */
#include "rulegen/dialects.h"
#include "rulegen/opt.h"
#include "wrong.h"

int main(int argc, char **argv) {
  const RgOptTarget t = {"wrong", rg_pipelines_wrong, rg_passes_wrong, rg_ops_wrong, rg_num_ops_wrong,
                         rg_syntax_shipped};
  return rg_opt_main(argc, argv, &t, 1);
}
