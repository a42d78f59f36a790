/* bench/gen_nchw.c - writes a quantized int8 TOSA graph in MLIR generic op
 * form shaped like the output of an NCHW -> NHWC lowering: activations live
 * in NCHW, and every conv2d / depthwise_conv2d / avg_pool2d / max_pool2d is
 * wrapped in a transpose to NHWC before it and a transpose back after it.
 * Between the wrapped ops sit RESCALE/CLAMP chains (int32 accumulators
 * rescaled to int8, clamped), quantized residual ADDs whose two inputs both
 * arrive through transposes (both rescaled to int32, added, rescaled back),
 * and the graph ends in a layout-sensitive reshape (NCHW flattened).
 *
 * Usage: gen_nchw DEPTH [SEED]
 * DEPTH blocks, cycling through four kinds:
 *   0  conv2d 3x3, per-tensor RESCALE i32->i8 (after the transpose back), CLAMP
 *   1  depthwise_conv2d 3x3, per-channel RESCALE i32->i8 in NHWC (before the
 *      transpose back: the channel axis is last there), CLAMP, then a
 *      residual ADD with the block's input
 *   2  avg_pool2d 3x3, an identity RESCALE i8->i8, CLAMP
 *   3  max_pool2d 3x3, a fusable RESCALE chain i8->i32 (scale 1) ->i8, CLAMP
 * The optimum keeps two transposes at any depth: the one after the graph
 * input (its NCHW layout is fixed by the signature) and the one before the
 * final reshape (which flattens NCHW order). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

enum { N = 1, C = 4, H = 5, W = 6 };

static unsigned long long rng_state;
static int rnd(int lo, int hi) { /* uniform in [lo, hi] */
  rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return lo + (int)((rng_state >> 33) % (unsigned long long)(hi - lo + 1));
}

static int next_id;
static const char *NCHW8 = "tensor<1x4x5x6xi8>", *NHWC8 = "tensor<1x5x6x4xi8>";
static const char *NCHW32 = "tensor<1x4x5x6xi32>", *NHWC32 = "tensor<1x5x6x4xi32>";

/* A constant of `n` values drawn from [lo, hi] (a splat when lo == hi);
 * `hex`: an i8 tensor written as raw bytes (MLIR needs nesting otherwise). */
static int constant(const char *type, int n, int lo, int hi, int hex) {
  int id = next_id++;
  printf("    %%%d = \"tosa.const\"() <{values = dense<", id);
  if (lo == hi || n == 1) {
    printf("%d", rnd(lo, hi));
  } else if (hex) { /* i8 of any rank: hex, one byte per element */
    printf("\"0x");
    for (int i = 0; i < n; i++)
      printf("%02X", (unsigned)rnd(lo, hi) & 0xffu);
    printf("\"");
  } else {
    printf("[");
    for (int i = 0; i < n; i++)
      printf("%s%d", i ? ", " : "", rnd(lo, hi));
    printf("]");
  }
  printf("> : %s}> : () -> %s\n", type, type);
  return id;
}

static int constant_list(const char *type, int n, const long long *v) {
  int id = next_id++;
  printf("    %%%d = \"tosa.const\"() <{values = dense<[", id);
  for (int i = 0; i < n; i++)
    printf("%s%lld", i ? ", " : "", v[i]);
  printf("]> : %s}> : () -> %s\n", type, type);
  return id;
}

static int scalar(const char *type, long long v) {
  int id = next_id++;
  printf("    %%%d = \"tosa.const\"() <{values = dense<%lld> : %s}> : () -> %s\n", id, v, type, type);
  return id;
}

static char arg_name[32];
static const char *ref(int id) { /* id -1 is the graph input */
  static char buf[16][32];
  static int k;
  k = (k + 1) % 16; /* enough for every ref() in one printf */
  if (id < 0)
    return arg_name;
  snprintf(buf[k], sizeof buf[k], "%%%d", id);
  return buf[k];
}

static int transpose(int x, const char *from, const char *to, int nchw_to_nhwc) {
  int id = next_id++;
  printf("    %%%d = \"tosa.transpose\"(%s) <{perms = array<i32: %s>}> : (%s) -> %s\n", id, ref(x),
         nchw_to_nhwc ? "0, 2, 3, 1" : "0, 3, 1, 2", from, to);
  return id;
}

/* Shared zero points. */
static int zp8, zp8_0, zp32;

static int rescale(int x, const char *from, const char *to, int mult, int shift, int izp, int ozp,
                   int per_channel, const char *mode) {
  int id = next_id++;
  const char *mt = per_channel ? "tensor<4xi32>" : "tensor<1xi32>";
  const char *st = per_channel ? "tensor<4xi8>" : "tensor<1xi8>";
  printf("    %%%d = \"tosa.rescale\"(%s, %s, %s, %s, %s) <{input_unsigned = false, output_unsigned = "
         "false, per_channel = %s, rounding_mode = #tosa.rounding_mode<%s>, scale32 = true}> : (%s, "
         "%s, %s, %s, %s) -> %s\n",
         id, ref(x), ref(mult), ref(shift), ref(izp), ref(ozp), per_channel ? "true" : "false", mode,
         from, mt, st, izp == zp32 ? "tensor<1xi32>" : "tensor<1xi8>",
         ozp == zp32 ? "tensor<1xi32>" : "tensor<1xi8>", to);
  return id;
}

static int clamp(int x) {
  int id = next_id++;
  printf("    %%%d = \"tosa.clamp\"(%s) <{max_val = 127 : i8, min_val = -3 : i8, nan_mode = "
         "#tosa.nan_mode<PROPAGATE>}> : (%s) -> %s\n",
         id, ref(x), NCHW8, NCHW8);
  return id;
}

static int conv(int x, int depthwise) {
  int w = depthwise ? constant("tensor<3x3x4x1xi8>", 36, -8, 8, 1) : constant("tensor<4x3x3x4xi8>", 144, -8, 8, 1);
  int b = constant("tensor<4xi32>", 4, -300, 300, 0);
  int id = next_id++;
  printf("    %%%d = \"tosa.%s\"(%s, %s, %s, %s, %s) <{acc_type = i32, dilation = array<i64: 1, 1>, pad "
         "= array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (%s, %s, tensor<4xi32>, "
         "tensor<1xi8>, tensor<1xi8>) -> %s\n",
         id, depthwise ? "depthwise_conv2d" : "conv2d", ref(x), ref(w), ref(b), ref(zp8), ref(zp8_0),
         NHWC8, depthwise ? "tensor<3x3x4x1xi8>" : "tensor<4x3x3x4xi8>", NHWC32);
  return id;
}

static int pool(int x, int avg) {
  int id = next_id++;
  if (avg)
    printf("    %%%d = \"tosa.avg_pool2d\"(%s, %s, %s) <{acc_type = i32, kernel = array<i64: 3, 3>, pad = "
           "array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : (%s, tensor<1xi8>, tensor<1xi8>) "
           "-> %s\n",
           id, ref(x), ref(zp8), ref(zp8), NHWC8, NHWC8);
  else
    printf("    %%%d = \"tosa.max_pool2d\"(%s) <{kernel = array<i64: 3, 3>, nan_mode = "
           "#tosa.nan_mode<PROPAGATE>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>}> : "
           "(%s) -> %s\n",
           id, ref(x), NHWC8, NHWC8);
  return id;
}

/* One block; x is an NCHW i8 activation, the result too. */
static int block(int x, int kind) {
  int t = transpose(x, NCHW8, NHWC8, 1);
  switch (kind) {
  case 0: {
    int c = conv(t, 0);
    int u = transpose(c, NHWC32, NCHW32, 0);
    int m = scalar("tensor<1xi32>", 1518500250 - rnd(0, 1 << 20));
    int s = scalar("tensor<1xi8>", rnd(38, 39));
    return clamp(rescale(u, NCHW32, NCHW8, m, s, zp32, zp8, 0, "DOUBLE_ROUND"));
  }
  case 1: {
    int d = conv(t, 1);
    long long ms[4], ss[4];
    for (int i = 0; i < 4; i++) {
      ms[i] = 1073741824 + rnd(0, 1 << 29);
      ss[i] = rnd(36, 38);
    }
    int m = constant_list("tensor<4xi32>", 4, ms);
    int s = constant_list("tensor<4xi8>", 4, ss);
    int r = rescale(d, NHWC32, NHWC8, m, s, zp32, zp8, 1, "DOUBLE_ROUND");
    int k = clamp(transpose(r, NHWC8, NCHW8, 0));
    /* Residual: both operands to i32 (gain 2^10, exact), add, back to i8. */
    int gm = scalar("tensor<1xi32>", 1 << 30), gs = scalar("tensor<1xi8>", 20);
    int a = rescale(k, NCHW8, NCHW32, gm, gs, zp8, zp32, 0, "SINGLE_ROUND");
    int b = rescale(x, NCHW8, NCHW32, gm, gs, zp8, zp32, 0, "SINGLE_ROUND");
    int sum = next_id++;
    printf("    %%%d = \"tosa.add\"(%s, %s) : (%s, %s) -> %s\n", sum, ref(a), ref(b), NCHW32, NCHW32, NCHW32);
    int om = scalar("tensor<1xi32>", 1073741824 + rnd(0, 1 << 28)), os = scalar("tensor<1xi8>", 41);
    return clamp(rescale(sum, NCHW32, NCHW8, om, os, zp32, zp8, 0, "DOUBLE_ROUND"));
  }
  case 2: {
    int u = transpose(pool(t, 1), NHWC8, NCHW8, 0);
    int m = scalar("tensor<1xi32>", 1 << 30), s = scalar("tensor<1xi8>", 30);
    return clamp(rescale(u, NCHW8, NCHW8, m, s, zp8, zp8, 0, "SINGLE_ROUND"));
  }
  default: {
    int u = transpose(pool(t, 0), NHWC8, NCHW8, 0);
    int m1 = scalar("tensor<1xi32>", 1 << 30), s1 = scalar("tensor<1xi8>", 30);
    int a = rescale(u, NCHW8, NCHW32, m1, s1, zp8, zp32, 0, "SINGLE_ROUND");
    int m2 = scalar("tensor<1xi32>", 1518500250), s2 = scalar("tensor<1xi8>", 31);
    return clamp(rescale(a, NCHW32, NCHW8, m2, s2, zp32, zp8, 0, "DOUBLE_ROUND"));
  }
  }
}

int main(int argc, char **argv) {
  if (argc < 2 || argc > 3) {
    fprintf(stderr, "usage: gen_nchw DEPTH [SEED]\n");
    return 2;
  }
  char *end;
  long depth = strtol(argv[1], &end, 10);
  if (*end || depth < 1 || depth > 100000) {
    fprintf(stderr, "gen_nchw: DEPTH must be an integer in [1, 100000]\n");
    return 2;
  }
  rng_state = 0x9e3779b97f4a7c15ULL ^ (unsigned long long)(argc == 3 ? strtoull(argv[2], NULL, 10) : 1);
  snprintf(arg_name, sizeof arg_name, "%%arg0");
  enum { FLAT = N * C * H * W };
  printf("// NCHW -> NHWC lowering shape, depth %ld (bench/gen_nchw.c)\n", depth);
  printf("\"builtin.module\"() ({\n");
  printf("  \"func.func\"() <{function_type = (%s) -> tensor<1x%dxi8>, sym_name = \"nchw_depth%ld\"}> ({\n",
         NCHW8, FLAT, depth);
  printf("  ^bb0(%%arg0: %s):\n", NCHW8);
  zp8 = scalar("tensor<1xi8>", -3);
  zp8_0 = scalar("tensor<1xi8>", 0);
  zp32 = scalar("tensor<1xi32>", 0);
  int x = -1;
  for (long i = 0; i < depth; i++)
    x = block(x, (int)(i % 4));
  int shape = next_id++;
  printf("    %%%d = \"tosa.const_shape\"() <{values = dense<[1, %d]> : tensor<2xindex>}> : () -> "
         "!tosa.shape<2>\n",
         shape, FLAT);
  int r = next_id++;
  printf("    %%%d = \"tosa.reshape\"(%s, %s) : (%s, !tosa.shape<2>) -> tensor<1x%dxi8>\n", r, ref(x),
         ref(shape), NCHW8, FLAT);
  printf("    \"func.return\"(%s) : (tensor<1x%dxi8>) -> ()\n", ref(r), FLAT);
  printf("  }) : () -> ()\n}) : () -> ()\n");
  return 0;
}
