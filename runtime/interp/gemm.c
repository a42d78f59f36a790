/* runtime/interp/gemm.c - the blocked fp32 product behind rg_eval_gemm_f32
 * (eval_kernels.c splits it over threads and picks the build).
 *
 * The file is compiled twice: for the base instruction set, and on x86-64
 * once more with AVX2 (GEMM_WIDE, by runtime/build.mk), where the kernel
 * keeps 16 columns per row in registers instead of 8. Each accumulator
 * still adds its products one by one in the order of the plain loop (a
 * multiply, rounded, then an add; no FMA is enabled), so both builds give
 * the same bits; the speed comes from many independent accumulators side
 * by side, which the compiler turns into vector code, and from blocking so
 * that operands are reused from the cache. */
#include "interp/interp_internal.h"
#include <string.h>

#ifdef GEMM_WIDE
#define GEMM_NR 16
#define GEMM_BLOCKED interp_gemm_blocked_avx2
#else
#define GEMM_NR 8
#define GEMM_BLOCKED interp_gemm_blocked
#endif

/* One kernel call: c[0..4)[0..W) += a[0..4)[p] * b[p][0..W) for p
 * ascending, b's rows ldb apart. */
typedef struct Tile {
  int64_t k;
  const float *a;
  int64_t lda;
  const float *b;
  int64_t ldb;
} Tile;

/* acc[0..W) += av * bp[0..W), a multiply then an add each. */
#define ROW(W, acc, av, bp)          \
  for (int u = 0; u < (W); u++) {    \
    float t_ = (av) * (bp)[u];       \
    (acc)[u] = (acc)[u] + t_;        \
  }

/* A 4 x W tile of c: 4 * W accumulators that stay in registers over the
 * whole k loop (four named rows, spelled out, are what the compiler keeps
 * there). */
#define KERNEL(name, W)                                                    \
  static void name(const Tile *t, float *c, int64_t ldc) {                 \
    float r0[W], r1[W], r2[W], r3[W];                                      \
    const float *a = t->a;                                                 \
    int64_t lda = t->lda;                                                  \
    memcpy(r0, c, sizeof r0);                                              \
    memcpy(r1, c + ldc, sizeof r1);                                        \
    memcpy(r2, c + 2 * ldc, sizeof r2);                                    \
    memcpy(r3, c + 3 * ldc, sizeof r3);                                    \
    for (int64_t p = 0; p < t->k; p++) {                                   \
      const float *bp = t->b + p * t->ldb;                                 \
      ROW(W, r0, a[p], bp)                                                 \
      ROW(W, r1, a[lda + p], bp)                                           \
      ROW(W, r2, a[2 * lda + p], bp)                                       \
      ROW(W, r3, a[3 * lda + p], bp)                                       \
    }                                                                      \
    memcpy(c, r0, sizeof r0);                                              \
    memcpy(c + ldc, r1, sizeof r1);                                        \
    memcpy(c + 2 * ldc, r2, sizeof r2);                                    \
    memcpy(c + 3 * ldc, r3, sizeof r3);                                    \
  }

#ifndef GEMM_WIDE
/* One definition, in the base build: the columns no tile covers, in both. */
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
#endif

KERNEL(tile_4x8, 8)
#ifdef GEMM_WIDE
KERNEL(tile_4xnr, GEMM_NR)
#else
#define tile_4xnr tile_4x8
#endif

/* Rows [i, i + INTERP_GEMM_MB) of c over columns [j0, j1) of one panel:
 * tiles of GEMM_NR columns, then one of 8 (the wide build), then single
 * columns. The panel's full tiles are packed in pk when it is not NULL. */
static void panel_rows(const RgGemmF32 *mm, int64_t i, int64_t j0, int64_t j1, const float *pk) {
  int64_t j = j0, k = mm->k;
  Tile t = {k, mm->a + i * mm->lda, mm->lda, NULL, pk ? GEMM_NR : mm->ldb};
  for (; j + GEMM_NR <= j1; j += GEMM_NR) {
    t.b = pk ? pk + (j - j0) * k : mm->b + j;
    tile_4xnr(&t, mm->c + i * mm->ldc + j, mm->ldc);
  }
  if (GEMM_NR > 8 && j + 8 <= j1) {
    t.b = mm->b + j;
    t.ldb = mm->ldb;
    tile_4x8(&t, mm->c + i * mm->ldc + j, mm->ldc);
    j += 8;
  }
  for (int64_t r = i; j < j1 && r < i + INTERP_GEMM_MB; r++)
    for (int64_t p = 0; p < k; p++)
      rg_eval_axpy_f32(mm->c + r * mm->ldc + j, mm->a[r * mm->lda + p], mm->b + p * mm->ldb + j, j1 - j);
}

void GEMM_BLOCKED(const RgGemmF32 *mm, float *pk) {
  int64_t m = mm->m, n = mm->n, k = mm->k, lda = mm->lda, ldb = mm->ldb, ldc = mm->ldc;
  /* each tile's columns of a b panel copied to k contiguous rows, so the
   * kernel reads them sequentially; with few rows, read b in place */
  if (m < 2 * INTERP_GEMM_MB)
    pk = NULL;
  for (int64_t j0 = 0; j0 < n; j0 += INTERP_GEMM_NB) {
    int64_t j1 = n - j0 < INTERP_GEMM_NB ? n : j0 + INTERP_GEMM_NB;
    int64_t jfull = j0 + (j1 - j0) / GEMM_NR * GEMM_NR;
    for (int64_t j = j0; pk && j < jfull; j += GEMM_NR)
      for (int64_t p = 0; p < k; p++)
        memcpy(pk + ((j - j0) * k + p * GEMM_NR), mm->b + p * ldb + j, GEMM_NR * sizeof *pk);
    int64_t i = 0;
    for (; i + INTERP_GEMM_MB <= m; i += INTERP_GEMM_MB)
      panel_rows(mm, i, j0, j1, pk);
    for (; i < m; i++)
      for (int64_t p = 0; p < k; p++)
        rg_eval_axpy_f32(mm->c + i * ldc + j0, mm->a[i * lda + p], mm->b + p * ldb + j0, j1 - j0);
  }
}
