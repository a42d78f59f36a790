/* Unit tests for the reference interpreter: tosa.resize, nearest and
 * bilinear, integer and float, and its ERROR_IF checks. Expected values
 * are worked out by hand from the TOSA 1.0 pseudocode: a 2x upscale with
 * scale [4, 2, 4, 2], offset [-1, -1], border [1, 1] reads, for output
 * rows 0..3, input row 0 (remainder 3/4), rows 0-1 (1/4), rows 0-1 (3/4)
 * and row 1 (1/4); columns alike. */
#include "interp_tb.h"
#include "check.h"

/* RESIZE of a 1xIHxIWx1 input of `in_ty` to `out_ty` with the given
 * geometry and mode (the attribute's spelling), run on `in`. */
static RgStatus run_resize(TB *t, const char *in_ty, const char *out_ty, const int64_t *scale, const int64_t *offset,
                           const int64_t *border, const char *mode, const RgTensor *in) {
  tb_init(t);
  RgValue *ops[4] = {tb_arg(t, in_ty), tb_shape(t, 4, scale), tb_shape(t, 2, offset), tb_shape(t, 2, border)};
  RgNode *n = tb_node(t, "tosa.resize", out_ty, 4, ops);
  tb_prop_opaque(t, n, "mode", mode);
  tb_ret1(t, &n->results[0]);
  return tb_run(t, in, 1);
}

#define UP2 I64S(4, 2, 4, 2), I64S(-1, -1), I64S(1, 1)
#define NEAREST "#tosa.resize_mode<NEAREST_NEIGHBOR>"
#define BILINEAR "#tosa.resize_mode<BILINEAR>"

static void test_resize_nearest(void) {
  TB t;
  RgTensor in = tb_in_i(RG_DT_I8, 4, I64S(1, 2, 2, 1), I64S(1, 2, -3, 4));
  CHECK(run_resize(&t, "tensor<1x2x2x1xi8>", "tensor<1x4x4x1xi8>", UP2, NEAREST, &in) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 16, I64S(1, 1, 2, 2, 1, 1, 2, 2, -3, -3, 4, 4, -3, -3, 4, 4)));
  tb_free(&t);
  rg_tensor_release(&in);
  /* float: the same picks (remainder / scale_n >= 0.5 rounds up) */
  in = tb_in_f(RG_DT_F32, 4, I64S(1, 2, 2, 1), F32S(0.5f, -1.0f, 2.0f, 8.0f));
  CHECK(run_resize(&t, "tensor<1x2x2x1xf32>", "tensor<1x4x4x1xf32>", UP2, NEAREST, &in) == RG_OK);
  CHECK(t.nout == 1 && floats_are(&t.outs[0], 16,
                                  F32S(0.5f, 0.5f, -1.0f, -1.0f, 0.5f, 0.5f, -1.0f, -1.0f, 2.0f, 2.0f, 8.0f, 8.0f, 2.0f,
                                       2.0f, 8.0f, 8.0f)));
  tb_free(&t);
  rg_tensor_release(&in);
  /* scale 2/1 without offset: output row 1 sits half way (remainder 1/2)
   * and takes the later row */
  in = tb_in_i(RG_DT_I8, 4, I64S(1, 2, 1, 1), I64S(5, 9));
  CHECK(run_resize(&t, "tensor<1x2x1x1xi8>", "tensor<1x3x1x1xi8>", I64S(2, 1, 1, 1), I64S(0, 0), I64S(0, 0), NEAREST,
                   &in) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 3, I64S(5, 9, 9)));
  tb_free(&t);
  rg_tensor_release(&in);
  in = tb_in_f(RG_DT_F32, 4, I64S(1, 2, 1, 1), F32S(5.0f, 9.0f));
  CHECK(run_resize(&t, "tensor<1x2x1x1xf32>", "tensor<1x3x1x1xf32>", I64S(2, 1, 1, 1), I64S(0, 0), I64S(0, 0), NEAREST,
                   &in) == RG_OK);
  CHECK(t.nout == 1 && floats_are(&t.outs[0], 3, F32S(5.0f, 9.0f, 9.0f)));
  tb_free(&t);
  rg_tensor_release(&in);
  /* downscale by 2 (scale 1/2): rows 0, 2, 4 */
  in = tb_in_i(RG_DT_I16, 4, I64S(1, 5, 1, 1), I64S(10, 11, 12, 13, 14));
  CHECK(run_resize(&t, "tensor<1x5x1x1xi16>", "tensor<1x3x1x1xi16>", I64S(1, 2, 1, 1), I64S(0, 0), I64S(0, 0), NEAREST,
                   &in) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 3, I64S(10, 12, 14)));
  tb_free(&t);
  rg_tensor_release(&in);
}

static void test_resize_bilinear_int(void) {
  /* in [[1, 2], [3, 4]]; weights in sixteenths, row (4 | 3,1 | 1,3 | 4) by
   * column alike: out[1][1] = 3*3*1 + 3*1*2 + 1*3*3 + 1*1*4 = 28 */
  TB t;
  RgTensor in = tb_in_i(RG_DT_I8, 4, I64S(1, 2, 2, 1), I64S(1, 2, 3, 4));
  CHECK(run_resize(&t, "tensor<1x2x2x1xi8>", "tensor<1x4x4x1xi32>", UP2, BILINEAR, &in) == RG_OK);
  CHECK(t.nout == 1 && ints_are(&t.outs[0], 16, I64S(16, 20, 28, 32, 24, 28, 36, 40, 40, 44, 52, 56, 48, 52, 60, 64)));
  tb_free(&t);
  rg_tensor_release(&in);
  /* i16 to i48: 32767 * 16 is past i16, exact in i48 */
  in = tb_in_i(RG_DT_I16, 4, I64S(1, 2, 2, 1), I64S(32767, -32768, 0, 1));
  CHECK(run_resize(&t, "tensor<1x2x2x1xi16>", "tensor<1x4x4x1xi48>", UP2, BILINEAR, &in) == RG_OK);
  /* out[0][1] = 4 * (3 * 32767 + 1 * -32768) = 262132 */
  CHECK(t.nout == 1 && rg_tensor_get_int(&t.outs[0], 0) == 32767 * 16 && rg_tensor_get_int(&t.outs[0], 1) == 262132 &&
        rg_tensor_get_int(&t.outs[0], 3) == -32768 * 16 && rg_tensor_get_int(&t.outs[0], 15) == 16);
  tb_free(&t);
  rg_tensor_release(&in);
}

static void test_resize_bilinear_float(void) {
  /* the integer case over 16: every weight is a multiple of 1/16, exact */
  TB t;
  RgTensor in = tb_in_f(RG_DT_F32, 4, I64S(1, 2, 2, 1), F32S(1.0f, 2.0f, 3.0f, 4.0f));
  CHECK(run_resize(&t, "tensor<1x2x2x1xf32>", "tensor<1x4x4x1xf32>", UP2, BILINEAR, &in) == RG_OK);
  CHECK(t.nout == 1 && floats_are(&t.outs[0], 16,
                                  F32S(1.0f, 1.25f, 1.75f, 2.0f, 1.5f, 1.75f, 2.25f, 2.5f, 2.5f, 2.75f, 3.25f, 3.5f, 3.0f,
                                       3.25f, 3.75f, 4.0f)));
  tb_free(&t);
  rg_tensor_release(&in);
  /* f16, each step rounded to it: between 2048 and 4096 its spacing is 2 */
  in = tb_in_f(RG_DT_F16, 4, I64S(1, 1, 2, 1), F32S(2048.0f, 2050.0f));
  CHECK(run_resize(&t, "tensor<1x1x2x1xf16>", "tensor<1x1x4x1xf16>", I64S(1, 1, 4, 2), I64S(0, -1), I64S(0, 1),
                   BILINEAR, &in) == RG_OK);
  /* out[1] = 2048 * 3/4 + 2050 * 1/4 = 2048.5 -> 2048; out[2] = 512 +
   * 1537.5 (-> 1538) = 2050 */
  CHECK(t.nout == 1 && floats_are(&t.outs[0], 4, F32S(2048.0f, 2048.0f, 2050.0f, 2050.0f)));
  tb_free(&t);
  rg_tensor_release(&in);
}

static void test_resize_errors(void) {
  TB t;
  RgTensor in = tb_in_i(RG_DT_I8, 4, I64S(1, 2, 2, 1), I64S(1, 2, 3, 4));
  /* the result size the geometry does not give */
  CHECK(run_resize(&t, "tensor<1x2x2x1xi8>", "tensor<1x3x4x1xi8>", UP2, NEAREST, &in) == RG_ERR_INVALID);
  CHECK(t.kind == RG_INTERP_INVALID);
  tb_free(&t);
  /* nearest keeps the element type; bilinear i8 gives i32 */
  CHECK(run_resize(&t, "tensor<1x2x2x1xi8>", "tensor<1x4x4x1xi32>", UP2, NEAREST, &in) == RG_ERR_INVALID);
  tb_free(&t);
  CHECK(run_resize(&t, "tensor<1x2x2x1xi8>", "tensor<1x4x4x1xi8>", UP2, BILINEAR, &in) == RG_ERR_INVALID);
  tb_free(&t);
  /* a zero scale, an offset out of range, an unknown mode */
  CHECK(run_resize(&t, "tensor<1x2x2x1xi8>", "tensor<1x4x4x1xi8>", I64S(0, 2, 4, 2), I64S(-1, -1), I64S(1, 1), NEAREST,
                   &in) == RG_ERR_INVALID);
  tb_free(&t);
  CHECK(run_resize(&t, "tensor<1x2x2x1xi8>", "tensor<1x4x4x1xi8>", UP2, "#tosa.resize_mode<CUBIC>", &in) != RG_OK);
  tb_free(&t);
  CHECK(run_resize(&t, "tensor<1x2x2x1xi8>", "tensor<1x2x2x1xi8>", I64S(4, 2, 4, 2), I64S(-5, -1), I64S(1, 1), NEAREST,
                   &in) == RG_ERR_INVALID);
  tb_free(&t);
  rg_tensor_release(&in);
}

int main(void) {
  RUN(test_resize_nearest);
  RUN(test_resize_bilinear_int);
  RUN(test_resize_bilinear_float);
  RUN(test_resize_errors);
  TEST_EXIT();
}
