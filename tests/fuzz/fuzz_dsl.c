/* tests/fuzz/fuzz_dsl.c - libFuzzer harness for the rules front end: parses
 * and checks one in-memory file. Imports never touch the filesystem: the
 * names "tosa.ops" and "xnnpack.ops" resolve to small built-in op sets (so
 * the checker is reached), everything else is "not found". */
#include <stdlib.h>
#include "dsl.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char tosa_ops[] =
    "dialect tosa\n"
    "op transpose(input1) {perms: i32[]}\n"
    "op add(input1, input2) traits(elementwise, binary, commutative)\n"
    "op sub(input1, input2) traits(elementwise, binary)\n"
    "op mul(input1, input2, shift) traits(elementwise, binary, commutative)\n"
    "op abs(input1) traits(elementwise, unary)\n"
    "op clamp(input) {min_val: num, max_val: num, nan_mode?: str} traits(elementwise, unary)\n"
    "op const() {values: tensor} traits(constant)\n"
    "op concat(input1...) {axis: i32}\n"
    "op rescale(input, multiplier, shift, input_zp, output_zp) {scale32: bool, rounding_mode: str, per_channel: bool}\n"
    "class unary_ew = traits(elementwise, unary)\n"
    "class bin = [add, sub, mul]\n"
    "extern pred tosa_is_broadcast_safe(value, int[])\n"
    "extern fn tosa_fused(value, value) -> tensor\n";

static const char xnn_ops[] =
    "dialect aten\n"
    "op mul.Scalar(self) {other: num}\n"
    "op mul.Tensor(self, other) traits(elementwise, binary, commutative)\n"
    "op bmm(self, mat2)\n"
    "op view_copy(self) {size: int[]}\n";

static RgSource *mem_open(void *user, const char *path, RgDiags *d, dev_t *dev,
                          ino_t *ino) {
  (void)user;
  (void)d;
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  if (strcmp(base, "tosa.ops") == 0) {
    *dev = 1;
    *ino = 1;
    return rg_source_from_mem(base, tosa_ops, sizeof tosa_ops - 1);
  }
  if (strcmp(base, "xnnpack.ops") == 0) {
    *dev = 1;
    *ino = 2;
    return rg_source_from_mem(base, xnn_ops, sizeof xnn_ops - 1);
  }
  return NULL;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > (1u << 20))
    return 0;
  RgDiags diags;
  rg_diags_init(&diags);
  diags.max_errors = 50;
  DslProgram prog;
  dsl_program_init(&prog, &diags);
  prog.open = mem_open;
  dsl_load_mem(&prog, "fuzz.rules", (const char *)data, size);
  dsl_check(&prog);
  RgsBuf b;
  rgs_buf_init(&b);
  if (!diags.errors)
    dsl_dump_ast(&b, &prog);
  rgs_buf_free(&b);
  /* exercise line/column computation of every diagnostic */
  for (size_t i = 0; i < diags.count; i++)
    if (diags.items[i].loc.src) {
      uint32_t line, col;
      rg_source_linecol(diags.items[i].loc.src, diags.items[i].loc.off, &line, &col);
    }
  dsl_program_free(&prog);
  rg_diags_free(&diags);
  return 0;
}
