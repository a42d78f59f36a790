/* tests/prove/driver.c - rgopt over the wrong rules alone (wrong.rules):
 * a program handing its rule set to rg_opt_main, as a user's tool does. */
#include "rulegen/opt.h"
#include "wrong.h"

int main(int argc, char **argv) { return rg_opt_main(argc, argv, &rg_target_wrong, 1); }
