/* tests/fuzz/fuzz_gen.c - libFuzzer harness for the code generator: the
 * input bytes choose a rules file (pass and rule names, docs and string
 * literals with comment, trigraph and escape sequences, literal indexes,
 * empty passes, guards, pipelines) over backends/tosa/tosa.ops; a file the
 * checker accepts must generate, and the generated C must compile with
 * `-std=c11 -pedantic -Wall -Wextra -Werror` (else the harness aborts).
 * Compiling is slow, so only files of a shape not seen before are compiled,
 * at most FUZZ_GEN_COMPILES (default 20) per process; every input still
 * runs the generator under the sanitizers. Run from the repository root
 * (make fuzz); FUZZ_GEN_CC names the compiler (default cc). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "dsl.h"
#include "gen.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

typedef struct In {
  const uint8_t *p;
  size_t n;
} In;

static unsigned pick(In *in, unsigned n) {
  if (!in->n)
    return 0;
  unsigned v = *in->p++;
  in->n--;
  return v % n;
}

static const char *const texts[] = {
    "", "*/", "/*", "?\?/", "\\\\", "\\n", "a\\\"b", "?\?=?\?(?\?)", "x */ int y; /*", "\\x01\\x7f", "tab\\there",
};
static const char *const names[] = {"r", "int", "abort", "a_b", "x9", "match", "while", "main"};
static const char *const ints[] = {"-1", "0", "1", "5", "-9223372036854775807", "9223372036854775807"};
static const char *const floats[] = {"-1", "0.5", "1e300", "-0.0", "3"};

static void put_rule(RgsBuf *b, In *in, unsigned i) {
  rgs_buf_printf(b, "  rule %s%u: ", names[pick(in, 8)], i);
  const char *k = ints[pick(in, 6)], *l = ints[pick(in, 6)];
  switch (pick(in, 8)) {
  case 0: rgs_buf_puts(b, "(tosa.transpose x {perms = p}) if p == iota(len(p)) => x\n"); break;
  case 1: rgs_buf_printf(b, "(tosa.transpose x {perms = p}) if p[%s] == %s => x\n", k, l); break;
  case 2:
    rgs_buf_printf(b, "(tosa.clamp x {min_val = %s, max_val = %s, nan_mode = \"%s\"}) => x\n", floats[pick(in, 5)],
                  floats[pick(in, 5)], texts[pick(in, 11)]);
    break;
  case 3:
    rgs_buf_puts(b, "(tosa.add (tosa.transpose a {perms = p}) (tosa.transpose c {perms = p}))\n"
                   "    if rank(a) == rank(c) => (tosa.transpose (tosa.add a c) {perms = p})\n");
    break;
  case 4: rgs_buf_puts(b, "(tosa.abs x) => x\n"); break;
  case 5:
    rgs_buf_puts(b, "(tosa.transpose (tosa.transpose x {perms = p}) {perms = q})\n"
                   "    if compose(p, q) == iota(len(p)) => x\n");
    break;
  case 6: rgs_buf_printf(b, "(tosa.transpose x {perms = p}) if len(p) * %s - %s > %s %% 3 || !(len(p) == 0) => x\n", k, l, k); break;
  default: rgs_buf_printf(b, "(tosa.transpose x {perms = [%s, %s]}) => (tosa.transpose x {perms = [%s]})\n", k, l, l); break;
  }
}

static void make_rules(RgsBuf *b, In *in) {
  rgs_buf_puts(b, "import \"tosa.ops\"\n");
  unsigned npasses = 1 + pick(in, 3);
  for (unsigned p = 0; p < npasses; p++) {
    rgs_buf_printf(b, "// %s\npass %s%u \"%s\" %s {\n", texts[pick(in, 11)], names[pick(in, 8)], p,
                  texts[pick(in, 11)], pick(in, 2) ? "once" : "fixpoint");
    unsigned nrules = pick(in, 5);
    for (unsigned i = 0; i < nrules; i++)
      put_rule(b, in, i);
    rgs_buf_puts(b, "}\n");
  }
  if (pick(in, 2))
    rgs_buf_printf(b, "pipeline pl = [%s0]\n", names[0]);
}

/* Shapes already compiled: a hash of the choices per input. */
static uint64_t seen[4096];
static unsigned nseen, ncompiled;

static bool first_time(const uint8_t *data, size_t size) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < size; i++)
    h = (h ^ data[i]) * 1099511628211ull;
  for (unsigned i = 0; i < nseen; i++)
    if (seen[i] == h)
      return false;
  if (nseen < sizeof seen / sizeof *seen)
    seen[nseen++] = h;
  return true;
}

static void compile(const RgsBuf *c) {
  const char *limit = getenv("FUZZ_GEN_COMPILES");
  if (ncompiled >= (unsigned)(limit ? atoi(limit) : 20))
    return;
  ncompiled++;
  char path[] = "/tmp/fuzz_gen_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return;
  FILE *f = fdopen(fd, "w");
  if (!f) {
    close(fd);
    unlink(path);
    return;
  }
  fwrite(c->data, 1, c->len, f);
  fclose(f);
  const char *cc = getenv("FUZZ_GEN_CC");
  char cmd[512];
  snprintf(cmd, sizeof cmd,
           "%s -x c -std=c11 -pedantic -Wall -Wextra -Werror -Iruntime/include -fsyntax-only %s",
           cc ? cc : "cc", path);
  int rc = system(cmd);
  if (rc != 0) {
    fprintf(stderr, "fuzz_gen: generated C does not compile (%s kept)\n", path);
    abort();
  }
  unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > 4096)
    return 0;
  In in = {data, size};
  RgsBuf rules;
  rgs_buf_init(&rules);
  make_rules(&rules, &in);
  size_t used = size - in.n;
  RgDiags diags;
  rg_diags_init(&diags);
  diags.max_errors = 50;
  DslProgram prog;
  dsl_program_init(&prog, &diags);
  static const char *incdirs[] = {"backends/tosa"};
  prog.incdirs = incdirs;
  prog.nincdirs = 1;
  if (!rules.oom && dsl_load_mem(&prog, "fuzz.rules", rules.data, rules.len)) {
    dsl_check(&prog);
    if (!diags.errors) {
      RgsBuf c;
      rgs_buf_init(&c);
      GenOptions o = {"fuzz.c", NULL, "fuzz", true};
      if (gen_emit(&prog, &o, &c, NULL) && !c.oom && first_time(data, used))
        compile(&c);
      rgs_buf_free(&c);
    }
  }
  dsl_program_free(&prog);
  rg_diags_free(&diags);
  rgs_buf_free(&rules);
  return 0;
}
