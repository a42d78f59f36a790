/* Quantization builtins (runtime/pass/quant.c): the scale and zero point
 * of `!quant.uniform` values, TOSA RESCALE's multiplier and shift, and
 * constants quantized at compile time. */
#include <math.h>
#include <string.h>
#include "rulegen/graph.h"
#include "rulegen/pass.h"
#include "check.h"

static RgValue *value_of(RgGraph *g, const char *type, const RgAttr *payload) {
  const RgType *t = rg_type_get(g, type, strlen(type));
  RgNodeDesc d = {rg_op_intern(g, "test.const", 10), 0, NULL, 1, &t, 0};
  RgNode *n = t ? rg_node_create(g, &d) : NULL;
  if (!n)
    return NULL;
  if (payload && rg_node_set_attr(g, n, "value", payload) != RG_OK)
    return NULL;
  return &n->results[0];
}

static void test_qparams(void) {
  RgGraph *g = rg_graph_new();
  double s = 0;
  int64_t z = 0;
  RgDType dt = RG_DT_NONE;
  RgValue *a = value_of(g, "tensor<2x3x!quant.uniform<i8:f32, 0.25:-3>>", NULL);
  CHECK(a && rg_value_qscale(a, &s) && s == 0.25);
  CHECK(a && rg_value_qzero(a, &z) && z == -3);
  CHECK(a && rg_value_qstorage(a, &dt) && dt == RG_DT_I8);
  RgValue *b = value_of(g, "tensor<4x!quant.uniform<i16:f32, 1.5e-3>>", NULL);
  CHECK(b && rg_value_qscale(b, &s) && s == 1.5e-3);
  CHECK(b && rg_value_qzero(b, &z) && z == 0);
  /* per-axis: no single scale; a float tensor has none either */
  RgValue *c = value_of(g, "tensor<2x3x!quant.uniform<i8:f32:0, {0.5, 0.25}>>", NULL);
  CHECK(c && !rg_value_qscale(c, &s) && !rg_value_qzero(c, &z));
  CHECK(c && rg_value_qstorage(c, &dt) && dt == RG_DT_I8);
  RgValue *f = value_of(g, "tensor<4xf32>", NULL);
  CHECK(f && !rg_value_qscale(f, &s) && !rg_value_qstorage(f, &dt));
  RgValue *i = value_of(g, "tensor<4xi32>", NULL);
  CHECK(i && rg_value_qstorage(i, &dt) && dt == RG_DT_I32);
  rg_graph_free(g);
}

/* multiplier * 2^-shift reproduces the scale to 31 bits, the multiplier
 * is normalised, and out-of-range scales are refused. */
static void test_rescale_params(void) {
  const double scales[] = {1.0, 0.5, 0.75, 1.0 / 3, 2.7e-5, 123.456, 0.99999999999, 1 << 20};
  for (size_t k = 0; k < sizeof scales / sizeof scales[0]; k++) {
    int64_t m = 0, sh = 0;
    CHECK(rg_rescale_multiplier(scales[k], &m) && rg_rescale_shift(scales[k], &sh));
    CHECK(m >= (int64_t)1 << 30 && m < (int64_t)1 << 31);
    CHECK(sh >= 2 && sh <= 62);
    CHECK(fabs(ldexp((double)m, (int)-sh) - scales[k]) <= scales[k] * ldexp(1, -31));
  }
  int64_t m, sh;
  CHECK(rg_rescale_multiplier(1.0, &m) && m == (int64_t)1 << 30);
  CHECK(rg_rescale_shift(1.0, &sh) && sh == 30);
  /* rounds up to 2^31: halved, one less shift */
  CHECK(rg_rescale_multiplier(0.99999999999, &m) && m == (int64_t)1 << 30);
  CHECK(rg_rescale_shift(0.99999999999, &sh) && sh == 30);
  CHECK(!rg_rescale_multiplier(0, &m) && !rg_rescale_multiplier(-1, &m));
  CHECK(!rg_rescale_multiplier(NAN, &m) && !rg_rescale_shift(INFINITY, &sh));
  CHECK(!rg_rescale_shift(ldexp(1, 40), &sh)); /* shift would be below 2 */
  CHECK(!rg_rescale_shift(ldexp(1, -40), &sh)); /* above 62 */
}

static void test_quantize(void) {
  int64_t q;
  CHECK(rg_quantize_scalar(6.0, 0.5, &q) && q == 12);
  CHECK(rg_quantize_scalar(1.25, 0.5, &q) && q == 2); /* half to even */
  CHECK(rg_quantize_scalar(-1.25, 0.5, &q) && q == -2);
  CHECK(!rg_quantize_scalar(1, 0, &q) && !rg_quantize_scalar(NAN, 1, &q));
  RgGraph *g = rg_graph_new();
  const RgType *t = rg_type_get(g, "tensor<4xf32>", 13);
  const double v[4] = {0.3, -0.75, 100.0, -2.5};
  const RgAttr *dense = t ? rg_attr_dense_floats(g, t, 4, v) : NULL;
  RgValue *w = dense ? value_of(g, "tensor<4xf32>", dense) : NULL;
  const RgAttr *a = w ? rg_quantize_const(g, w, 0.5, RG_DT_I8) : NULL;
  const int64_t *iv = NULL;
  uint32_t n = 0;
  CHECK(a && rg_attr_dense_get_ints(g, a, &iv, &n) && n == 4);
  if (iv && n == 4) {
    CHECK(iv[0] == 1 && iv[1] == -2 && iv[2] == 127 && iv[3] == -5);
  }
  CHECK(a && a->type->dtype == RG_DT_I8);
  CHECK(w && !rg_quantize_const(g, w, 0.5, RG_DT_F32));
  CHECK(w && !rg_quantize_const(g, w, 0, RG_DT_I32));
  rg_graph_free(g);
}

static void test_per_channel(void) {
  RgGraph *g = rg_graph_new();
  int64_t two = 2;
  const double sc[2] = {0.5, 0.25}, wv[4] = {1, -0.75, 1, 100}, bv[2] = {3, -1};
  const int64_t zeros[2] = {0, 0}, zp1[2] = {0, 1};
  const RgAttr *scales = rg_attr_dense_floats(g, rg_type_tensor(g, RG_DT_F64, 1, &two), 2, sc);
  const RgAttr *z0 = rg_attr_dense_ints(g, rg_type_tensor(g, RG_DT_I64, 1, &two), 2, zeros);
  const RgAttr *z1 = rg_attr_dense_ints(g, rg_type_tensor(g, RG_DT_I64, 1, &two), 2, zp1);
  const RgAttr *m = rg_rescale_multipliers(g, scales, 0.5), *s = rg_rescale_shifts(g, scales, 0.5);
  const int64_t *iv;
  uint32_t n;
  /* 0.25 = 2^30 * 2^-32, 0.125 = 2^30 * 2^-33 */
  CHECK(m && m->type->dtype == RG_DT_I32 && rg_attr_dense_get_ints(g, m, &iv, &n) && n == 2 &&
        iv[0] == (int64_t)1 << 30 && iv[1] == (int64_t)1 << 30);
  CHECK(s && s->type->dtype == RG_DT_I8 && rg_attr_dense_get_ints(g, s, &iv, &n) && n == 2 && iv[0] == 32 &&
        iv[1] == 33);
  CHECK(!rg_rescale_multipliers(g, scales, -1));
  const RgAttr *wd = rg_attr_dense_floats(g, rg_type_tensor(g, RG_DT_F32, 2, (int64_t[]){2, 2}), 4, wv);
  const RgAttr *bd = rg_attr_dense_floats(g, rg_type_tensor(g, RG_DT_F32, 1, &two), 2, bv);
  RgValue *w = value_of(g, "tensor<2x2xf32>", wd), *b = value_of(g, "tensor<2xf32>", bd);
  const RgAttr *wq = w ? rg_quantize_weight_per_channel(g, w, scales, z0) : NULL;
  /* channel 0 by 0.5: 2, -1.5 -> -2; channel 1 by 0.25: 4, 400 -> 127 */
  CHECK(wq && wq->type->dtype == RG_DT_I8 && rg_attr_dense_get_ints(g, wq, &iv, &n) && n == 4 && iv[0] == 2 &&
        iv[1] == -2 && iv[2] == 4 && iv[3] == 127);
  CHECK(w && !rg_quantize_weight_per_channel(g, w, scales, z1)); /* not symmetric */
  const RgAttr *bq = b ? rg_quantize_bias_per_channel(g, b, scales, 0.5) : NULL;
  /* 3 / 0.25 = 12, -1 / 0.125 = -8 */
  CHECK(bq && bq->type->dtype == RG_DT_I32 && rg_attr_dense_get_ints(g, bq, &iv, &n) && n == 2 &&
        iv[0] == 12 && iv[1] == -8);
  rg_graph_free(g);
}

int main(void) {
  RUN(test_per_channel);
  RUN(test_qparams);
  RUN(test_rescale_params);
  RUN(test_quantize);
  TEST_EXIT();
}
