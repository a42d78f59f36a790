/* tools/rulegen.c - the rules compiler CLI. For now it parses and checks
 * .rules/.ops files (--check) and dumps the checked AST (--dump-ast);
 * code generation options are reserved and rejected as not implemented. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dsl.h"

static void usage(FILE *out) {
  fputs("usage: rulegen [-I DIR]... --check FILE...\n"
        "       rulegen [-I DIR]... --dump-ast FILE...\n"
        "       rulegen --help | --version\n"
        "\n"
        "  --check      parse and check the files (and their imports)\n"
        "  --dump-ast   check, then print the checked AST of the files\n"
        "  -I DIR       search DIR for imports (after the importing file's dir)\n"
        "\n"
        "Exit status: 0 clean (warnings allowed), 1 errors, 2 usage.\n",
        out);
}

static int usage_error(const char *fmt, const char *arg) {
  fputs("rulegen: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\n(try 'rulegen --help')\n", stderr);
  return 2;
}

int main(int argc, char **argv) {
  enum { NONE, CHECK, DUMP } mode = NONE;
  const char **incdirs = calloc((size_t)argc + 1, sizeof *incdirs);
  const char **files = calloc((size_t)argc + 1, sizeof *files);
  uint32_t nincdirs = 0, nfiles = 0;
  int rc = 0;
  if (!incdirs || !files) {
    fputs("rulegen: out of memory\n", stderr);
    free(incdirs);
    free(files);
    return 1;
  }
  for (int i = 1; i < argc && rc == 0; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      usage(stdout);
      free(incdirs);
      free(files);
      return 0;
    } else if (strcmp(a, "--version") == 0) {
      printf("rulegen %s\n", rg_version());
      free(incdirs);
      free(files);
      return 0;
    } else if (strcmp(a, "--check") == 0) {
      mode = CHECK;
    } else if (strcmp(a, "--dump-ast") == 0) {
      mode = DUMP;
    } else if (strcmp(a, "-I") == 0) {
      if (i + 1 >= argc)
        rc = usage_error("option '%s' needs a directory", a);
      else
        incdirs[nincdirs++] = argv[++i];
    } else if (strncmp(a, "-I", 2) == 0) {
      incdirs[nincdirs++] = a + 2;
    } else if (strcmp(a, "-o") == 0 || strcmp(a, "--header") == 0 ||
               strcmp(a, "--targets") == 0 || strcmp(a, "-MD") == 0 ||
               strcmp(a, "-MF") == 0) {
      rc = usage_error("option '%s' (code generation) is not implemented yet; use --check", a);
    } else if (strcmp(a, "-") != 0 && a[0] == '-') {
      rc = usage_error("unknown option '%s'", a);
    } else {
      files[nfiles++] = a;
    }
  }
  if (rc == 0 && mode == NONE)
    rc = usage_error("%sno mode given: use --check or --dump-ast", "");
  if (rc == 0 && nfiles == 0)
    rc = usage_error("%sno input files", "");
  if (rc) {
    free(incdirs);
    free(files);
    return rc;
  }
  RgDiags diags;
  rg_diags_init(&diags);
  diags.max_errors = 100;
  DslProgram prog;
  dsl_program_init(&prog, &diags);
  prog.incdirs = incdirs;
  prog.nincdirs = nincdirs;
  for (uint32_t i = 0; i < nfiles; i++)
    dsl_load_file(&prog, files[i]);
  dsl_check(&prog);
  rg_diags_print(stderr, &diags);
  rc = diags.errors ? 1 : 0;
  if (mode == DUMP && rc == 0) {
    RgBuf b;
    rg_buf_init(&b);
    dsl_dump_ast(&b, &prog);
    if (b.oom) {
      fputs("rulegen: out of memory\n", stderr);
      rc = 1;
    } else if (b.len) {
      fwrite(b.data, 1, b.len, stdout);
    }
    rg_buf_free(&b);
  }
  dsl_program_free(&prog);
  rg_diags_free(&diags);
  free(incdirs);
  free(files);
  return rc;
}
