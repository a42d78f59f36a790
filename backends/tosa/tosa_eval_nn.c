/* backends/tosa/tosa_eval_nn.c - TOSA 1.0 tensor ops: conv2d, depthwise_conv2d,
 * transpose_conv2d, matmul, avg_pool2d and max_pool2d. Loops and the order
 * of accumulation follow the spec's pseudocode, so float results are
 * reproducible; integer accumulators REQUIRE no overflow of acc_t (i32 for
 * i8 inputs, i48 for i16 inputs). */
#include <math.h>
#include <string.h>
#include "rulegen/eval.h"
#include "rules/builtin.h"

/* Accumulator for one output element: integers exact in int64 with range
 * checks, floats in fp32 rounded to the acc type after each step. */
typedef struct Acc {
  bool is_int;
  RgDType dt; /* I32 / I48 or F32 / F16 / BF16 */
  int64_t i;
  float f;
} Acc;

typedef struct ConvIO {
  RgTensor *in, *w, *bias, *out;
  int64_t izp, wzp;
  RgDType acc;
} ConvIO;

static RgDType int_acc(RgDType in) { return in == RG_DT_I16 ? RG_DT_I48 : RG_DT_I32; }

/* Common checks of the conv family and matmul: element types, zero points
 * (non-zero only for i8 operands, and 0 for floats), accumulator type. */
static RgStatus conv_setup(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out,
                           bool has_bias, ConvIO *io) {
  memset(io, 0, sizeof *io);
  io->in = in[0];
  io->w = in[1];
  io->bias = has_bias ? in[2] : NULL;
  io->out = out;
  uint32_t zi = has_bias ? 3 : 2;
  RgTensor *izp = n->num_operands > zi ? in[zi] : NULL;
  RgTensor *wzp = n->num_operands > zi + 1 ? in[zi + 1] : NULL;
  bool is_int = rg_tensor_is_int(io->in);
  if ((rg_tensor_is_int(io->w)) != is_int || (rg_tensor_is_int(out)) != is_int)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "mixed integer and float operands");
  if (is_int) {
    io->izp = izp ? rg_eval_scalar_int(izp) : 0;
    io->wzp = wzp ? rg_eval_scalar_int(wzp) : 0;
    if (io->in->dtype != RG_DT_I8 && io->izp != 0)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "input_zp must be 0 for %s",
                         rg_dtype_name(io->in->dtype));
    if (io->w->dtype != RG_DT_I8 && io->wzp != 0)
      return rg_eval_fail(ip, RG_INTERP_INVALID, "weight_zp must be 0 for %s",
                         rg_dtype_name(io->w->dtype));
    io->acc = int_acc(io->in->dtype);
    if (out->dtype != io->acc && !(io->acc == RG_DT_I48 && out->dtype == RG_DT_I64))
      return rg_eval_fail(ip, RG_INTERP_INVALID, "result must be %s", rg_dtype_name(io->acc));
  } else {
    if ((izp && rg_eval_scalar_float(izp) != 0) || (wzp && rg_eval_scalar_float(wzp) != 0))
      return rg_eval_fail(ip, RG_INTERP_INVALID, "float zero points must be 0");
    io->acc = RG_DT_F32;
    const RgAttr *at = rg_node_attr(n, "acc_type");
    if (at && at->kind == RG_ATTR_TYPE && at->type && rg_dtype_is_float(at->type->dtype))
      io->acc = at->type->dtype;
  }
  if (io->bias && io->bias->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "bias element type differs from the result");
  return RG_OK;
}

static void acc_init(Acc *a, const ConvIO *io) {
  a->is_int = rg_tensor_is_int(io->in);
  a->dt = io->acc;
  a->i = 0;
  a->f = 0;
}

/* acc += (value - izp) * (weight - wzp) */
static RgStatus acc_mac(RgInterp *ip, Acc *a, const ConvIO *io, int64_t vi, int64_t wi) {
  if (a->is_int) {
    int64_t v = rg_tensor_get_int(io->in, vi) - io->izp, w = rg_tensor_get_int(io->w, wi) - io->wzp;
    a->i += v * w;
    return rg_eval_require_range(ip, a->i, a->dt, "accumulator");
  }
  float p = rg_tensor_get_float(io->in, vi) * rg_tensor_get_float(io->w, wi);
  if (a->dt != RG_DT_F32)
    p = rg_elem_round(a->dt, p);
  a->f = a->f + p;
  if (a->dt != RG_DT_F32)
    a->f = rg_elem_round(a->dt, a->f);
  return RG_OK;
}

static RgStatus acc_store(RgInterp *ip, Acc *a, const ConvIO *io, int64_t oc, int64_t oi) {
  const RgTensor *b = io->bias;
  int64_t bi = b && b->numel == 1 ? 0 : oc;
  if (a->is_int) {
    if (b)
      a->i += rg_tensor_get_int(b, bi);
    RgStatus s = rg_eval_require_range(ip, a->i, a->dt, "accumulator + bias");
    if (s != RG_OK)
      return s;
    rg_tensor_set_int(io->out, oi, a->i);
    return RG_OK;
  }
  float r = a->f;
  if (b)
    r = r + rg_tensor_get_float(b, bi);
  rg_tensor_set_float(io->out, oi, rg_elem_round(io->out->dtype, r));
  return RG_OK;
}

typedef struct Geom {
  int64_t pad_top, pad_bottom, pad_left, pad_right, sy, sx, dy, dx;
} Geom;

static RgStatus read_geom(RgInterp *ip, const RgNode *n, Geom *g, bool dilation) {
  const int64_t *pad, *st, *dl = NULL;
  uint32_t np, ns, nd = 0;
  if (!rg_eval_attr_ints(n, "pad", &pad, &np) || np != 4 ||
      !rg_eval_attr_ints(n, "stride", &st, &ns) || ns != 2 ||
      (dilation && (!rg_eval_attr_ints(n, "dilation", &dl, &nd) || nd != 2)))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs pad[4], stride[2]%s",
                       dilation ? ", dilation[2]" : "");
  g->pad_top = pad[0];
  g->pad_bottom = pad[1];
  g->pad_left = pad[2];
  g->pad_right = pad[3];
  g->sy = st[0];
  g->sx = st[1];
  g->dy = dl ? dl[0] : 1;
  g->dx = dl ? dl[1] : 1;
  if (g->pad_top < 0 || g->pad_bottom < 0 || g->pad_left < 0 || g->pad_right < 0 ||
      g->sy < 1 || g->sx < 1 || g->dy < 1 || g->dx < 1)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "negative pad or non-positive stride/dilation");
  return RG_OK;
}

/* A window op along one spatial axis: input size, padding before plus
 * after, kernel size, dilation and stride. */
typedef struct WindowAxis {
  int64_t in, pads, k, d, s;
} WindowAxis;

/* Output size rule of the spec: (I - 1 + pads - (K - 1) * d) / s + 1,
 * where the division must be exact (ERROR_IF). */
static RgStatus check_out_dim(RgInterp *ip, WindowAxis a, int64_t out, const char *which) {
  int64_t num = a.in - 1 + a.pads - (a.k - 1) * a.d;
  if (num < 0 || num % a.s != 0 || num / a.s + 1 != out)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "output %s %lld does not match the geometry",
                       which, (long long)out);
  return RG_OK;
}

static RgStatus rank_is(RgInterp *ip, const RgTensor *t, int32_t r, const char *what) {
  if (t->rank == r)
    return RG_OK;
  return rg_eval_fail(ip, RG_INTERP_INVALID, "%s must have rank %d", what, r);
}

/* Output pixels computed together (consecutive in row-major order): the
 * weights of a tap, read once, serve all of them. */
#define CONV_PIX 64

/* Stores an fp32 accumulator as acc_store does: bias added, then rounded
 * to the result type (by the store). */
static void store_f32(const ConvIO *io, float acc, int64_t oc, int64_t oi) {
  const RgTensor *b = io->bias;
  if (b)
    acc = acc + rg_tensor_get_float(b, b->numel == 1 ? 0 : oc);
  rg_tensor_set_float(io->out, oi, acc);
}

/* A conv2d of floats with an fp32 accumulator, split by blocks of output
 * pixels: part p computes blocks [p * per_part, ...) with its own
 * scratch rows (CONV_PIX * (2 * OC + IC) floats at scratch + p * that). */
typedef struct ConvF32 {
  const ConvIO *io;
  const Geom *g;
  float *wt; /* the weights as [KH, KW, IC, OC] */
  float *scratch;
  int64_t blocks, per_part;
} ConvF32;

/* The pixels of block q0.. (np of them) that tap (ky, kx) = tap[0..2)
 * reaches, their input rows gathered into rows; returns how many, their
 * offsets in the block in pick. */
static int64_t gather_tap(const ConvF32 *cv, int64_t q0, int64_t np, const int64_t tap[2], float *rows,
                          int64_t *pick) {
  int64_t ky = tap[0], kx = tap[1];
  const RgTensor *in = cv->io->in;
  const float *src = rg_tensor_f32_in(in);
  const Geom *g = cv->g;
  int64_t IH = in->dims[1], IW = in->dims[2], IC = in->dims[3];
  int64_t OH = cv->io->out->dims[1], OW = cv->io->out->dims[2], nv = 0;
  for (int64_t q = 0; q < np; q++) { /* pixel q0 + q = (b, oy, ox) */
    int64_t ox = (q0 + q) % OW, oy = (q0 + q) / OW % OH, b = (q0 + q) / (OW * OH);
    int64_t y = oy * g->sy - g->pad_top + ky * g->dy, x = ox * g->sx - g->pad_left + kx * g->dx;
    if (y < 0 || y >= IH || x < 0 || x >= IW)
      continue;
    int64_t at = ((b * IH + y) * IW + x) * IC;
    if (src)
      memcpy(rows + nv * IC, src + at, sizeof *rows * (size_t)IC);
    else
      for (int64_t ic = 0; ic < IC; ic++)
        rows[nv * IC + ic] = rg_tensor_get_float(in, at + ic);
    pick[nv++] = q;
  }
  return nv;
}

/* For a block of output pixels and one tap (ky, kx), the pixels whose tap
 * falls inside the input add (pixels x IC) * (IC x OC) into their
 * accumulator rows. Every accumulator still adds its taps in (ky, kx, ic)
 * order and skips the padding, so the bits are those of the plain loop of
 * op_conv2d. */
static void conv_f32_part(void *ctx, uint32_t part) {
  const ConvF32 *cv = ctx;
  int64_t IC = cv->io->in->dims[3], OC = cv->io->w->dims[0], KH = cv->io->w->dims[1], KW = cv->io->w->dims[2];
  int64_t npix = cv->io->out->numel / (OC ? OC : 1);
  float *acc = cv->scratch + (size_t)part * (size_t)(CONV_PIX * (2 * OC + IC));
  float *ctmp = acc + CONV_PIX * OC, *rows = ctmp + CONV_PIX * OC;
  int64_t pick[CONV_PIX], b1 = ((int64_t)part + 1) * cv->per_part;
  for (int64_t blk = (int64_t)part * cv->per_part; blk < b1 && blk < cv->blocks; blk++) {
    int64_t q0 = blk * CONV_PIX, np = npix - q0 < CONV_PIX ? npix - q0 : CONV_PIX;
    memset(acc, 0, sizeof *acc * (size_t)(np * OC));
    for (int64_t ky = 0; ky < KH; ky++)
      for (int64_t kx = 0; kx < KW; kx++) {
        int64_t nv = gather_tap(cv, q0, np, (const int64_t[]){ky, kx}, rows, pick);
        const float *wk = cv->wt + (ky * KW + kx) * IC * OC;
        if (nv == np) {
          rg_eval_gemm_f32(&(RgGemmF32){.m = np, .n = OC, .k = IC,
                                         .a = rows, .lda = IC, .b = wk, .ldb = OC, .c = acc, .ldc = OC});
          continue;
        }
        for (int64_t v = 0; v < nv; v++) /* only the pixels this tap reaches */
          memcpy(ctmp + v * OC, acc + pick[v] * OC, sizeof *acc * (size_t)OC);
        rg_eval_gemm_f32(&(RgGemmF32){.m = nv, .n = OC, .k = IC,
                                       .a = rows, .lda = IC, .b = wk, .ldb = OC, .c = ctmp, .ldc = OC});
        for (int64_t v = 0; v < nv; v++)
          memcpy(acc + pick[v] * OC, ctmp + v * OC, sizeof *acc * (size_t)OC);
      }
    for (int64_t q = 0; q < np; q++)
      for (int64_t oc = 0; oc < OC; oc++)
        store_f32(cv->io, acc[q * OC + oc], oc, (q0 + q) * OC + oc);
  }
}

/* Blocks [b0, b1) of 16 output channels of the weights' repacking as
 * [KH, KW, IC, OC] (16 rows of w read side by side). */
static void repack_blocks(void *ctx, int64_t b0, int64_t b1) {
  const ConvF32 *cv = ctx;
  const RgTensor *w = cv->io->w;
  int64_t OC = w->dims[0], taps = w->dims[1] * w->dims[2] * w->dims[3];
  float *wt = cv->wt;
  const float *src = rg_tensor_f32_in(w);
  for (int64_t blk = b0; blk < b1; blk++)
    for (int64_t t = 0; t < taps; t++)
      for (int64_t oc = blk * 16; oc < OC && oc < blk * 16 + 16; oc++)
        wt[t * OC + oc] = src ? src[oc * taps + t] : rg_tensor_get_float(w, oc * taps + t);
}

/* conv2d of floats with an fp32 accumulator: the weights repacked as
 * [KH, KW, IC, OC], then blocks of CONV_PIX output pixels, over threads
 * when there are several blocks (each then runs its products alone). */
static RgStatus conv2d_f32(RgInterp *ip, const ConvIO *io, const Geom *g) {
  const RgTensor *w = io->w;
  int64_t IC = io->in->dims[3], OC = w->dims[0], KH = w->dims[1], KW = w->dims[2];
  int64_t npix = io->out->numel / (OC ? OC : 1), blocks = (npix + CONV_PIX - 1) / CONV_PIX;
  uint32_t parts = rg_eval_threads();
  if (blocks < 2 || parts < 2 || npix * OC * KH * KW * IC < ((int64_t)1 << 22))
    parts = 1;
  else if ((int64_t)parts > blocks)
    parts = (uint32_t)blocks;
  float *wt = rg_alloc(sizeof *wt * (size_t)(w->numel + 1));
  float *scratch = rg_alloc(sizeof *scratch * (size_t)(parts * CONV_PIX * (2 * OC + IC) + 1));
  if (!wt || !scratch) {
    rg_free(wt);
    rg_free(scratch);
    return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: fp32 copy of the weights (%lld floats)",
                        (long long)w->numel);
  }
  ConvF32 cv = {io, g, wt, scratch, blocks, (blocks + parts - 1) / parts};
  rg_eval_for((OC + 15) / 16, w->numel, repack_blocks, &cv);
  if (parts == 1)
    conv_f32_part(&cv, 0);
  else
    rg_eval_parallel(parts, conv_f32_part, &cv);
  rg_free(wt);
  rg_free(scratch);
  return RG_OK;
}

static RgStatus op_conv2d(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  ConvIO io;
  Geom g;
  RgStatus s = conv_setup(ip, n, in, out, true, &io);
  if (s || (s = read_geom(ip, n, &g, true)) || (s = rank_is(ip, io.in, 4, "input")) ||
      (s = rank_is(ip, io.w, 4, "weight")) || (s = rank_is(ip, out, 4, "result")))
    return s;
  int64_t N = io.in->dims[0], IH = io.in->dims[1], IW = io.in->dims[2], IC = io.in->dims[3];
  int64_t OC = io.w->dims[0], KH = io.w->dims[1], KW = io.w->dims[2];
  int64_t OH = out->dims[1], OW = out->dims[2];
  if (io.w->dims[3] != IC || out->dims[0] != N || out->dims[3] != OC ||
      (io.bias->numel != OC && io.bias->numel != 1))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand shapes do not agree");
  if ((s = check_out_dim(ip, (WindowAxis){IH, g.pad_top + g.pad_bottom, KH, g.dy, g.sy}, OH, "height")) ||
      (s = check_out_dim(ip, (WindowAxis){IW, g.pad_left + g.pad_right, KW, g.dx, g.sx}, OW, "width")))
    return s;
  if (!rg_tensor_is_int(io.in) && io.acc == RG_DT_F32)
    return conv2d_f32(ip, &io, &g);
  int64_t oi = 0;
  for (int64_t b = 0; b < N; b++)
    for (int64_t oy = 0; oy < OH; oy++)
      for (int64_t ox = 0; ox < OW; ox++)
        for (int64_t oc = 0; oc < OC; oc++, oi++) {
          Acc a;
          acc_init(&a, &io);
          int64_t iy = oy * g.sy - g.pad_top, ix = ox * g.sx - g.pad_left;
          for (int64_t ky = 0; ky < KH; ky++)
            for (int64_t kx = 0; kx < KW; kx++) {
              int64_t y = iy + ky * g.dy, x = ix + kx * g.dx;
              if (y < 0 || y >= IH || x < 0 || x >= IW)
                continue;
              for (int64_t ic = 0; ic < IC; ic++)
                if ((s = acc_mac(ip, &a, &io, ((b * IH + y) * IW + x) * IC + ic,
                                 ((oc * KH + ky) * KW + kx) * IC + ic)))
                  return s;
            }
          if ((s = acc_store(ip, &a, &io, oc, oi)))
            return s;
        }
  return RG_OK;
}

/* weight [KH, KW, C, M]; output channel c * M + m. */
static RgStatus op_depthwise_conv2d(RgInterp *ip, const RgNode *n, RgTensor *const *in,
                                    RgTensor *out) {
  ConvIO io;
  Geom g;
  RgStatus s = conv_setup(ip, n, in, out, true, &io);
  if (s || (s = read_geom(ip, n, &g, true)) || (s = rank_is(ip, io.in, 4, "input")) ||
      (s = rank_is(ip, io.w, 4, "weight")) || (s = rank_is(ip, out, 4, "result")))
    return s;
  int64_t N = io.in->dims[0], IH = io.in->dims[1], IW = io.in->dims[2], C = io.in->dims[3];
  int64_t KH = io.w->dims[0], KW = io.w->dims[1], M = io.w->dims[3];
  int64_t OH = out->dims[1], OW = out->dims[2];
  if (io.w->dims[2] != C || out->dims[0] != N || out->dims[3] != C * M ||
      (io.bias->numel != C * M && io.bias->numel != 1))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand shapes do not agree");
  if ((s = check_out_dim(ip, (WindowAxis){IH, g.pad_top + g.pad_bottom, KH, g.dy, g.sy}, OH, "height")) ||
      (s = check_out_dim(ip, (WindowAxis){IW, g.pad_left + g.pad_right, KW, g.dx, g.sx}, OW, "width")))
    return s;
  int64_t oi = 0;
  for (int64_t b = 0; b < N; b++)
    for (int64_t oy = 0; oy < OH; oy++)
      for (int64_t ox = 0; ox < OW; ox++)
        for (int64_t c = 0; c < C; c++)
          for (int64_t m = 0; m < M; m++, oi++) {
            Acc a;
            acc_init(&a, &io);
            int64_t iy = oy * g.sy - g.pad_top, ix = ox * g.sx - g.pad_left;
            for (int64_t ky = 0; ky < KH; ky++)
              for (int64_t kx = 0; kx < KW; kx++) {
                int64_t y = iy + ky * g.dy, x = ix + kx * g.dx;
                if (y < 0 || y >= IH || x < 0 || x >= IW)
                  continue;
                if ((s = acc_mac(ip, &a, &io, ((b * IH + y) * IW + x) * C + c,
                                 ((ky * KW + kx) * C + c) * M + m)))
                  return s;
              }
            if ((s = acc_store(ip, &a, &io, c * M + m, oi)))
              return s;
          }
  return RG_OK;
}

/* TRANSPOSE_CONV2D: the output starts as the bias and every input element
 * scatters into it, in the spec's loop order (n, iy, ix, oc, ic, ky, kx). */
static RgStatus op_transpose_conv2d(RgInterp *ip, const RgNode *n, RgTensor *const *in,
                                    RgTensor *out) {
  ConvIO io;
  RgStatus s = conv_setup(ip, n, in, out, true, &io);
  if (s || (s = rank_is(ip, io.in, 4, "input")) || (s = rank_is(ip, io.w, 4, "weight")) ||
      (s = rank_is(ip, out, 4, "result")))
    return s;
  const int64_t *op, *st;
  uint32_t nop, nst;
  if (!rg_eval_attr_ints(n, "out_pad", &op, &nop) || nop != 4 ||
      !rg_eval_attr_ints(n, "stride", &st, &nst) || nst != 2 || st[0] < 1 || st[1] < 1)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs out_pad[4] and stride[2]");
  int64_t N = io.in->dims[0], IH = io.in->dims[1], IW = io.in->dims[2], IC = io.in->dims[3];
  int64_t OC = io.w->dims[0], KH = io.w->dims[1], KW = io.w->dims[2];
  int64_t OH = out->dims[1], OW = out->dims[2];
  if (io.w->dims[3] != IC || out->dims[0] != N || out->dims[3] != OC ||
      (io.bias->numel != OC && io.bias->numel != 1))
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand shapes do not agree");
  if (OH != (IH - 1) * st[0] + op[0] + op[1] + KH || OW != (IW - 1) * st[1] + op[2] + op[3] + KW)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "output size does not match the geometry");
  bool is_int = rg_tensor_is_int(out);
  for (int64_t i = 0; i < out->numel; i++) {
    int64_t oc = i % OC, bi = io.bias->numel == 1 ? 0 : oc;
    if (is_int)
      rg_tensor_set_int(out, i, rg_tensor_get_int(io.bias, bi));
    else
      rg_tensor_set_float(out, i, rg_tensor_get_float(io.bias, bi));
  }
  for (int64_t b = 0; b < N; b++)
    for (int64_t iy = 0; iy < IH; iy++)
      for (int64_t ix = 0; ix < IW; ix++)
        for (int64_t oc = 0; oc < OC; oc++)
          for (int64_t ic = 0; ic < IC; ic++)
            for (int64_t ky = 0; ky < KH; ky++)
              for (int64_t kx = 0; kx < KW; kx++) {
                int64_t oy = iy * st[0] + op[0] + ky, ox = ix * st[1] + op[2] + kx;
                if (oy < 0 || oy >= OH || ox < 0 || ox >= OW)
                  continue;
                int64_t oi = ((b * OH + oy) * OW + ox) * OC + oc;
                int64_t vi = ((b * IH + iy) * IW + ix) * IC + ic;
                int64_t wi = ((oc * KH + ky) * KW + kx) * IC + ic;
                if (is_int) {
                  int64_t v = rg_tensor_get_int(io.in, vi) - io.izp, w = rg_tensor_get_int(io.w, wi) - io.wzp;
                  int64_t acc = rg_tensor_get_int(out, oi) + v * w;
                  if ((s = rg_eval_require_range(ip, acc, io.acc, "accumulator")))
                    return s;
                  rg_tensor_set_int(out, oi, acc);
                } else {
                  float p = rg_tensor_get_float(io.in, vi) * rg_tensor_get_float(io.w, wi);
                  float r = rg_tensor_get_float(out, oi) + p;
                  rg_tensor_set_float(out, oi, rg_elem_round(io.acc, r));
                }
              }
  if (!is_int && out->dtype != io.acc)
    for (int64_t i = 0; i < out->numel; i++)
      rg_tensor_set_float(out, i, rg_elem_round(out->dtype, rg_tensor_get_float(out, i)));
  return RG_OK;
}

/* MATMUL of floats with an fp32 accumulator, one batch at a time through
 * rg_eval_gemm_f32: each result adds its products in ascending c from 0,
 * as the plain loop does. */
static RgStatus matmul_f32(RgInterp *ip, const ConvIO *io) {
  int64_t N = io->in->dims[0], H = io->in->dims[1], C = io->in->dims[2], W = io->w->dims[2];
  /* f32 operands are read in place, and an f32 result written in place
   * (zero-filled, as the evaluator contract gives it); others through
   * fp32 copies */
  const float *in_a = rg_tensor_f32_in(io->in), *in_b = rg_tensor_f32_in(io->w);
  float *in_c = rg_tensor_f32(io->out);
  for (int64_t b = 0; b < N; b++) {
    float *a = in_a ? NULL : rg_eval_pack_f32(io->in, b * H * C, H * C);
    float *bm = in_b ? NULL : rg_eval_pack_f32(io->w, b * C * W, C * W);
    float *c = in_c ? NULL : rg_alloc(sizeof *c * (size_t)(H * W + 1));
    if ((!in_a && !a) || (!in_b && !bm) || (!in_c && !c)) {
      rg_free(a);
      rg_free(bm);
      rg_free(c);
      return rg_eval_fail(ip, RG_INTERP_NOMEM, "out of memory: fp32 copies of batch %lld",
                          (long long)b);
    }
    if (c)
      memset(c, 0, sizeof *c * (size_t)(H * W));
    rg_eval_gemm_f32(&(RgGemmF32){.m = H, .n = W, .k = C, .a = a ? a : in_a + b * H * C, .lda = C,
                                   .b = bm ? bm : in_b + b * C * W, .ldb = W,
                                   .c = c ? c : in_c + b * H * W, .ldc = W});
    for (int64_t i = 0; c && i < H * W; i++)
      store_f32(io, c[i], 0, b * H * W + i);
    rg_free(a);
    rg_free(bm);
    rg_free(c);
  }
  return RG_OK;
}

/* MATMUL: A [N, H, C] x B [N, C, W] -> [N, H, W], zero points A_zp, B_zp. */
static RgStatus op_matmul(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  ConvIO io;
  RgStatus s = conv_setup(ip, n, in, out, false, &io);
  if (s || (s = rank_is(ip, io.in, 3, "A")) || (s = rank_is(ip, io.w, 3, "B")) ||
      (s = rank_is(ip, out, 3, "result")))
    return s;
  int64_t N = io.in->dims[0], H = io.in->dims[1], C = io.in->dims[2], W = io.w->dims[2];
  if (io.w->dims[0] != N || io.w->dims[1] != C || out->dims[0] != N || out->dims[1] != H ||
      out->dims[2] != W)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand shapes do not agree");
  if (!rg_tensor_is_int(io.in) && io.acc == RG_DT_F32)
    return matmul_f32(ip, &io);
  int64_t oi = 0;
  for (int64_t b = 0; b < N; b++)
    for (int64_t y = 0; y < H; y++)
      for (int64_t x = 0; x < W; x++, oi++) {
        Acc a;
        acc_init(&a, &io);
        for (int64_t c = 0; c < C; c++)
          if ((s = acc_mac(ip, &a, &io, (b * H + y) * C + c, (b * C + c) * W + x)))
            return s;
        if ((s = acc_store(ip, &a, &io, 0, oi)))
          return s;
      }
  return RG_OK;
}

/* reciprocal_scale of the spec: for the divisor `count`,
 * k = 32 - clz(count - 1), multiplier = ((1 << 30) + 1 << k) / count,
 * shift = 30 + k. */
static void reciprocal_scale(int64_t count, int64_t *mult, int64_t *shift) {
  uint32_t v = (uint32_t)(count - 1);
  int k = 0;
  while (k < 32 && (v >> k) != 0)
    k++;
  int64_t numerator = (((int64_t)1 << 30) + 1) << k;
  *mult = numerator / count;
  *shift = 30 + k;
}

typedef struct PoolGeom {
  Geom g;
  int64_t KH, KW, N, IH, IW, C, OH, OW;
} PoolGeom;

static RgStatus pool_setup(RgInterp *ip, const RgNode *n, const RgTensor *a, const RgTensor *out,
                           PoolGeom *p) {
  RgStatus s = read_geom(ip, n, &p->g, false);
  if (s || (s = rank_is(ip, a, 4, "input")) || (s = rank_is(ip, out, 4, "result")))
    return s;
  const int64_t *k;
  uint32_t nk;
  if (!rg_eval_attr_ints(n, "kernel", &k, &nk) || nk != 2 || k[0] < 1 || k[1] < 1)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "needs kernel[2]");
  if (a->dtype != out->dtype)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "result element type differs from the input");
  p->KH = k[0];
  p->KW = k[1];
  p->N = a->dims[0];
  p->IH = a->dims[1];
  p->IW = a->dims[2];
  p->C = a->dims[3];
  p->OH = out->dims[1];
  p->OW = out->dims[2];
  if (out->dims[0] != p->N || out->dims[3] != p->C)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "operand shapes do not agree");
  if (p->g.pad_top >= p->KH || p->g.pad_bottom >= p->KH || p->g.pad_left >= p->KW ||
      p->g.pad_right >= p->KW)
    return rg_eval_fail(ip, RG_INTERP_INVALID, "padding must be smaller than the kernel");
  WindowAxis h = {p->IH, p->g.pad_top + p->g.pad_bottom, p->KH, 1, p->g.sy};
  WindowAxis w = {p->IW, p->g.pad_left + p->g.pad_right, p->KW, 1, p->g.sx};
  if ((s = check_out_dim(ip, h, p->OH, "height")) || (s = check_out_dim(ip, w, p->OW, "width")))
    return s;
  return RG_OK;
}

/* AVG_POOL2D: padding is not counted. Integers: the sum of (value - izp)
 * is scaled by reciprocal_scale(count) with apply_scale_32 (single round),
 * output_zp added, clipped to the element type. Floats: acc / count. */
static RgStatus op_avg_pool2d(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  RgTensor *a = in[0];
  PoolGeom p;
  RgStatus s = pool_setup(ip, n, a, out, &p);
  if (s)
    return s;
  bool is_int = rg_tensor_is_int(a);
  int64_t izp = 0, ozp = 0;
  RgDType acc_dt = is_int ? int_acc(a->dtype) : RG_DT_F32;
  if (is_int) {
    izp = n->num_operands > 1 ? rg_eval_scalar_int(in[1]) : 0;
    ozp = n->num_operands > 2 ? rg_eval_scalar_int(in[2]) : 0;
    if (a->dtype != RG_DT_I8 && (izp || ozp))
      return rg_eval_fail(ip, RG_INTERP_INVALID, "zero points must be 0 unless the type is i8");
    if (acc_dt == RG_DT_I48)
      acc_dt = RG_DT_I32; /* i16 avg_pool2d accumulates in i32 */
  } else {
    if ((n->num_operands > 1 && rg_eval_scalar_float(in[1]) != 0) ||
        (n->num_operands > 2 && rg_eval_scalar_float(in[2]) != 0))
      return rg_eval_fail(ip, RG_INTERP_INVALID, "float zero points must be 0");
    const RgAttr *at = rg_node_attr(n, "acc_type");
    if (at && at->kind == RG_ATTR_TYPE && at->type && rg_dtype_is_float(at->type->dtype))
      acc_dt = at->type->dtype;
  }
  int64_t oi = 0;
  for (int64_t b = 0; b < p.N; b++)
    for (int64_t oy = 0; oy < p.OH; oy++)
      for (int64_t ox = 0; ox < p.OW; ox++)
        for (int64_t c = 0; c < p.C; c++, oi++) {
          int64_t iy = oy * p.g.sy - p.g.pad_top, ix = ox * p.g.sx - p.g.pad_left;
          int64_t count = 0, iacc = 0;
          float facc = 0;
          for (int64_t ky = 0; ky < p.KH; ky++)
            for (int64_t kx = 0; kx < p.KW; kx++) {
              int64_t y = iy + ky, x = ix + kx;
              if (y < 0 || y >= p.IH || x < 0 || x >= p.IW)
                continue;
              count++;
              int64_t at = ((b * p.IH + y) * p.IW + x) * p.C + c;
              if (is_int) {
                iacc += rg_tensor_get_int(a, at) - izp;
                if ((s = rg_eval_require_range(ip, iacc, acc_dt, "accumulator")))
                  return s;
              } else {
                facc = facc + rg_tensor_get_float(a, at);
                facc = rg_elem_round(acc_dt, facc);
              }
            }
          if (!is_int) {
            float d = facc / (float)count;
            rg_tensor_set_float(out, oi, rg_elem_round(out->dtype, d));
            continue;
          }
          int64_t m, sh, r;
          reciprocal_scale(count, &m, &sh);
          int64_t half = (int64_t)1 << (sh - 1);
          if (iacc < -half || iacc >= half)
            return rg_eval_fail(ip, RG_INTERP_UNPREDICTABLE,
                               "accumulator %lld outside apply_scale_32 range (REQUIRE)",
                               (long long)iacc);
          r = iacc * m + half;
          r = r >= 0 ? r >> sh : ~(~r >> sh);
          r += ozp;
          if ((s = rg_eval_require_range(ip, r, acc_dt, "result + output_zp")))
            return s;
          int64_t lo = rg_elem_min(a->dtype), hi = rg_elem_max(a->dtype);
          rg_tensor_set_int(out, oi, r < lo ? lo : r > hi ? hi : r);
        }
  return RG_OK;
}

/* MAX_POOL2D: maximum over the in-bounds window; nan_mode as reduce_max. */
static RgStatus op_max_pool2d(RgInterp *ip, const RgNode *n, RgTensor *const *in, RgTensor *out) {
  RgTensor *a = in[0];
  PoolGeom p;
  RgStatus s = pool_setup(ip, n, a, out, &p);
  if (s)
    return s;
  bool ignore = rg_eval_nan_ignore(n);
  int64_t oi = 0;
  for (int64_t b = 0; b < p.N; b++)
    for (int64_t oy = 0; oy < p.OH; oy++)
      for (int64_t ox = 0; ox < p.OW; ox++)
        for (int64_t c = 0; c < p.C; c++, oi++) {
          int64_t iy = oy * p.g.sy - p.g.pad_top, ix = ox * p.g.sx - p.g.pad_left;
          int64_t iacc = rg_elem_min(a->dtype);
          float facc = -INFINITY;
          bool have = false, nan = false;
          for (int64_t ky = 0; ky < p.KH; ky++)
            for (int64_t kx = 0; kx < p.KW; kx++) {
              int64_t y = iy + ky, x = ix + kx;
              if (y < 0 || y >= p.IH || x < 0 || x >= p.IW)
                continue;
              int64_t at = ((b * p.IH + y) * p.IW + x) * p.C + c;
              if (rg_tensor_is_int(a)) {
                if (rg_tensor_get_int(a, at) > iacc)
                  iacc = rg_tensor_get_int(a, at);
                continue;
              }
              float v = rg_tensor_get_float(a, at);
              if (isnan(v)) {
                if (!ignore && !nan) {
                  facc = v;
                  nan = true;
                }
                continue;
              }
              if (!nan && (!have || v > facc))
                facc = v;
              have = true;
            }
          if (rg_tensor_is_int(a))
            rg_tensor_set_int(out, oi, iacc);
          else
            rg_tensor_set_float(out, oi, (!have && !nan) ? NAN : facc);
        }
  return RG_OK;
}

/* The evaluators bound by eval(...) in the .ops declarations. */
RG_EVAL_ONE_RESULT(tosa_eval_conv2d, op_conv2d, 3, 5)
RG_EVAL_ONE_RESULT(tosa_eval_depthwise_conv2d, op_depthwise_conv2d, 3, 5)
RG_EVAL_ONE_RESULT(tosa_eval_transpose_conv2d, op_transpose_conv2d, 3, 5)
RG_EVAL_ONE_RESULT(tosa_eval_matmul, op_matmul, 2, 4)
RG_EVAL_ONE_RESULT(tosa_eval_avg_pool2d, op_avg_pool2d, 1, 3)
RG_EVAL_ONE_RESULT(tosa_eval_max_pool2d, op_max_pool2d, 1, 1)
