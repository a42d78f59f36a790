/* tests/unit/shape_check.h - runs a shape hook on a node and compares the
 * result's type text (or "error: <message>"); shared by the TOSA and
 * edge-dialect shape tests. Include after `static RgGraph *g;`. */
#ifndef RG_TEST_SHAPE_CHECK_H
#define RG_TEST_SHAPE_CHECK_H

static char out[512];
static const char *infer(RgShapeFn fn, const RgNode *n) {
  const RgType *r[3] = {NULL, NULL, NULL};
  char err[256] = "";
  RgStatus st = fn(g, n, r, err, sizeof err);
  if (st == RG_OK && r[0])
    snprintf(out, sizeof out, "%s", r[0]->text);
  else if (st == RG_ERR_TYPE && err[0])
    snprintf(out, sizeof out, "error: %s", err);
  else
    snprintf(out, sizeof out, "bad status %d", (int)st);
  return out;
}

#define EXPECT(fn, n, text)                                                    \
  do {                                                                         \
    const char *got_ = infer(fn, n);                                           \
    if (strcmp(got_, text) != 0)                                               \
      printf("  got  '%s'\n  want '%s'\n", got_, text);                        \
    CHECK(strcmp(got_, text) == 0);                                            \
  } while (0)
/* An error whose message contains `part`. */
#define EXPECT_ERR(fn, n, part)                                                \
  do {                                                                         \
    const char *got_ = infer(fn, n);                                           \
    if (strncmp(got_, "error: ", 7) != 0 || !strstr(got_, part))               \
      printf("  got  '%s'\n  want an error with '%s'\n", got_, part);          \
    CHECK(strncmp(got_, "error: ", 7) == 0 && strstr(got_, part) != NULL);     \
  } while (0)

/* A hook on a malformed node must either infer a type or fail with a
 * message, never crash: counts which of the two happened. */
static void run_malformed(RgShapeFn fn, const RgNode *n, unsigned *ok, unsigned *failed) {
  const RgType *r[3] = {NULL, NULL, NULL};
  char err[64] = "";
  RgStatus st = fn(g, n, r, err, sizeof err);
  CHECK(st == RG_OK || st == RG_ERR_TYPE);
  if (st == RG_OK) {
    CHECK(r[0] != NULL);
    (*ok)++;
  } else {
    CHECK(err[0] != 0);
    (*failed)++;
  }
}

#endif
