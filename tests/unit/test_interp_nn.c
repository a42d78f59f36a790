/* Unit tests for the reference interpreter, part 3: conv2d,
 * depthwise_conv2d, transpose_conv2d, matmul, avg_pool2d (integer rounding
 * through reciprocal_scale and zero points) and max_pool2d. Expected values
 * are worked out by hand from the TOSA 1.0 pseudocode. */
#include "interp_tb.h"
#include "check.h"

static void set_geom(TB *t, RgNode *n, const int64_t *pad, const int64_t *stride,
                     const int64_t *dil, const char *acc) {
  tb_prop_ints(t, n, "pad", 4, pad);
  tb_prop_ints(t, n, "stride", 2, stride);
  if (dil)
    tb_prop_ints(t, n, "dilation", 2, dil);
  if (acc)
    rg_node_set_prop(t->g, n, "acc_type", rg_attr_type(t->g, tb_type(t, acc)));
}

/* input 1x3x3x1 = 1..9 (input_zp 1 -> 0..8), weight 1x2x2x1 = [1, 2, 3, 4] */
static RgStatus run_conv_i8(TB *t, const int64_t *pad, const char *out_ty) {
  tb_init(t);
  RgValue *ops[5] = {tb_arg(t, "tensor<1x3x3x1xi8>"),
                     tb_const_i(t, "tensor<1x2x2x1xi8>", 4, I64S(1, 2, 3, 4)),
                     tb_const_i(t, "tensor<1xi32>", 1, I64S(100)),
                     tb_scalar_i(t, "tensor<1xi8>", 1), tb_scalar_i(t, "tensor<1xi8>", 0)};
  RgNode *n = tb_node(t, "tosa.conv2d", out_ty, 5, ops);
  set_geom(t, n, pad, I64S(1, 1), I64S(1, 1), "i32");
  tb_ret1(t, &n->results[0]);
  RgTensor in = tb_in_i(RG_DT_I8, 4, I64S(1, 3, 3, 1), I64S(1, 2, 3, 4, 5, 6, 7, 8, 9));
  RgStatus s = tb_run(t, &in, 1);
  rg_tensor_release(&in);
  return s;
}

static void test_conv2d_int(void) {
  /* values - 1 = [[0,1,2],[3,4,5],[6,7,8]]; out[0,0] = 0*1 + 1*2 + 3*3 + 4*4
   * = 27, out[0,1] = 37, out[1,0] = 57, out[1,1] = 67; bias 100 */
  TB t;
  CHECK(run_conv_i8(&t, I64S(0, 0, 0, 0), "tensor<1x2x2x1xi32>") == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 4, I64S(127, 137, 157, 167)));
  tb_free(&t);
  /* pad top 1, left 1: out[0,0] sees only in[0,0] (= 0) under weight 4 */
  CHECK(run_conv_i8(&t, I64S(1, 0, 1, 0), "tensor<1x3x3x1xi32>") == RG_OK);
  CHECK(t.nout == 1 && t.outs[0].numel == 9 && rg_tensor_get_int(&t.outs[0], 0) == 100 &&
        rg_tensor_get_int(&t.outs[0], 4) == 127 && rg_tensor_get_int(&t.outs[0], 8) == 167);
  /* out[0,1]: in[0,0..1] = 0, 1 under weights 3, 4 -> 4 + 100 */
  CHECK(t.nout == 1 && rg_tensor_get_int(&t.outs[0], 1) == 104);
  tb_free(&t);
  /* the result type does not match the geometry: ERROR_IF */
  CHECK(run_conv_i8(&t, I64S(0, 0, 0, 0), "tensor<1x3x3x1xi32>") == RG_ERR_INVALID);
  CHECK(t.kind == RG_INTERP_INVALID);
  tb_free(&t);
}

static void test_conv2d_stride_dilation_float(void) {
  /* 1x5x5x1 input 0..24, weight 1x2x2x1 all 1, dilation 2, stride 2, pad 0:
   * OH = (5 - 1 - (2 - 1) * 2) / 2 + 1 = 2. out[0,0] taps (0,0) (0,2) (2,0)
   * (2,2) = 0 + 2 + 10 + 12 = 24; out[0,1] = 2 + 4 + 12 + 14 = 32;
   * out[1,0] = 10 + 12 + 20 + 22 = 64; out[1,1] = 72; bias 0.5 */
  TB t;
  tb_init(&t);
  RgValue *ops[5] = {tb_arg(&t, "tensor<1x5x5x1xf32>"),
                     tb_const_f(&t, "tensor<1x2x2x1xf32>", 1, F64S(1.0)),
                     tb_const_f(&t, "tensor<1xf32>", 1, F64S(0.5)),
                     tb_const_f(&t, "tensor<1xf32>", 1, F64S(0.0)),
                     tb_const_f(&t, "tensor<1xf32>", 1, F64S(0.0))};
  RgNode *n = tb_node(&t, "tosa.conv2d", "tensor<1x2x2x1xf32>", 5, ops);
  set_geom(&t, n, I64S(0, 0, 0, 0), I64S(2, 2), I64S(2, 2), "f32");
  float v[25];
  for (int i = 0; i < 25; i++)
    v[i] = (float)i;
  RgTensor in = tb_in_f(RG_DT_F32, 4, I64S(1, 5, 5, 1), v);
  CHECK(tb_run1(&t, &n->results[0], &in, 1));
  CHECK(floats_are(&t.outs[0], 4, F32S(24.5f, 32.5f, 64.5f, 72.5f)));
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_conv2d_inexact_division(void) {
  /* 3x3 input, 2x2 kernel, stride 2: (3 - 1 - 1) / 2 is not exact */
  TB t;
  tb_init(&t);
  RgValue *ops[5] = {tb_arg(&t, "tensor<1x3x3x1xi8>"),
                     tb_const_i(&t, "tensor<1x2x2x1xi8>", 1, I64S(1)),
                     tb_const_i(&t, "tensor<1xi32>", 1, I64S(0)), tb_scalar_i(&t, "tensor<1xi8>", 0),
                     tb_scalar_i(&t, "tensor<1xi8>", 0)};
  RgNode *n = tb_node(&t, "tosa.conv2d", "tensor<1x1x1x1xi32>", 5, ops);
  set_geom(&t, n, I64S(0, 0, 0, 0), I64S(2, 2), I64S(1, 1), "i32");
  tb_ret1(&t, &n->results[0]);
  RgTensor in = tb_in_i(RG_DT_I8, 4, I64S(1, 3, 3, 1), I64S(1, 2, 3, 4, 5, 6, 7, 8, 9));
  CHECK(tb_run(&t, &in, 1) == RG_ERR_INVALID && t.kind == RG_INTERP_INVALID);
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_depthwise_conv2d(void) {
  /* input 1x2x2x2 (NHWC): channel 0 = 1, 2, 3, 4; channel 1 = 10, 20, 30, 40;
   * weight [KH=2, KW=2, C=2, M=1]: channel 0 all 1, channel 1 = 1, 0, 0, 1
   * -> out channel 0 = 10, channel 1 = 10 + 40 = 50; bias [1, 2] */
  TB t;
  tb_init(&t);
  RgValue *ops[5] = {tb_arg(&t, "tensor<1x2x2x2xi8>"),
                     tb_const_i(&t, "tensor<2x2x2x1xi8>", 8, I64S(1, 1, 1, 0, 1, 0, 1, 1)),
                     tb_const_i(&t, "tensor<2xi32>", 2, I64S(1, 2)),
                     tb_scalar_i(&t, "tensor<1xi8>", 0), tb_scalar_i(&t, "tensor<1xi8>", 0)};
  RgNode *n = tb_node(&t, "tosa.depthwise_conv2d", "tensor<1x1x1x2xi32>", 5, ops);
  set_geom(&t, n, I64S(0, 0, 0, 0), I64S(1, 1), I64S(1, 1), "i32");
  RgTensor in = tb_in_i(RG_DT_I8, 4, I64S(1, 2, 2, 2), I64S(1, 10, 2, 20, 3, 30, 4, 40));
  CHECK(tb_run1(&t, &n->results[0], &in, 1));
  CHECK(ints_are(&t.outs[0], 2, I64S(11, 52)));
  rg_tensor_release(&in);
  tb_free(&t);
  /* channel multiplier 2: weight [1,1,1,2] = [3, -1]: out = [3v, -v] */
  tb_init(&t);
  RgValue *ops2[5] = {tb_arg(&t, "tensor<1x1x2x1xi8>"),
                      tb_const_i(&t, "tensor<1x1x1x2xi8>", 2, I64S(3, -1)),
                      tb_const_i(&t, "tensor<1xi32>", 1, I64S(0)),
                      tb_scalar_i(&t, "tensor<1xi8>", 0), tb_scalar_i(&t, "tensor<1xi8>", 0)};
  n = tb_node(&t, "tosa.depthwise_conv2d", "tensor<1x1x2x2xi32>", 5, ops2);
  set_geom(&t, n, I64S(0, 0, 0, 0), I64S(1, 1), I64S(1, 1), "i32");
  in = tb_in_i(RG_DT_I8, 4, I64S(1, 1, 2, 1), I64S(5, -7));
  CHECK(tb_run1(&t, &n->results[0], &in, 1));
  CHECK(ints_are(&t.outs[0], 4, I64S(15, -5, -21, 7)));
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_transpose_conv2d(void) {
  /* input 1x1x2x1 = [1, 2], weight 1x1x2x1 = [10, 1], stride 2, no out_pad:
   * OW = (2 - 1) * 2 + 2 = 4; ix 0 writes ox 0, 1; ix 1 writes ox 2, 3:
   * [10, 1, 20, 2] + bias 5 */
  TB t;
  tb_init(&t);
  RgValue *ops[5] = {tb_arg(&t, "tensor<1x1x2x1xi8>"),
                     tb_const_i(&t, "tensor<1x1x2x1xi8>", 2, I64S(10, 1)),
                     tb_const_i(&t, "tensor<1xi32>", 1, I64S(5)),
                     tb_scalar_i(&t, "tensor<1xi8>", 0), tb_scalar_i(&t, "tensor<1xi8>", 0)};
  RgNode *n = tb_node(&t, "tosa.transpose_conv2d", "tensor<1x1x4x1xi32>", 5, ops);
  tb_prop_ints(&t, n, "out_pad", 4, I64S(0, 0, 0, 0));
  tb_prop_ints(&t, n, "stride", 2, I64S(1, 2));
  RgTensor in = tb_in_i(RG_DT_I8, 4, I64S(1, 1, 2, 1), I64S(1, 2));
  CHECK(tb_run1(&t, &n->results[0], &in, 1));
  CHECK(ints_are(&t.outs[0], 4, I64S(15, 6, 25, 7)));
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_matmul(void) {
  /* A = [[1,2],[3,4]] with A_zp 1 -> [[0,1],[2,3]]; B = [[5,6],[7,8]]:
   * [[7, 8], [31, 36]] */
  TB t;
  tb_init(&t);
  RgValue *ops[4] = {tb_arg(&t, "tensor<1x2x2xi8>"),
                     tb_const_i(&t, "tensor<1x2x2xi8>", 4, I64S(5, 6, 7, 8)),
                     tb_scalar_i(&t, "tensor<1xi8>", 1), tb_scalar_i(&t, "tensor<1xi8>", 0)};
  RgValue *y = tb_op(&t, "tosa.matmul", "tensor<1x2x2xi32>", 4, ops);
  RgTensor in = tb_in_i(RG_DT_I8, 3, I64S(1, 2, 2), I64S(1, 2, 3, 4));
  CHECK(tb_run1(&t, y, &in, 1));
  CHECK(ints_are(&t.outs[0], 4, I64S(7, 8, 31, 36)));
  rg_tensor_release(&in);
  tb_free(&t);
  /* i16 inputs accumulate in i48: 32767 * 32767 * 3 exceeds i32 */
  tb_init(&t);
  RgValue *ops2[4] = {tb_arg(&t, "tensor<1x1x3xi16>"),
                      tb_const_i(&t, "tensor<1x3x1xi16>", 1, I64S(32767)),
                      tb_scalar_i(&t, "tensor<1xi16>", 0), tb_scalar_i(&t, "tensor<1xi16>", 0)};
  y = tb_op(&t, "tosa.matmul", "tensor<1x1x1xi48>", 4, ops2);
  in = tb_in_i(RG_DT_I16, 3, I64S(1, 1, 3), I64S(32767, 32767, 32767));
  CHECK(tb_run1(&t, y, &in, 1));
  CHECK(ints_are(&t.outs[0], 1, I64S(3221028867LL)));
  rg_tensor_release(&in);
  tb_free(&t);
}

static RgStatus run_avg_i8(TB *t, int32_t w, const int64_t *vals, int64_t kw, int64_t izp,
                           int64_t ozp, const int64_t *pad, int32_t ow) {
  char in_ty[40], out_ty[40];
  snprintf(in_ty, sizeof in_ty, "tensor<1x1x%dx1xi8>", w);
  snprintf(out_ty, sizeof out_ty, "tensor<1x1x%dx1xi8>", ow);
  tb_init(t);
  RgValue *ops[3] = {tb_arg(t, in_ty), tb_scalar_i(t, "tensor<1xi8>", izp),
                     tb_scalar_i(t, "tensor<1xi8>", ozp)};
  RgNode *n = tb_node(t, "tosa.avg_pool2d", out_ty, 3, ops);
  tb_prop_ints(t, n, "kernel", 2, I64S(1, kw));
  set_geom(t, n, pad, I64S(1, 1), NULL, "i32");
  tb_ret1(t, &n->results[0]);
  RgTensor in = tb_in_i(RG_DT_I8, 4, (const int64_t[]){1, 1, w, 1}, vals);
  RgStatus s = tb_run(t, &in, 1);
  rg_tensor_release(&in);
  return s;
}

static void test_avg_pool2d_int_rounding(void) {
  TB t;
  /* count 3: reciprocal_scale gives k = 2, multiplier (2^30 + 1) * 4 / 3 =
   * 1431655766, shift 32; acc 5: (5 * m + 2^31) >> 32 = 2 (5/3 = 1.67) */
  CHECK(run_avg_i8(&t, 3, I64S(1, 2, 2), 3, 0, 0, I64S(0, 0, 0, 0), 1) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 1, I64S(2)));
  tb_free(&t);
  /* count 2: multiplier 1073741825 (just above 0.5 * 2^31), shift 31.
   * acc 3 -> 2 (1.5 rounds up); acc -3 -> (-3221225475 + 2^30) >> 31 = -2:
   * the multiplier's excess makes -1.5 round down, unlike RESCALE */
  CHECK(run_avg_i8(&t, 2, I64S(1, 2), 2, 0, 0, I64S(0, 0, 0, 0), 1) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 1, I64S(2)));
  tb_free(&t);
  CHECK(run_avg_i8(&t, 2, I64S(-1, -2), 2, 0, 0, I64S(0, 0, 0, 0), 1) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 1, I64S(-2)));
  tb_free(&t);
  /* zero points: (11 - 10, 12 - 10) -> avg 1.5 -> 2, + output_zp -5 = -3 */
  CHECK(run_avg_i8(&t, 2, I64S(11, 12), 2, 10, -5, I64S(0, 0, 0, 0), 1) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 1, I64S(-3)));
  tb_free(&t);
  /* clipping after output_zp: 127 + 100 -> 127 */
  CHECK(run_avg_i8(&t, 2, I64S(127, 127), 2, 0, 100, I64S(0, 0, 0, 0), 1) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 1, I64S(127)));
  tb_free(&t);
  /* padding is not counted: pad left 1, kernel 2 over [4, 8]:
   * out[0] = 4 / 1, out[1] = (4 + 8) / 2 */
  CHECK(run_avg_i8(&t, 2, I64S(4, 8), 2, 0, 0, I64S(0, 0, 1, 0), 2) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 2, I64S(4, 6)));
  tb_free(&t);
}

static void test_avg_pool2d_float(void) {
  TB t;
  tb_init(&t);
  RgValue *ops[3] = {tb_arg(&t, "tensor<1x1x3x1xf32>"),
                     tb_const_f(&t, "tensor<1xf32>", 1, F64S(0.0)),
                     tb_const_f(&t, "tensor<1xf32>", 1, F64S(0.0))};
  RgNode *n = tb_node(&t, "tosa.avg_pool2d", "tensor<1x1x1x1xf32>", 3, ops);
  tb_prop_ints(&t, n, "kernel", 2, I64S(1, 3));
  set_geom(&t, n, I64S(0, 0, 0, 0), I64S(1, 1), NULL, "f32");
  RgTensor in = tb_in_f(RG_DT_F32, 4, I64S(1, 1, 3, 1), F32S(1.0f, 2.0f, 4.0f));
  CHECK(tb_run1(&t, &n->results[0], &in, 1));
  CHECK(floats_are(&t.outs[0], 1, F32S(7.0f / 3.0f)));
  rg_tensor_release(&in);
  tb_free(&t);
}

static void test_max_pool2d(void) {
  /* 1x2x4x1, kernel 2x2 stride 2: windows [1,5,-3,2] and [0,-1,-7,-8] */
  TB t;
  tb_init(&t);
  RgValue *x = tb_arg(&t, "tensor<1x2x4x1xi8>");
  RgNode *n = tb_node(&t, "tosa.max_pool2d", "tensor<1x1x2x1xi8>", 1, &x);
  tb_prop_ints(&t, n, "kernel", 2, I64S(2, 2));
  set_geom(&t, n, I64S(0, 0, 0, 0), I64S(2, 2), NULL, NULL);
  RgTensor in = tb_in_i(RG_DT_I8, 4, I64S(1, 2, 4, 1), I64S(1, 5, 0, -1, -3, 2, -7, -8));
  CHECK(tb_run1(&t, &n->results[0], &in, 1));
  CHECK(ints_are(&t.outs[0], 2, I64S(5, 0)));
  rg_tensor_release(&in);
  tb_free(&t);
  /* padding never wins: pad right 1 over [-5, -6] with kernel 2 stride 1 */
  tb_init(&t);
  x = tb_arg(&t, "tensor<1x1x2x1xi8>");
  n = tb_node(&t, "tosa.max_pool2d", "tensor<1x1x2x1xi8>", 1, &x);
  tb_prop_ints(&t, n, "kernel", 2, I64S(1, 2));
  set_geom(&t, n, I64S(0, 0, 0, 1), I64S(1, 1), NULL, NULL);
  in = tb_in_i(RG_DT_I8, 4, I64S(1, 1, 2, 1), I64S(-5, -6));
  CHECK(tb_run1(&t, &n->results[0], &in, 1));
  CHECK(ints_are(&t.outs[0], 2, I64S(-5, -6)));
  rg_tensor_release(&in);
  tb_free(&t);
}

int main(void) {
  RUN(test_conv2d_int);
  RUN(test_conv2d_stride_dilation_float);
  RUN(test_conv2d_inexact_division);
  RUN(test_depthwise_conv2d);
  RUN(test_transpose_conv2d);
  RUN(test_matmul);
  RUN(test_avg_pool2d_int_rounding);
  RUN(test_avg_pool2d_float);
  RUN(test_max_pool2d);
  TEST_EXIT();
}
