/* Links the generated registry: every hook it names must be defined. */
#include <stdio.h>
#include "my.h"

int main(void) {
  printf("%s\n", rg_ops_my[0].name);
  return rg_ops_my[0].eval && rg_ops_my[0].infer ? 0 : 1;
}
