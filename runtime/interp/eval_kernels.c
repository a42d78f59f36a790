/* runtime/interp/eval_kernels.c - fp32 inner loops shared by the evaluators of
 * the matmul and convolution ops (rulegen/eval.h): the product's split
 * over threads and the choice of its build (gemm.c). Each accumulator
 * still adds its products one by one in the order of the plain loop, so
 * results are bit-identical to it. */
#include "rulegen/eval.h"
#include <pthread.h>
#include <string.h>
#include "interp/interp_internal.h"

/* The build of the blocked product this CPU runs: AVX2 where the library
 * has it and the CPU and system support it; chosen once. */
static void (*gemm_blocked)(const RgGemmF32 *, float *) = interp_gemm_blocked;
static pthread_once_t gemm_chosen = PTHREAD_ONCE_INIT;

static void choose_gemm(void) {
#ifdef RG_GEMM_AVX2
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2"))
    gemm_blocked = interp_gemm_blocked_avx2;
#endif
}

/* Products smaller than this many multiply-adds run on one thread: waking
 * the others costs more. */
#define GEMM_SPLIT_MIN ((int64_t)1 << 20)

/* A product split over threads: part p computes rows (or columns)
 * [p * step, (p + 1) * step) of c, packing into its own k * INTERP_GEMM_NB floats
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
  gemm_blocked(&sub, sp->pk ? sp->pk + (size_t)part * (size_t)(sub.k * INTERP_GEMM_NB) : NULL);
}

void rg_eval_gemm_f32(const RgGemmF32 *mm) {
  int64_t m = mm->m, n = mm->n, k = mm->k;
  pthread_once(&gemm_chosen, choose_gemm);
  /* within a part of a job: alone, and no allocation (an allocator set
   * with rg_set_allocator need not be safe to call from several threads;
   * the packing memory is allocated here for that reason), b read in place */
  if (interp_in_part()) {
    gemm_blocked(mm, NULL);
    return;
  }
  uint32_t parts = rg_eval_threads();
  GemmSplit sp = {mm, false, m, NULL};
  /* many rows: each part packs all of b, a small share of its work;
   * else columns, in whole tiles, which no two parts pack */
  if (parts < 2 || m * n * k < GEMM_SPLIT_MIN)
    parts = 1;
  else if (m >= 64 * (int64_t)parts)
    sp.step = ((m + parts - 1) / parts + INTERP_GEMM_MB - 1) / INTERP_GEMM_MB * INTERP_GEMM_MB;
  else if (n >= 16 * (int64_t)parts) {
    sp.by_cols = true;
    sp.step = ((n + parts - 1) / parts + 15) / 16 * 16;
  } else
    parts = 1;
  sp.pk = m >= 2 * INTERP_GEMM_MB ? rg_alloc(sizeof *sp.pk * (size_t)(k * INTERP_GEMM_NB * parts + 1)) : NULL;
  if (parts == 1)
    gemm_blocked(mm, sp.pk);
  else
    rg_eval_parallel(parts, gemm_part, &sp);
  rg_free(sp.pk);
}

float *rg_eval_pack_f32(const RgTensor *t, int64_t first, int64_t count) {
  float *f = rg_alloc(sizeof *f * (size_t)(count > 0 ? count : 1));
  if (!f)
    return NULL;
  const float *src = rg_tensor_f32_in(t);
  if (src && count > 0)
    memcpy(f, src + first, sizeof *f * (size_t)count);
  else
    for (int64_t i = 0; i < count; i++)
      f[i] = rg_tensor_get_float(t, first + i);
  return f;
}
