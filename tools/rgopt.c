/* tools/rgopt.c - reads a graph in the MLIR generic op form, runs a pass
 * pipeline over it, verifies it and writes it back atomically. Exit status:
 * 0 success, 1 bad input (or a failed write), 2 bad usage. Options live in
 * one table below, so adding one is one entry and one handler. */
#include <stdlib.h>
#include <string.h>
#include "rulegen/core.h"
#include "rulegen/diag.h"
#include "rulegen/graph.h"
#include "rulegen/mlir.h"
#include "internal.h"

typedef struct Options {
  const char *input;
  const char *output;
  bool passes_set;
  bool mem_report;
} Options;

enum { EXIT_INPUT = 1, EXIT_USAGE = 2 };

static const char *prog = "rgopt";

static int usage_error(const char *fmt, const char *arg) {
  fprintf(stderr, "%s: ", prog);
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nTry '%s --help' for more information.\n", prog);
  return EXIT_USAGE;
}

/* ---- option handlers: return 0, or an exit status to stop with ---- */

typedef int (*OptFn)(Options *o, const char *arg);

static int opt_output(Options *o, const char *arg) {
  o->output = arg;
  return 0;
}

static int opt_passes(Options *o, const char *arg) {
  /* Comma-separated pass names; `none` is the only pipeline so far. */
  const char *p = arg;
  if (!*p)
    return usage_error("--passes needs at least one pass name (e.g. 'none')%s", "");
  while (*p) {
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (!(n == 4 && memcmp(p, "none", 4) == 0)) {
      char name[128];
      snprintf(name, sizeof name, "%.*s", (int)(n < 100 ? n : 100), p);
      return usage_error("unknown pass '%s' (available: none)", name);
    }
    p += n;
    if (*p == ',')
      p++;
  }
  o->passes_set = true;
  return 0;
}

static int opt_mem_report(Options *o, const char *arg) {
  (void)arg;
  o->mem_report = true;
  return 0;
}

static int opt_help(Options *o, const char *arg);
static int opt_version(Options *o, const char *arg) {
  (void)o;
  (void)arg;
  printf("rgopt (rulegen) %s\n", rg_version());
  return -1; /* stop, success */
}

static const struct OptSpec {
  const char *lng;   /* --name */
  char shrt;         /* -c, or 0 */
  const char *meta;  /* argument name, NULL for a flag */
  const char *help;
  OptFn fn;
} options[] = {
    {"output", 'o', "FILE", "write the result to FILE ('-' = standard output, the default)",
     opt_output},
    {"passes", 0, "LIST", "comma-separated passes to run; 'none' only reads, verifies, writes",
     opt_passes},
    {"mem-report", 0, NULL, "print graph memory use (bytes per node) to standard error",
     opt_mem_report},
    {"help", 'h', NULL, "show this help and exit", opt_help},
    {"version", 0, NULL, "show the version and exit", opt_version},
};
enum { NUM_OPTIONS = sizeof options / sizeof options[0] };

static int opt_help(Options *o, const char *arg) {
  (void)o;
  (void)arg;
  printf("usage: %s [options] [INPUT.mlir]\n\n"
         "Reads a graph in MLIR generic op form (INPUT, or standard input when\n"
         "INPUT is '-' or absent), runs the passes, verifies the graph and writes\n"
         "it in generic form. Exit status: 0 ok, 1 bad input, 2 bad usage.\n\n"
         "options:\n", prog);
  for (int i = 0; i < NUM_OPTIONS; i++) {
    char left[64], shrt[8] = "    ";
    if (options[i].shrt)
      snprintf(shrt, sizeof shrt, "-%c, ", options[i].shrt);
    snprintf(left, sizeof left, "%s--%s%s%s", shrt, options[i].lng, options[i].meta ? " " : "",
             options[i].meta ? options[i].meta : "");
    printf("  %-24s %s\n", left, options[i].help);
  }
  return -1;
}

/* Returns 0 to go on, -1 to exit successfully, else an exit status. */
static int parse_args(int argc, char **argv, Options *o) {
  bool only_files = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
      if (o->input)
        return usage_error("more than one input file given ('%s')", a);
      o->input = a;
      continue;
    }
    if (strcmp(a, "--") == 0) {
      only_files = true;
      continue;
    }
    const struct OptSpec *spec = NULL;
    const char *val = NULL;
    if (a[1] == '-') {
      const char *name = a + 2, *eq = strchr(name, '=');
      size_t n = eq ? (size_t)(eq - name) : strlen(name);
      for (int k = 0; k < NUM_OPTIONS; k++)
        if (strlen(options[k].lng) == n && memcmp(options[k].lng, name, n) == 0)
          spec = &options[k];
      if (spec && eq)
        val = eq + 1;
      if (spec && eq && !spec->meta)
        return usage_error("option '--%s' takes no argument", spec->lng);
    } else {
      for (int k = 0; k < NUM_OPTIONS; k++)
        if (options[k].shrt && options[k].shrt == a[1])
          spec = &options[k];
      if (spec && a[2]) {
        if (!spec->meta)
          spec = NULL;
        else
          val = a + 2;
      }
    }
    if (!spec)
      return usage_error("unknown option '%s'", a);
    if (spec->meta && !val) {
      if (i + 1 >= argc)
        return usage_error("option '%s' needs an argument", a);
      val = argv[++i];
    }
    int rc = spec->fn(o, val);
    if (rc)
      return rc;
  }
  if (!o->input)
    o->input = "-";
  if (!o->output)
    o->output = "-";
  return 0;
}

/* ---- memory report ---- */

static size_t round8(size_t n) { return (n + 7) & ~(size_t)7; }

static size_t attr_bytes(const RgAttr *a) {
  if (!a || a->kind == RG_ATTR_UNIT)
    return 0; /* the reader shares one unit attribute */
  size_t n = round8(sizeof *a);
  if (a->text)
    n += round8((size_t)a->text_len + 1);
  switch (a->kind) {
  case RG_ATTR_STRING: n += round8((size_t)a->u.str.len + 1); break;
  case RG_ATTR_DENSE_ARRAY: n += round8(8 * (size_t)a->count); break;
  case RG_ATTR_ARRAY:
    n += round8(sizeof(void *) * a->count);
    for (uint32_t i = 0; i < a->count; i++)
      n += attr_bytes(a->u.items[i]);
    break;
  case RG_ATTR_DICT:
    n += round8(sizeof(RgNamedAttr) * a->count);
    for (uint32_t i = 0; i < a->count; i++)
      n += attr_bytes(a->u.entries[i].value);
    break;
  default: break;
  }
  return n;
}

static bool count_attr_bytes(RgNode *n, void *user) {
  size_t *total = user;
  if (n->num_attrs)
    *total += round8(sizeof(RgNamedAttr) * n->num_attrs);
  for (uint16_t i = 0; i < n->num_attrs; i++)
    *total += attr_bytes(n->attrs[i].value);
  return true;
}

static void mem_report(RgGraph *g) {
  size_t arena = rg_graph_arena_bytes(g), attrs = 0;
  rg_graph_walk(g, count_attr_bytes, &attrs);
  uint32_t nodes = rg_graph_num_nodes(g);
  fprintf(stderr, "rgopt: memory: %u nodes, %zu arena bytes, %zu in attributes, "
          "%.1f bytes/node excluding attribute payloads\n",
          nodes, arena, attrs, nodes ? (double)(arena - attrs) / nodes : 0.0);
}

int main(int argc, char **argv) {
  Options o;
  memset(&o, 0, sizeof o);
  int rc = parse_args(argc, argv, &o);
  if (rc)
    return rc < 0 ? 0 : rc;
  (void)o.passes_set; /* default pipeline: none */

  RgDiags d;
  rg_diags_init(&d);
  d.max_errors = 20;
  RgSource *src = rg_source_load(o.input, &d);
  RgGraph *g = src ? rg_mlir_read(src, &d) : NULL;
  if (!g) {
    rg_diags_print(stderr, &d);
    rg_diags_free(&d);
    rg_source_free(src);
    return EXIT_INPUT;
  }
  rg_source_free(src);
  rg_diags_free(&d);

  char msg[512];
  if (rg_graph_verify(g, msg, sizeof msg) != RG_OK) {
    fprintf(stderr, "%s: error: %s: verification failed: %s\n", prog, o.input, msg);
    rg_graph_free(g);
    return EXIT_INPUT;
  }
  if (o.mem_report)
    mem_report(g);
  size_t len = 0;
  char *text = rg_mlir_write(g, &len);
  rg_graph_free(g);
  if (!text) {
    fprintf(stderr, "%s: error: out of memory writing the graph\n", prog);
    return EXIT_INPUT;
  }
  char err[512];
  int wrc = rg_write_file_atomic(o.output, text, len, err, sizeof err);
  rg_free(text);
  if (wrc != 0) {
    fprintf(stderr, "%s: error: %s\n", prog, err);
    return EXIT_INPUT;
  }
  return 0;
}
