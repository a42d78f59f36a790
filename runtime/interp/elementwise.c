/* runtime/interp/elementwise.c - the elementwise kernels of rulegen/eval.h:
 * f32 add, sub and mul under broadcasting, and row copies for the data
 * layout ops. They do what the per-element loops of the evaluators do (the
 * same operation on the same elements), on typed arrays instead of one
 * element access at a time, and split large results over threads by rows
 * of the last dim: each element is computed by one thread, so the values
 * do not depend on the number of threads. */
#include <string.h>
#include "rulegen/eval.h"
#include "interp/interp_internal.h"

/* out[j] = x[j * sx] OP y[j * sy] for j < n, x or y repeating where its
 * stride is 0; the strides of a row-major last dim are 1 or 0. */
#define ROW_LOOPS(OPER)                                                     \
  if (sx && sy)                                                             \
    for (int64_t j = 0; j < n; j++)                                         \
      out[j] = x[j] OPER y[j];                                              \
  else if (sx)                                                              \
    for (int64_t j = 0; j < n; j++)                                         \
      out[j] = x[j] OPER y[0];                                              \
  else if (sy)                                                              \
    for (int64_t j = 0; j < n; j++)                                         \
      out[j] = x[0] OPER y[j];                                              \
  else                                                                      \
    for (int64_t j = 0; j < n; j++)                                         \
      out[j] = x[0] OPER y[0];

/* out = x OP y, a row of out's last dim at a time. */
typedef struct ArithJob {
  RgArithF32 op;
  const float *x, *y;
  float *out;
  const RgBroadcastIter *it;
  int64_t len;
  int64_t sx, sy; /* the operands' strides along the last dim */
} ArithJob;

static void arith_row(const ArithJob *jb, float *out, const float *x, const float *y) {
  int64_t sx = jb->sx, sy = jb->sy, n = jb->len;
  switch (jb->op) {
  case RG_ARITH_ADD: ROW_LOOPS(+) break;
  case RG_ARITH_SUB: ROW_LOOPS(-) break;
  case RG_ARITH_MUL: ROW_LOOPS(*) break;
  }
}

/* The offsets into both operands of the first element of row r. */
static void row_offsets(const RgBroadcastIter *it, int64_t r, int64_t *ox, int64_t *oy) {
  *ox = *oy = 0;
  for (int32_t d = it->rank - 2; d >= 0; d--) {
    int64_t i = r % it->dims[d];
    r /= it->dims[d];
    *ox += i * it->strides[0][d];
    *oy += i * it->strides[1][d];
  }
}

static void arith_rows(void *ctx, int64_t r0, int64_t r1) {
  const ArithJob *jb = ctx;
  for (int64_t r = r0; r < r1; r++) {
    int64_t ox, oy;
    row_offsets(jb->it, r, &ox, &oy);
    arith_row(jb, jb->out + r * jb->len, jb->x + ox, jb->y + oy);
  }
}

void rg_eval_arith_f32(RgArithF32 op, const RgTensor *a, const RgTensor *b, RgTensor *out,
                       const RgBroadcastIter *it) {
  int64_t len = out->rank ? out->dims[out->rank - 1] : 1;
  if (!len || !out->numel)
    return;
  int32_t last = it->rank - 1;
  ArithJob jb = {op, a->elems_, b->elems_, out->elems_, it, len,
                 it->rank ? it->strides[0][last] : 0, it->rank ? it->strides[1][last] : 0};
  rg_eval_for(out->numel / len, out->numel, arith_rows, &jb);
}

void rg_eval_copy_row(RgTensor *dst, int64_t di, const RgTensor *src, int64_t si, int64_t n, int64_t step) {
  size_t size = ir_elem_size(dst->dtype);
  unsigned char *d = (unsigned char *)dst->elems_ + (size_t)di * size;
  const unsigned char *s = (const unsigned char *)src->elems_ + (size_t)si * size;
  if (step == 1 || n == 1) {
    memmove(d, s, (size_t)n * size);
    return;
  }
  /* a gather: the element sizes storage uses, each its own loop */
#define GATHER(T)                                                     \
  {                                                                   \
    T *dd = (T *)(void *)d;                                           \
    const T *ss = (const T *)(const void *)s;                         \
    for (int64_t j = 0; j < n; j++)                                   \
      dd[j] = ss[j * step];                                           \
  }
  switch (size) {
  case 1: GATHER(uint8_t) break;
  case 2: GATHER(uint16_t) break;
  case 4: GATHER(uint32_t) break;
  case 8: GATHER(uint64_t) break;
  default:
    for (int64_t j = 0; j < n; j++)
      memcpy(d + (size_t)j * size, s + (size_t)(j * step) * size, size);
  }
#undef GATHER
}
