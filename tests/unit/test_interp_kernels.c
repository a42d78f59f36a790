/* Unit tests for the fp32 fast paths of tosa.conv2d, tosa.matmul,
 * linalg.matmul, f32 add/sub/mul, and the row copies of transpose and
 * slice: on random geometries (padding, strides, dilations, sizes
 * around the kernels' block widths) and values that include -0.0,
 * infinities, NaN and large magnitudes whose sums depend on the order,
 * every result must carry the bits of the plain loop of the spec, which
 * this file spells out again. */
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>
#include "interp_tb.h"
#include "rulegen/eval.h"
#include "interp/interp_internal.h"
#include "check.h"

static uint64_t rng = 0x1234567;

static uint32_t next(void) {
  rng = rng * 6364136223846793005ull + 1442695040888963407ull;
  return (uint32_t)(rng >> 33);
}

static int64_t pick(int64_t lo, int64_t hi) { return lo + (int64_t)(next() % (uint32_t)(hi - lo + 1)); }

/* Mostly small values, some that make the order of the adds visible. */
static float value(void) {
  switch (next() % 40) {
  case 0: return -0.0f;
  case 1: return INFINITY;
  case 2: return -INFINITY;
  case 3: return NAN;
  case 4: return 1e30f;
  case 5: return -1e30f;
  case 6: return 1e8f;
  default: return (float)((int32_t)(next() % 2001) - 1000) / 128.0f;
  }
}

static RgTensor random_tensor(RgDType dt, int32_t rank, const int64_t *dims) {
  RgTensor x;
  rg_tensor_init(&x, dt, rank, dims);
  for (int64_t i = 0; i < x.numel; i++)
    rg_tensor_set_float(&x, i, value());
  return x;
}

static const char *type_of(char *buf, size_t len, const RgTensor *x) {
  size_t at = (size_t)snprintf(buf, len, "tensor<");
  for (int32_t d = 0; d < x->rank; d++)
    at += (size_t)snprintf(buf + at, len - at, "%lldx", (long long)x->dims[d]);
  snprintf(buf + at, len - at, "%s>", rg_dtype_name(x->dtype));
  return buf;
}

/* Bits equal, any NaN matching any NaN. */
static bool same_bits(const RgTensor *got, const RgTensor *want) {
  if (!rg_tensor_same_type(got, want))
    return false;
  for (int64_t i = 0; i < got->numel; i++) {
    float a = rg_tensor_get_float(got, i), b = rg_tensor_get_float(want, i);
    if (isnan(a) && isnan(b))
      continue;
    if (memcmp(&a, &b, sizeof a) != 0) {
      printf("  element %lld: got %.9g, want %.9g\n", (long long)i, (double)a, (double)b);
      return false;
    }
  }
  return true;
}

static RgDType float_type(void) {
  int k = (int)(next() % 4);
  return k == 0 ? RG_DT_F16 : k == 1 ? RG_DT_BF16 : RG_DT_F32;
}

/* Large enough to be split over threads (several blocks of output pixels,
 * over 2^22 multiply-adds), or small random geometries. */
static bool conv_large;

static void conv2d_case(void) {
  RgDType dt = float_type();
  int64_t N = pick(1, 2), IH = pick(1, 6), IW = pick(1, 21), IC = pick(1, 5), OC = pick(1, 11);
  int64_t KH = pick(1, 3), KW = pick(1, 3), sy = pick(1, 2), sx = pick(1, 2), dy = pick(1, 2),
          dx = pick(1, 2);
  if (conv_large) {
    N = 2, IH = pick(20, 28), IW = pick(20, 28), IC = pick(24, 32), OC = pick(32, 48);
    KH = KW = 3, sy = sx = dy = dx = 1;
  }
  int64_t pt = pick(0, 2), pl = pick(0, 2), pb = 0, pr = 0;
  /* the output size must divide exactly: find bottom/right padding */
  while ((IH - 1 + pt + pb - (KH - 1) * dy) < 0 || (IH - 1 + pt + pb - (KH - 1) * dy) % sy)
    pb++;
  while ((IW - 1 + pl + pr - (KW - 1) * dx) < 0 || (IW - 1 + pl + pr - (KW - 1) * dx) % sx)
    pr++;
  int64_t OH = (IH - 1 + pt + pb - (KH - 1) * dy) / sy + 1;
  int64_t OW = (IW - 1 + pl + pr - (KW - 1) * dx) / sx + 1;
  bool one_bias = next() % 3 == 0;
  RgTensor in = random_tensor(dt, 4, I64S(N, IH, IW, IC));
  RgTensor w = random_tensor(dt, 4, I64S(OC, KH, KW, IC));
  RgTensor bias = random_tensor(dt, 1, I64S(one_bias ? 1 : OC));
  RgTensor want;
  rg_tensor_init(&want, dt, 4, I64S(N, OH, OW, OC));
  for (int64_t b = 0, oi = 0; b < N; b++)
    for (int64_t oy = 0; oy < OH; oy++)
      for (int64_t ox = 0; ox < OW; ox++)
        for (int64_t oc = 0; oc < OC; oc++, oi++) {
          float acc = 0;
          for (int64_t ky = 0; ky < KH; ky++)
            for (int64_t kx = 0; kx < KW; kx++) {
              int64_t y = oy * sy - pt + ky * dy, x = ox * sx - pl + kx * dx;
              if (y < 0 || y >= IH || x < 0 || x >= IW)
                continue;
              for (int64_t ic = 0; ic < IC; ic++) {
                float p = rg_tensor_get_float(&in, ((b * IH + y) * IW + x) * IC + ic) *
                          rg_tensor_get_float(&w, ((oc * KH + ky) * KW + kx) * IC + ic);
                acc = acc + p;
              }
            }
          acc = acc + rg_tensor_get_float(&bias, one_bias ? 0 : oc);
          rg_tensor_set_float(&want, oi, acc);
        }
  TB t;
  tb_init(&t);
  char ti[64], tw[64], tbias[64], to[64], tz[64];
  RgTensor zp;
  rg_tensor_init(&zp, dt, 1, I64S(1));
  RgValue *ops[5] = {tb_arg(&t, type_of(ti, sizeof ti, &in)), tb_arg(&t, type_of(tw, sizeof tw, &w)),
                     tb_arg(&t, type_of(tbias, sizeof tbias, &bias)), tb_arg(&t, type_of(tz, sizeof tz, &zp)),
                     tb_arg(&t, tz)};
  RgNode *n = tb_node(&t, "tosa.conv2d", type_of(to, sizeof to, &want), 5, ops);
  tb_prop_ints(&t, n, "pad", 4, I64S(pt, pb, pl, pr));
  tb_prop_ints(&t, n, "stride", 2, I64S(sy, sx));
  tb_prop_ints(&t, n, "dilation", 2, I64S(dy, dx));
  rg_node_set_prop(t.g, n, "acc_type", rg_attr_type(t.g, tb_type(&t, "f32")));
  RgTensor args[5] = {in, w, bias, zp, zp};
  bool ok = tb_run1(&t, &n->results[0], args, 5) && same_bits(&t.outs[0], &want);
  if (!ok)
    printf("  conv2d %s in %s w %s pad %lld,%lld,%lld,%lld stride %lld,%lld dilation %lld,%lld\n", to, ti,
           tw, (long long)pt, (long long)pb, (long long)pl, (long long)pr, (long long)sy, (long long)sx,
           (long long)dy, (long long)dx);
  CHECK(ok);
  tb_free(&t);
  rg_tensor_release(&in);
  rg_tensor_release(&w);
  rg_tensor_release(&bias);
  rg_tensor_release(&zp);
  rg_tensor_release(&want);
}

static void test_conv2d_f32_matches_loop(void) {
  for (int i = 0; i < 300; i++)
    conv2d_case();
}

/* Runs `cases` cases of one_case, with *large set, on 2 and 3 threads. */
static void on_threads(void (*one_case)(void), bool *large, int cases) {
  uint32_t saved = rg_eval_threads();
  *large = true;
  for (uint32_t threads = 2; threads <= 3; threads++) {
    rg_eval_set_threads(threads);
    for (int i = 0; i < cases; i++)
      one_case();
  }
  *large = false;
  rg_eval_set_threads(saved);
}

/* Convolutions split by blocks of output pixels over 2 and 3 threads
 * (each part then runs its products alone, b read in place) still give
 * the plain loop's bits. */
static void test_conv2d_f32_threads(void) { on_threads(conv2d_case, &conv_large, 3); }

/* tosa.matmul (acc from 0) or linalg.matmul (acc from C, f32 only). */
static void matmul_case(bool linalg) {
  RgDType dt = linalg ? RG_DT_F32 : float_type();
  int64_t N = linalg ? 1 : pick(1, 3), H = pick(1, 9), C = pick(1, 20), W = pick(1, 300);
  RgTensor a = linalg ? random_tensor(dt, 2, I64S(H, C)) : random_tensor(dt, 3, I64S(N, H, C));
  RgTensor b = linalg ? random_tensor(dt, 2, I64S(C, W)) : random_tensor(dt, 3, I64S(N, C, W));
  RgTensor c = random_tensor(dt, 2, I64S(H, W));
  RgTensor want;
  if (linalg)
    rg_tensor_init(&want, dt, 2, I64S(H, W));
  else
    rg_tensor_init(&want, dt, 3, I64S(N, H, W));
  for (int64_t n = 0, oi = 0; n < N; n++)
    for (int64_t y = 0; y < H; y++)
      for (int64_t x = 0; x < W; x++, oi++) {
        float acc = linalg ? rg_tensor_get_float(&c, y * W + x) : 0;
        for (int64_t k = 0; k < C; k++) {
          float p = rg_tensor_get_float(&a, (n * H + y) * C + k) * rg_tensor_get_float(&b, (n * C + k) * W + x);
          acc = acc + p;
        }
        rg_tensor_set_float(&want, oi, acc);
      }
  TB t;
  tb_init(&t);
  char ta[64], tbb[64], tc[64], to[64];
  RgTensor zp;
  rg_tensor_init(&zp, dt, 1, I64S(1));
  RgValue *ops[4] = {tb_arg(&t, type_of(ta, sizeof ta, &a)), tb_arg(&t, type_of(tbb, sizeof tbb, &b)),
                     tb_arg(&t, linalg ? type_of(tc, sizeof tc, &c) : type_of(tc, sizeof tc, &zp)),
                     linalg ? NULL : tb_arg(&t, tc)};
  RgNode *n = tb_node(&t, linalg ? "linalg.matmul" : "tosa.matmul", type_of(to, sizeof to, &want),
                      linalg ? 3 : 4, ops);
  RgTensor args[4] = {a, b, linalg ? c : zp, zp};
  bool ok = tb_run1(&t, &n->results[0], args, linalg ? 3 : 4) && same_bits(&t.outs[0], &want);
  if (!ok)
    printf("  %s %s x %s\n", linalg ? "linalg.matmul" : "tosa.matmul", ta, tbb);
  CHECK(ok);
  tb_free(&t);
  rg_tensor_release(&a);
  rg_tensor_release(&b);
  rg_tensor_release(&c);
  rg_tensor_release(&zp);
  rg_tensor_release(&want);
}

static void test_matmul_f32_matches_loop(void) {
  for (int i = 0; i < 200; i++)
    matmul_case(false);
}

static void test_linalg_matmul_f32_matches_loop(void) {
  for (int i = 0; i < 200; i++)
    matmul_case(true);
}

/* tosa.add/sub/mul of f32 with broadcasting (dims of 1 on either side),
 * against the index arithmetic of the spec written out. */
static void test_binary_f32_broadcast(void) {
  static const char *const names[3] = {"tosa.add", "tosa.sub", "tosa.mul"};
  for (int i = 0; i < 300; i++) {
    int op = (int)(next() % 3);
    int32_t rank = (int32_t)pick(0, 4);
    int64_t od[4], ad[4], bd[4];
    for (int32_t d = 0; d < rank; d++) {
      od[d] = pick(1, 5);
      int k = (int)(next() % 3);
      ad[d] = k == 1 ? 1 : od[d];
      bd[d] = k == 2 ? 1 : od[d];
    }
    RgTensor a = random_tensor(RG_DT_F32, rank, ad), b = random_tensor(RG_DT_F32, rank, bd), want;
    rg_tensor_init(&want, RG_DT_F32, rank, od);
    int64_t idx[4] = {0};
    for (int64_t e = 0; e < want.numel; e++) {
      int64_t ia = 0, ib = 0;
      for (int32_t d = 0; d < rank; d++) {
        ia = ia * ad[d] + (ad[d] == 1 ? 0 : idx[d]);
        ib = ib * bd[d] + (bd[d] == 1 ? 0 : idx[d]);
      }
      float x = rg_tensor_get_float(&a, ia), y = rg_tensor_get_float(&b, ib);
      rg_tensor_set_float(&want, e, op == 0 ? x + y : op == 1 ? x - y : x * y);
      rg_index_next(idx, od, rank);
    }
    TB t;
    tb_init(&t);
    char ta[64], tbb[64], to[64];
    RgValue *ops[3] = {tb_arg(&t, type_of(ta, sizeof ta, &a)), tb_arg(&t, type_of(tbb, sizeof tbb, &b)),
                       op == 2 ? tb_scalar_i(&t, "tensor<1xi8>", 0) : NULL};
    RgValue *y = tb_op(&t, names[op], type_of(to, sizeof to, &want), op == 2 ? 3 : 2, ops);
    RgTensor args[2] = {a, b};
    bool ok = tb_run1(&t, y, args, 2) && same_bits(&t.outs[0], &want);
    if (!ok)
      printf("  %s %s, %s\n", names[op], ta, tbb);
    CHECK(ok);
    tb_free(&t);
    rg_tensor_release(&a);
    rg_tensor_release(&b);
    rg_tensor_release(&want);
  }
}

/* Large enough for the transpose to be split over threads (2^18
 * elements or more), or small random shapes. */
static bool rows_large;

/* tosa.transpose and tosa.slice, which copy a row at a time, against the
 * index arithmetic of the spec, on i8 and f32. */
static void transpose_slice_case(void) {
  RgDType dt = next() % 2 ? RG_DT_I8 : RG_DT_F32;
  int32_t rank = (int32_t)pick(rows_large ? 3 : 1, 4);
  int64_t dims[4], perm[4], od[4], start[4], size[4], st[4];
  for (int32_t d = 0; d < rank; d++) {
    dims[d] = rows_large ? (rank == 3 ? pick(64, 90) : pick(23, 30)) : pick(1, 6);
    perm[d] = d;
  }
  for (int32_t d = rank - 1; d > 0; d--) { /* a random permutation */
    int32_t k = (int32_t)pick(0, d);
    int64_t tmp = perm[d];
    perm[d] = perm[k];
    perm[k] = tmp;
  }
  RgTensor x;
  rg_tensor_init(&x, dt, rank, dims);
  for (int64_t e = 0; e < x.numel; e++)
    rg_tensor_set_int(&x, e, (int64_t)(next() % 200) - 100);
  rg_tensor_strides(&x, st);
  bool slice = next() % 2;
  for (int32_t d = 0; d < rank; d++) {
    start[d] = pick(0, dims[d] - 1);
    size[d] = pick(1, dims[d] - start[d]);
    od[d] = slice ? size[d] : dims[perm[d]];
  }
  RgTensor want;
  rg_tensor_init(&want, dt, rank, od);
  int64_t idx[4] = {0};
  for (int64_t e = 0; e < want.numel; e++) {
    int64_t off = 0;
    for (int32_t d = 0; d < rank; d++)
      off += slice ? (idx[d] + start[d]) * st[d] : idx[d] * st[perm[d]];
    rg_tensor_set_int(&want, e, rg_tensor_get_int(&x, off));
    rg_index_next(idx, od, rank);
  }
  TB t;
  tb_init(&t);
  char tx[64], to[64];
  RgValue *ops[3] = {tb_arg(&t, type_of(tx, sizeof tx, &x)), NULL, NULL};
  RgNode *n;
  if (slice) {
    ops[1] = tb_shape(&t, (uint32_t)rank, start);
    ops[2] = tb_shape(&t, (uint32_t)rank, size);
    n = tb_node(&t, "tosa.slice", type_of(to, sizeof to, &want), 3, ops);
  } else {
    n = tb_node(&t, "tosa.transpose", type_of(to, sizeof to, &want), 1, ops);
    rg_node_set_prop(t.g, n, "perms", rg_attr_dense_array_ints(t.g, RG_DT_I32, (uint32_t)rank, perm));
  }
  bool ok = tb_run1(&t, &n->results[0], &x, 1) && same_bits(&t.outs[0], &want);
  if (!ok)
    printf("  %s %s -> %s\n", slice ? "slice" : "transpose", tx, to);
  CHECK(ok);
  tb_free(&t);
  rg_tensor_release(&x);
  rg_tensor_release(&want);
}

static void test_transpose_slice_rows(void) {
  for (int i = 0; i < 200; i++)
    transpose_slice_case();
}

/* Transposes split over 2 and 3 threads: the plain index arithmetic's
 * elements. */
static void test_transpose_threads(void) { on_threads(transpose_slice_case, &rows_large, 4); }

/* linalg.softmax large enough to be split over threads (slices along the
 * last dim, and along a middle one), on 1 and 3 threads: the spec's
 * formula, slice by slice, to the bit. */
static void test_softmax_threads(void) {
  uint32_t saved = rg_eval_threads();
  for (int64_t dim = 1; dim <= 2; dim++) {
    RgTensor x = random_tensor(RG_DT_F32, 3, I64S(3, 200, 300)), want;
    rg_tensor_init(&want, RG_DT_F32, 3, I64S(3, 200, 300));
    int64_t len = x.dims[dim], inner = dim == 1 ? 300 : 1;
    for (int64_t q = 0; q < x.numel / len; q++) {
      int64_t base = q / inner * len * inner + q % inner;
      float m = -INFINITY, sum = 0;
      for (int64_t i = 0; i < len; i++) {
        float v = rg_tensor_get_float(&x, base + i * inner);
        m = isnan(m) || isnan(v) ? NAN : v > m ? v : m;
      }
      for (int64_t i = 0; i < len; i++) {
        float e = expf(rg_tensor_get_float(&x, base + i * inner) - m);
        rg_tensor_set_float(&want, base + i * inner, e);
        sum = sum + e;
      }
      for (int64_t i = 0; i < len; i++)
        rg_tensor_set_float(&want, base + i * inner, rg_tensor_get_float(&want, base + i * inner) / sum);
    }
    for (uint32_t threads = 1; threads <= 3; threads += 2) {
      rg_eval_set_threads(threads);
      TB t;
      tb_init(&t);
      RgValue *ops[2] = {tb_arg(&t, "tensor<3x200x300xf32>"), tb_arg(&t, "tensor<3x200x300xf32>")};
      RgNode *n = tb_node(&t, "linalg.softmax", "tensor<3x200x300xf32>", 2, ops);
      tb_prop_int(&t, n, "dimension", dim, "i64");
      RgTensor args[2] = {x, want};
      bool ok = tb_run1(&t, &n->results[0], args, 2) && same_bits(&t.outs[0], &want);
      if (!ok)
        printf("  softmax along dim %lld on %u threads\n", (long long)dim, threads);
      CHECK(ok);
      tb_free(&t);
    }
    rg_tensor_release(&x);
    rg_tensor_release(&want);
  }
  rg_eval_set_threads(saved);
}

/* Both builds of the blocked product (the base one and, where the library
 * has it and the CPU runs it, AVX2 with twice the columns per tile), with
 * and without packing, against the plain loop: any NaN for a NaN, every
 * other element to the bit. Widths cover whole 16-column tiles, an 8-column
 * one and single columns; heights whole and partial 4-row tiles. */
static void test_gemm_builds_same_bits(void) {
  static const int64_t shapes[][3] = {{12, 45, 33}, {9, 280, 17}, {4, 16, 5}, {7, 8, 9}, {13, 77, 64}};
  void (*const builds[])(const RgGemmF32 *, float *) = {
    interp_gemm_blocked,
#ifdef RG_GEMM_AVX2
    interp_gemm_blocked_avx2,
#endif
  };
  size_t nbuilds = sizeof builds / sizeof builds[0];
#ifdef RG_GEMM_AVX2
  __builtin_cpu_init();
  if (!__builtin_cpu_supports("avx2"))
    nbuilds = 1;
#endif
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    int64_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
    float *a = malloc(sizeof *a * (size_t)(m * k)), *b = malloc(sizeof *b * (size_t)(k * n));
    float *want = malloc(sizeof *want * (size_t)(m * n)), *got = malloc(sizeof *got * (size_t)(m * n));
    float *pk = malloc(sizeof *pk * (size_t)(k * INTERP_GEMM_NB));
    for (int64_t i = 0; i < m * k; i++)
      a[i] = value();
    for (int64_t i = 0; i < k * n; i++)
      b[i] = value();
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        float acc = (float)(i - j);
        for (int64_t p = 0; p < k; p++) {
          float t = a[i * k + p] * b[p * n + j];
          acc = acc + t;
        }
        want[i * n + j] = acc;
      }
    for (size_t bi = 0; bi < nbuilds; bi++)
      for (int packed = 0; packed < 2; packed++) {
        for (int64_t i = 0; i < m; i++)
          for (int64_t j = 0; j < n; j++)
            got[i * n + j] = (float)(i - j);
        builds[bi](&(RgGemmF32){.m = m, .n = n, .k = k, .a = a, .lda = k, .b = b, .ldb = n, .c = got, .ldc = n},
                   packed ? pk : NULL);
        bool same = true;
        for (int64_t i = 0; i < m * n; i++)
          same = same && (memcmp(&got[i], &want[i], sizeof *got) == 0 || (isnan(got[i]) && isnan(want[i])));
        if (!same)
          printf("  build %zu%s: %lldx%lldx%lld differs from the plain loop\n", bi, packed ? " packed" : "",
                 (long long)m, (long long)n, (long long)k);
        CHECK(same);
      }
    free(a);
    free(b);
    free(want);
    free(got);
    free(pk);
  }
}

/* rg_eval_gemm_f32 on 1, 2, 3 and 5 threads: products split by rows (many
 * rows), by columns (few rows, many columns) and too small to split, of
 * sizes that leave partial blocks. One thread gives the plain loop's
 * results (any NaN for a NaN, as above); more threads give one thread's
 * bits exactly, but for NaN payloads: every element is computed in the
 * same order, but which NaN an add of two NaNs returns depends on the
 * operand order the compiler picks, which may differ between a loop's
 * vector body and its remainder (clang), and where a part's columns end
 * moves that boundary. */
static void test_gemm_threads_same_bits(void) {
  static const int64_t shapes[][3] = {{300, 70, 53}, {20, 1000, 60}, {67, 45, 400}, {9, 2000, 61}, {5, 7, 3}};
  uint32_t saved = rg_eval_threads();
  for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
    int64_t m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
    float *a = malloc(sizeof *a * (size_t)(m * k)), *b = malloc(sizeof *b * (size_t)(k * n));
    float *one = calloc((size_t)(m * n), sizeof *one), *got = malloc(sizeof *got * (size_t)(m * n));
    RgTensor want, have;
    rg_tensor_init(&want, RG_DT_F32, 2, I64S(m, n));
    rg_tensor_init(&have, RG_DT_F32, 2, I64S(m, n));
    for (int64_t i = 0; i < m * k; i++)
      a[i] = value();
    for (int64_t i = 0; i < k * n; i++)
      b[i] = value();
    for (int64_t i = 0; i < m; i++)
      for (int64_t j = 0; j < n; j++) {
        float acc = 0;
        for (int64_t p = 0; p < k; p++) {
          float t = a[i * k + p] * b[p * n + j];
          acc = acc + t;
        }
        rg_tensor_set_float(&want, i * n + j, acc);
      }
    rg_eval_set_threads(1);
    rg_eval_gemm_f32(&(RgGemmF32){.m = m, .n = n, .k = k, .a = a, .lda = k, .b = b, .ldb = n, .c = one, .ldc = n});
    for (int64_t i = 0; i < m * n; i++)
      rg_tensor_set_float(&have, i, one[i]);
    CHECK(same_bits(&have, &want));
    static const uint32_t threads[] = {2, 3, 5};
    for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++) {
      rg_eval_set_threads(threads[t]);
      CHECK(rg_eval_threads() == threads[t]);
      memset(got, 0, sizeof *got * (size_t)(m * n));
      rg_eval_gemm_f32(&(RgGemmF32){.m = m, .n = n, .k = k, .a = a, .lda = k, .b = b, .ldb = n, .c = got, .ldc = n});
      bool same = true;
      for (int64_t i = 0; i < m * n; i++)
        same = same && (memcmp(&got[i], &one[i], sizeof *got) == 0 || (isnan(got[i]) && isnan(one[i])));
      if (!same)
        printf("  %lldx%lldx%lld on %u threads differs from one thread\n", (long long)m, (long long)n, (long long)k,
               threads[t]);
      CHECK(same);
    }
    rg_tensor_release(&want);
    rg_tensor_release(&have);
    free(a);
    free(b);
    free(one);
    free(got);
  }
  rg_eval_set_threads(saved);
}

/* rg_eval_parallel calls every part exactly once, whatever the number of
 * threads, and a call from inside a part runs all of its own parts. */
typedef struct PartCount {
  int calls[64];
  int inner[64];
} PartCount;

static void count_inner(void *ctx, uint32_t part) { ((int *)ctx)[part]++; }

static void count_part(void *ctx, uint32_t part) {
  PartCount *pc = ctx;
  pc->calls[part]++;
  if (part == 3)
    rg_eval_parallel(64, count_inner, pc->inner);
}

static void test_parallel_parts_once(void) {
  uint32_t saved = rg_eval_threads();
  for (uint32_t th = 1; th <= 4; th++) {
    rg_eval_set_threads(th);
    for (int round = 0; round < 50; round++) {
      PartCount pc;
      memset(&pc, 0, sizeof pc);
      rg_eval_parallel(64, count_part, &pc);
      bool once = true;
      for (int p = 0; p < 64; p++)
        once = once && pc.calls[p] == 1 && pc.inner[p] == 1;
      CHECK(once);
    }
  }
  rg_eval_set_threads(0);
  CHECK(rg_eval_threads() >= 1 && rg_eval_threads() <= 8);
  rg_eval_set_threads(saved);
}

/* A part that forks: the child, which has only this thread, runs jobs of
 * its own on 3 threads (new workers), every part once; the parent's job
 * goes on. */
static void fork_part(void *ctx, uint32_t part) {
  int *status = ctx;
  if (part != 5)
    return;
  pid_t pid = fork();
  if (pid == 0) {
    rg_eval_set_threads(3);
    bool once = true;
    for (int round = 0; round < 20; round++) {
      PartCount pc;
      memset(&pc, 0, sizeof pc);
      rg_eval_parallel(64, count_part, &pc);
      for (int p = 0; p < 64; p++)
        once = once && pc.calls[p] == 1 && pc.inner[p] == 1;
    }
    _exit(once ? 0 : 1);
  }
  if (pid > 0)
    waitpid(pid, status, 0);
}

static void test_fork_in_job(void) {
  uint32_t saved = rg_eval_threads();
  rg_eval_set_threads(2);
  int status = -1;
  rg_eval_parallel(8, fork_part, &status);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  rg_eval_set_threads(saved);
}

/* Random tensors of more elements than one part of a split fill, on 1, 2
 * and 3 threads: every element is the draw of the sequence spelled out
 * here (splitmix64 from the seed, [-4, 4) for floats, the type's range for
 * i8), whatever the number of threads. */
static void test_random_fill_threads(void) {
  RgGraph *g = rg_graph_new();
  const RgType *tf = rg_type_get(g, "tensor<3000001xf32>", 19), *ti = rg_type_get(g, "tensor<2500003xi8>", 18);
  uint32_t saved = rg_eval_threads();
  for (uint32_t th = 1; th <= 3; th++) {
    rg_eval_set_threads(th);
    RgTensor f, i8;
    CHECK(rg_tensor_random(&f, tf, 99) == RG_OK && rg_tensor_random(&i8, ti, 7) == RG_OK);
    uint64_t st = 99, sj = 7;
    bool same = true;
    for (int64_t i = 0; same && i < f.numel; i++) {
      uint64_t z = (st += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      z ^= z >> 31;
      float want = (float)(-4.0 + 8.0 * ((double)(z >> 11) * 0x1.0p-53)), got = rg_tensor_get_float(&f, i);
      same = memcmp(&want, &got, sizeof got) == 0;
      if (!same)
        printf("  f32 element %lld on %u threads\n", (long long)i, th);
    }
    for (int64_t i = 0; same && i < i8.numel; i++) {
      uint64_t z = (sj += 0x9E3779B97F4A7C15ull);
      z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
      z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
      z ^= z >> 31;
      same = rg_tensor_get_int(&i8, i) == (int64_t)(z % 256) - 128;
      if (!same)
        printf("  i8 element %lld on %u threads\n", (long long)i, th);
    }
    CHECK(same);
    rg_tensor_release(&f);
    rg_tensor_release(&i8);
  }
  rg_eval_set_threads(saved);
  rg_graph_free(g);
}

int main(void) {
  RUN(test_conv2d_f32_matches_loop);
  RUN(test_conv2d_f32_threads);
  RUN(test_matmul_f32_matches_loop);
  RUN(test_linalg_matmul_f32_matches_loop);
  RUN(test_binary_f32_broadcast);
  RUN(test_transpose_slice_rows);
  RUN(test_transpose_threads);
  RUN(test_softmax_threads);
  RUN(test_gemm_builds_same_bits);
  RUN(test_gemm_threads_same_bits);
  RUN(test_parallel_parts_once);
  RUN(test_random_fill_threads);
  RUN(test_fork_in_job);
  TEST_EXIT();
}
