/* bench/gen_edge.c - writes a realistic edge-dialect (ATen) graph in MLIR
 * generic form, shaped like what torch.export + to_edge gives for two model
 * families, for the Arm pipeline benchmark:
 *   cnn N          N MobileNetV2-style inverted residual blocks (1x1 conv,
 *                  depthwise 3x3 conv, 1x1 conv, each with batch norm and
 *                  relu6 as hardtanh), then mean pooling and a classifier;
 *   transformer N  N BERT-style encoder layers (linear as view + permute +
 *                  addmm, multi-head attention with bmm and softmax, layer
 *                  norm, a GELU feed-forward).
 * Weights are splat constants (aten._constant). Every op verifies under
 * mlir-opt-22 --allow-unregistered-dialect.
 * Usage: gen_edge cnn|transformer [N] > graph.mlir */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long next_value;

/* Prints `%N = "op"(operands) <{props}> : (in types) -> out type` and
 * returns N. `ins` is a comma-separated list of value numbers as text. */
static long op(const char *name, const char *ins, const char *props, const char *in_types,
               const char *out_type) {
  long v = next_value++;
  printf("    %%%ld = \"%s\"(%s)%s%s%s : (%s) -> %s\n", v, name, ins, props ? " <{" : "",
         props ? props : "", props ? "}>" : "", in_types, out_type);
  return v;
}

static long constant(const char *type, const char *value) {
  long v = next_value++;
  printf("    %%%ld = \"aten._constant\"() <{value = dense<%s> : %s}> : () -> %s\n", v, value, type,
         type);
  return v;
}

/* A value reference: N is `%N`; -(N + 1) is result 0 of the multi-result
 * node N, `%N#0`. Four buffers rotate, so one printf may use four. */
static const char *R(long v) {
  static char bufs[4][32];
  static int i;
  char *b = bufs[i++ % 4];
  if (v < 0)
    snprintf(b, sizeof bufs[0], "%%%ld#0", -v - 1);
  else
    snprintf(b, sizeof bufs[0], "%%%ld", v);
  return b;
}

/* ---- CNN ---- */

#define FM "tensor<1x32x16x16xf32>"   /* feature map */
#define XM "tensor<1x64x16x16xf32>"   /* expanded feature map */

static long conv(long x, const char *xt, const char *wt, int cout, int k, int groups, const char *outt) {
  char props[256], ins[96], ty[256];
  long w = constant(wt, "1.000000e-02");
  char bt[48];
  snprintf(bt, sizeof bt, "tensor<%dxf32>", cout);
  long b = constant(bt, "0.000000e+00");
  snprintf(props, sizeof props,
           "dilation = array<i64: 1, 1>, groups = %d : i64, output_padding = array<i64: 0, 0>, "
           "padding = array<i64: %d, %d>, stride = array<i64: 1, 1>, transposed = false",
           groups, k / 2, k / 2);
  snprintf(ins, sizeof ins, "%s, %s, %s", R(x), R(w), R(b));
  snprintf(ty, sizeof ty, "%s, %s, %s", xt, wt, bt);
  return op("aten.convolution", ins, props, ty, outt);
}

/* Batch norm in eval mode: three results, the first is the output. */
static long batch_norm(long x, const char *t, int c) {
  char ct[48], ins[128], ty[256];
  snprintf(ct, sizeof ct, "tensor<%dxf32>", c);
  long p[4];
  for (int i = 0; i < 4; i++)
    p[i] = constant(ct, i == 3 ? "1.000000e+00" : "0.000000e+00");
  long v = next_value++;
  snprintf(ins, sizeof ins, "%s, %s, %s, %s, ", R(x), R(p[0]), R(p[1]), R(p[2]));
  snprintf(ins + strlen(ins), sizeof ins - strlen(ins), "%s", R(p[3]));
  snprintf(ty, sizeof ty, "%s, %s, %s, %s, %s", t, ct, ct, ct, ct);
  printf("    %%%ld:3 = \"aten._native_batch_norm_legit_no_training\"(%s) <{eps = 1.000000e-05 : f64, "
         "momentum = 1.000000e-01 : f64}> : (%s) -> (%s, tensor<0xf32>, tensor<0xf32>)\n",
         v, ins, ty, t);
  return -v - 1;
}

static long relu6(long x, const char *t) {
  return op("aten.hardtanh", R(x), "max_val = 6.000000e+00 : f64, min_val = 0.000000e+00 : f64", t, t);
}

static void cnn(long blocks) {
  printf("  \"func.func\"() <{function_type = (" FM ") -> tensor<1x10xf32>, sym_name = \"cnn\"}> ({\n");
  printf("  ^bb0(%%arg0: " FM "):\n");
  char ins[64];
  long x = next_value++;
  printf("    %%%ld = \"aten.clone\"(%%arg0) : (" FM ") -> " FM "\n", x);
  for (long i = 0; i < blocks; i++) {
    long e = conv(x, FM, "tensor<64x32x1x1xf32>", 64, 1, 1, XM);
    e = relu6(batch_norm(e, XM, 64), XM);
    long d = conv(e, XM, "tensor<64x1x3x3xf32>", 64, 3, 64, XM);
    d = relu6(batch_norm(d, XM, 64), XM);
    long p = conv(d, XM, "tensor<32x64x1x1xf32>", 32, 1, 1, FM);
    p = batch_norm(p, FM, 32);
    snprintf(ins, sizeof ins, "%s, %s", R(x), R(p));
    x = op("aten.add.Tensor", ins, NULL, FM ", " FM, FM);
    if (i % 4 == 3) /* a layout copy now and then, as exported programs have */
      x = op("dim_order_ops._clone_dim_order", R(x), "dim_order = array<i64: 0, 1, 2, 3>", FM, FM);
  }
  long m = op("aten.mean.dim", R(x), "dim = array<i64: -1, -2>, keepdim = true", FM,
              "tensor<1x32x1x1xf32>");
  long f = op("aten.view_copy", R(m), "size = array<i64: 1, 32>", "tensor<1x32x1x1xf32>",
              "tensor<1x32xf32>");
  long w = constant("tensor<10x32xf32>", "1.000000e-02");
  long b = constant("tensor<10xf32>", "0.000000e+00");
  long wt = op("aten.permute_copy", R(w), "dims = array<i64: 1, 0>", "tensor<10x32xf32>",
               "tensor<32x10xf32>");
  snprintf(ins, sizeof ins, "%s, %s, %s", R(b), R(f), R(wt));
  long y = op("aten.addmm", ins, NULL, "tensor<10xf32>, tensor<1x32xf32>, tensor<32x10xf32>",
              "tensor<1x10xf32>");
  printf("    \"func.return\"(%s) : (tensor<1x10xf32>) -> ()\n", R(y));
  printf("  }) : () -> ()\n");
}

/* ---- transformer encoder ---- */

#define S 32  /* sequence length */
#define D 64  /* model width */
#define H 4   /* heads */
#define F 256 /* feed-forward width */

/* torch's linear after to_edge: view to 2-D, permute the weight, addmm,
 * view back. */
static long linear(long x, int din, int dout) {
  char ins[64], wt[48], wtt[48], bt[48], x3[48], x2[48], y2[48], y3[48], ty[192];
  snprintf(wt, sizeof wt, "tensor<%dx%dxf32>", dout, din);
  snprintf(wtt, sizeof wtt, "tensor<%dx%dxf32>", din, dout);
  snprintf(bt, sizeof bt, "tensor<%dxf32>", dout);
  snprintf(x3, sizeof x3, "tensor<1x%dx%dxf32>", S, din);
  snprintf(x2, sizeof x2, "tensor<%dx%dxf32>", S, din);
  snprintf(y2, sizeof y2, "tensor<%dx%dxf32>", S, dout);
  snprintf(y3, sizeof y3, "tensor<1x%dx%dxf32>", S, dout);
  long w = constant(wt, "1.000000e-02");
  long b = constant(bt, "0.000000e+00");
  char props[64];
  snprintf(props, sizeof props, "size = array<i64: %d, %d>", S, din);
  long v = op("aten.view_copy", R(x), props, x3, x2);
  long t = op("aten.permute_copy", R(w), "dims = array<i64: 1, 0>", wt, wtt);
  snprintf(ins, sizeof ins, "%s, %s, %s", R(b), R(v), R(t));
  snprintf(ty, sizeof ty, "%s, %s, %s", bt, x2, wtt);
  long y = op("aten.addmm", ins, NULL, ty, y2);
  snprintf(props, sizeof props, "size = array<i64: 1, %d, %d>", S, dout);
  return op("aten.view_copy", R(y), props, y2, y3);
}

#define X3 "tensor<1x32x64xf32>"
#define HD "tensor<1x32x4x16xf32>"  /* [1, S, H, D/H] */
#define HT "tensor<1x4x32x16xf32>"  /* [1, H, S, D/H] */
#define KT "tensor<1x4x16x32xf32>"  /* k transposed */
#define SC "tensor<1x4x32x32xf32>"  /* scores */

static long layer_norm(long x) {
  long w = constant("tensor<64xf32>", "1.000000e+00");
  long b = constant("tensor<64xf32>", "0.000000e+00");
  long v = next_value++;
  printf("    %%%ld:3 = \"aten.native_layer_norm\"(%s, %s, %s) <{eps = 1.000000e-05 : f64, "
         "normalized_shape = array<i64: 64>}> : (" X3 ", tensor<64xf32>, tensor<64xf32>) -> (" X3
         ", tensor<1x32x1xf32>, tensor<1x32x1xf32>)\n",
         v, R(x), R(w), R(b));
  return -v - 1;
}

static long heads(long x) {
  long v = op("aten.view_copy", R(x), "size = array<i64: 1, 32, 4, 16>", X3, HD);
  return op("aten.permute_copy", R(v), "dims = array<i64: 0, 2, 1, 3>", HD, HT);
}

static void transformer(long layers) {
  printf("  \"func.func\"() <{function_type = (" X3 ") -> " X3 ", sym_name = \"encoder\"}> ({\n");
  printf("  ^bb0(%%arg0: " X3 "):\n");
  char ins[64];
  long x = next_value++;
  printf("    %%%ld = \"aten.clone\"(%%arg0) : (" X3 ") -> " X3 "\n", x);
  for (long l = 0; l < layers; l++) {
    long q = heads(linear(x, D, D)), k = heads(linear(x, D, D)), v = heads(linear(x, D, D));
    q = op("aten.mul.Scalar", R(q), "other = 2.500000e-01 : f64", HT, HT);
    long kt = op("aten.permute_copy", R(k), "dims = array<i64: 0, 1, 3, 2>", HT, KT);
    long qe = op("aten.expand_copy", R(q), "size = array<i64: 1, 4, 32, 16>", HT, HT);
    long q3 = op("aten.view_copy", R(qe), "size = array<i64: 4, 32, 16>", HT, "tensor<4x32x16xf32>");
    long ke = op("aten.expand_copy", R(kt), "size = array<i64: 1, 4, 16, 32>", KT, KT);
    long k3 = op("aten.view_copy", R(ke), "size = array<i64: 4, 16, 32>", KT, "tensor<4x16x32xf32>");
    snprintf(ins, sizeof ins, "%s, %s", R(q3), R(k3));
    long s3 = op("aten.bmm", ins, NULL, "tensor<4x32x16xf32>, tensor<4x16x32xf32>", "tensor<4x32x32xf32>");
    long s = op("aten.view_copy", R(s3), "size = array<i64: 1, 4, 32, 32>", "tensor<4x32x32xf32>", SC);
    long p = op("aten._softmax", R(s), "dim = -1 : i64, half_to_float = false", SC, SC);
    long pe = op("aten.expand_copy", R(p), "size = array<i64: 1, 4, 32, 32>", SC, SC);
    long p3 = op("aten.view_copy", R(pe), "size = array<i64: 4, 32, 32>", SC, "tensor<4x32x32xf32>");
    long ve = op("aten.expand_copy", R(v), "size = array<i64: 1, 4, 32, 16>", HT, HT);
    long v3 = op("aten.view_copy", R(ve), "size = array<i64: 4, 32, 16>", HT, "tensor<4x32x16xf32>");
    snprintf(ins, sizeof ins, "%s, %s", R(p3), R(v3));
    long o3 = op("aten.bmm", ins, NULL, "tensor<4x32x32xf32>, tensor<4x32x16xf32>", "tensor<4x32x16xf32>");
    long o = op("aten.view_copy", R(o3), "size = array<i64: 1, 4, 32, 16>", "tensor<4x32x16xf32>", HT);
    long ot = op("aten.permute_copy", R(o), "dims = array<i64: 0, 2, 1, 3>", HT, HD);
    long oc = op("aten.clone", R(ot), "memory_format = \"contiguous_format\"", HD, HD);
    long om = op("aten.view_copy", R(oc), "size = array<i64: 1, 32, 64>", HD, X3);
    long a = linear(om, D, D);
    snprintf(ins, sizeof ins, "%s, %s", R(x), R(a));
    x = layer_norm(op("aten.add.Tensor", ins, NULL, X3 ", " X3, X3));
    long h = linear(x, D, F);
    h = op("aten.gelu", R(h), NULL, "tensor<1x32x256xf32>", "tensor<1x32x256xf32>");
    h = linear(h, F, D);
    snprintf(ins, sizeof ins, "%s, %s", R(x), R(h));
    x = layer_norm(op("aten.add.Tensor", ins, NULL, X3 ", " X3, X3));
  }
  printf("    \"func.return\"(%s) : (" X3 ") -> ()\n", R(x));
  printf("  }) : () -> ()\n");
}

int main(int argc, char **argv) {
  if (argc < 2 || (strcmp(argv[1], "cnn") != 0 && strcmp(argv[1], "transformer") != 0)) {
    fprintf(stderr, "usage: gen_edge cnn|transformer [N] > graph.mlir\n");
    return 2;
  }
  bool is_cnn = strcmp(argv[1], "cnn") == 0;
  long n = argc > 2 ? atol(argv[2]) : is_cnn ? 200 : 60;
  if (n < 1 || n > 100000) {
    fprintf(stderr, "gen_edge: N must be between 1 and 100000\n");
    return 2;
  }
  printf("\"builtin.module\"() ({\n");
  if (is_cnn)
    cnn(n);
  else
    transformer(n);
  printf("}) : () -> ()\n");
  return 0;
}
