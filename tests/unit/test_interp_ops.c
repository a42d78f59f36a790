/* Unit tests for the reference interpreter, part 2: mul with shift, cast,
 * select, maximum/minimum, negate, abs, float unary ops, table, pad, slice,
 * concat, tile, reductions, and tosa.cond_if / tosa.while_loop regions.
 * Expected values are computed by hand from the TOSA 1.0 pseudocode. */
#include "interp_tb.h"
#include "check.h"

/* Runs `op` on one argument of type in_ty and returns its status. */
static RgStatus run_unary(TB *t, const char *op, const char *in_ty, const char *out_ty,
                          const RgTensor *in, RgNode **node) {
  tb_init(t);
  RgValue *x = tb_arg(t, in_ty);
  RgNode *n = tb_node(t, op, out_ty, 1, &x);
  if (node)
    *node = n;
  tb_ret1(t, &n->results[0]);
  return tb_run(t, in, 1);
}

/* ---- mul ---- */

static RgStatus run_mul(TB *t, const char *ty, const char *out_ty, int64_t shift,
                        const RgTensor *a, const RgTensor *b) {
  tb_init(t);
  RgValue *ops[3] = {tb_arg(t, ty), tb_arg(t, ty), tb_scalar_i(t, "tensor<1xi8>", shift)};
  tb_ret1(t, tb_op(t, "tosa.mul", out_ty, 3, ops));
  RgTensor in[2] = {*a, *b};
  return tb_run(t, in, 2);
}

static void test_mul_shift_rounding(void) {
  /* i32 with shift 1: (a*b + 1) >> 1 rounds halves up: 1.5 -> 2,
   * -1.5 -> -1, 2.5 -> 3, 3.5 -> 4 */
  RgTensor a = tb_in_i(RG_DT_I32, 1, I64S(4), I64S(3, -3, 5, 7));
  RgTensor b = tb_in_i(RG_DT_I32, 1, I64S(4), I64S(1, 1, 1, 1));
  TB t;
  CHECK(run_mul(&t, "tensor<4xi32>", "tensor<4xi32>", 1, &a, &b) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 4, I64S(2, -1, 3, 4)));
  tb_free(&t);
  /* shift 31: 2^30 * 4 = 2^32 -> 2; (2^30 * 3 + 2^30) >> 31 = 2 (1.5 -> 2) */
  RgTensor c = tb_in_i(RG_DT_I32, 1, I64S(4), I64S(1 << 30, 1 << 30, -(1 << 30), 0));
  RgTensor d = tb_in_i(RG_DT_I32, 1, I64S(4), I64S(4, 3, 3, 9));
  CHECK(run_mul(&t, "tensor<4xi32>", "tensor<4xi32>", 31, &c, &d) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 4, I64S(2, 2, -1, 0)));
  tb_free(&t);
  /* shift 0 keeps the low 32 bits: 10^10 mod 2^32 = 1410065408 */
  RgTensor e = tb_in_i(RG_DT_I32, 1, I64S(1), I64S(100000));
  CHECK(run_mul(&t, "tensor<1xi32>", "tensor<1xi32>", 0, &e, &e) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 1, I64S(1410065408)));
  tb_free(&t);
  /* with a shift the product must fit i32 after rounding (REQUIRE) */
  RgTensor f = tb_in_i(RG_DT_I32, 1, I64S(1), I64S(2147483647));
  CHECK(run_mul(&t, "tensor<1xi32>", "tensor<1xi32>", 1, &f, &f) == RG_ERR_INVALID);
  CHECK(t.kind == RG_INTERP_UNPREDICTABLE);
  tb_free(&t);
  CHECK(run_mul(&t, "tensor<1xi32>", "tensor<1xi32>", 64, &f, &f) == RG_ERR_INVALID);
  CHECK(t.kind == RG_INTERP_UNPREDICTABLE);
  tb_free(&t);
  /* i8 x i8 -> i32; a non-zero shift is an ERROR_IF for i8 */
  RgTensor g = tb_in_i(RG_DT_I8, 1, I64S(2), I64S(-128, 127));
  CHECK(run_mul(&t, "tensor<2xi8>", "tensor<2xi32>", 0, &g, &g) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 2, I64S(16384, 16129)));
  tb_free(&t);
  CHECK(run_mul(&t, "tensor<2xi8>", "tensor<2xi32>", 1, &g, &g) == RG_ERR_INVALID);
  CHECK(t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  RgTensor *all[] = {&a, &b, &c, &d, &e, &f, &g};
  for (int i = 0; i < 7; i++)
    rg_tensor_release(all[i]);
}

/* ---- cast ---- */

static void test_cast_float_to_int(void) {
  /* round to nearest, ties to even, then saturate */
  RgTensor in = tb_in_f(RG_DT_F32, 1, I64S(11),
                        F32S(0.5f, 1.5f, 2.5f, -0.5f, -1.5f, 127.4f, 127.5f, 300.0f, -300.0f,
                             -INFINITY, INFINITY));
  TB t;
  CHECK(run_unary(&t, "tosa.cast", "tensor<11xf32>", "tensor<11xi8>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 &&
        ints_are(&t.outs[0], 11, I64S(0, 2, 2, 0, -2, 127, 127, 127, -128, -128, 127)));
  tb_free(&t);
  rg_tensor_release(&in);
  /* 2147483520 is the largest f32 below 2^31; 2^31 saturates */
  in = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(2147483520.0f, 2147483648.0f, -2147483648.0f));
  CHECK(run_unary(&t, "tosa.cast", "tensor<3xf32>", "tensor<3xi32>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 3, I64S(2147483520, 2147483647, -2147483648LL)));
  tb_free(&t);
  rg_tensor_release(&in);
  in = tb_in_f(RG_DT_F32, 1, I64S(1), F32S(NAN));
  CHECK(run_unary(&t, "tosa.cast", "tensor<1xf32>", "tensor<1xi16>", &in, NULL) ==
        RG_ERR_INVALID);
  CHECK(t.kind == RG_INTERP_UNPREDICTABLE);
  tb_free(&t);
  rg_tensor_release(&in);
}

static void test_cast_int_conversions(void) {
  TB t;
  /* narrowing truncates: 200 -> -56, 256 -> 0, -129 -> 127 */
  RgTensor in = tb_in_i(RG_DT_I32, 1, I64S(3), I64S(200, 256, -129));
  CHECK(run_unary(&t, "tosa.cast", "tensor<3xi32>", "tensor<3xi8>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 3, I64S(-56, 0, 127)));
  tb_free(&t);
  rg_tensor_release(&in);
  /* int -> bool is value != 0 */
  in = tb_in_i(RG_DT_I8, 1, I64S(3), I64S(0, 5, -1));
  CHECK(run_unary(&t, "tosa.cast", "tensor<3xi8>", "tensor<3xi1>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 3, I64S(0, 1, 1)));
  tb_free(&t);
  rg_tensor_release(&in);
  in = tb_in_i(RG_DT_I1, 1, I64S(2), I64S(1, 0));
  CHECK(run_unary(&t, "tosa.cast", "tensor<2xi1>", "tensor<2xi32>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 2, I64S(1, 0)));
  tb_free(&t);
  rg_tensor_release(&in);
  /* i32 -> f16 rounds once: 2049 -> 2048, 2051 -> 2052, 65520 -> inf;
   * i32 -> f32: 16777217 -> 16777216 (tie to even) */
  in = tb_in_i(RG_DT_I32, 1, I64S(3), I64S(2049, 2051, 65520));
  CHECK(run_unary(&t, "tosa.cast", "tensor<3xi32>", "tensor<3xf16>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && floats_are(&t.outs[0], 3, F32S(2048.0f, 2052.0f, INFINITY)));
  tb_free(&t);
  rg_tensor_release(&in);
  in = tb_in_i(RG_DT_I32, 1, I64S(2), I64S(16777217, 16777219));
  CHECK(run_unary(&t, "tosa.cast", "tensor<2xi32>", "tensor<2xf32>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && floats_are(&t.outs[0], 2, F32S(16777216.0f, 16777220.0f)));
  tb_free(&t);
  rg_tensor_release(&in);
  /* f32 -> bf16: 1 + 2^-8 ties to 1.0; 1 + 3 * 2^-8 ties to 1 + 2^-6 */
  in = tb_in_f(RG_DT_F32, 1, I64S(2), F32S(1.00390625f, 1.01171875f));
  CHECK(run_unary(&t, "tosa.cast", "tensor<2xf32>", "tensor<2xbf16>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && floats_are(&t.outs[0], 2, F32S(1.0f, 1.015625f)));
  tb_free(&t);
  rg_tensor_release(&in);
}

/* ---- select, maximum, minimum ---- */

static void test_select_broadcast(void) {
  TB t;
  tb_init(&t);
  RgValue *p = tb_arg(&t, "tensor<2x1xi1>");
  RgValue *ops[3] = {p, tb_arg(&t, "tensor<2x3xi16>"),
                     tb_const_i(&t, "tensor<1x1xi16>", 1, I64S(-7))};
  RgValue *y = tb_op(&t, "tosa.select", "tensor<2x3xi16>", 3, ops);
  RgTensor in[2] = {tb_in_i(RG_DT_I1, 2, I64S(2, 1), I64S(1, 0)),
                    tb_in_i(RG_DT_I16, 2, I64S(2, 3), I64S(1, 2, 3, 4, 5, 6))};
  CHECK(tb_run1(&t, y, in, 2));
  CHECK(ints_are(&t.outs[0], 6, I64S(1, 2, 3, -7, -7, -7)));
  rg_tensor_release(&in[0]);
  rg_tensor_release(&in[1]);
  tb_free(&t);
}

static void run_minmax(const char *op, const char *nan_mode, const float *want) {
  TB t;
  tb_init(&t);
  RgValue *ops[2] = {tb_arg(&t, "tensor<4xf32>"), tb_arg(&t, "tensor<4xf32>")};
  RgNode *n = tb_node(&t, op, "tensor<4xf32>", 2, ops);
  if (nan_mode)
    tb_prop_opaque(&t, n, "nan_mode", nan_mode);
  RgTensor in[2] = {tb_in_f(RG_DT_F32, 1, I64S(4), F32S(NAN, 1.0f, NAN, -2.0f)),
                    tb_in_f(RG_DT_F32, 1, I64S(4), F32S(3.0f, NAN, NAN, 5.0f))};
  CHECK(tb_run1(&t, &n->results[0], in, 2));
  CHECK(floats_are(&t.outs[0], 4, want));
  rg_tensor_release(&in[0]);
  rg_tensor_release(&in[1]);
  tb_free(&t);
}

static void test_maximum_minimum_nan(void) {
  run_minmax("tosa.maximum", NULL, F32S(NAN, NAN, NAN, 5.0f));
  run_minmax("tosa.maximum", "#tosa.nan_mode<IGNORE>", F32S(3.0f, 1.0f, NAN, 5.0f));
  run_minmax("tosa.minimum", "#tosa.nan_mode<PROPAGATE>", F32S(NAN, NAN, NAN, -2.0f));
  run_minmax("tosa.minimum", "#tosa.nan_mode<IGNORE>", F32S(3.0f, 1.0f, NAN, -2.0f));
  TB t; /* integers */
  tb_init(&t);
  RgValue *ops[2] = {tb_arg(&t, "tensor<3xi8>"), tb_const_i(&t, "tensor<1xi8>", 1, I64S(0))};
  RgValue *y = tb_op(&t, "tosa.maximum", "tensor<3xi8>", 2, ops);
  RgTensor in = tb_in_i(RG_DT_I8, 1, I64S(3), I64S(-128, 0, 127));
  CHECK(tb_run1(&t, y, &in, 1));
  CHECK(ints_are(&t.outs[0], 3, I64S(0, 0, 127)));
  rg_tensor_release(&in);
  tb_free(&t);
}

/* ---- negate, abs ---- */

static void test_negate_zero_points(void) {
  /* i8, input_zp 3, output_zp -2: v - 3 then -2 - (v - 3), clipped:
   * -128 -> 129 -> 127; 0 -> 1; 127 -> -126; 10 -> -9 */
  TB t;
  tb_init(&t);
  RgValue *ops[3] = {tb_arg(&t, "tensor<4xi8>"), tb_scalar_i(&t, "tensor<1xi8>", 3),
                     tb_scalar_i(&t, "tensor<1xi8>", -2)};
  RgValue *y = tb_op(&t, "tosa.negate", "tensor<4xi8>", 3, ops);
  RgTensor in = tb_in_i(RG_DT_I8, 1, I64S(4), I64S(-128, 0, 127, 10));
  CHECK(tb_run1(&t, y, &in, 1));
  CHECK(ints_are(&t.outs[0], 4, I64S(127, 1, -126, -9)));
  rg_tensor_release(&in);
  tb_free(&t);
  /* i32: -INT32_MIN overflows the i32 accumulator (REQUIRE) */
  tb_init(&t);
  RgValue *ops2[3] = {tb_arg(&t, "tensor<2xi32>"), tb_scalar_i(&t, "tensor<1xi32>", 0),
                      tb_scalar_i(&t, "tensor<1xi32>", 0)};
  y = tb_op(&t, "tosa.negate", "tensor<2xi32>", 3, ops2);
  tb_ret1(&t, y);
  in = tb_in_i(RG_DT_I32, 1, I64S(2), I64S(5, -2147483648LL));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_UNPREDICTABLE);
  rg_tensor_release(&in);
  tb_free(&t);
  /* i16 with a non-zero zero point: ERROR_IF */
  tb_init(&t);
  RgValue *ops3[3] = {tb_arg(&t, "tensor<1xi16>"), tb_scalar_i(&t, "tensor<1xi16>", 1),
                      tb_scalar_i(&t, "tensor<1xi16>", 0)};
  tb_ret1(&t, tb_op(&t, "tosa.negate", "tensor<1xi16>", 3, ops3));
  in = tb_in_i(RG_DT_I16, 1, I64S(1), I64S(5));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  rg_tensor_release(&in);
  tb_free(&t);
  /* float: sign flip, -0 from +0 */
  in = tb_in_f(RG_DT_F32, 1, I64S(2), F32S(0.0f, 1.5f));
  CHECK(run_unary(&t, "tosa.negate", "tensor<2xf32>", "tensor<2xf32>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && floats_are(&t.outs[0], 2, F32S(-0.0f, -1.5f)));
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_abs(void) {
  TB t;
  RgTensor in = tb_in_i(RG_DT_I32, 1, I64S(3), I64S(-5, 5, -2147483647));
  CHECK(run_unary(&t, "tosa.abs", "tensor<3xi32>", "tensor<3xi32>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 3, I64S(5, 5, 2147483647)));
  tb_free(&t);
  rg_tensor_release(&in);
  in = tb_in_i(RG_DT_I32, 1, I64S(1), I64S(-2147483648LL));
  CHECK(run_unary(&t, "tosa.abs", "tensor<1xi32>", "tensor<1xi32>", &in, NULL) == RG_ERR_INVALID);
  CHECK(t.kind == RG_INTERP_UNPREDICTABLE);
  tb_free(&t);
  rg_tensor_release(&in);
  in = tb_in_f(RG_DT_F32, 1, I64S(2), F32S(-0.0f, -3.25f));
  CHECK(run_unary(&t, "tosa.abs", "tensor<2xf32>", "tensor<2xf32>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && floats_are(&t.outs[0], 2, F32S(0.0f, 3.25f)));
  tb_free(&t);
  rg_tensor_release(&in);
}

/* ---- float unary ops ---- */

static void test_float_unary(void) {
  TB t;
  RgTensor in = tb_in_f(RG_DT_F32, 1, I64S(4), F32S(4.0f, 0.0f, -1.0f, 0.25f));
  CHECK(run_unary(&t, "tosa.reciprocal", "tensor<4xf32>", "tensor<4xf32>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && floats_are(&t.outs[0], 4, F32S(0.25f, INFINITY, -1.0f, 4.0f)));
  tb_free(&t);
  CHECK(run_unary(&t, "tosa.rsqrt", "tensor<4xf32>", "tensor<4xf32>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && floats_are(&t.outs[0], 4, F32S(0.5f, INFINITY, NAN, 2.0f)));
  tb_free(&t);
  CHECK(run_unary(&t, "tosa.exp", "tensor<4xf32>", "tensor<4xf32>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && rg_tensor_get_float(&t.outs[0], 1) == 1.0f && rg_tensor_get_float(&t.outs[0], 0) > 54.59f &&
        rg_tensor_get_float(&t.outs[0], 0) < 54.61f);
  tb_free(&t);
  CHECK(run_unary(&t, "tosa.sigmoid", "tensor<4xf32>", "tensor<4xf32>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && rg_tensor_get_float(&t.outs[0], 1) == 0.5f);
  tb_free(&t);
  CHECK(run_unary(&t, "tosa.tanh", "tensor<4xf32>", "tensor<4xf32>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && rg_tensor_get_float(&t.outs[0], 1) == 0.0f && rg_tensor_get_float(&t.outs[0], 2) < -0.76f);
  tb_free(&t);
  rg_tensor_release(&in);
  /* f16 results are rounded: 1/3 -> 1365 * 2^-12 = 0.333251953125 */
  in = tb_in_f(RG_DT_F16, 1, I64S(1), F32S(3.0f));
  CHECK(run_unary(&t, "tosa.reciprocal", "tensor<1xf16>", "tensor<1xf16>", &in, NULL) == RG_OK);
  CHECK(t.nout == 1 && floats_are(&t.outs[0], 1, F32S(0.333251953125f)));
  tb_free(&t);
  rg_tensor_release(&in);
  /* integer input to a float-only op: unsupported, named */
  in = tb_in_i(RG_DT_I32, 1, I64S(1), I64S(3));
  CHECK(run_unary(&t, "tosa.exp", "tensor<1xi32>", "tensor<1xi32>", &in, NULL) == RG_ERR_INVALID);
  CHECK(t.kind == RG_INTERP_UNSUPPORTED && strstr(t.err, "tosa.exp"));
  tb_free(&t);
  rg_tensor_release(&in);
}

static void test_table(void) {
  TB t;
  tb_init(&t);
  int64_t tab[256];
  for (int i = 0; i < 256; i++)
    tab[i] = 127 - i; /* table[v + 128] = -1 - v */
  RgValue *ops[2] = {tb_arg(&t, "tensor<3xi8>"), tb_const_i(&t, "tensor<256xi8>", 256, tab)};
  RgValue *y = tb_op(&t, "tosa.table", "tensor<3xi8>", 2, ops);
  RgTensor in = tb_in_i(RG_DT_I8, 1, I64S(3), I64S(-128, 0, 127));
  CHECK(tb_run1(&t, y, &in, 1));
  CHECK(ints_are(&t.outs[0], 3, I64S(127, -1, -128)));
  rg_tensor_release(&in);
  tb_free(&t);
  /* i16: index = (v + 32768) >> 7, frac = low 7 bits; base * 128 + slope * frac.
   * table[i] = 2 * i: v = -32768 -> 0; v = -32768 + 129 -> idx 1, frac 1:
   * 2 * 128 + 2 * 1 = 258; v = 32767 -> idx 511, frac 127: 1022 * 128 + 2 * 127 */
  tb_init(&t);
  int64_t tab16[513];
  for (int i = 0; i < 513; i++)
    tab16[i] = 2 * i;
  RgValue *ops2[2] = {tb_arg(&t, "tensor<3xi16>"), tb_const_i(&t, "tensor<513xi16>", 513, tab16)};
  y = tb_op(&t, "tosa.table", "tensor<3xi32>", 2, ops2);
  in = tb_in_i(RG_DT_I16, 1, I64S(3), I64S(-32768, -32768 + 129, 32767));
  CHECK(tb_run1(&t, y, &in, 1));
  CHECK(ints_are(&t.outs[0], 3, I64S(0, 258, 1022 * 128 + 254)));
  rg_tensor_release(&in);
  tb_free(&t);
}

/* ---- pad, slice, concat, tile ---- */

static void test_pad_const(void) {
  TB t;
  tb_init(&t);
  RgValue *ops[3] = {tb_arg(&t, "tensor<2x2xi8>"), tb_shape(&t, 4, I64S(1, 0, 0, 1)),
                     tb_scalar_i(&t, "tensor<1xi8>", -7)};
  RgValue *y = tb_op(&t, "tosa.pad", "tensor<3x3xi8>", 3, ops);
  RgTensor in = tb_in_i(RG_DT_I8, 2, I64S(2, 2), I64S(1, 2, 3, 4));
  CHECK(tb_run1(&t, y, &in, 1));
  CHECK(ints_are(&t.outs[0], 9, I64S(-7, -7, -7, 1, 2, -7, 3, 4, -7)));
  rg_tensor_release(&in);
  tb_free(&t);
  tb_init(&t); /* float pad value */
  RgValue *ops2[3] = {tb_arg(&t, "tensor<1xf32>"), tb_shape(&t, 2, I64S(1, 1)),
                      tb_const_f(&t, "tensor<1xf32>", 1, F64S(-0.5))};
  y = tb_op(&t, "tosa.pad", "tensor<3xf32>", 3, ops2);
  in = tb_in_f(RG_DT_F32, 1, I64S(1), F32S(9.0f));
  CHECK(tb_run1(&t, y, &in, 1));
  CHECK(floats_are(&t.outs[0], 3, F32S(-0.5f, 9.0f, -0.5f)));
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_slice_concat_tile(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<3x4xi32>");
  RgValue *ops[3] = {x, tb_shape(&t, 2, I64S(1, 1)), tb_shape(&t, 2, I64S(2, 2))};
  RgValue *y = tb_op(&t, "tosa.slice", "tensor<2x2xi32>", 3, ops);
  RgTensor in = tb_in_i(RG_DT_I32, 2, I64S(3, 4), I64S(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11));
  CHECK(tb_run1(&t, y, &in, 1));
  CHECK(ints_are(&t.outs[0], 4, I64S(5, 6, 9, 10)));
  tb_free(&t);

  tb_init(&t); /* out of bounds: ERROR_IF */
  x = tb_arg(&t, "tensor<3x4xi32>");
  RgValue *ops2[3] = {x, tb_shape(&t, 2, I64S(2, 3)), tb_shape(&t, 2, I64S(2, 2))};
  tb_ret1(&t, tb_op(&t, "tosa.slice", "tensor<2x2xi32>", 3, ops2));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  tb_free(&t);

  /* an exporter's end index with 0 for the whole dim (sd_unet_mixed):
   * size [0, 4] from start [0, 2] for x[:, 2:4] is ERROR_IF(size <= 0) */
  tb_init(&t);
  x = tb_arg(&t, "tensor<3x4xi32>");
  RgValue *ops5[3] = {x, tb_shape(&t, 2, I64S(0, 2)), tb_shape(&t, 2, I64S(0, 4))};
  tb_ret1(&t, tb_op(&t, "tosa.slice", "tensor<3x2xi32>", 3, ops5));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID &&
        strstr(t.err, "size[0] is 0: ERROR_IF(size <= 0)") != NULL);
  tb_free(&t);
  rg_tensor_release(&in);

  tb_init(&t);
  RgValue *ops3[2] = {tb_const_i(&t, "tensor<2x1xi32>", 2, I64S(1, 2)),
                      tb_arg(&t, "tensor<2x2xi32>")};
  RgNode *c = tb_node(&t, "tosa.concat", "tensor<2x3xi32>", 2, ops3);
  tb_prop_int(&t, c, "axis", 1, "i32");
  in = tb_in_i(RG_DT_I32, 2, I64S(2, 2), I64S(3, 4, 5, 6));
  CHECK(tb_run1(&t, &c->results[0], &in, 1));
  CHECK(ints_are(&t.outs[0], 6, I64S(1, 3, 4, 2, 5, 6)));
  tb_free(&t);

  tb_init(&t);
  RgValue *ops4[2] = {tb_arg(&t, "tensor<2x2xi32>"), tb_shape(&t, 2, I64S(2, 1))};
  y = tb_op(&t, "tosa.tile", "tensor<4x2xi32>", 2, ops4);
  CHECK(tb_run1(&t, y, &in, 1));
  CHECK(ints_are(&t.outs[0], 8, I64S(3, 4, 5, 6, 3, 4, 5, 6)));
  tb_free(&t);
  rg_tensor_release(&in);
}

/* ---- reductions ---- */

static void test_reduce(void) {
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<2x3xi32>");
  RgNode *a1 = tb_node(&t, "tosa.reduce_sum", "tensor<2x1xi32>", 1, &x);
  tb_prop_int(&t, a1, "axis", 1, "i32");
  RgNode *a0 = tb_node(&t, "tosa.reduce_sum", "tensor<1x3xi32>", 1, &x);
  tb_prop_int(&t, a0, "axis", 0, "i32");
  RgNode *mx = tb_node(&t, "tosa.reduce_max", "tensor<2x1xi32>", 1, &x);
  tb_prop_int(&t, mx, "axis", 1, "i32");
  RgValue *rets[3] = {&a1->results[0], &a0->results[0], &mx->results[0]};
  tb_return(&t, 3, rets);
  RgTensor in = tb_in_i(RG_DT_I32, 2, I64S(2, 3), I64S(1, 2, 3, 4, -5, 6));
  CHECK(tb_run(&t, &in, 1) == RG_OK && t.nout == 3);
  if (t.nout == 3) {
    CHECK(ints_are(&t.outs[0], 2, I64S(6, 5)));
    CHECK(ints_are(&t.outs[1], 3, I64S(5, -3, 9)));
    CHECK(ints_are(&t.outs[2], 2, I64S(3, 6)));
  }
  rg_tensor_release(&in);
  tb_free(&t);

  /* fp32 sums run in index order from 0: (1e8 + 1) - 1e8 = 0, not 1 */
  tb_init(&t);
  x = tb_arg(&t, "tensor<1x3xf32>");
  RgNode *s = tb_node(&t, "tosa.reduce_sum", "tensor<1x1xf32>", 1, &x);
  tb_prop_int(&t, s, "axis", 1, "i32");
  in = tb_in_f(RG_DT_F32, 2, I64S(1, 3), F32S(1e8f, 1.0f, -1e8f));
  CHECK(tb_run1(&t, &s->results[0], &in, 1));
  CHECK(floats_are(&t.outs[0], 1, F32S(0.0f)));
  rg_tensor_release(&in);
  tb_free(&t);

  /* reduce_max nan_mode: PROPAGATE -> NaN, IGNORE -> max of the rest */
  for (int ign = 0; ign < 2; ign++) {
    tb_init(&t);
    x = tb_arg(&t, "tensor<3xf32>");
    RgNode *m = tb_node(&t, "tosa.reduce_max", "tensor<1xf32>", 1, &x);
    tb_prop_int(&t, m, "axis", 0, "i32");
    if (ign)
      tb_prop_opaque(&t, m, "nan_mode", "#tosa.nan_mode<IGNORE>");
    in = tb_in_f(RG_DT_F32, 1, I64S(3), F32S(2.0f, NAN, 1.0f));
    CHECK(tb_run1(&t, &m->results[0], &in, 1));
    CHECK(floats_are(&t.outs[0], 1, ign ? F32S(2.0f) : F32S(NAN)));
    rg_tensor_release(&in);
    tb_free(&t);
  }

  /* i32 sums REQUIRE no overflow */
  tb_init(&t);
  x = tb_arg(&t, "tensor<2xi32>");
  RgNode *o = tb_node(&t, "tosa.reduce_sum", "tensor<1xi32>", 1, &x);
  tb_prop_int(&t, o, "axis", 0, "i32");
  tb_ret1(&t, &o->results[0]);
  in = tb_in_i(RG_DT_I32, 1, I64S(2), I64S(2147483647, 1));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_UNPREDICTABLE);
  rg_tensor_release(&in);
  tb_free(&t);
}

/* ---- regions ---- */

static void test_cond_if(void) {
  for (int which = 0; which < 2; which++) {
    TB t;
    tb_init(&t);
    RgValue *c = tb_arg(&t, "tensor<1xi1>");
    RgValue *x = tb_arg(&t, "tensor<2xi32>");
    const RgType *rt = tb_type(&t, "tensor<2xi32>");
    RgNode *n = rg_node_create(t.g, &(RgNodeDesc){rg_op_intern(t.g, "tosa.cond_if", 12), 1, &c, 1, &rt, 2});
    rg_block_append(t.g, t.body, n);
    RgBlock *outer = t.body;
    /* then: yield x; else: yield x + x */
    t.body = rg_region_add_block(t.g, &n->regions[0]);
    RgNode *y1 = rg_node_create(t.g, &(RgNodeDesc){rg_op_intern(t.g, "tosa.yield", 10), 1, &x, 0, NULL, 0});
    rg_block_append(t.g, t.body, y1);
    t.body = rg_region_add_block(t.g, &n->regions[1]);
    RgValue *ops[2] = {x, x};
    RgValue *s = tb_op(&t, "tosa.add", "tensor<2xi32>", 2, ops);
    RgNode *y2 = rg_node_create(t.g, &(RgNodeDesc){rg_op_intern(t.g, "tosa.yield", 10), 1, &s, 0, NULL, 0});
    rg_block_append(t.g, t.body, y2);
    t.body = outer;
    tb_ret1(&t, &n->results[0]);
    RgTensor in[2] = {tb_in_i(RG_DT_I1, 1, I64S(1), I64S(which ? 1 : 0)),
                      tb_in_i(RG_DT_I32, 1, I64S(2), I64S(3, -4))};
    CHECK(tb_run(&t, in, 2) == RG_OK);
    CHECK(t.nout == 1 && ints_are(&t.outs[0], 2, which ? I64S(3, -4) : I64S(6, -8)));
    rg_tensor_release(&in[0]);
    rg_tensor_release(&in[1]);
    tb_free(&t);
  }
}

static void test_while_loop(void) {
  /* i = x; while (i < 10) i = i * 2 (via add i, i); starting 3: 3, 6, 12 */
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<1xi32>");
  RgValue *ten = tb_const_i(&t, "tensor<1xi32>", 1, I64S(10));
  const RgType *rt = tb_type(&t, "tensor<1xi32>");
  RgNode *w = rg_node_create(t.g, &(RgNodeDesc){rg_op_intern(t.g, "tosa.while_loop", 15), 1, &x, 1, &rt, 2});
  rg_block_append(t.g, t.body, w);
  RgBlock *outer = t.body;
  t.body = rg_region_add_block(t.g, &w->regions[0]);
  RgValue *i0 = rg_block_add_arg(t.g, t.body, rt, NULL);
  RgValue *cops[2] = {ten, i0};
  RgValue *cond = tb_op(&t, "tosa.greater", "tensor<1xi1>", 2, cops);
  rg_block_append(t.g, t.body,
                  rg_node_create(t.g, &(RgNodeDesc){rg_op_intern(t.g, "tosa.yield", 10), 1, &cond, 0, NULL, 0}));
  t.body = rg_region_add_block(t.g, &w->regions[1]);
  RgValue *i1 = rg_block_add_arg(t.g, t.body, rt, NULL);
  RgValue *bops[2] = {i1, i1};
  RgValue *next = tb_op(&t, "tosa.add", "tensor<1xi32>", 2, bops);
  rg_block_append(t.g, t.body,
                  rg_node_create(t.g, &(RgNodeDesc){rg_op_intern(t.g, "tosa.yield", 10), 1, &next, 0, NULL, 0}));
  t.body = outer;
  tb_ret1(&t, &w->results[0]);
  RgTensor in = tb_in_i(RG_DT_I32, 1, I64S(1), I64S(3));
  CHECK(tb_run(&t, &in, 1) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 1, I64S(12)));
  rg_tensor_array_free(t.outs, t.nout);
  t.outs = NULL;
  rg_tensor_set_int(&in, 0, 50); /* condition false at once */
  CHECK(tb_run(&t, &in, 1) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 1, I64S(50)));
  rg_tensor_release(&in);
  tb_free(&t);
}

int main(void) {
  RUN(test_mul_shift_rounding);
  RUN(test_cast_float_to_int);
  RUN(test_cast_int_conversions);
  RUN(test_select_broadcast);
  RUN(test_maximum_minimum_nan);
  RUN(test_negate_zero_points);
  RUN(test_abs);
  RUN(test_float_unary);
  RUN(test_table);
  RUN(test_pad_const);
  RUN(test_slice_concat_tile);
  RUN(test_reduce);
  RUN(test_cond_if);
  RUN(test_while_loop);
  TEST_EXIT();
}
