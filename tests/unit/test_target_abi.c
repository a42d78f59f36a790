/* Unit tests for the target ABI check (rg_target_check, rg_opt_main): a
 * generated target carries the ABI it was built for and runs; one built
 * for another ABI, or written by hand without a version, is refused with
 * a message naming both versions. */
#include <stdio.h>
#include <string.h>
#include "rulegen/opt.h"
#include "rules/builtin.h"
#include "check.h"

static void generated_target_passes(void) {
  char err[512] = "";
  CHECK(rg_target_builtin.abi == RG_ABI_VERSION);
  CHECK(rg_target_check(&rg_target_builtin, err, sizeof err) == 0);
  CHECK(strcmp(rg_target_builtin.name, "builtin") == 0);
  CHECK(rg_target_builtin.passes == rg_passes_builtin);
  CHECK(rg_target_builtin.num_ops == rg_num_ops_builtin);
}

static void other_abi_is_named(void) {
  RgOptTarget t = rg_target_builtin;
  t.abi = RG_ABI_VERSION - 1;
  char err[512] = "", want[64];
  CHECK(rg_target_check(&t, err, sizeof err) == -1);
  snprintf(want, sizeof want, "runtime ABI %d", RG_ABI_VERSION - 1);
  CHECK(strstr(err, want) != NULL);
  snprintf(want, sizeof want, "ABI %d", RG_ABI_VERSION);
  CHECK(strstr(err, want) != NULL);
  CHECK(strstr(err, RG_VERSION) != NULL);
}

static void hand_written_is_refused(void) {
  /* A descriptor written against the 0.1 API: no ABI field set. */
  const RgOptTarget t = {"old", rg_pipelines_builtin, rg_passes_builtin, rg_ops_builtin,
                         rg_num_ops_builtin, NULL, 0};
  char err[512] = "";
  CHECK(rg_target_check(&t, err, sizeof err) == -1);
  CHECK(strstr(err, "no ABI version") != NULL);
  char *argv[] = {"old-opt", "--list", NULL};
  /* rg_opt_main refuses it before reading any option. */
  CHECK(rg_opt_main(2, argv, &t, 1) == 1);
}

int main(void) {
  RUN(generated_target_passes);
  RUN(other_abi_is_named);
  RUN(hand_written_is_refused);
  TEST_EXIT();
}
