/* runtime/driver/opt_main.c - rg_opt_main: reads a graph in MLIR text (generic or
 * custom form), runs a pass pipeline chosen from the rule sets the program hands
 * in, verifies it and writes it back atomically. Options live in one table
 * below, so adding one is one entry and one handler. Exit status: 0
 * success, 1 bad input, a failing pipeline or a failed write, 2 bad usage. */
#include <stdlib.h>
#include <string.h>
#include "rulegen/core.h"
#include "rulegen/diag.h"
#include "rulegen/dot.h"
#include "rulegen/eval.h"
#include "rulegen/mlir.h"
#include "ir/ir_internal.h"
#include "mlir/mlir_internal.h"
#include "driver/driver_internal.h"

static int usage_error(const OptState *o, const char *fmt, const char *arg) {
  const char *prog = o->prog;
  fprintf(stderr, "%s: ", prog);
  fprintf(stderr, fmt, arg);
  fprintf(stderr, "\nTry '%s --help' for more information.\n", prog);
  return OPT_EXIT_USAGE;
}

/* The usage error for an unknown NAME of a kind, closing with the closest
 * name of that kind (`sg`, with `dashes` to print '_' as '-'). */
static int unknown_name(const OptState *o, const char *what, const char *name, const RgsSuggest *sg, bool dashes) {
  char msg[400], best[160] = "";
  for (size_t i = 0; sg->best && sg->best[i] && i + 1 < sizeof best; i++)
    best[i] = dashes && sg->best[i] == '_' ? '-' : sg->best[i], best[i + 1] = 0;
  snprintf(msg, sizeof msg, "%s '%.150s' (see --list)%s%s%s", what, name, best[0] ? "; did you mean '" : "", best,
           best[0] ? "'?" : "");
  return usage_error(o, "%s", msg);
}

/* ---- option handlers: return 0, or an exit status to stop with ---- */

typedef int (*OptFn)(OptState *o, const char *arg);

static int flag_output(OptState *o, const char *arg) {
  o->output = arg;
  return 0;
}

static void add_unique_pass(OptState *o, const RgPassDesc *p, uint32_t set) {
  for (uint32_t i = 0; i < o->num_all_passes; i++)
    if (o->all_passes[i] == p)
      return;
  o->all_sets[o->num_all_passes] = set;
  o->all_passes[o->num_all_passes++] = p;
}

/* Two rule sets that compile the same pass of the same file (a shipped
 * one both import) hold equal copies: either may run. */
static bool same_pass(const RgPassDesc *a, const RgPassDesc *b) {
  return a == b || (strcmp(a->name, b->name) == 0 && a->num_rules == b->num_rules &&
                    (a->num_rules == 0 || strcmp(a->rules[0].source, b->rules[0].source) == 0));
}

/* Splits "SET:name" into the set's index (or -1 when absent or unknown,
 * *bad set) and the name. */
static long split_set(const OptState *o, const char **name, size_t *n, bool *bad) {
  const char *colon = memchr(*name, ':', *n);
  *bad = false;
  if (!colon)
    return -1;
  size_t sl = (size_t)(colon - *name);
  for (size_t t = 0; t < o->num_targets; t++) {
    if (o->targets[t].name && strlen(o->targets[t].name) == sl && memcmp(o->targets[t].name, *name, sl) == 0) {
      *n -= sl + 1;
      *name = colon + 1;
      return (long)t;
    }
  }
  *bad = true;
  return -1;
}

/* The pass called name[0..n), or "SET:name" for the one of rule set SET.
 * A name that two rule sets give to different passes is ambiguous: NULL,
 * with the two sets' indexes in *first and *other. */
static const RgPassDesc *find_pass(const OptState *o, const char *name, size_t n, long *first, long *other) {
  bool bad;
  long set = split_set(o, &name, &n, &bad);
  const RgPassDesc *found = NULL;
  *first = *other = -1;
  for (uint32_t i = 0; i < o->num_all_passes && !bad; i++) {
    const RgPassDesc *p = o->all_passes[i];
    if (strlen(p->name) != n || memcmp(p->name, name, n) != 0 || (set >= 0 && o->all_sets[i] != (uint32_t)set))
      continue;
    if (!found) {
      found = p;
      *first = (long)o->all_sets[i];
    } else if (!same_pass(found, p)) {
      *other = (long)o->all_sets[i];
      return NULL;
    }
  }
  return found;
}

/* Every pass the rule sets name: their own, then those only their
 * pipelines reach (a pass of an imported file is compiled into the rule
 * set for its pipeline, but not listed with the set's own). Each once. */
static bool collect_passes(OptState *o) {
  uint32_t cap = 0;
  for (size_t t = 0; t < o->num_targets; t++) {
    for (const RgPassDesc *const *p = o->targets[t].passes; p && *p; p++)
      cap++;
    for (const RgPipelineDesc *const *pl = o->targets[t].pipelines; pl && *pl; pl++)
      cap += (*pl)->num_passes;
  }
  o->all_passes = rg_alloc(sizeof *o->all_passes * (cap ? cap : 1));
  o->all_sets = rg_alloc(sizeof *o->all_sets * (cap ? cap : 1));
  if (!o->all_passes || !o->all_sets)
    return false;
  for (size_t t = 0; t < o->num_targets; t++) {
    const RgPipelineDesc *const *pl = o->targets[t].pipelines;
    const RgPassDesc *const *own = o->targets[t].passes;
    for (uint32_t k = 0; own && own[k]; k++)
      add_unique_pass(o, own[k], (uint32_t)t);
    for (; pl && *pl; pl++)
      for (uint32_t k = 0; k < (*pl)->num_passes; k++)
        add_unique_pass(o, (*pl)->passes[k], (uint32_t)t);
  }
  return true;
}

/* Pipeline names are C identifiers; targets are named with '-' for '_'. */
static void print_target_name(FILE *out, const RgPipelineDesc *pl) {
  for (const char *c = pl->name; *c; c++)
    putc(*c == '_' ? '-' : *c, out);
}

static int add_pass(OptState *o, const RgPassDesc *p) {
  if (o->num_passes == OPT_MAX_PASSES)
    return usage_error(o, "too many passes (at most %s)", "256");
  o->passes[o->num_passes++] = p;
  return 0;
}

static int flag_passes(OptState *o, const char *arg) {
  /* Comma-separated pass names; `none` runs nothing. */
  const char *p = arg;
  if (!*p)
    return usage_error(o, "--passes needs at least one pass name (e.g. 'none')%s", "");
  while (*p) {
    const char *e = strchr(p, ',');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    if (!(n == 4 && memcmp(p, "none", 4) == 0)) {
      long first, other;
      const RgPassDesc *pass = find_pass(o, p, n, &first, &other);
      if (!pass) {
        char msg[320];
        if (other >= 0)
          snprintf(msg, sizeof msg, "pass '%.*s' is in rule sets '%s' and '%s': name one as SET:%.*s",
                   (int)(n < 100 ? n : 100), p, o->targets[first].name, o->targets[other].name,
                   (int)(n < 100 ? n : 100), p);
        else {
          snprintf(msg, sizeof msg, "%.*s", (int)(n < 100 ? n : 100), p);
          RgsSuggest sg;
          rgs_suggest_init(&sg, msg);
          for (uint32_t i = 0; i < o->num_all_passes; i++)
            rgs_suggest_add(&sg, o->all_passes[i]->name);
          return unknown_name(o, "unknown pass", msg, &sg, false);
        }
        return usage_error(o, "%s", msg);
      }
      int rc = add_pass(o, pass);
      if (rc)
        return rc;
    }
    p += n;
    if (*p == ',')
      p++;
  }
  o->passes_set = true;
  return 0;
}

/* Target names are pipeline names with '-' for '_': ethos-u55. */
/* "SET:NAME" picks the pipeline of rule set SET when two sets have one of
 * that name. */
static int flag_target(OptState *o, const char *arg) {
  char name[128];
  const char *spec = arg;
  size_t n = strlen(arg);
  bool bad;
  long set = split_set(o, &spec, &n, &bad);
  if (bad || n >= sizeof name)
    return usage_error(o, "unknown target '%s' (see --list)", arg);
  for (size_t i = 0; i < n; i++)
    name[i] = spec[i] == '-' ? '_' : spec[i];
  name[n] = 0;
  const RgPipelineDesc *found = NULL;
  size_t found_set = 0;
  for (size_t t = 0; t < o->num_targets; t++) {
    if (set >= 0 && t != (size_t)set)
      continue;
    for (const RgPipelineDesc *const *pl = o->targets[t].pipelines; pl && *pl; pl++) {
      if (strcmp((*pl)->name, name) != 0 || *pl == found)
        continue;
      if (found) {
        char msg[320];
        snprintf(msg, sizeof msg, "target '%s' is in rule sets '%s' and '%s': name one as SET:%s", arg,
                 o->targets[found_set].name, o->targets[t].name, arg);
        return usage_error(o, "%s", msg);
      }
      found = *pl;
      found_set = t;
    }
  }
  if (!found) {
    RgsSuggest sg;
    rgs_suggest_init(&sg, name);
    for (size_t t = 0; t < o->num_targets; t++)
      for (const RgPipelineDesc *const *pl = o->targets[t].pipelines; pl && *pl; pl++)
        rgs_suggest_add(&sg, (*pl)->name);
    return unknown_name(o, "unknown target", arg, &sg, true);
  }
  for (uint32_t i = 0; i < found->num_passes; i++) {
    int rc = add_pass(o, found->passes[i]);
    if (rc)
      return rc;
  }
  /* A target's pipeline also merges identical pure ops between passes. */
  o->run.dedup_ops = o->targets[found_set].ops;
  o->run.dedup_num_ops = o->targets[found_set].num_ops;
  o->passes_set = true;
  return 0;
}

/* With several rule sets, names are listed as SET:name, the spelling that
 * picks one when two sets use the same name. */
static int flag_list(OptState *o, const char *arg) {
  (void)arg;
  bool qualify = o->num_targets > 1;
  printf("targets (--target):\n");
  for (size_t t = 0; t < o->num_targets; t++)
    for (const RgPipelineDesc *const *pl = o->targets[t].pipelines; pl && *pl; pl++) {
      printf("  %s%s", qualify ? o->targets[t].name : "", qualify ? ":" : "");
      print_target_name(stdout, *pl);
      printf(":");
      for (uint32_t i = 0; i < (*pl)->num_passes; i++)
        printf(" %s", (*pl)->passes[i]->name);
      printf("\n");
    }
  printf("passes (--passes):\n");
  for (uint32_t i = 0; i < o->num_all_passes; i++) {
    const RgPassDesc *p = o->all_passes[i];
    char name[160];
    snprintf(name, sizeof name, "%s%s%s", qualify ? o->targets[o->all_sets[i]].name : "", qualify ? ":" : "",
             p->name);
    printf("  %-20s %s (%u rule%s: ", name, p->doc, p->num_rules, p->num_rules == 1 ? "" : "s");
    for (uint16_t r = 0; r < p->num_rules; r++)
      printf("%s%s", r ? ", " : "", p->rules[r].name);
    printf(")\n");
  }
  return -1;
}

static int flag_stats(OptState *o, const char *arg) {
  (void)arg;
  o->stats = true;
  return 0;
}

static int flag_stats_json(OptState *o, const char *arg) {
  o->stats_json = arg;
  return 0;
}

static int flag_dot(OptState *o, const char *arg) {
  o->dot = arg;
  return 0;
}

static int flag_time_passes(OptState *o, const char *arg) {
  (void)arg;
  o->time_passes = true;
  return 0;
}

static int flag_no_skip(OptState *o, const char *arg) {
  (void)arg;
  o->run.no_skip = true;
  return 0;
}

static int flag_single_sweep(OptState *o, const char *arg) {
  (void)arg;
  o->run.single_sweep = true;
  return 0;
}

static int flag_verify_each(OptState *o, const char *arg) {
  (void)arg;
  o->run.verify_each = true;
  return 0;
}

static int flag_disable_rule(OptState *o, const char *arg) {
  if (o->num_disabled == OPT_MAX_DISABLED)
    return usage_error(o, "too many --disable-rule options (at most %s)", "64");
  o->disabled[o->num_disabled++] = arg;
  o->disabled[o->num_disabled] = NULL;
  o->run.disabled_rules = o->disabled;
  return 0;
}

static int flag_isolate_rule(OptState *o, const char *arg) {
  o->run.isolate_rule = arg;
  return 0;
}

static bool parse_count(const char *arg, uint32_t max, uint32_t *out) {
  char *end;
  if (!*arg || *arg == '-')
    return false;
  unsigned long v = strtoul(arg, &end, 10);
  if (*end || v > max)
    return false;
  *out = (uint32_t)v;
  return true;
}

static int flag_explain(OptState *o, const char *arg) {
  uint32_t id;
  o->explain_name = o->explain_loc = NULL;
  if (arg[0] == '%' && arg[1]) {
    o->explain_name = arg;
    o->run.explain_node = UINT32_MAX;
    return 0;
  }
  if (arg[0] == '"' || arg[0] == '#' || !strncmp(arg, "loc(", 4)) {
    o->explain_loc = arg;
    o->run.explain_node = UINT32_MAX;
    return 0;
  }
  if (!parse_count(arg, UINT32_MAX - 1, &id))
    return usage_error(o, "--explain needs an op number (0 is the first op in the file), a value "
                          "'%%name' or a location ('\"f.py\":3:7'), not '%s'", arg);
  o->run.explain_node = id;
  return 0;
}

static int flag_print_after_all(OptState *o, const char *arg) {
  (void)arg;
  o->print_after_all = true;
  return 0;
}

static int flag_print_after_change(OptState *o, const char *arg) {
  (void)arg;
  o->print_after_change = true;
  return 0;
}

static int flag_print_after(OptState *o, const char *arg) {
  for (const char *s = arg; *s;) {
    const char *e = strchr(s, ',');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    long first, other;
    if (!find_pass(o, s, n, &first, &other)) {
      char name[128];
      snprintf(name, sizeof name, "%.*s", (int)(n < 100 ? n : 100), s);
      return usage_error(o, "--print-ir-after: unknown pass '%s' (see --list)", name);
    }
    s += n + (e != NULL);
  }
  o->print_after = arg;
  return 0;
}

static int flag_report(OptState *o, const char *arg) {
  o->report = arg;
  return 0;
}

static int flag_budget(OptState *o, const char *arg) {
  if (!parse_count(arg, 1000000, &o->run.budget_factor) || o->run.budget_factor == 0)
    return usage_error(o, "--budget needs a number of rewrites per node from 1 to 1000000, not '%s'", arg);
  return 0;
}

static int flag_fold_limit(OptState *o, const char *arg) {
  uint32_t n;
  if (!parse_count(arg, 1u << 30, &n) || n == 0)
    return usage_error(o, "--fold-limit needs a number of elements from 1 to 1073741824, not '%s'", arg);
  o->run.fold_max_elems = n;
  return 0;
}

static int flag_verify_exec(OptState *o, const char *arg) {
  o->verify_runs = 3;
  if (arg && !parse_count(arg, 1000, &o->verify_runs))
    return usage_error(o, "--verify-by-execution takes a number of runs from 0 to 1000, not '%s'", arg);
  return 0;
}

/* --threads N: the threads the interpreter's fp32 kernels use. */
static int flag_threads(OptState *o, const char *arg) {
  uint32_t n;
  if (!parse_count(arg, 64, &n) || n == 0)
    return usage_error(o, "--threads needs a number of threads from 1 to 64, not '%s'", arg);
  rg_eval_set_threads(n);
  return 0;
}

static int flag_prove(OptState *o, const char *arg) {
  uint32_t n = 0;
  if (arg && (!parse_count(arg, UINT32_MAX, &n) || n == 0))
    return usage_error(o, "--prove takes a Z3 resource limit per rewrite above 0, not '%s'", arg);
  o->prove_rlimit = arg ? n : RG_PROVE_RLIMIT_DEFAULT;
  return 0;
}

/* --inputs FILE: the file's input sets join the proof (docs/verify.md). */
static int flag_inputs(OptState *o, const char *arg) {
  o->inputs = arg;
  return 0;
}

static int flag_inexact(OptState *o, const char *arg) {
  (void)arg;
  o->run.inexact = true;
  return 0;
}

/* REL[,FLOOR]: positive finite numbers. */
static int flag_tolerance(OptState *o, const char *arg) {
  if (!rg_tolerance_parse(arg, &o->tolerance))
    return usage_error(o, "--tolerance takes a relative error in (0, 1) and an optional floor, "
                          "like 1e-5 or 1e-5,1e-3, not '%s'", arg);
  return 0;
}

static int flag_no_verify_ops(OptState *o, const char *arg) {
  if (o->num_no_verify == OPT_MAX_DISABLED)
    return usage_error(o, "too many --no-verify-ops options (at most %s)", "64");
  o->no_verify[o->num_no_verify++] = arg;
  return 0;
}

static int flag_force(OptState *o, const char *arg) {
  (void)arg;
  o->write_flags |= RGS_WRITE_FORCE;
  return 0;
}

static int flag_max_errors(OptState *o, const char *arg) {
  if (!parse_count(arg, 1000000, &o->max_errors))
    return usage_error(o, "--max-errors takes a count from 0 (all) to 1000000, not '%s'", arg);
  return 0;
}

static int flag_mem_report(OptState *o, const char *arg) {
  (void)arg;
  o->mem_report = true;
  return 0;
}

static int flag_emit(OptState *o, const char *arg) {
  if (strcmp(arg, "generic") == 0)
    o->emit = RG_MLIR_GENERIC;
  else if (strcmp(arg, "pretty") == 0)
    o->emit = RG_MLIR_PRETTY;
  else
    return usage_error(o, "--emit takes 'generic' or 'pretty', not '%s'", arg);
  return 0;
}

static int flag_help(OptState *o, const char *arg);
static int flag_version(OptState *o, const char *arg) {
  (void)arg;
  printf("%s (rulegen) %s\n", o->prog, rg_version());
  return -1; /* stop, success */
}

static const struct OptSpec {
  const char *lng;   /* --name */
  char shrt;         /* -c, or 0 */
  const char *meta;  /* argument name, NULL for a flag */
  bool optional;     /* the argument may be left out (--name or --name=V) */
  const char *help;
  OptFn fn;
} options[] = {
    {"output", 'o', "FILE", false, "write the result to FILE ('-' = standard output, the default)",
     flag_output},
    {"passes", 0, "LIST", false, "comma-separated passes to run; 'none' only reads, verifies, writes",
     flag_passes},
    {"target", 0, "NAME", false, "run a target's pipeline", flag_target},
    {"list", 0, NULL, false, "list the targets and passes and exit", flag_list},
    {"stats", 0, NULL, false, "print per pass: ran/skipped and why, rewrites, time; per rule: fires, refusals",
     flag_stats},
    {"stats-json", 0, "FILE", false, "write the same statistics as JSON to FILE", flag_stats_json},
    {"time-passes", 0, NULL, false, "print a table of the time spent in each pass", flag_time_passes},
    {"dot", 0, "FILE", false, "also write the resulting graph as Graphviz DOT to FILE", flag_dot},
    {"no-skip", 0, NULL, false, "run every pass on every node (measurement; same output)", flag_no_skip},
    {"single-sweep", 0, NULL, false,
     "run each pass once, without re-runs to a fixed point (measurement: what the fixed point costs)",
     flag_single_sweep},
    {"verify-each", 0, NULL, false, "verify the graph after every pass", flag_verify_each},
    {"disable-rule", 0, "RULE", false, "do not apply RULE ('rule' or 'pass.rule'); repeatable",
     flag_disable_rule},
    {"isolate-rule", 0, "RULE", false, "apply only RULE", flag_isolate_rule},
    {"explain", 0, "OP", false,
     "report why each rule did or did not fire on an op: its number N, a '%name' or a location",
     flag_explain},
    {"print-ir-after-change", 0, NULL, false, "print the graph to standard error after each pass that changed it",
     flag_print_after_change},
    {"print-ir-after", 0, "PASS", false, "print the graph to standard error after the passes named (comma-separated)",
     flag_print_after},
    {"print-ir-after-all", 0, NULL, false, "print the graph to standard error after every pass",
     flag_print_after_all},
    {"report", 0, "FILE", false,
     "write an HTML report: the passes, fires per rule, op histograms, pictures of rewrites", flag_report},
    {"budget", 0, "N", false, "rewrites allowed per node before a pass is stopped (default 16)",
     flag_budget},
    {"verify-by-execution", 0, "N", true,
     "run N random inputs (default 3) through the graph before and after; fail on any difference",
     flag_verify_exec},
    {"threads", 0, "N", false,
     "threads the proof by execution's matrix products use (default: the CPUs, at most 8); results do not change",
     flag_threads},
    {"inputs", 0, "FILE", false,
     "prove by execution on the input sets of FILE (docs/verify.md); with --verify-by-execution, random ones too",
     flag_inputs},
    {"prove", 0, "RLIMIT", true,
     "prove every rewrite with Z3 for all inputs: proven, counterexample (written as --inputs), or unknown",
     flag_prove},
    {"inexact", 0, NULL, false,
     "also apply rules marked inexact (they may change float results in the last bits, like -ffast-math)",
     flag_inexact},
    {"tolerance", 0, "REL[,FLOOR]", false,
     "--verify-by-execution after inexact rules fired: largest relative error allowed "
     "(default 1e-5, floor 1e-3)",
     flag_tolerance},
    {"no-verify-ops", 0, "OPS", false,
     "do not check these ops against their declarations (op names, 'dialect.*' or '*', "
     "comma-separated); repeatable", flag_no_verify_ops},
    {"force", 0, NULL, false, "replace read-only output files", flag_force},
    {"max-errors", 0, "N", false, "show at most N errors of the input (default 20; 0: all)",
     flag_max_errors},
    {"mem-report", 0, NULL, false, "print graph memory use (bytes per node) to standard error",
     flag_mem_report},
    {"fold-limit", 0, "N", false, "largest constant, in elements, that constant folding creates (default 65536)",
     flag_fold_limit},
    {"emit", 0, "FORM", false,
     "print the result in 'generic' op form (the default) or mlir-opt's custom 'pretty' form",
     flag_emit},
    {"help", 'h', NULL, false, "show this help and exit", flag_help},
    {"version", 0, NULL, false, "show the version and exit", flag_version},
};
enum { NUM_OPTIONS = sizeof options / sizeof options[0] };

static int flag_help(OptState *o, const char *arg) {
  (void)arg;
  printf("usage: %s [options] [INPUT.mlir]\n\n"
         "Reads a graph in MLIR text, generic or custom form (INPUT, or standard\n"
         "input when INPUT is '-' or absent), runs the passes, verifies the graph\n"
         "and writes it (generic form unless --emit=pretty). Exit status: 0 ok,\n"
         "1 bad input, 2 bad usage.\n\n"
         "options:\n", o->prog);
  for (int i = 0; i < NUM_OPTIONS; i++) {
    char left[64], shrt[8] = "    ";
    if (options[i].shrt)
      snprintf(shrt, sizeof shrt, "-%c, ", options[i].shrt);
    snprintf(left, sizeof left, "%s--%s%s%s%s", shrt, options[i].lng,
             options[i].meta ? (options[i].optional ? "[=" : " ") : "", options[i].meta ? options[i].meta : "",
             options[i].optional ? "]" : "");
    printf("  %-32s %s", left, options[i].help);
    if (options[i].fn == flag_target) {
      const char *sep = " (";
      for (size_t t = 0; t < o->num_targets; t++)
        for (const RgPipelineDesc *const *pl = o->targets[t].pipelines; pl && *pl; pl++) {
          fputs(sep, stdout);
          print_target_name(stdout, *pl);
          sep = ", ";
        }
      if (*sep == ',')
        putchar(')');
    }
    putchar('\n');
  }
  return -1;
}

/* A --disable-rule / --isolate-rule name must name a rule ("rule" or
 * "pass.rule"): a typo would otherwise silently change nothing. */
static bool known_rule(const OptState *o, const char *name) {
  for (uint32_t i = 0; i < o->num_all_passes; i++) {
    const RgPassDesc *p = o->all_passes[i];
    size_t n = strlen(p->name);
    const char *rule = strncmp(name, p->name, n) == 0 && name[n] == '.' ? name + n + 1 : name;
    for (uint16_t r = 0; r < p->num_rules; r++)
      if (strcmp(p->rules[r].name, name) == 0 || strcmp(p->rules[r].name, rule) == 0)
        return true;
  }
  return false;
}

/* Returns 0 to go on, -1 to exit successfully, else an exit status. */
static int parse_args(int argc, char **argv, OptState *o) {
  bool only_files = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (only_files || a[0] != '-' || strcmp(a, "-") == 0) {
      if (o->input)
        return usage_error(o, "more than one input file given ('%s')", a);
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
        return usage_error(o, "option '--%s' takes no argument", spec->lng);
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
      return usage_error(o, "unknown option '%s'", a);
    if (spec->meta && !val && !spec->optional) {
      if (i + 1 >= argc)
        return usage_error(o, "option '%s' needs an argument", a);
      val = argv[++i];
    }
    int rc = spec->fn(o, val);
    if (rc)
      return rc;
  }
  for (uint32_t i = 0; i <= o->num_disabled; i++) {
    const char *r = i < o->num_disabled ? o->disabled[i] : o->run.isolate_rule;
    if (!r || known_rule(o, r))
      continue;
    RgsSuggest sg; /* a rule's own name, also of `pass.rule` */
    rgs_suggest_init(&sg, strrchr(r, '.') ? strrchr(r, '.') + 1 : r);
    for (uint32_t k = 0; k < o->num_all_passes; k++)
      for (uint16_t j = 0; j < o->all_passes[k]->num_rules; j++)
        rgs_suggest_add(&sg, o->all_passes[k]->rules[j].name);
    return unknown_name(o, i < o->num_disabled ? "--disable-rule: no rule" : "--isolate-rule: no rule", r, &sg,
                        false);
  }
  if (!o->input)
    o->input = "-";
  if (!o->output)
    o->output = "-";
  return 0;
}

/* The last path component of argv[0], for messages. */
static const char *program_name(int argc, char **argv) {
  if (argc < 1 || !argv[0] || !*argv[0])
    return "rgopt";
  const char *slash = strrchr(argv[0], '/');
  return slash && slash[1] ? slash + 1 : argv[0];
}

static int run(OptState *o);

/* The dialect syntaxes of all targets, each once (the reader and the
 * writer take the first description of a dialect). */
static void collect_syntax(OptState *o) {
  size_t k = 0;
  for (size_t t = 0; t < o->num_targets; t++)
    for (const RgDialectSyntax *const *s = o->targets[t].syntax; s && *s; s++) {
      size_t i = 0;
      while (i < k && o->syntax[i] != *s)
        i++;
      if (i == k && k < OPT_MAX_SYNTAX)
        o->syntax[k++] = *s;
    }
  o->syntax[k] = NULL;
}

int rg_target_check(const RgOptTarget *t, char *err, size_t errlen) {
  if (t->abi == RG_ABI_VERSION)
    return 0;
  if (t->abi == 0)
    snprintf(err, errlen,
             "target '%s' carries no ABI version (written by hand, or generated before "
             "rulegen 0.2); this library is rulegen %s, ABI %d: use the generated "
             "rg_target_%s",
             t->name ? t->name : "?", RG_VERSION, RG_ABI_VERSION, t->name ? t->name : "NAME");
  else
    snprintf(err, errlen,
             "target '%s' was generated for runtime ABI %d; this library is rulegen %s, ABI %d: "
             "regenerate it with this rulegen",
             t->name ? t->name : "?", t->abi, RG_VERSION, RG_ABI_VERSION);
  return -1;
}

int rg_opt_main(int argc, char **argv, const RgOptTarget *targets, size_t n) {
  for (size_t i = 0; targets && i < n; i++) {
    char err[512];
    if (rg_target_check(&targets[i], err, sizeof err) != 0) {
      fprintf(stderr, "%s: error: %s\n", program_name(argc, argv), err);
      return OPT_EXIT_INPUT;
    }
  }
  OptState *o = rg_alloc(sizeof *o);
  if (!o) {
    fprintf(stderr, "%s: error: out of memory\n", program_name(argc, argv));
    return OPT_EXIT_INPUT;
  }
  memset(o, 0, sizeof *o);
  o->prog = program_name(argc, argv);
  o->argc = argc, o->argv = argv;
  o->targets = targets;
  o->num_targets = targets ? n : 0;
  rg_run_options_init(&o->run);
  o->tolerance.rel = RG_TOLERANCE_REL_DEFAULT;
  o->tolerance.floor = RG_TOLERANCE_FLOOR_DEFAULT;
  o->max_errors = 20;
  collect_syntax(o);
  int rc;
  if (!collect_passes(o)) {
    fprintf(stderr, "%s: error: out of memory\n", o->prog);
    rc = OPT_EXIT_INPUT;
  } else if ((rc = parse_args(argc, argv, o)) == 0) {
    rc = run(o);
  }
  rg_source_free(o->src);
  rg_free(o->names);
  rg_free(o->all_passes);
  rg_free(o->all_sets);
  rg_free(o);
  return rc < 0 ? 0 : rc;
}

/* An output that is the input or another output would destroy it. */
static int check_outputs(const OptState *o) {
  const char *outs[3] = {o->output, o->dot, o->stats_json};
  static const char *const what[3] = {"-o", "--dot", "--stats-json"};
  for (int i = 0; i < 3; i++) {
    if (!outs[i])
      continue;
    if (rgs_path_same_file(outs[i], o->input)) {
      fprintf(stderr, "%s: error: output '%s' (%s) is the input; nothing written\n", o->prog, outs[i],
              what[i]);
      return OPT_EXIT_INPUT;
    }
    for (int j = 0; j < i; j++)
      if (outs[j] && rgs_path_same_file(outs[i], outs[j])) {
        fprintf(stderr, "%s: error: %s and %s are the same file '%s'; nothing written\n", o->prog,
                what[j], what[i], outs[i]);
        return OPT_EXIT_INPUT;
      }
  }
  return 0;
}

/* Checks the ops against the declarations of every rule set: all of them,
 * or after rewrites those made from id `first_new` on and those changed;
 * errors go to `d`. Returns the number of errors. */
static size_t verify_ops(const OptState *o, RgGraph *g, const RgSource *src, RgDiags *d,
                         uint32_t first_new) {
  size_t errors = 0;
  errors += rg_graph_verify_spelling(g, o->syntax, o->no_verify, src, d);
  for (size_t t = 0; t < o->num_targets && !errors; t++)
    errors += ir_graph_verify_ops_changed(g, (IrOpDecls){o->targets[t].ops, o->targets[t].num_ops, o->no_verify},
                                          src, d, first_new);
  return errors;
}

/* What one run holds, released in one place (run_free). */
typedef struct OptRun {
  RgGraph *g;
  RgNode *named;    /* the op `--explain %name` names, found by the reader */
  RgProof *proof;   /* --verify-by-execution, --inputs */
  bool pair;        /* the proof is recorded after the passes, on the input read again */
  OptObserve *ob;   /* --print-ir-after*, --report */
  OptProve *pv;     /* --prove */
  OptExplain ex;    /* --explain */
  const char *ex_op;
  RgRunStats st;
  uint64_t rewrites, inexact_fires; /* fires in the run; of inexact rules */
  int prove_rc;     /* --prove's verdict */
  OptVerdict verdict; /* --verify-by-execution's */
} OptRun;

static void run_free(OptRun *r) {
  rg_run_stats_free(&r->st);
  opt_observe_free(r->ob);
  rg_proof_free(r->proof);
  rg_graph_free(r->g);
}

/* Reads and verifies the input graph; keeps its text when that costs
 * little, to name ops in later messages. */
static int read_input(OptState *o, OptRun *r) {
  RgDiags d;
  rg_diags_init(&d);
  d.max_errors = o->max_errors;
  RgSource *src = rg_source_load(o->input, &d);
  char name[256] = "";
  if (o->explain_name) /* `%x#1` names `%x`'s op */
    snprintf(name, sizeof name, "%.*s", (int)strcspn(o->explain_name, "#"), o->explain_name);
  /* a mapped input is kept through the run: its weights are not copied */
  r->g = src ? mlir_read_kept(src, &d, o->syntax, name[0] ? name : NULL, &r->named) : NULL;
  char msg[512];
  int rc = 0;
  if (!r->g) {
    rg_diags_print(stderr, &d);
    rc = OPT_EXIT_INPUT;
  } else if (rg_graph_verify(r->g, msg, sizeof msg) != RG_OK) {
    fprintf(stderr, "%s: error: %s: verification failed: %s\n", o->prog, o->input, msg);
    rc = OPT_EXIT_INPUT;
  } else if (verify_ops(o, r->g, src, &d, 0)) { /* a rule firing on an invalid op could hide the bug */
    rg_diags_print(stderr, &d);
    rc = OPT_EXIT_INPUT;
  }
  rg_diags_free(&d);
  /* Kept to name ops (`%4`, file:line:col) and to replay the run when
   * that costs little (a mapping, or a small text). */
  if (rgs_source_mapped(src) || (!rc && src->len <= OPT_KEEP_SOURCE)) {
    o->src = src;
    return rc;
  }
  rg_source_free(src);
  if (!rc)
    ir_node_src_forget(r->g);
  return rc;
}

/* --explain N: finds the op (N counts ops in file order, pre-order; node
 * ids are creation order, which the reader does not promise to match). */
static int explain_setup(OptState *o, OptRun *r) {
  r->ex = (OptExplain){o, o->run.explain_node, 0, NULL, 0};
  if (o->run.explain_node == UINT32_MAX)
    return 0;
  rg_graph_walk(r->g, opt_find_nth, &r->ex);
  OptExplain *ex = &r->ex;
  if (!ex->node) {
    char what[160];
    snprintf(what, sizeof what, "--explain %u: %s has %u op(s), numbered 0 to %u in file order", ex->want,
             strcmp(o->input, "-") == 0 ? "the input" : o->input, ex->seen, ex->seen ? ex->seen - 1 : 0);
    return usage_error(o, "%s", what);
  }
  r->ex_op = rg_op_name(r->g, ex->node->op);
  fprintf(stderr, "%s: explain: op %u is %s%s\n", o->prog, ex->want, r->ex_op,
          rg_node_is_frozen(ex->node) ? ", frozen (rg.frozen): no rule matches it, as root or operand"
                                      : " (the root below; root.I is the op producing its operand I)");
  o->run.explain_node = ex->node->id;
  o->run.explain_fn = opt_on_explain;
  o->run.explain_user = ex;
  return 0;
}

/* Everything the run needs before the passes: reports asked for on the
 * input, the recorded proof, --explain, the observers and the prover. */
static int prepare(OptState *o, OptRun *r) {
  int rc = 0;
  if (o->mem_report)
    opt_mem_report(o, r->g);
  if ((o->explain_name || o->explain_loc) && (rc = opt_explain_resolve(o, r->g, r->named)) != 0)
    return rc;
  /* With the input at hand to read again, the proof is recorded after the
   * passes, beside the rewritten graph: what they left alone runs once. */
  r->pair = o->src && o->src->len <= OPT_PAIR_SOURCE;
  if ((o->verify_runs || o->inputs) && !r->pair && !(r->proof = opt_proof_record(o, r->g, NULL, &rc)))
    return rc ? rc : OPT_EXIT_INPUT;
  if ((rc = explain_setup(o, r)) != 0)
    return rc;
  r->ob = opt_observe_begin(o, r->g);
  r->pv = opt_prove_begin(o, r->g, &rc);
  return rc;
}

/* The passes, then the verifiers on what they changed. */
static RgStatus run_passes(OptState *o, OptRun *r, char *err, size_t errlen) {
  RgGraph *g = r->g;
  uint64_t version = ir_graph_version(g);
  uint32_t first_new = ir_next_node_id(g);
  RgStatus s = rg_pipeline_run(g, &(RgPipelineDesc){NULL, o->num_passes, o->passes}, &o->run, &r->st, err, errlen);
  for (uint32_t i = 0; i < r->st.num_passes; i++) {
    r->rewrites += r->st.passes[i].rewrites;
    for (uint16_t k = 0; k < o->passes[i]->num_rules; k++)
      if (o->passes[i]->rules[k].inexact && r->st.passes[i].rule_fires)
        r->inexact_fires += r->st.passes[i].rule_fires[k];
  }
  /* A graph the passes did not touch was verified after reading. */
  if (s != RG_OK || (r->rewrites + r->st.dedup_merged == 0 && ir_graph_version(g) == version))
    return s;
  char msg[512];
  if (rg_graph_verify(g, msg, sizeof msg) != RG_OK) {
    snprintf(err, errlen, "the graph does not verify after the passes: %s", msg);
    return RG_ERR_VERIFY;
  }
  RgDiags d; /* rewrites must not make ops their declarations reject */
  rg_diags_init(&d);
  d.max_errors = o->max_errors;
  if (verify_ops(o, g, NULL, &d, first_new)) {
    fprintf(stderr, "%s: error: the passes made ops that do not verify:\n", o->prog);
    rg_diags_print(stderr, &d);
    s = RG_ERR_VERIFY;
  }
  rg_diags_free(&d);
  return s;
}

/* What the run reports besides the graph: explain's summary, refusals,
 * --stats, --time-passes, --stats-json, --prove's verdict. */
static RgStatus report_run(OptState *o, OptRun *r, RgStatus s) {
  if (r->ex.node)
    opt_explain_summary(&r->ex, r->ex_op, &r->st);
  opt_warn_refusals(o, r->g, &r->st);
  if (o->stats) {
    opt_print_stats(stderr, o, r->g, &r->st);
    opt_print_layout(stderr, o, r->g);
  }
  if (o->time_passes)
    opt_print_time_passes(stderr, &r->st);
  if (o->stats_json && opt_write_stats_json(o, r->g, &r->st) != 0)
    s = s == RG_OK ? RG_ERR_IO : s;
  r->prove_rc = opt_prove_end(o, r->pv);
  r->pv = NULL;
  return s;
}

/* Proof by execution of the rewritten graph; on a difference, the
 * rewrite that made it. Then --prove's verdict. */
static int check_proof(const OptState *o, OptRun *r) {
  if (r->pair && (o->verify_runs || o->inputs)) {
    RgDiags d;
    rg_diags_init(&d);
    RgGraph *before = rg_mlir_read_with(o->src, &d, o->syntax);
    rg_diags_free(&d);
    int rc = 0;
    if (!before) {
      fprintf(stderr, "%s: error: --verify-by-execution: the input could not be read again\n", o->prog);
      return OPT_EXIT_INPUT;
    }
    r->proof = opt_proof_record(o, before, r->g, &rc);
    rg_graph_free(before);
    if (!r->proof)
      return rc ? rc : OPT_EXIT_INPUT;
  }
  if (!r->proof)
    return r->prove_rc;
  int rc = opt_proof_check(o, r->g, r->proof, r->inexact_fires, &r->verdict);
  if (r->verdict.checked && !r->verdict.ok)
    opt_culprit_search(o, r->proof, r->rewrites, r->inexact_fires != 0, &r->verdict);
  return rc ? rc : r->prove_rc;
}

static int write_outputs(const OptState *o, RgGraph *g) {
  char err[1024];
  if (o->dot) {
    size_t dlen = 0;
    char *dot = rg_graph_dot(g, &dlen);
    int drc = dot ? rgs_write_file(o->dot, dot, dlen, o->write_flags, err, sizeof err) : -1;
    rg_free(dot);
    if (drc != 0) {
      fprintf(stderr, "%s: error: %s\n", o->prog, dot ? err : "out of memory writing the DOT graph");
      return OPT_EXIT_INPUT;
    }
  }
  if (mlir_write_file(g, o->emit, o->syntax, (MlirFileTarget){o->output, o->write_flags, err, sizeof err}) != 0) {
    fprintf(stderr, "%s: error: %s\n", o->prog, err);
    return OPT_EXIT_INPUT;
  }
  return 0;
}

static int run(OptState *o) {
  OptRun r;
  memset(&r, 0, sizeof r);
  int rc = check_outputs(o);
  if (!rc)
    rc = read_input(o, &r);
  if (!rc)
    rc = prepare(o, &r);
  RgStatus s = RG_OK;
  if (!rc) {
    char err[1024] = "";
    s = report_run(o, &r, run_passes(o, &r, err, sizeof err));
    if (s != RG_OK) {
      if (err[0])
        fprintf(stderr, "%s: error: %s\n", o->prog, err);
      rc = OPT_EXIT_INPUT;
    }
  }
  if (!rc)
    rc = check_proof(o, &r);
  /* its outputs are not needed to write the graph */
  rg_proof_free(r.proof);
  r.proof = NULL;
  /* The report shows the proof's verdict, a failed one above all. */
  if (o->report && r.ob && s == RG_OK && opt_observe_report(r.ob, r.g, &r.st, &r.verdict) != 0)
    rc = OPT_EXIT_INPUT;
  if (!rc)
    rc = write_outputs(o, r.g);
  run_free(&r);
  return rc;
}
