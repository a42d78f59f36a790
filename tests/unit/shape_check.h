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

/* Sweeps hooks over malformed nodes: 0 to 6 operands of every kind of type
 * (or unset), every property in `props` set to an attribute of the wrong
 * kind or an absurd value. Each must return an error or a type, never
 * crash (run under ASan/UBSan by `make asan`); most must fail. */
static inline void sweep_malformed(const RgShapeFn *hooks, size_t nhooks, const char *const *props,
                            size_t nprops) {
  static const char *const types[] = {"f32", "tensor<f32>", "tensor<*xf32>", "tensor<2x3xi8>",
                                      "tensor<1x2x3x4xi16>", "tensor<?x?x?xf16>",
                                      "!tosa.shape<2>", "tensor<0x5xi1>", "tensor<3x!x.y>",
                                      "tensor<1x9223372036854775806x3x4611686018427387904xi8>"};
  const size_t ntypes = sizeof types / sizeof types[0];
  const RgAttr *bad[] = {rg_attr_unit(g), rg_attr_string(g, "x", 1), rg_attr_int(g, -7, NULL),
                         rg_attr_float(g, 1e300, NULL),
                         rg_attr_dense_array_ints(g, RG_DT_I64, 3, (int64_t[]){-1, 99, INT64_MIN}),
                         rg_attr_dense_array_ints(g, RG_DT_I64, 0, NULL), rg_attr_bool(g, true),
                         rg_attr_type(g, rg_type_scalar(g, RG_DT_F32))};
  const size_t nbad = sizeof bad / sizeof bad[0];
  const RgOpId op = rg_op_intern(g, "test.any", 8);
  unsigned ok = 0, failed = 0;
  for (size_t h = 0; h < nhooks; h++)
    for (uint32_t nops = 0; nops <= 6; nops++)
      for (size_t ti = 0; ti <= ntypes; ti++)
        for (size_t bi = 0; bi <= nbad; bi++) {
          RgValue *ops[6];
          for (uint32_t i = 0; i < nops; i++)
            ops[i] = ti < ntypes ? val(types[(ti + i) % ntypes]) : NULL;
          RgNode *n = rg_node_create(g, &(RgNodeDesc){op, nops, ops, 3, NULL, 0});
          if (bi < nbad)
            for (size_t p = 0; p < nprops; p++)
              rg_node_set_prop(g, n, props[p], bad[(bi + p) % nbad]);
          run_malformed(hooks[h], n, &ok, &failed);
        }
  CHECK(failed > ok);
}

#endif
