/* tools/rgopt.c - rgopt: the rule sets built into rulegen (TOSA and
 * edge-dialect targets) with the custom assembly of their dialects, handed
 * to the library's command line, rg_opt_main (rulegen/opt.h; docs/rgopt.md
 * lists its options). */
#include "rulegen/dialects.h"
#include "rulegen/opt.h"
#include "rules/builtin.h"

int main(int argc, char **argv) {
  RgOptTarget builtin = rg_target_builtin;
  builtin.syntax = rg_syntax_shipped;
  return rg_opt_main(argc, argv, &builtin, 1);
}
