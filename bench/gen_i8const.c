/* bench/gen_i8const.c - writes a TOSA graph whose weight is one large i8
 * constant (N elements, shape 100 x N/100, hex payload as mlir-opt prints
 * large literals) feeding a transpose pair, a clamp and a reduce_max, for
 * the interpreter's memory benchmark: the result is small, so the peak
 * memory of a proof by execution is dominated by the constant and the
 * intermediate tensors. With `arg`, the graph is instead the constant and
 * an argument of its type into one elementwise op (tosa.maximum), whose
 * result is returned: constant, input and result all of N elements.
 * Usage: gen_i8const N [arg] > graph.mlir */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  long cols = n / 100 > 0 ? n / 100 : 1;
  int with_arg = argc > 2 && strcmp(argv[2], "arg") == 0;
  static const char hex[] = "0123456789ABCDEF";
  if (with_arg)
    printf("module {\n  func.func @weights(%%x: tensor<100x%ldxi8>) -> tensor<100x%ldxi8> {\n", cols, cols);
  else
    printf("module {\n  func.func @weights() -> tensor<100x1xi8> {\n");
  printf("    %%c = \"tosa.const\"() <{values = dense<\"0x");
  unsigned x = 12345;
  char buf[8192];
  size_t k = 0;
  for (long i = 0; i < 100 * cols; i++) {
    x = x * 1103515245u + 12345u; /* any bytes: not a splat */
    unsigned b = (x >> 16) & 0xff;
    buf[k++] = hex[b >> 4];
    buf[k++] = hex[b & 15];
    if (k == sizeof buf) {
      fwrite(buf, 1, k, stdout);
      k = 0;
    }
  }
  fwrite(buf, 1, k, stdout);
  printf("\"> : tensor<100x%ldxi8>}> : () -> tensor<100x%ldxi8>\n", cols, cols);
  if (with_arg) {
    printf("    %%0 = tosa.maximum %%c, %%x : (tensor<100x%ldxi8>, tensor<100x%ldxi8>) -> tensor<100x%ldxi8>\n",
           cols, cols, cols);
    printf("    return %%0 : tensor<100x%ldxi8>\n  }\n}\n", cols);
    return 0;
  }
  printf("    %%0 = tosa.transpose %%c {perms = array<i32: 1, 0>} : (tensor<100x%ldxi8>) -> "
         "tensor<%ldx100xi8>\n", cols, cols);
  printf("    %%1 = tosa.transpose %%0 {perms = array<i32: 1, 0>} : (tensor<%ldx100xi8>) -> "
         "tensor<100x%ldxi8>\n", cols, cols);
  printf("    %%2 = tosa.clamp %%1 {max_val = 100 : i8, min_val = -100 : i8} : (tensor<100x%ldxi8>) -> "
         "tensor<100x%ldxi8>\n", cols, cols);
  printf("    %%3 = tosa.reduce_max %%2 {axis = 1 : i32} : (tensor<100x%ldxi8>) -> tensor<100x1xi8>\n",
         cols);
  printf("    return %%3 : tensor<100x1xi8>\n  }\n}\n");
  return 0;
}
