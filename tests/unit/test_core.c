/* Unit tests for runtime/support/core.c and runtime/support/diag.c. */
#include <stdlib.h>
#include "rulegen/diag.h"
#include "support/support.h"
#include "check.h"

static void test_buf(void) {
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, "x=");
  rgs_buf_put_i64(&b, INT64_MIN);
  rgs_buf_printf(&b, " %s", "ok");
  char *s = rgs_buf_take(&b);
  CHECK(s && strcmp(s, "x=-9223372036854775808 ok") == 0);
  rg_free(s);
}

static void test_arena(void) {
  RgsArena a;
  rgs_arena_init(&a);
  char *big = rgs_arena_alloc(&a, 1 << 20);
  for (int i = 0; i < 10000; i++) {
    long *p = rgs_arena_alloc(&a, sizeof *p);
    CHECK(((uintptr_t)p & 7) == 0);
    *p = i;
  }
  CHECK(big != NULL);
  big[(1 << 20) - 1] = 1;
  char *s = rgs_arena_strdup(&a, "hello", 5);
  CHECK(strcmp(s, "hello") == 0);
  rgs_arena_free(&a);
}

static void test_linecol(void) {
  const char *t = "ab\ncd\n\nx";
  RgSource *s = rg_source_from_mem("f", t, strlen(t));
  uint32_t l, c;
  rg_source_linecol(s, 0, &l, &c);
  CHECK(l == 1 && c == 1);
  rg_source_linecol(s, 4, &l, &c);
  CHECK(l == 2 && c == 2);
  rg_source_linecol(s, 7, &l, &c);
  CHECK(l == 4 && c == 1);
  rg_source_free(s);
}

static int fail_after;
static void *failing_alloc(void *u, void *p, size_t n) {
  (void)u;
  if (n == 0) {
    free(p);
    return NULL;
  }
  if (fail_after-- <= 0)
    return NULL;
  return realloc(p, n);
}

static void test_alloc_failure(void) {
  RgsArena a;
  rgs_arena_init(&a);
  fail_after = 0;
  rg_set_allocator(failing_alloc, NULL);
  CHECK(rgs_arena_alloc(&a, 16) == NULL);
  rg_set_allocator(NULL, NULL);
  rgs_arena_free(&a);
}

int main(void) {
  RUN(test_buf);
  RUN(test_arena);
  RUN(test_linecol);
  RUN(test_alloc_failure);
  TEST_EXIT();
}
