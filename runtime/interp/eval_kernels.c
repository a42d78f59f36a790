/* runtime/interp/eval_kernels.c - fp32 inner loops shared by the evaluators of
 * the matmul and convolution ops (rulegen/eval.h). Each accumulator still
 * adds its products one by one in the order of the plain loop, so results
 * are bit-identical to it; the speed comes from running many independent
 * accumulators side by side (which the compiler turns into vector code)
 * and from blocking so that operands are reused from the cache. */
#include "rulegen/eval.h"
#include <string.h>
#include "support/support.h"

/* Columns of b (and c) handled per block: a [k, GEMM_NB] panel of b stays
 * in the cache while every row of a runs over it. */
#define GEMM_NB 256
/* Rows of c per block: each row of the b panel is loaded once for them
 * (gemm_4x8 is written for 4). */
#define GEMM_MB 4

void rg_eval_axpy_f32(float *restrict acc, float v, const float *restrict w, int64_t n) {
  int64_t j = 0;
  /* fixed-width groups: the compiler vectorizes them at -O2 */
  for (; j + 8 <= n; j += 8)
    for (int u = 0; u < 8; u++) {
      float p = v * w[j + u];
      acc[j + u] = acc[j + u] + p;
    }
  for (; j < n; j++) {
    float p = v * w[j];
    acc[j] = acc[j] + p;
  }
}

/* acc[0..8) += av * bp[0..8), a multiply then an add each. */
static inline void row8(float acc[8], float av, const float *bp) {
  for (int u = 0; u < 8; u++) {
    float t = av * bp[u];
    acc[u] = acc[u] + t;
  }
}

/* c[0..4)[0..8) += a[0..4)[p] * b[p][0..8) for p ascending: 32
 * accumulators that stay in registers over the whole k loop (four named
 * rows, spelled out, are what the compiler keeps there). */
static void gemm_4x8(int64_t k, const float *a, int64_t lda, const float *b, int64_t ldb, float *c,
                     int64_t ldc) {
  float r0[8], r1[8], r2[8], r3[8];
  memcpy(r0, c, sizeof r0);
  memcpy(r1, c + ldc, sizeof r1);
  memcpy(r2, c + 2 * ldc, sizeof r2);
  memcpy(r3, c + 3 * ldc, sizeof r3);
  for (int64_t p = 0; p < k; p++) {
    const float *bp = b + p * ldb;
    row8(r0, a[p], bp);
    row8(r1, a[lda + p], bp);
    row8(r2, a[2 * lda + p], bp);
    row8(r3, a[3 * lda + p], bp);
  }
  memcpy(c, r0, sizeof r0);
  memcpy(c + ldc, r1, sizeof r1);
  memcpy(c + 2 * ldc, r2, sizeof r2);
  memcpy(c + 3 * ldc, r3, sizeof r3);
}

/* The product of mm, with pk (k * GEMM_NB floats, or NULL) to pack b's
 * panels into. */
static void gemm_with(const RgGemmF32 *mm, float *pk) {
  int64_t m = mm->m, n = mm->n, k = mm->k, lda = mm->lda, ldb = mm->ldb, ldc = mm->ldc;
  const float *a = mm->a, *b = mm->b;
  float *c = mm->c;
  /* each 8-column block of a b panel copied to k contiguous rows of 8, so
   * gemm_4x8 reads it sequentially; without the memory, read b in place */
  if (m < 2 * GEMM_MB)
    pk = NULL;
  for (int64_t j0 = 0; j0 < n; j0 += GEMM_NB) {
    int64_t j1 = n - j0 < GEMM_NB ? n : j0 + GEMM_NB, jfull = j0 + (j1 - j0) / 8 * 8;
    for (int64_t j = j0; pk && j < jfull; j += 8)
      for (int64_t p = 0; p < k; p++)
        memcpy(pk + ((j - j0) * k + p * 8), b + p * ldb + j, 8 * sizeof *pk);
    int64_t i = 0;
    for (; i + GEMM_MB <= m; i += GEMM_MB) {
      for (int64_t j = j0; j < jfull; j += 8) {
        if (pk)
          gemm_4x8(k, a + i * lda, lda, pk + (j - j0) * k, 8, c + i * ldc + j, ldc);
        else
          gemm_4x8(k, a + i * lda, lda, b + j, ldb, c + i * ldc + j, ldc);
      }
      for (int64_t r = i; jfull < j1 && r < i + GEMM_MB; r++)
        for (int64_t p = 0; p < k; p++)
          rg_eval_axpy_f32(c + r * ldc + jfull, a[r * lda + p], b + p * ldb + jfull, j1 - jfull);
    }
    for (; i < m; i++)
      for (int64_t p = 0; p < k; p++)
        rg_eval_axpy_f32(c + i * ldc + j0, a[i * lda + p], b + p * ldb + j0, j1 - j0);
  }
}

/* Products smaller than this many multiply-adds run on one thread: waking
 * the others costs more. */
#define GEMM_SPLIT_MIN ((int64_t)1 << 20)

/* A product split over threads: part p computes rows (or columns)
 * [p * step, (p + 1) * step) of c, packing into its own k * GEMM_NB floats
 * of pk (NULL: none). */
typedef struct GemmSplit {
  const RgGemmF32 *mm;
  bool by_cols;
  int64_t step;
  float *pk;
} GemmSplit;

static void gemm_part(void *ctx, uint32_t part) {
  const GemmSplit *sp = ctx;
  RgGemmF32 sub = *sp->mm;
  int64_t lo = (int64_t)part * sp->step, len = sp->by_cols ? sub.n : sub.m;
  if (lo >= len)
    return;
  int64_t cnt = len - lo < sp->step ? len - lo : sp->step;
  if (sp->by_cols) {
    sub.n = cnt;
    sub.b += lo;
    sub.c += lo;
  } else {
    sub.m = cnt;
    sub.a += lo * sub.lda;
    sub.c += lo * sub.ldc;
  }
  gemm_with(&sub, sp->pk ? sp->pk + (size_t)part * (size_t)(sub.k * GEMM_NB) : NULL);
}

void rg_eval_gemm_f32(const RgGemmF32 *mm) {
  int64_t m = mm->m, n = mm->n, k = mm->k;
  uint32_t parts = rg_eval_threads();
  GemmSplit sp = {mm, false, m, NULL};
  /* many rows: each part packs all of b, a small share of its work;
   * else columns, blocks of 8, which no two parts pack */
  if (parts < 2 || m * n * k < GEMM_SPLIT_MIN)
    parts = 1;
  else if (m >= 64 * (int64_t)parts)
    sp.step = ((m + parts - 1) / parts + GEMM_MB - 1) / GEMM_MB * GEMM_MB;
  else if (n >= 16 * (int64_t)parts) {
    sp.by_cols = true;
    sp.step = ((n + parts - 1) / parts + 7) / 8 * 8;
  } else
    parts = 1;
  /* allocated here: an allocator set with rg_set_allocator need not be
   * safe to call from several threads */
  sp.pk = m >= 2 * GEMM_MB ? rg_alloc(sizeof *sp.pk * (size_t)(k * GEMM_NB * parts + 1)) : NULL;
  if (parts == 1)
    gemm_with(mm, sp.pk);
  else
    rg_eval_parallel(parts, gemm_part, &sp);
  rg_free(sp.pk);
}

float *rg_eval_pack_f32(const RgTensor *t, int64_t first, int64_t count) {
  float *f = rg_alloc(sizeof *f * (size_t)(count > 0 ? count : 1));
  if (!f)
    return NULL;
  for (int64_t i = 0; i < count; i++)
    f[i] = rg_tensor_get_float(t, first + i);
  return f;
}
