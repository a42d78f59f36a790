/* tests/verify/wrong_rules/driver.c - wrong-opt: rgopt's command line over
 * the deliberately wrong rules of wrong.rules (generated with
 * `rulegen --symbol wrong`), for tests/suites/wrong_rules.sh. */
#include "rulegen/dialects.h"
#include "rulegen/opt.h"
#include "wrong.h"

int main(int argc, char **argv) {
  RgOptTarget t = rg_target_wrong; /* its graphs are TOSA, maybe in custom assembly */
  t.syntax = rg_syntax_shipped;
  return rg_opt_main(argc, argv, &t, 1);
}
