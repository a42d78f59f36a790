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
#include "rulegen_prove.h"

static void usage(FILE *out) {
  fputs("usage: rulegen [-I DIR]... -o OUT.c [--header OUT.h] [--symbol NAME]\n"
        "               [--no-line] [-MD] [-MF DEPFILE] [-MT TARGET] FILE...\n"
        "       rulegen [-I DIR]... --check FILE...\n"
        "       rulegen [-I DIR]... --dump-ast FILE...\n"
        "       rulegen [-I DIR]... --targets FILE...\n"
        "       rulegen [-I DIR]... --prove[=RLIMIT] [--prove-dir DIR] FILE...\n"
        "       rulegen [-I DIR]... --print-search-path\n"
        "       rulegen --help | --version\n"
        "\n"
        "  --check      parse and check the files (and their imports)\n"
        "  --dump-ast   check, then print the checked AST of the files\n"
        "  --targets    print each pass's derived target-op condition\n"
        "  --prove      prove each rule for every graph it can match (Z3); one line\n"
        "               per rule; RLIMIT: Z3 resource units per query (default\n"
        "               100000000); exit 1 when a rule is refuted\n"
        "  --prove-dir DIR  write counterexamples (graph, inputs) to DIR (default .)\n"
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
        "Exit status: 0 clean (warnings allowed), 1 errors (--prove: a rule refuted), 2 usage.\n",
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

/* What the command line asks for. */
typedef enum Mode { NONE, CHECK, DUMP, TARGETS, GEN, SEARCH_PATH, PROVE } Mode;

typedef struct Cli {
  Mode mode;
  const char *out_c, *out_h, *symbol, *depfile, *dep_target;
  bool line_directives, want_deps;
  size_t max_errors, max_warnings;
  const char **incdirs, **files; /* argc + 1 slots each */
  uint32_t nincdirs, nfiles;
  char *installed; /* PREFIX/share/rulegen, searched when it exists */
  uint64_t prove_rlimit;
  const char *prove_dir;
} Cli;

/* The dependency file's text: OUT.c (and OUT.h, or -MT's target) depend
 * on every input, and each input has an empty rule, so a deleted import
 * does not break make. */
static void put_deps(RgsBuf *d, const Cli *cli, const DslProgram *prog) {
  if (cli->dep_target) {
    put_make_path(d, cli->dep_target);
  } else {
    put_make_path(d, cli->out_c);
    if (cli->out_h) {
      rgs_buf_putc(d, ' ');
      put_make_path(d, cli->out_h);
    }
  }
  rgs_buf_putc(d, ':');
  for (uint32_t i = 0; i < prog->nfiles; i++) {
    rgs_buf_putc(d, ' ');
    put_make_path(d, prog->files[i]->src->name);
  }
  rgs_buf_putc(d, '\n');
  for (uint32_t i = 0; i < prog->nfiles; i++) {
    put_make_path(d, prog->files[i]->src->name);
    rgs_buf_puts(d, ":\n");
  }
}

/* OUT.d beside OUT.c (its extension replaced); NULL when out of memory. */
static char *default_depfile(const char *out_c) {
  size_t n = strlen(out_c);
  char *dpath = malloc(n + 3);
  if (!dpath)
    return NULL;
  memcpy(dpath, out_c, n + 1);
  char *dot = strrchr(dpath, '.');
  char *slash = strrchr(dpath, '/');
  if (dot && (!slash || dot > slash))
    strcpy(dot, ".d");
  else
    strcat(dpath, ".d");
  return dpath;
}

/* Writes OUT.c (and the header and dependency file) only when generation
 * succeeded as a whole, each atomically: a failed run leaves no output. */
static int generate(const Cli *cli, DslProgram *prog, RgDiags *diags) {
  char *sym = cli->symbol ? NULL : symbol_from_path(cli->out_c);
  GenOptions o = {cli->out_c, cli->out_h, cli->symbol ? cli->symbol : sym, cli->line_directives};
  if (o.header_name) {
    const char *slash = strrchr(o.header_name, '/');
    o.header_name = slash ? slash + 1 : o.header_name;
  }
  RgsBuf c, h, d;
  rgs_buf_init(&c);
  rgs_buf_init(&h);
  rgs_buf_init(&d);
  char *dpath = NULL;
  int rc = 0;
  if (!o.symbol || !gen_emit(prog, &o, &c, cli->out_h ? &h : NULL)) {
    rg_diags_print(stderr, diags);
    if (!diags->errors)
      fputs("rulegen: error: code generation failed (out of memory)\n", stderr);
    rc = 1;
  }
  if (rc == 0 && cli->want_deps) {
    put_deps(&d, cli, prog);
    if (!cli->depfile && !(dpath = default_depfile(cli->out_c)))
      d.oom = true;
  }
  if (rc == 0 && (c.oom || h.oom || d.oom)) {
    fputs("rulegen: error: out of memory\n", stderr);
    rc = 1;
  }
  const char *outs[3] = {cli->out_c, cli->out_h,
                         cli->want_deps ? (cli->depfile ? cli->depfile : dpath) : NULL};
  if (rc == 0)
    rc = check_outputs(prog, outs);
  if (rc == 0)
    rc = write_out(cli->out_c, &c);
  if (rc == 0 && cli->out_h)
    rc = write_out(cli->out_h, &h);
  if (rc == 0 && cli->want_deps)
    rc = write_out(outs[2], &d);
  free(dpath);
  rgs_buf_free(&c);
  rgs_buf_free(&h);
  rgs_buf_free(&d);
  free(sym);
  return rc;
}

/* ---- the command line: one table entry and one handler per option ---- */

/* A handler returns 0 to go on, 2 after a usage error (reported), or -1
 * to stop with success (--help, --version). */
typedef int (*CliFn)(Cli *cli, const char *opt, const char *arg);

static int set_mode(Cli *cli, Mode m) {
  cli->mode = m;
  return 0;
}
static int opt_help(Cli *cli, const char *opt, const char *arg) {
  (void)cli, (void)opt, (void)arg;
  usage(stdout);
  return -1;
}
static int opt_version(Cli *cli, const char *opt, const char *arg) {
  (void)cli, (void)opt, (void)arg;
  printf("rulegen %s\n", rg_version());
  return -1;
}
static int opt_check(Cli *cli, const char *opt, const char *arg) {
  (void)opt, (void)arg;
  return set_mode(cli, CHECK);
}
static int opt_dump(Cli *cli, const char *opt, const char *arg) {
  (void)opt, (void)arg;
  return set_mode(cli, DUMP);
}
static int opt_targets(Cli *cli, const char *opt, const char *arg) {
  (void)opt, (void)arg;
  return set_mode(cli, TARGETS);
}
static int opt_search_path(Cli *cli, const char *opt, const char *arg) {
  (void)opt, (void)arg;
  return set_mode(cli, SEARCH_PATH);
}
static int opt_include(Cli *cli, const char *opt, const char *arg) {
  (void)opt;
  cli->incdirs[cli->nincdirs++] = arg;
  return 0;
}
static int opt_no_line(Cli *cli, const char *opt, const char *arg) {
  (void)opt, (void)arg;
  cli->line_directives = false;
  return 0;
}
static int opt_md(Cli *cli, const char *opt, const char *arg) {
  (void)opt, (void)arg;
  cli->want_deps = true;
  return 0;
}
static int opt_force(Cli *cli, const char *opt, const char *arg) {
  (void)cli, (void)opt, (void)arg;
  write_flags |= RGS_WRITE_FORCE;
  return 0;
}
static int opt_max(Cli *cli, const char *opt, const char *arg) {
  char *end = NULL;
  unsigned long v = arg ? strtoul(arg, &end, 10) : 0;
  if (!arg || !*arg || *end || arg[0] == '-' || v > 1000000)
    return usage_error("option '%s' needs a count from 0 to 1000000", opt);
  *(opt[6] == 'e' ? &cli->max_errors : &cli->max_warnings) = v;
  return 0;
}
static int opt_output(Cli *cli, const char *opt, const char *arg) {
  (void)opt;
  cli->out_c = arg;
  return set_mode(cli, GEN);
}
static int opt_header(Cli *cli, const char *opt, const char *arg) {
  (void)opt;
  cli->out_h = arg;
  return 0;
}
static int opt_symbol(Cli *cli, const char *opt, const char *arg) {
  (void)opt;
  /* Part of C identifiers (rg_pass_S__P): letters, digits, '_'; no "__",
   * which separates it from the pass name. */
  cli->symbol = arg;
  if (!*arg || arg[strspn(arg, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")])
    return usage_error("--symbol '%s' is not usable in C names: use letters, digits and '_' only", arg);
  if (strstr(arg, "__"))
    return usage_error("--symbol '%s' contains '__', which separates it from pass names", arg);
  return 0;
}
static int opt_mf(Cli *cli, const char *opt, const char *arg) {
  (void)opt;
  cli->depfile = arg;
  cli->want_deps = true;
  return 0;
}
static int opt_prove(Cli *cli, const char *opt, const char *arg) {
  (void)arg;
  cli->prove_rlimit = 100000000;
  const char *eq = strchr(opt, '=');
  if (eq) {
    char *end = NULL;
    unsigned long long v = strtoull(eq + 1, &end, 10);
    if (!eq[1] || *end || eq[1] == '-' || v == 0)
      return usage_error("--prove=RLIMIT needs a positive count, not '%s'", eq + 1);
    cli->prove_rlimit = v;
  }
  if (!rulegen_prove_available()) {
    fputs("rulegen: error: --prove: this rulegen was built without Z3 (libz3-dev)\n", stderr);
    return 2;
  }
  return set_mode(cli, PROVE);
}
static int opt_prove_dir(Cli *cli, const char *opt, const char *arg) {
  (void)opt;
  cli->prove_dir = arg;
  return 0;
}
static int opt_mt(Cli *cli, const char *opt, const char *arg) {
  (void)opt;
  cli->dep_target = arg;
  return 0;
}

/* How an option takes its argument. */
typedef enum ArgKind {
  ARG_NONE,  /* a flag */
  ARG_NEXT,  /* the next word ("option '-o' needs an argument" without one) */
  ARG_COUNT, /* the next word, checked by the handler (a missing one too) */
  ARG_DIR    /* -I DIR or -IDIR */
} ArgKind;

static const struct CliSpec {
  const char *name;
  ArgKind arg;
  CliFn fn;
} cli_options[] = {
    {"--help", ARG_NONE, opt_help},         {"-h", ARG_NONE, opt_help},
    {"--version", ARG_NONE, opt_version},   {"--check", ARG_NONE, opt_check},
    {"--dump-ast", ARG_NONE, opt_dump},     {"--targets", ARG_NONE, opt_targets},
    {"--print-search-path", ARG_NONE, opt_search_path},
    {"-I", ARG_DIR, opt_include},           {"--no-line", ARG_NONE, opt_no_line},
    {"-MD", ARG_NONE, opt_md},              {"--force", ARG_NONE, opt_force},
    {"--max-errors", ARG_COUNT, opt_max},   {"--max-warnings", ARG_COUNT, opt_max},
    {"-o", ARG_NEXT, opt_output},           {"--header", ARG_NEXT, opt_header},
    {"--symbol", ARG_NEXT, opt_symbol},     {"-MF", ARG_NEXT, opt_mf},
    {"-MT", ARG_NEXT, opt_mt},              {"--prove", ARG_NONE, opt_prove},
    {"--prove-dir", ARG_NEXT, opt_prove_dir},
};

static const struct CliSpec *find_option(const char *a) {
  for (size_t k = 0; k < sizeof cli_options / sizeof *cli_options; k++) {
    const struct CliSpec *s = &cli_options[k];
    if (strcmp(a, s->name) == 0 || (s->arg == ARG_DIR && strncmp(a, s->name, 2) == 0) ||
        (s->fn == opt_prove && strncmp(a, "--prove=", 8) == 0))
      return s;
  }
  return NULL;
}

/* Parses argv into cli; the result as a handler's. */
static int parse_args(Cli *cli, int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "-") == 0 || a[0] != '-') {
      cli->files[cli->nfiles++] = a;
      continue;
    }
    const struct CliSpec *s = find_option(a);
    if (!s)
      return usage_error("unknown option '%s'", a);
    const char *arg = NULL;
    if (s->arg == ARG_DIR && a[2]) {
      arg = a + 2;
    } else if (s->arg == ARG_COUNT) {
      arg = i + 1 < argc ? argv[++i] : NULL;
    } else if (s->arg != ARG_NONE) {
      if (i + 1 >= argc)
        return usage_error(s->arg == ARG_DIR ? "option '%s' needs a directory"
                                             : "option '%s' needs an argument", a);
      arg = argv[++i];
    }
    int rc = s->fn(cli, a, arg);
    if (rc)
      return rc;
  }
  return 0;
}

/* The combinations the options allow; a usage error's status, or 0. */
static int check_usage(const Cli *cli) {
  if (cli->mode == NONE)
    return usage_error("%sno mode given: use -o, --check, --dump-ast, --targets or --prove", "");
  if ((cli->out_h || cli->symbol || cli->depfile || cli->want_deps || cli->dep_target) &&
      cli->mode != GEN)
    return usage_error("%s--header, --symbol and -MD/-MF/-MT need -o", "");
  if (cli->prove_dir && cli->mode != PROVE)
    return usage_error("%s--prove-dir needs --prove", "");
  if (cli->nfiles == 0 && cli->mode != SEARCH_PATH)
    return usage_error("%sno input files", "");
  if (cli->nfiles && cli->mode == SEARCH_PATH)
    return usage_error("%s--print-search-path takes no input files", "");
  return 0;
}

/* The installed library is searched only when it is there: a build tree
 * has none, and its messages do not name one. */
static void add_installed(Cli *cli, const char *argv0) {
  cli->installed = default_search_dir(argv0);
  struct stat st;
  if (cli->installed && stat(cli->installed, &st) == 0 && S_ISDIR(st.st_mode))
    cli->incdirs[cli->nincdirs++] = cli->installed; /* argc + 1 slots: room for it */
}

static void print_search_path(const Cli *cli) {
  puts("(the importing file's directory)");
  for (uint32_t i = 0; i < cli->nincdirs; i++)
    puts(cli->incdirs[i]);
  if (cli->installed && (!cli->nincdirs || cli->incdirs[cli->nincdirs - 1] != cli->installed))
    printf("%s (not present: not searched)\n", cli->installed);
}

/* Writes what fill put into a buffer to standard output. */
static int print_buf(void (*fill)(RgsBuf *, DslProgram *), DslProgram *prog) {
  RgsBuf b;
  rgs_buf_init(&b);
  fill(&b, prog);
  int rc = 0;
  if (b.oom) {
    fputs("rulegen: out of memory\n", stderr);
    rc = 1;
  } else if (b.len) {
    fwrite(b.data, 1, b.len, stdout);
  }
  rgs_buf_free(&b);
  return rc;
}

static void fill_ast(RgsBuf *b, DslProgram *prog) { dsl_dump_ast(b, prog); }
static void fill_targets(RgsBuf *b, DslProgram *prog) { gen_dump_targets(prog, b); }

/* Loads and checks the files, then does what the mode asks. */
static int run(const Cli *cli) {
  RgDiags diags;
  rg_diags_init(&diags);
  diags.max_errors = cli->max_errors;
  diags.max_warnings = cli->max_warnings;
  DslProgram prog;
  dsl_program_init(&prog, &diags);
  prog.incdirs = cli->incdirs;
  prog.nincdirs = cli->nincdirs;
  for (uint32_t i = 0; i < cli->nfiles; i++)
    dsl_load_file(&prog, cli->files[i]);
  dsl_check(&prog);
  rg_diags_print(stderr, &diags);
  int rc = diags.errors ? 1 : 0;
  if (rc == 0 && cli->mode == DUMP)
    rc = print_buf(fill_ast, &prog);
  else if (rc == 0 && cli->mode == TARGETS)
    rc = print_buf(fill_targets, &prog);
  else if (rc == 0 && cli->mode == GEN)
    rc = generate(cli, &prog, &diags);
  else if (rc == 0 && cli->mode == PROVE)
    rc = rulegen_prove(&prog, cli->prove_rlimit, cli->prove_dir ? cli->prove_dir : ".");
  dsl_program_free(&prog);
  rg_diags_free(&diags);
  return rc;
}

int main(int argc, char **argv) {
  Cli cli = {.mode = NONE, .line_directives = true, .max_errors = 100, .max_warnings = 100};
  cli.incdirs = calloc((size_t)argc + 1, sizeof *cli.incdirs);
  cli.files = calloc((size_t)argc + 1, sizeof *cli.files);
  int rc = 1;
  if (!cli.incdirs || !cli.files)
    fputs("rulegen: out of memory\n", stderr);
  else if ((rc = parse_args(&cli, argc, argv)) == 0 && (rc = check_usage(&cli)) == 0) {
    add_installed(&cli, argc > 0 ? argv[0] : NULL);
    if (cli.mode == SEARCH_PATH)
      print_search_path(&cli);
    else
      rc = run(&cli);
  }
  free(cli.installed);
  free(cli.incdirs);
  free(cli.files);
  return rc < 0 ? 0 : rc;
}
