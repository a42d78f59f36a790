/* tests/unit/check.h - minimal assertion helpers for the C unit tests: each
 * CHECK failure prints a FAIL line; TEST_END prints PASS when none failed. */
#ifndef RG_TEST_CHECK_H
#define RG_TEST_CHECK_H
#include <stdio.h>

static int check_failures;

#define CHECK(cond)                                                            \
  do {                                                                         \
    if (!(cond)) {                                                             \
      printf("FAIL %s: %s:%d: %s\n", __func__, __FILE__, __LINE__, #cond);   \
      check_failures++;                                                        \
    }                                                                          \
  } while (0)

/* Runs one test function and reports it as a single case. */
#define RUN(fn)                                                                \
  do {                                                                         \
    int before_ = check_failures;                                              \
    fn();                                                                      \
    if (check_failures == before_)                                             \
      printf("PASS %s\n", #fn);                                                \
  } while (0)

#define TEST_EXIT() return check_failures ? 1 : 0
#endif
