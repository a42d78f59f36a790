/* bench/gen_tosa.c - writes a synthetic TOSA 1.0 graph of about N ops in
 * MLIR generic form (as mlir-opt prints it) for the reader/writer benchmark:
 * repeated residual blocks of conv2d, clamp, transpose pairs, reshapes,
 * mul and add, with splat, list and hex dense constants. Every op verifies
 * under mlir-opt-22. Usage: gen_tosa [N] > graph.mlir */
#include <stdio.h>
#include <stdlib.h>

#define T "tensor<1x16x16x16xf32>"

int main(int argc, char **argv) {
  long target = argc > 1 ? atol(argv[1]) : 100000;
  long v = 0, ops = 0; /* next value number, ops written */
  printf("\"builtin.module\"() ({\n");
  printf("  \"func.func\"() <{function_type = (" T ") -> " T ", sym_name = \"bench\"}> ({\n");
  printf("  ^bb0(%%arg0: " T "):\n");
  printf("    %%%ld = \"tosa.const\"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>\n", v);
  long zp = v++;
  printf("    %%%ld = \"tosa.const\"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>\n", v);
  long shift = v++;
  ops += 2;
  char x[32];
  snprintf(x, sizeof x, "%%arg0");
  for (long blk = 0; ops < target - 2; blk++) {
    long w = v++;
    if (blk % 16 == 0) { /* a hex payload now and then, like real weights */
      printf("    %%%ld = \"tosa.const\"() <{values = dense<\"0x", w);
      for (int i = 0; i < 256; i++) {
        unsigned bits = 0x3c000000u + (unsigned)((blk * 257 + i * 7919) & 0xffffff);
        printf("%02X%02X%02X%02X", bits & 0xff, (bits >> 8) & 0xff, (bits >> 16) & 0xff, bits >> 24);
      }
      printf("\"> : tensor<16x1x1x16xf32>}> : () -> tensor<16x1x1x16xf32>\n");
    } else {
      /* values mlir-opt prints exactly like this (k/8) */
      static const char *const splat[] = {"1.250000e-01", "2.500000e-01", "3.750000e-01",
                                          "5.000000e-01", "6.250000e-01", "7.500000e-01",
                                          "8.750000e-01", "1.000000e+00"};
      printf("    %%%ld = \"tosa.const\"() <{values = dense<%s> : tensor<16x1x1x16xf32>}> : () -> tensor<16x1x1x16xf32>\n", w, splat[blk % 8]);
    }
    long b = v++;
    printf("    %%%ld = \"tosa.const\"() <{values = dense<[0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00, 5.000000e+00, 6.000000e+00, 7.000000e+00, 8.000000e+00, 9.000000e+00, 1.000000e+01, 1.100000e+01, 1.200000e+01, 1.300000e+01, 1.400000e+01, 1.500000e+01]> : tensor<16xf32>}> : () -> tensor<16xf32>\n", b);
    long c = v++;
    printf("    %%%ld = \"tosa.conv2d\"(%s, %%%ld, %%%ld, %%%ld, %%%ld) <{acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>}> : (" T ", tensor<16x1x1x16xf32>, tensor<16xf32>, tensor<1xf32>, tensor<1xf32>) -> " T "\n", c, x, w, b, zp, zp);
    long cl = v++;
    printf("    %%%ld = \"tosa.clamp\"(%%%ld) <{max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32, nan_mode = #tosa.nan_mode<PROPAGATE>}> : (" T ") -> " T "\n", cl, c);
    long t1 = v++;
    printf("    %%%ld = \"tosa.transpose\"(%%%ld) <{perms = array<i32: 0, 3, 1, 2>}> : (" T ") -> " T "\n", t1, cl);
    long t2 = v++;
    printf("    %%%ld = \"tosa.transpose\"(%%%ld) <{perms = array<i32: 0, 2, 3, 1>}> : (" T ") -> " T "\n", t2, t1);
    long s1 = v++;
    printf("    %%%ld = \"tosa.const_shape\"() <{values = dense<[1, 256, 16]> : tensor<3xindex>}> : () -> !tosa.shape<3>\n", s1);
    long r1 = v++;
    printf("    %%%ld = \"tosa.reshape\"(%%%ld, %%%ld) : (" T ", !tosa.shape<3>) -> tensor<1x256x16xf32>\n", r1, t2, s1);
    long s2 = v++;
    printf("    %%%ld = \"tosa.const_shape\"() <{values = dense<[1, 16, 16, 16]> : tensor<4xindex>}> : () -> !tosa.shape<4>\n", s2);
    long r2 = v++;
    printf("    %%%ld = \"tosa.reshape\"(%%%ld, %%%ld) : (tensor<1x256x16xf32>, !tosa.shape<4>) -> " T "\n", r2, r1, s2);
    long m = v++;
    printf("    %%%ld = \"tosa.mul\"(%%%ld, %%%ld, %%%ld) : (" T ", " T ", tensor<1xi8>) -> " T "\n", m, r2, cl, shift);
    long a = v++;
    printf("    %%%ld = \"tosa.add\"(%%%ld, %s) : (" T ", " T ") -> " T "\n", a, m, x);
    ops += 12;
    snprintf(x, sizeof x, "%%%ld", a);
  }
  printf("    \"func.return\"(%s) : (" T ") -> ()\n", x);
  printf("  }) : () -> ()\n");
  printf("}) : () -> ()\n\n");
  fprintf(stderr, "gen_tosa: %ld ops\n", ops + 3);
  return 0;
}
