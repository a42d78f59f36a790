/* backends/tosa/tosa_eval_image.c - TOSA 1.0 RESIZE, as its pseudocode
 * gives it: each output pixel reads the input at (oy * scale_d + offset) /
 * scale_n in each of H and W, nearest (ties to the later pixel) or
 * bilinear. Integers interpolate exactly in units of 1 / scale_n (i8 to
 * i32, i16 to i48); floats in the element type, each step rounded to it. */
#include <string.h>
#include "rulegen/eval.h"
#include "rules/builtin.h"

/* The geometry of one axis: scale n/d, offset and border, the sizes. */
typedef struct Axis {
  int64_t n, d, offset, border, in, out;
} Axis;

static int64_t floor_div(int64_t a, int64_t b) { return a / b - (a % b != 0 && (a < 0) != (b < 0)); }

/* The ERROR_IF checks of RESIZE on one axis (its name `what`). */
static RgStatus check_axis(RgInterp *ip, const Axis *a, const char *what) {
  if (a->n <= 0 || a->d <= 0)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "scale_%s must be positive, is %lld/%lld", what, (long long)a->n,
                        (long long)a->d);
  if (a->n > 1 << 11 || a->d >= 16 * a->n)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "scale_%s %lld/%lld is out of range", what, (long long)a->n,
                        (long long)a->d);
  if (a->offset < -a->n || a->offset >= 16 * a->n)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "offset_%s %lld is out of range", what, (long long)a->offset);
  if (a->border < -16 * a->n || a->border >= a->n)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "border_%s %lld is out of range", what, (long long)a->border);
  if (a->in >= 16384 || a->out >= 16384)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "%s sizes must be below 16384", what);
  int64_t span = (a->in - 1) * a->n - a->offset + a->border;
  if (span % a->d != 0)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "(I%s - 1) * scale_n - offset + border = %lld is not a multiple of %lld",
                        what, (long long)span, (long long)a->d);
  if (a->out != span / a->d + 1)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "result %s is %lld, the op computes %lld", what, (long long)a->out,
                        (long long)(span / a->d + 1));
  return RG_OK;
}

/* Where output index o reads on axis a: the lower and upper input index
 * and the remainder r in units of 1 / a->n. */
static void sample(const Axis *a, int64_t o, int64_t *i0, int64_t *i1, int64_t *r) {
  int64_t p = o * a->d + a->offset, i = floor_div(p, a->n);
  *r = p - i * a->n;
  *i0 = i < 0 ? 0 : i;
  *i1 = i + 1 > a->in - 1 ? a->in - 1 : i + 1;
}

/* f rounded to dt unless dt is f32 (whose arithmetic is float already). */
static float rnd(RgDType dt, float f) { return dt == RG_DT_F32 ? f : rg_elem_round(dt, f); }

static RgStatus op_resize(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  const RgTensor *x = in[0];
  if (x->rank != 4 || out->rank != 4 || x->dims[0] != out->dims[0] || x->dims[3] != out->dims[3])
    return rg_eval_fail(ip, RG_INTERP_INVALID, "input and result must be [N, H, W, C] with the same N and C");
  for (int k = 1; k < 4; k++)
    if (!rg_tensor_is_int(in[k]) || in[k]->rank != 1 || in[k]->numel != (k == 1 ? 4 : 2))
      return rg_eval_fail(ip, RG_INTERP_INVALID, "%s must hold %d integers", k == 1 ? "scale" : k == 2 ? "offset" : "border",
                          k == 1 ? 4 : 2);
  bool bilinear = rg_eval_attr_enum_is(n, "mode", "BILINEAR", NULL);
  if (!bilinear && !rg_eval_attr_enum_is(n, "mode", "NEAREST_NEIGHBOR", NULL))
    return rg_eval_fail(ip, RG_INTERP_UNSUPPORTED, "mode must be BILINEAR or NEAREST_NEIGHBOR");
  bool is_float = rg_tensor_is_float(x);
  RgDType want = x->dtype;
  if (!is_float && bilinear)
    want = x->dtype == RG_DT_I8 ? RG_DT_I32 : x->dtype == RG_DT_I16 ? RG_DT_I48 : RG_DT_NONE;
  if (!is_float && x->dtype != RG_DT_I8 && x->dtype != RG_DT_I16)
    want = RG_DT_NONE;
  if (out->dtype != want || want == RG_DT_NONE)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "%s RESIZE of %s does not give %s", bilinear ? "BILINEAR" : "NEAREST_NEIGHBOR",
                        rg_dtype_name(x->dtype), rg_dtype_name(out->dtype));
  Axis ay = {rg_tensor_get_int(in[1], 0), rg_tensor_get_int(in[1], 1), rg_tensor_get_int(in[2], 0),
             rg_tensor_get_int(in[3], 0), x->dims[1], out->dims[1]};
  Axis ax = {rg_tensor_get_int(in[1], 2), rg_tensor_get_int(in[1], 3), rg_tensor_get_int(in[2], 1),
             rg_tensor_get_int(in[3], 1), x->dims[2], out->dims[2]};
  RgStatus s = check_axis(ip, &ay, "y");
  if (s != RG_OK || (s = check_axis(ip, &ax, "x")) != RG_OK)
    return s;
  int64_t N = x->dims[0], IH = x->dims[1], IW = x->dims[2], C = x->dims[3], OH = out->dims[1], OW = out->dims[2];
  RgDType dt = x->dtype;
  for (int64_t b = 0; b < N; b++)
    for (int64_t oy = 0; oy < OH; oy++) {
      int64_t y0, y1, ry;
      sample(&ay, oy, &y0, &y1, &ry);
      for (int64_t ox = 0; ox < OW; ox++) {
        int64_t x0, x1, rx;
        sample(&ax, ox, &x0, &x1, &rx);
        int64_t o = ((b * OH + oy) * OW + ox) * C;
        int64_t i00 = ((b * IH + y0) * IW + x0) * C, i01 = ((b * IH + y0) * IW + x1) * C;
        int64_t i10 = ((b * IH + y1) * IW + x0) * C, i11 = ((b * IH + y1) * IW + x1) * C;
        if (!bilinear) {
          /* the remainder rounds up from one half: 2 r >= n, or r / n >= 0.5 in the element type */
          bool up_y = is_float ? rnd(dt, rnd(dt, (float)ry) / rnd(dt, (float)ay.n)) >= 0.5f : 2 * ry >= ay.n;
          bool up_x = is_float ? rnd(dt, rnd(dt, (float)rx) / rnd(dt, (float)ax.n)) >= 0.5f : 2 * rx >= ax.n;
          int64_t src = up_y ? (up_x ? i11 : i10) : (up_x ? i01 : i00);
          for (int64_t c = 0; c < C; c++) {
            if (is_float)
              rg_tensor_set_float(out, o + c, rg_tensor_get_float(x, src + c));
            else
              rg_tensor_set_int(out, o + c, rg_tensor_get_int(x, src + c));
          }
          continue;
        }
        if (!is_float) {
          int64_t uy = ay.n - ry, ux = ax.n - rx;
          for (int64_t c = 0; c < C; c++) {
            int64_t acc = rg_tensor_get_int(x, i00 + c) * uy * ux;
            acc += rg_tensor_get_int(x, i01 + c) * uy * rx;
            acc += rg_tensor_get_int(x, i10 + c) * ry * ux;
            acc += rg_tensor_get_int(x, i11 + c) * ry * rx;
            rg_tensor_set_int(out, o + c, acc);
          }
          continue;
        }
        float dy = rnd(dt, rnd(dt, (float)ry) / rnd(dt, (float)ay.n));
        float dx = rnd(dt, rnd(dt, (float)rx) / rnd(dt, (float)ax.n));
        float uy = rnd(dt, 1.0f - dy), ux = rnd(dt, 1.0f - dx);
        for (int64_t c = 0; c < C; c++) {
          float acc = rnd(dt, rnd(dt, rg_tensor_get_float(x, i00 + c) * uy) * ux);
          acc = rnd(dt, acc + rnd(dt, rnd(dt, rg_tensor_get_float(x, i01 + c) * uy) * dx));
          acc = rnd(dt, acc + rnd(dt, rnd(dt, rg_tensor_get_float(x, i10 + c) * dy) * ux));
          acc = rnd(dt, acc + rnd(dt, rnd(dt, rg_tensor_get_float(x, i11 + c) * dy) * dx));
          rg_tensor_set_float(out, o + c, acc);
        }
      }
    }
  return RG_OK;
}

/* The evaluator bound by eval(...) in the .ops declaration. */
RG_EVAL_ONE_RESULT(tosa_eval_resize, op_resize, 4, 4)
