/* tools/rulegen.c - the rules compiler CLI: checks .rules/.ops files
 * (--check), dumps the checked AST (--dump-ast), prints the derived
 * target-op conditions (--targets) and generates C passes (-o). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "dsl.h"
#include "gen.h"

static void usage(FILE *out) {
  fputs("usage: rulegen [-I DIR]... -o OUT.c [--header OUT.h] [--symbol NAME]\n"
        "               [--no-line] [-MD] [-MF DEPFILE] [-MT TARGET] FILE...\n"
        "       rulegen [-I DIR]... --check FILE...\n"
        "       rulegen [-I DIR]... --dump-ast FILE...\n"
        "       rulegen [-I DIR]... --targets FILE...\n"
        "       rulegen [-I DIR]... --print-search-path\n"
        "       rulegen --help | --version\n"
        "\n"
        "  --check      parse and check the files (and their imports)\n"
        "  --dump-ast   check, then print the checked AST of the files\n"
        "  --targets    print each pass's derived target-op condition\n"
        "  -o OUT.c     generate C passes for the passes and pipelines of FILE...\n"
        "  --header H   also write a header declaring them\n"
        "  --symbol S   part of every global name the C file defines\n"
        "               (rg_pass_S__PASS, rg_ops_S, ...): letters, digits, '_',\n"
        "               no '__' (default: OUT.c's base name, other characters made '_')\n"
        "  --no-line    no #line directives pointing back to the .rules files\n"
        "  -MD          write a make dependency file (OUT.d, or -MF DEPFILE)\n"
        "  -MT TARGET   name TARGET in it instead of OUT.c and OUT.h\n"
        "  -I DIR       search DIR for imports (after the importing file's dir,\n"
        "               before the installed rule library, PREFIX/share/rulegen)\n"
        "  --print-search-path  print the directories searched for imports\n"
        "  --force      replace read-only output files\n"
        "  --max-errors N, --max-warnings N\n"
        "               show at most N errors / warnings (default 100; 0: all)\n"
        "\n"
        "Exit status: 0 clean (warnings allowed), 1 errors, 2 usage.\n",
        out);
}

/* The installed rule library and .ops files: PREFIX/share/rulegen, where
 * PREFIX is the parent of the directory holding this program, so that an
 * installed tree works wherever it is put. NULL when the program's own
 * path is unknown. The caller frees the result. */
static char *default_search_dir(const char *argv0) {
  char exe[4096];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0 || (size_t)n >= sizeof exe - 1) {
    if (!argv0 || !strchr(argv0, '/') || strlen(argv0) >= sizeof exe)
      return NULL;
    n = (ssize_t)strlen(argv0);
    memcpy(exe, argv0, (size_t)n);
  }
  exe[n] = 0;
  char *slash = strrchr(exe, '/'); /* .../bin/rulegen -> .../bin */
  if (!slash)
    return NULL;
  *slash = 0;
  slash = strrchr(exe, '/'); /* .../bin -> ... */
  if (slash)
    *slash = 0;
  else
    strcpy(exe, ".");
  const char *tail = "/share/rulegen";
  char *dir = malloc(strlen(exe) + strlen(tail) + 1);
  if (dir) {
    strcpy(dir, exe);
    strcat(dir, tail);
  }
  return dir;
}

static int usage_error(const char *fmt, const char *arg) {
  fputs("rulegen: ", stderr);
  fprintf(stderr, fmt, arg);
  fputs("\n(try 'rulegen --help')\n", stderr);
  return 2;
}

/* Symbol from the output file name: build/gen/tosa_rules.c -> tosa_rules. */
static char *symbol_from_path(const char *path) {
  const char *base = strrchr(path, '/');
  base = base ? base + 1 : path;
  size_t n = strcspn(base, ".");
  char *s = malloc(n + 2);
  if (!s)
    return NULL;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    char c = base[i];
    c = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ? c : '_';
    if (c != '_' || k == 0 || s[k - 1] != '_') /* no "__": it ends the symbol */
      s[k++] = c;
  }
  n = k;
  s[n] = 0;
  if (n == 0 || (s[0] >= '0' && s[0] <= '9')) {
    memmove(s + 1, s, n + 1);
    s[0] = '_';
  }
  return s;
}

static void put_make_path(RgsBuf *b, const char *p) {
  for (; *p; p++) {
    if (*p == ' ' || *p == '#')
      rgs_buf_putc(b, '\\');
    if (*p == '$')
      rgs_buf_putc(b, '$');
    rgs_buf_putc(b, *p);
  }
}

/* Whether the file at path already holds exactly `len` bytes of `data`. */
static bool same_content(const char *path, const char *data, size_t len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return false;
  char buf[65536];
  size_t off = 0, n;
  bool same = true;
  while (same && (n = fread(buf, 1, sizeof buf, f)) > 0) {
    same = off + n <= len && memcmp(buf, data + off, n) == 0;
    off += n;
  }
  same = same && !ferror(f) && off == len;
  fclose(f);
  return same;
}

static unsigned write_flags; /* RGS_WRITE_FORCE with --force */

/* Writes atomically, and not at all when the file already has this text:
 * an unchanged generated file keeps its time stamp, so make does not
 * recompile what includes it. */
static int write_out(const char *path, const RgsBuf *b) {
  char err[512];
  if (strcmp(path, "-") != 0 && same_content(path, b->data ? b->data : "", b->len))
    return 0;
  if (rgs_write_file(path, b->data ? b->data : "", b->len, write_flags, err, sizeof err) != 0) {
    fprintf(stderr, "rulegen: error: %s\n", err);
    return 1;
  }
  return 0;
}

/* An output that is an input (a .rules file or one it imports) or another
 * output would destroy it: refused before anything is written. */
static int check_outputs(const DslProgram *prog, const char *const outs[3]) {
  static const char *const what[3] = {"-o", "--header", "the dependency file"};
  for (int i = 0; i < 3; i++) {
    if (!outs[i])
      continue;
    for (uint32_t f = 0; f < prog->nfiles; f++)
      if (rgs_path_same_file(outs[i], prog->files[f]->src->name)) {
        fprintf(stderr, "rulegen: error: output '%s' (%s) is the input '%s'; nothing written\n", outs[i],
                what[i], prog->files[f]->src->name);
        return 1;
      }
    for (int j = 0; j < i; j++)
      if (outs[j] && rgs_path_same_file(outs[i], outs[j])) {
        fprintf(stderr, "rulegen: error: %s and %s are the same file '%s'; nothing written\n", what[j],
                what[i], outs[i]);
        return 1;
      }
  }
  return 0;
}

/* Writes OUT.c (and the header and dependency file) only when generation
 * succeeded as a whole, each atomically: a failed run leaves no output. */
static int generate(DslProgram *prog, RgDiags *diags, const char *out_c, const char *out_h,
                    const char *symbol, bool line_directives, bool want_deps, const char *depfile,
                    const char *dep_target) {
  char *sym = symbol ? NULL : symbol_from_path(out_c);
  GenOptions o = {out_c, out_h, symbol ? symbol : sym, line_directives};
  if (o.header_name) {
    const char *slash = strrchr(o.header_name, '/');
    o.header_name = slash ? slash + 1 : o.header_name;
  }
  RgsBuf c, h, d;
  rgs_buf_init(&c);
  rgs_buf_init(&h);
  rgs_buf_init(&d);
  int rc = 0;
  if (!o.symbol || !gen_emit(prog, &o, &c, out_h ? &h : NULL)) {
    rg_diags_print(stderr, diags);
    if (!diags->errors)
      fputs("rulegen: error: code generation failed (out of memory)\n", stderr);
    rc = 1;
  }
  if (rc == 0 && want_deps) {
    if (dep_target) {
      put_make_path(&d, dep_target);
    } else {
      put_make_path(&d, out_c);
      if (out_h) {
        rgs_buf_putc(&d, ' ');
        put_make_path(&d, out_h);
      }
    }
    rgs_buf_putc(&d, ':');
    for (uint32_t i = 0; i < prog->nfiles; i++) {
      rgs_buf_putc(&d, ' ');
      put_make_path(&d, prog->files[i]->src->name);
    }
    rgs_buf_putc(&d, '\n');
    /* One empty rule per input, so a deleted import does not break make. */
    for (uint32_t i = 0; i < prog->nfiles; i++) {
      put_make_path(&d, prog->files[i]->src->name);
      rgs_buf_puts(&d, ":\n");
    }
  }
  if (rc == 0 && (c.oom || h.oom || d.oom)) {
    fputs("rulegen: error: out of memory\n", stderr);
    rc = 1;
  }
  char *dpath = NULL;
  if (rc == 0 && want_deps && !depfile) {
    size_t n = strlen(out_c);
    dpath = malloc(n + 3);
    if (dpath) {
      memcpy(dpath, out_c, n + 1);
      char *dot = strrchr(dpath, '.');
      char *slash = strrchr(dpath, '/');
      if (dot && (!slash || dot > slash))
        strcpy(dot, ".d");
      else
        strcat(dpath, ".d");
    } else {
      fputs("rulegen: error: out of memory\n", stderr);
      rc = 1;
    }
  }
  const char *outs[3] = {out_c, out_h, want_deps ? (depfile ? depfile : dpath) : NULL};
  if (rc == 0)
    rc = check_outputs(prog, outs);
  if (rc == 0)
    rc = write_out(out_c, &c);
  if (rc == 0 && out_h)
    rc = write_out(out_h, &h);
  if (rc == 0 && want_deps)
    rc = write_out(outs[2], &d);
  free(dpath);
  rgs_buf_free(&c);
  rgs_buf_free(&h);
  rgs_buf_free(&d);
  free(sym);
  return rc;
}

int main(int argc, char **argv) {
  enum { NONE, CHECK, DUMP, TARGETS, GEN, SEARCH_PATH } mode = NONE;
  const char *out_c = NULL, *out_h = NULL, *symbol = NULL, *depfile = NULL, *dep_target = NULL;
  bool line_directives = true, want_deps = false;
  size_t max_errors = 100, max_warnings = 100;
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
    } else if (strcmp(a, "--print-search-path") == 0) {
      mode = SEARCH_PATH;
    } else if (strcmp(a, "--targets") == 0) {
      mode = TARGETS;
    } else if (strcmp(a, "--no-line") == 0) {
      line_directives = false;
    } else if (strcmp(a, "-MD") == 0) {
      want_deps = true;
    } else if (strcmp(a, "--force") == 0) {
      write_flags |= RGS_WRITE_FORCE;
    } else if (strcmp(a, "--max-errors") == 0 || strcmp(a, "--max-warnings") == 0) {
      char *end = NULL;
      unsigned long v = i + 1 < argc ? strtoul(argv[i + 1], &end, 10) : 0;
      if (i + 1 >= argc || !*argv[i + 1] || *end || argv[i + 1][0] == '-' || v > 1000000)
        rc = usage_error("option '%s' needs a count from 0 to 1000000", a);
      else
        *(a[6] == 'e' ? &max_errors : &max_warnings) = v;
      i++;
    } else if (strcmp(a, "-o") == 0 || strcmp(a, "--header") == 0 || strcmp(a, "--symbol") == 0 ||
               strcmp(a, "-MF") == 0 || strcmp(a, "-MT") == 0) {
      if (i + 1 >= argc) {
        rc = usage_error("option '%s' needs an argument", a);
      } else {
        const char *v = argv[++i];
        if (a[1] == 'o') {
          out_c = v;
          mode = GEN;
        } else if (a[2] == 'h') {
          out_h = v;
        } else if (a[2] == 's') {
          /* Part of C identifiers (rg_pass_S__P): letters, digits, '_';
           * no "__", which separates it from the pass name. */
          symbol = v;
          if (!*v || v[strspn(v, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")])
            rc = usage_error("--symbol '%s' is not usable in C names: use letters, digits and '_' only", v);
          else if (strstr(v, "__"))
            rc = usage_error("--symbol '%s' contains '__', which separates it from pass names", v);
        } else if (a[2] == 'T') {
          dep_target = v;
        } else {
          depfile = v;
          want_deps = true;
        }
      }
    } else if (strcmp(a, "-") != 0 && a[0] == '-') {
      rc = usage_error("unknown option '%s'", a);
    } else {
      files[nfiles++] = a;
    }
  }
  if (rc == 0 && mode == NONE)
    rc = usage_error("%sno mode given: use -o, --check, --dump-ast or --targets", "");
  if (rc == 0 && (out_h || symbol || depfile || want_deps || dep_target) && mode != GEN)
    rc = usage_error("%s--header, --symbol and -MD/-MF/-MT need -o", "");
  if (rc == 0 && nfiles == 0 && mode != SEARCH_PATH)
    rc = usage_error("%sno input files", "");
  if (rc == 0 && nfiles && mode == SEARCH_PATH)
    rc = usage_error("%s--print-search-path takes no input files", "");
  /* The installed library is searched only when it is there: a build
   * tree has none, and its messages do not name one. */
  char *installed = rc == 0 ? default_search_dir(argc > 0 ? argv[0] : NULL) : NULL;
  struct stat st;
  bool have_installed = installed && stat(installed, &st) == 0 && S_ISDIR(st.st_mode);
  if (have_installed)
    incdirs[nincdirs++] = installed; /* argc + 1 slots: room for it */
  if (rc == 0 && mode == SEARCH_PATH) {
    puts("(the importing file's directory)");
    for (uint32_t i = 0; i < nincdirs; i++)
      puts(incdirs[i]);
    if (installed && !have_installed)
      printf("%s (not present: not searched)\n", installed);
  }
  if (rc || mode == SEARCH_PATH) {
    free(installed);
    free(incdirs);
    free(files);
    return rc;
  }
  RgDiags diags;
  rg_diags_init(&diags);
  diags.max_errors = max_errors;
  diags.max_warnings = max_warnings;
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
    RgsBuf b;
    rgs_buf_init(&b);
    dsl_dump_ast(&b, &prog);
    if (b.oom) {
      fputs("rulegen: out of memory\n", stderr);
      rc = 1;
    } else if (b.len) {
      fwrite(b.data, 1, b.len, stdout);
    }
    rgs_buf_free(&b);
  }
  if (mode == TARGETS && rc == 0) {
    RgsBuf b;
    rgs_buf_init(&b);
    gen_dump_targets(&prog, &b);
    if (b.len)
      fwrite(b.data, 1, b.len, stdout);
    rgs_buf_free(&b);
  }
  if (mode == GEN && rc == 0)
    rc = generate(&prog, &diags, out_c, out_h, symbol, line_directives, want_deps, depfile, dep_target);
  dsl_program_free(&prog);
  rg_diags_free(&diags);
  free(installed);
  free(incdirs);
  free(files);
  return rc;
}
