/* docs/examples/my_npu/my_npu_opt.c - my-npu-opt: rgopt's whole command line
 * (--target my-npu, --stats, --verify-by-execution, ...) over the my_npu
 * rule set that rulegen generated into my_npu.c / my_npu.h. */
#include "rulegen/dialects.h"
#include "rulegen/opt.h"
#include "my_npu.h"

int main(int argc, char **argv) {
  /* its graphs also hold TOSA ops, which may come in custom assembly */
  RgOptTarget my_npu = rg_target_my_npu;
  my_npu.syntax = rg_syntax_shipped;
  return rg_opt_main(argc, argv, &my_npu, 1);
}
