/* tests/unit/failing_alloc.h - an allocation hook for rg_set_allocator that
 * fails once `alloc_budget` allocations have succeeded (-1: never), so a
 * test can walk an operation through every allocation failure. */
#ifndef RG_TEST_FAILING_ALLOC_H
#define RG_TEST_FAILING_ALLOC_H
#include <stdlib.h>

static long alloc_budget = -1;

static void *failing_alloc(void *user, void *ptr, size_t size) {
  (void)user;
  if (size == 0) {
    free(ptr);
    return NULL;
  }
  if (alloc_budget == 0)
    return NULL;
  if (alloc_budget > 0)
    alloc_budget--;
  return realloc(ptr, size);
}
#endif
