/* runtime/driver/opt_observe.c - seeing what a pipeline did: IR dumps after passes
 * (--print-ir-after-change, --print-ir-after=PASS, --print-ir-after-all,
 * as mlir-opt's), --explain's op found by `%name` or location, and the
 * self-contained HTML report (--report FILE.html): the pipeline with each
 * pass's time and why it was skipped, fires per rule, op histograms before
 * and after, and before/after pictures of a few rewrites per rule, drawn
 * by graphviz from the rewritten ops' neighbourhoods only, so that a large
 * model's report still takes seconds. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rulegen/dot.h"
#include "rulegen/match.h"
#include "rulegen/mlir.h"
#include "ir/ir_internal.h"
#include "driver/driver_internal.h"

enum { EXAMPLES_PER_RULE = 3, PICTURE_RADIUS = 1, PICTURE_MAX_NODES = 24, MAX_ABSORBED = 16 };

typedef struct PassRow {
  const RgPassDesc *p;
  bool ran, skipped;
  uint32_t rewrites;
  double seconds;
} PassRow;

typedef struct Example {
  const RgPassDesc *p;
  uint16_t rule;
  char *before, *after; /* DOT */
} Example;

/* A rule's near misses: roots of its root op where a later test failed,
 * with the failed tests seen most (up to NEAR_WHYS distinct ones, each
 * with the first message that named it, the values its guard read). */
enum { NEAR_WHYS = 4 };
typedef struct NearMiss {
  const char *pass, *rule; /* the descriptors' own strings */
  uint32_t count;
  char *why[NEAR_WHYS];
  uint32_t why_count[NEAR_WHYS];
} NearMiss;

typedef struct Hist {
  const char **names;
  uint32_t *counts;
  uint32_t n;
} Hist;

struct OptObserve {
  OptState *o;
  PassRow *rows;
  uint32_t nrows;
  Example *ex;
  uint32_t nex, cap_ex;
  char *pending; /* the before picture of the rewrite under way */
  /* its root, then the ops that die with it unless the replacement
   * keeps them: what the rule may absorb, filled in the picture */
  RgNode *absorbed[MAX_ABSORBED];
  uint32_t nabsorbed;
  /* its root's uses, to name what replaced it when no op did */
  struct { RgNode *user; uint32_t operand; } uses[4];
  uint32_t nuses;
  Hist before;
  NearMiss *near;
  uint32_t nnear, cap_near;
  bool oom;
};

/* ---- IR dumps ---- */

static bool wants_dump(const OptState *o, const RgPassDesc *p, const RgPassStats *st) {
  if (o->print_after_all || (o->print_after_change && st->rewrites > 0))
    return true;
  for (const char *s = o->print_after; s && *s;) {
    const char *e = strchr(s, ',');
    size_t n = e ? (size_t)(e - s) : strlen(s);
    if (n == strlen(p->name) && !memcmp(s, p->name, n))
      return true;
    s += n + (e != NULL);
  }
  return false;
}

static void dump_ir(const OptState *o, RgGraph *g, const RgPassDesc *p) {
  size_t len = 0;
  char *text = rg_mlir_write_with(g, o->emit, o->syntax, &len);
  fprintf(stderr, "// -----// IR Dump After %s //----- //\n", p->name);
  if (text)
    fwrite(text, 1, len, stderr);
  else
    fprintf(stderr, "%s: error: out of memory printing the graph\n", o->prog);
  rg_free(text);
}

/* ---- observing the run ---- */

static void after_pass(void *user, RgGraph *g, uint32_t index, const RgPassDesc *p,
                       const RgPassStats *st) {
  OptObserve *ob = user;
  if (wants_dump(ob->o, p, st))
    dump_ir(ob->o, g, p);
  if (ob->rows && index < ob->nrows) {
    PassRow *row = &ob->rows[index];
    row->p = p;
    row->ran = st->ran;
    row->skipped = st->skipped;
    row->rewrites = st->rewrites;
    row->seconds = st->seconds;
  }
}

static uint32_t examples_of(const OptObserve *ob, const RgPassDesc *p, uint16_t rule) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < ob->nex; i++)
    n += ob->ex[i].p == p && ob->ex[i].rule == rule;
  return n;
}

/* The after picture of a rewrite that made no op and whose replacing
 * values no op defines: a block argument took the root's place, or the
 * root had no uses. */
static char *removed_dot(const OptObserve *ob) {
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, "digraph removed {\n  node [fontname=\"monospace\", fontsize=10];\n"
                   "  r [shape=plaintext, label=\"(removed)");
  const RgValue *v = ob->nuses ? ob->uses[0].user->operands[ob->uses[0].operand].value : NULL;
  if (!v)
    rgs_buf_puts(&b, "\\nits result had no uses");
  else if (!rg_value_def(v))
    rgs_buf_printf(&b, "\\nreplaced by block argument %u\\n%s", v->index, v->type ? v->type->text : "");
  rgs_buf_puts(&b, "\"];\n}\n");
  return rgs_buf_take(&b);
}

/* Whether every use of n's results is by one of set[0..n). */
static bool used_only_by(const RgNode *n, RgNode *const *set, uint32_t nset) {
  for (uint32_t i = 0; i < n->num_results; i++)
    for (const RgUse *u = n->results[i].uses; u; u = u->next) {
      bool in = false;
      for (uint32_t k = 0; k < nset && !in; k++)
        in = set[k] == u->user;
      if (!in)
        return false;
    }
  return true;
}

/* The root, then the producers that only the root and those already
 * taken use: the ops a rewrite of `root` may leave dead (the rewriter
 * erases them unless the replacement reuses them). */
static void collect_absorbed(OptObserve *ob, RgNode *root) {
  ob->absorbed[0] = root;
  ob->nabsorbed = 1;
  for (bool grew = true; grew;) {
    grew = false;
    for (uint32_t i = 0; i < ob->nabsorbed && ob->nabsorbed < MAX_ABSORBED; i++) {
      RgNode *x = ob->absorbed[i];
      for (uint32_t k = 0; k < x->num_operands && ob->nabsorbed < MAX_ABSORBED; k++) {
        RgNode *d = x->operands[k].value ? rg_value_def(x->operands[k].value) : NULL;
        bool taken = !d || d->num_regions || rg_node_is_frozen(d);
        for (uint32_t j = 0; j < ob->nabsorbed && !taken; j++)
          taken = ob->absorbed[j] == d;
        if (!taken && used_only_by(d, ob->absorbed, ob->nabsorbed)) {
          ob->absorbed[ob->nabsorbed++] = d;
          grew = true;
        }
      }
    }
  }
}

/* After the rewrite: the ops it kept in use lose the fill the before
 * picture gave every op it might absorb. */
static void unfill_kept(OptObserve *ob) {
  static const char fill[] = ", style=filled, fillcolor=\"#ffe9a8\"";
  for (uint32_t i = 1; i < ob->nabsorbed; i++) {
    const RgNode *x = ob->absorbed[i];
    bool used = false; /* left dead, the pass's sweep removes it */
    for (uint32_t k = 0; k < x->num_results && !used; k++)
      used = !(x->flags & RG_NODE_ERASED) && x->results[k].num_uses != 0;
    if (!used)
      continue;
    char key[96];
    snprintf(key, sizeof key, "  n%u [shape=box%s", ob->absorbed[i]->id, fill);
    char *at = strstr(ob->pending, key);
    if (at) {
      char *from = at + strlen(key), *to = from - (sizeof fill - 1);
      memmove(to, from, strlen(from) + 1);
    }
  }
}

static void on_rewrite(void *user, const RgRewriteEvent *ev) {
  OptObserve *ob = user;
  RgGraph *g = ev->graph;
  const RgPassDesc *p = ev->pass;
  uint16_t rule = ev->rule;
  RgNode *const *nodes = ev->nodes;
  uint32_t n = ev->num_nodes;
  if (examples_of(ob, p, rule) >= EXAMPLES_PER_RULE)
    return;
  if (!ev->after) {
    rg_free(ob->pending);
    ob->nabsorbed = 0;
    if (n)
      collect_absorbed(ob, nodes[0]);
    ob->pending = rg_graph_dot_around(g, n ? ob->absorbed : nodes, n ? ob->nabsorbed : 0, PICTURE_RADIUS,
                                      PICTURE_MAX_NODES, NULL);
    ob->nuses = 0;
    for (uint32_t i = 0; n && i < nodes[0]->num_results; i++)
      for (RgUse *u = nodes[0]->results[i].uses; u && ob->nuses < 4; u = u->next)
        ob->uses[ob->nuses].user = u->user, ob->uses[ob->nuses++].operand = (uint32_t)(u - u->user->operands);
    return;
  }
  if (!ob->pending)
    return;
  unfill_kept(ob);
  if (ob->nex == ob->cap_ex) {
    uint32_t cap = ob->cap_ex ? ob->cap_ex * 2 : 16;
    Example *v = rg_realloc(ob->ex, sizeof *v * cap);
    if (!v) {
      ob->oom = true;
      return;
    }
    ob->ex = v;
    ob->cap_ex = cap;
  }
  Example e = {p, rule, ob->pending, NULL};
  e.after = n ? rg_graph_dot_around(g, nodes, n, PICTURE_RADIUS, PICTURE_MAX_NODES, NULL) : removed_dot(ob);
  ob->pending = NULL;
  ob->ex[ob->nex++] = e;
}

/* The test an explain message names, without the values it read:
 * "guard failed at 'p == iota(len(p))'" of "... (p = [1, 0])". */
static size_t test_len(const char *why) {
  const char *end = NULL;
  for (const char *s = strstr(why, "' ("); s; s = strstr(s + 1, "' ("))
    end = s + 1;
  return end ? (size_t)(end - why) : strlen(why);
}

/* Explain mode on every root: each report of a failed test is a near miss
 * of its rule (firing, refusals and disabled rules are reported elsewhere). */
static void on_near_miss(void *user, const char *pass, const char *rule, const char *why) {
  OptObserve *ob = user;
  if (!strncmp(why, "fires", 5) || !strncmp(why, "refused", 7) || !strcmp(why, "rule is disabled"))
    return;
  NearMiss *m = NULL;
  for (uint32_t i = 0; i < ob->nnear && !m; i++)
    if (ob->near[i].pass == pass && ob->near[i].rule == rule)
      m = &ob->near[i];
  if (!m) {
    if (ob->nnear == ob->cap_near) {
      uint32_t cap = ob->cap_near ? ob->cap_near * 2 : 16;
      NearMiss *v = rg_realloc(ob->near, sizeof *v * cap);
      if (!v) {
        ob->oom = true;
        return;
      }
      ob->near = v;
      ob->cap_near = cap;
    }
    m = &ob->near[ob->nnear++];
    memset(m, 0, sizeof *m);
    m->pass = pass, m->rule = rule;
  }
  m->count++;
  size_t key = test_len(why);
  for (int k = 0; k < NEAR_WHYS; k++) {
    if (!m->why[k] && !(m->why[k] = rgs_strdup(why)))
      return;
    if (test_len(m->why[k]) == key && !strncmp(m->why[k], why, key)) {
      m->why_count[k]++;
      return;
    }
  }
}

static void hist_take(RgGraph *g, Hist *h) {
  uint32_t n = rg_op_count_ids(g);
  h->names = rg_alloc(sizeof *h->names * (n ? n : 1));
  h->counts = rg_alloc(sizeof *h->counts * (n ? n : 1));
  h->n = 0;
  if (!h->names || !h->counts)
    return;
  for (RgOpId op = 0; op < n; op++) {
    h->names[op] = rg_op_name(g, op);
    h->counts[op] = rg_op_count(g, op);
  }
  h->n = n;
}

static void hist_free(Hist *h) {
  rg_free(h->names);
  rg_free(h->counts);
}

OptObserve *opt_observe_begin(OptState *o, RgGraph *g) {
  if (!o->print_after_all && !o->print_after_change && !o->print_after && !o->report)
    return NULL;
  OptObserve *ob = rg_alloc(sizeof *ob);
  if (!ob)
    return NULL;
  memset(ob, 0, sizeof *ob);
  ob->o = o;
  if (o->report) {
    ob->nrows = o->num_passes;
    ob->rows = rg_alloc(sizeof *ob->rows * (o->num_passes ? o->num_passes : 1));
    if (ob->rows)
      memset(ob->rows, 0, sizeof *ob->rows * (o->num_passes ? o->num_passes : 1));
    hist_take(g, &ob->before);
    o->run.on_rewrite = on_rewrite;
    if (o->run.explain_node == UINT32_MAX) { /* --explain keeps its op */
      o->run.explain_node = RG_EXPLAIN_EVERY_NODE;
      o->run.explain_fn = on_near_miss;
      o->run.explain_user = ob;
    }
  }
  o->run.after_pass = after_pass;
  o->run.observe_user = ob;
  return ob;
}

void opt_observe_free(OptObserve *ob) {
  if (!ob)
    return;
  for (uint32_t i = 0; i < ob->nex; i++) {
    rg_free(ob->ex[i].before);
    rg_free(ob->ex[i].after);
  }
  rg_free(ob->ex);
  for (uint32_t i = 0; i < ob->nnear; i++)
    for (int k = 0; k < NEAR_WHYS; k++)
      rg_free(ob->near[i].why[k]);
  rg_free(ob->near);
  rg_free(ob->pending);
  rg_free(ob->rows);
  hist_free(&ob->before);
  rg_free(ob);
}

/* ---- the HTML report ---- */

static void put_html(RgsBuf *b, const char *s) {
  for (; *s; s++) {
    switch (*s) {
    case '<': rgs_buf_puts(b, "&lt;"); break;
    case '>': rgs_buf_puts(b, "&gt;"); break;
    case '&': rgs_buf_puts(b, "&amp;"); break;
    case '"': rgs_buf_puts(b, "&quot;"); break;
    default: rgs_buf_putc(b, *s); break;
    }
  }
}

/* Lays out every picture with one run of graphviz (a file of several
 * graphs gives one SVG document each). Returns the SVGs, or NULL with
 * *why set when graphviz is not there or fails. */
static char **render_svgs(OptObserve *ob, const char **why) {
  uint32_t n = ob->nex * 2;
  *why = NULL;
  if (!n)
    return NULL;
  char path[] = "/tmp/rgopt-report-XXXXXX";
  int fd = mkstemp(path);
  FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!f) {
    if (fd >= 0)
      close(fd);
    *why = "cannot create a temporary file for graphviz";
    return NULL;
  }
  for (uint32_t i = 0; i < ob->nex; i++) {
    fputs(ob->ex[i].before ? ob->ex[i].before : "digraph e {}\n", f);
    fputs(ob->ex[i].after ? ob->ex[i].after : "digraph e {}\n", f);
  }
  fclose(f);
  char cmd[128];
  snprintf(cmd, sizeof cmd, "dot -Tsvg '%s' 2>/dev/null", path);
  FILE *p = popen(cmd, "r");
  RgsBuf out;
  rgs_buf_init(&out);
  char chunk[65536];
  size_t k;
  while (p && (k = fread(chunk, 1, sizeof chunk, p)) > 0)
    rgs_buf_put(&out, chunk, k);
  int rc = p ? pclose(p) : -1;
  unlink(path);
  if (rc != 0 || out.oom || !out.len) {
    rgs_buf_free(&out);
    *why = "graphviz (`dot`) is not installed or failed; install it to see the pictures";
    return NULL;
  }
  rgs_buf_putc(&out, 0);
  char *all = rgs_buf_take(&out);
  char **svgs = rg_alloc(sizeof *svgs * n + 1);
  if (!svgs) {
    rg_free(all);
    return NULL;
  }
  /* each document is `<?xml ...?> <!DOCTYPE ...> <svg ...> ... </svg>` */
  char *s = all;
  for (uint32_t i = 0; i < n; i++) {
    char *start = s ? strstr(s, "<svg") : NULL;
    char *end = start ? strstr(start, "</svg>") : NULL;
    if (!end) {
      svgs[i] = NULL;
      s = NULL;
      continue;
    }
    end += 6;
    size_t len = (size_t)(end - start);
    svgs[i] = rg_alloc(len + 1);
    if (svgs[i]) {
      memcpy(svgs[i], start, len);
      svgs[i][len] = 0;
    }
    s = end;
  }
  rg_free(all);
  return svgs;
}

static const char *style =
    "body{font-family:sans-serif;margin:1.5em;color:#222}"
    "table{border-collapse:collapse;margin:.5em 0 1.5em}"
    "td,th{border:1px solid #ccc;padding:2px 8px;text-align:left;font-size:13px}"
    "th{background:#eee}td.n{text-align:right;font-family:monospace}"
    "tr.skip{color:#888}tr.chg td{background:#fff6dd}"
    ".pair{display:flex;gap:1em;align-items:flex-start;margin:.5em 0 1.5em}"
    ".pair figure{margin:0;border:1px solid #ddd;padding:.3em;background:#fafafa}"
    ".pair svg{max-width:560px;height:auto}"
    "figcaption{font-size:12px;color:#555}code{font-size:13px}"
    ".proof-ok{color:#1a6b1a}.proof-failed{color:#a00000;font-family:monospace}";

/* The proof by execution's verdict and the rewrite to blame. */
static void put_verdict(RgsBuf *b, const OptVerdict *v) {
  if (!v || !v->checked)
    return;
  rgs_buf_printf(b, "<h2>Proof by execution</h2>\n<p class=\"%s\">", v->ok ? "proof-ok" : "proof-failed");
  put_html(b, v->what);
  rgs_buf_puts(b, "</p>\n");
  if (v->culprit[0]) {
    rgs_buf_puts(b, "<p class=\"proof-failed\">");
    put_html(b, v->culprit);
    rgs_buf_puts(b, "</p>\n");
  }
}

/* Per rule in pipeline order: the roots where it nearly matched and the
 * tests that failed there, most seen first. */
static void put_near_misses(RgsBuf *b, const OptObserve *ob) {
  const OptState *o = ob->o;
  if (o->run.explain_fn != on_near_miss)
    return;
  rgs_buf_puts(b, "<h2>Near misses</h2>\n<p>Rules whose pattern's root op matched an op but a later test "
                  "(an operand's op, an attribute, the guard) failed: how often, and the tests that failed.</p>\n");
  if (!ob->nnear) {
    rgs_buf_puts(b, "<p>None.</p>\n");
    return;
  }
  rgs_buf_puts(b, "<table><tr><th>rule</th><th>source</th><th>near misses</th><th>failed test (times)</th></tr>\n");
  for (uint32_t i = 0; i < o->num_passes; i++) {
    const RgPassDesc *p = o->passes[i];
    bool again = false; /* a pass the pipeline runs twice: one row a rule */
    for (uint32_t j = 0; j < i && !again; j++)
      again = o->passes[j] == p;
    for (uint16_t r = 0; r < p->num_rules && !again; r++) {
      const NearMiss *m = NULL;
      for (uint32_t j = 0; j < ob->nnear && !m; j++)
        if (ob->near[j].pass == p->name && ob->near[j].rule == p->rules[r].name)
          m = &ob->near[j];
      if (!m)
        continue;
      rgs_buf_puts(b, "<tr><td><code>");
      put_html(b, p->name);
      rgs_buf_putc(b, '.');
      put_html(b, p->rules[r].name);
      rgs_buf_puts(b, "</code></td><td><code>");
      put_html(b, p->rules[r].source);
      rgs_buf_printf(b, "</code></td><td class=\"n\">%u</td><td>", m->count);
      bool done[NEAR_WHYS] = {false};
      for (int n = 0; n < NEAR_WHYS; n++) { /* most seen first */
        int best = -1;
        for (int k = 0; k < NEAR_WHYS; k++)
          if (m->why[k] && !done[k] && (best < 0 || m->why_count[k] > m->why_count[best]))
            best = k;
        if (best < 0)
          break;
        done[best] = true;
        rgs_buf_puts(b, n ? "<br><code>" : "<code>");
        put_html(b, m->why[best]);
        rgs_buf_printf(b, "</code> (%u)", m->why_count[best]);
      }
      rgs_buf_puts(b, "</td></tr>\n");
    }
  }
  rgs_buf_puts(b, "</table>\n");
}

/* Every refused match kept: its rule, the op, why; the likely bugs marked. */
static void put_refusals(RgsBuf *b, const OptState *o, RgGraph *g, const RgRunStats *st) {
  bool any = false;
  for (uint32_t i = 0; i < st->num_passes && i < o->num_passes; i++) {
    const RgPassDesc *p = o->passes[i];
    for (uint32_t k = 0; k < st->passes[i].num_refused; k++) {
      const RgRefusal *r = &st->passes[i].refused[k];
      if (!any)
        rgs_buf_puts(b, "<h2>Refused matches</h2>\n<p>Matches whose replacement could not be built or typed; "
                        "<b>likely bug</b>: every type was static, so the rule or a shape hook is probably wrong "
                        "(<code>--explain</code> the op to see it).</p>\n<table><tr><th>rule</th><th>source</th>"
                        "<th>op</th><th>why</th></tr>\n");
      any = true;
      OptNodeName nn;
      opt_node_name(o, g, r->node, &nn);
      RgsBuf name;
      rgs_buf_init(&name);
      opt_put_node_name(&name, &nn);
      rgs_buf_puts(b, "<tr><td><code>");
      put_html(b, p->name);
      rgs_buf_putc(b, '.');
      put_html(b, p->rules[r->rule].name);
      rgs_buf_puts(b, "</code></td><td><code>");
      put_html(b, p->rules[r->rule].source);
      rgs_buf_puts(b, "</code></td><td><code>");
      put_html(b, name.data && !name.oom ? name.data : nn.op);
      rgs_buf_puts(b, r->likely_bug ? "</code></td><td><b>likely bug</b>: " : "</code></td><td>");
      put_html(b, r->why);
      rgs_buf_puts(b, "</td></tr>\n");
      rgs_buf_free(&name);
    }
  }
  if (any)
    rgs_buf_puts(b, "</table>\n");
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void put_histograms(RgsBuf *b, const Hist *before, RgGraph *g) {
  Hist after;
  hist_take(g, &after);
  uint32_t n = after.n;
  const char **names = rg_alloc(sizeof *names * (n ? n : 1));
  if (!names) {
    hist_free(&after);
    return;
  }
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint32_t was = i < before->n ? before->counts[i] : 0;
    if (was || after.counts[i])
      names[k++] = after.names[i];
  }
  qsort(names, k, sizeof *names, cmp_str);
  rgs_buf_puts(b, "<h2>Ops before and after</h2>\n<table><tr><th>op</th><th>before</th>"
                 "<th>after</th><th>change</th></tr>\n");
  for (uint32_t j = 0; j < k; j++) {
    RgOpId op = rg_op_find(g, names[j], strlen(names[j]));
    uint32_t was = op < before->n ? before->counts[op] : 0, now = after.counts[op];
    rgs_buf_printf(b, "<tr%s><td><code>", was != now ? " class=\"chg\"" : "");
    put_html(b, names[j]);
    rgs_buf_printf(b, "</code></td><td class=\"n\">%u</td><td class=\"n\">%u</td><td class=\"n\">%+lld</td></tr>\n",
                  was, now, (long long)now - (long long)was);
  }
  rgs_buf_puts(b, "</table>\n");
  rg_free(names);
  hist_free(&after);
}

int opt_observe_report(OptObserve *ob, RgGraph *g, const RgRunStats *st, const OptVerdict *v) {
  OptState *o = ob->o;
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>");
  put_html(&b, o->prog);
  rgs_buf_puts(&b, " report: ");
  put_html(&b, o->input);
  rgs_buf_printf(&b, "</title><style>%s</style></head><body>\n<h1>", style);
  put_html(&b, o->prog);
  rgs_buf_puts(&b, " report: <code>");
  put_html(&b, o->input);
  rgs_buf_printf(&b, "</code></h1>\n<p>%u pass(es), %.3f ms in passes, %u op(s) in the result.</p>\n",
                st->num_passes, st->total_seconds * 1e3, rg_graph_num_nodes(g));
  put_verdict(&b, v);

  rgs_buf_puts(&b, "<h2>Pipeline</h2>\n<table><tr><th>#</th><th>pass</th><th>status</th>"
                  "<th>rewrites</th><th>ms</th><th>why</th></tr>\n");
  for (uint32_t i = 0; i < ob->nrows; i++) {
    const PassRow *r = &ob->rows[i];
    const char *name = r->p ? r->p->name : (i < o->num_passes ? o->passes[i]->name : "?");
    rgs_buf_printf(&b, "<tr%s><td class=\"n\">%u</td><td><code>", r->skipped ? " class=\"skip\"" : "", i);
    put_html(&b, name);
    rgs_buf_printf(&b, "</code></td><td>%s</td><td class=\"n\">%u</td><td class=\"n\">%.3f</td><td>",
                  r->skipped ? "skipped" : r->ran ? "ran" : "not reached", r->rewrites, r->seconds * 1e3);
    if (r->skipped && i < st->num_passes && st->passes[i].skip_reason)
      put_html(&b, st->passes[i].skip_reason);
    rgs_buf_puts(&b, "</td></tr>\n");
  }
  rgs_buf_puts(&b, "</table>\n");

  rgs_buf_puts(&b, "<h2>Rules</h2>\n<table><tr><th>rule</th><th>source</th><th>fires</th><th>refused</th></tr>\n");
  for (uint32_t i = 0; i < st->num_passes && i < o->num_passes; i++) {
    const RgPassDesc *p = o->passes[i];
    for (uint16_t r = 0; r < p->num_rules; r++) {
      uint32_t fires = st->passes[i].rule_fires ? st->passes[i].rule_fires[r] : 0;
      uint32_t refused = st->passes[i].rule_refusals ? st->passes[i].rule_refusals[r] : 0;
      if (!fires && !refused)
        continue;
      rgs_buf_puts(&b, "<tr><td><code>");
      put_html(&b, p->name);
      rgs_buf_putc(&b, '.');
      put_html(&b, p->rules[r].name);
      rgs_buf_puts(&b, p->rules[r].inexact ? "</code> (inexact)</td><td><code>" : "</code></td><td><code>");
      put_html(&b, p->rules[r].source);
      rgs_buf_printf(&b, "</code></td><td class=\"n\">%u</td><td class=\"n\">%u</td></tr>\n", fires, refused);
    }
  }
  rgs_buf_puts(&b, "</table>\n");
  put_refusals(&b, o, g, st);
  put_near_misses(&b, ob);

  put_histograms(&b, &ob->before, g);

  const char *why = NULL;
  char **svgs = render_svgs(ob, &why);
  rgs_buf_printf(&b, "<h2>Rewrites</h2>\n<p>Up to %d rewrites per rule: the ops the rule matched and "
                    "removed (filled) and their neighbours before, the ops the rule made (filled) and theirs after.</p>\n",
                EXAMPLES_PER_RULE);
  if (why) {
    rgs_buf_puts(&b, "<p><b>No pictures:</b> ");
    put_html(&b, why);
    rgs_buf_puts(&b, "</p>\n");
  }
  for (uint32_t i = 0; i < ob->nex; i++) {
    const Example *e = &ob->ex[i];
    rgs_buf_puts(&b, "<h3><code>");
    put_html(&b, e->p->name);
    rgs_buf_putc(&b, '.');
    put_html(&b, e->p->rules[e->rule].name);
    rgs_buf_puts(&b, "</code> <small>");
    put_html(&b, e->p->rules[e->rule].source);
    rgs_buf_puts(&b, "</small></h3>\n<div class=\"pair\">");
    for (int k = 0; k < 2; k++) {
      rgs_buf_printf(&b, "<figure>%s<figcaption>%s</figcaption></figure>",
                    svgs && svgs[2 * i + k] ? svgs[2 * i + k] : "", k ? "after" : "before");
    }
    rgs_buf_puts(&b, "</div>\n");
  }
  if (svgs) {
    for (uint32_t i = 0; i < ob->nex * 2; i++)
      rg_free(svgs[i]);
    rg_free(svgs);
  }
  rgs_buf_puts(&b, "</body></html>\n");
  char err[512];
  int rc = 0;
  if (b.oom || ob->oom) {
    fprintf(stderr, "%s: error: out of memory writing the report\n", o->prog);
    rc = 1;
  } else if (rgs_write_file_atomic(o->report, b.data, b.len, err, sizeof err) != 0) {
    fprintf(stderr, "%s: error: %s\n", o->prog, err);
    rc = 1;
  }
  rgs_buf_free(&b);
  return rc;
}

/* ---- --explain by `%name` or location ---- */

typedef struct FindLoc {
  RgGraph *g;
  IrLocCtx *ctx;
  const char *want;
  uint32_t seen, matches;
  RgNode *node;
  uint32_t ordinal;
} FindLoc;

static bool find_loc(RgNode *n, void *user) {
  FindLoc *f = user;
  bool hit = n->loc && strstr(n->loc, f->want);
  if (n->loc && !hit) { /* `#loc1` as the alias stands, or what it stands for */
    char *text = ir_loc_resolved(f->g, &f->ctx, n->loc);
    hit = text && strstr(text, f->want);
    rg_free(text);
  }
  if (hit && f->matches++ == 0) {
    f->node = n;
    f->ordinal = f->seen;
  }
  f->seen++;
  return true;
}

typedef struct FindNode {
  const RgNode *want;
  uint32_t seen;
  bool found;
} FindNode;

static bool find_node(RgNode *n, void *user) {
  FindNode *f = user;
  if (n == f->want) {
    f->found = true;
    return false;
  }
  f->seen++;
  return true;
}

int opt_explain_resolve(OptState *o, RgGraph *g, RgNode *named) {
  if (o->explain_name) {
    FindNode f = {named, 0, false};
    if (named)
      rg_graph_walk(g, find_node, &f);
    if (!f.found) {
      fprintf(stderr, "%s: --explain %s: no op in %s defines that value%s\n", o->prog, o->explain_name,
              strcmp(o->input, "-") == 0 ? "the input" : o->input,
              named ? "" : " (unknown name, or a block argument)");
      return OPT_EXIT_USAGE;
    }
    o->run.explain_node = f.seen;
    return 0;
  }
  /* `loc("f.py":3:7)` or just `"f.py":3:7`: the first op whose location
   * (aliases resolved) contains it */
  char want[512];
  const char *s = o->explain_loc;
  size_t n = strlen(s);
  if (n > 5 && !strncmp(s, "loc(", 4) && s[n - 1] == ')') {
    s += 4;
    n -= 5;
  }
  snprintf(want, sizeof want, "%.*s", (int)n, s);
  FindLoc f = {g, NULL, want, 0, 0, NULL, 0};
  rg_graph_walk(g, find_loc, &f);
  ir_loc_ctx_free(f.ctx);
  if (!f.node) {
    fprintf(stderr, "%s: --explain %s: no op's location contains '%s'\n", o->prog, o->explain_loc, want);
    return OPT_EXIT_USAGE;
  }
  if (f.matches > 1)
    fprintf(stderr, "%s: explain: %u ops have a location containing '%s'; explaining the first (op %u)\n",
            o->prog, f.matches, want, f.ordinal);
  o->run.explain_node = f.ordinal;
  return 0;
}

/* ---- --explain: the values a failing guard conjunct reads ---- */

static void put_ints(RgsBuf *b, const int64_t *v, uint32_t n) {
  rgs_buf_putc(b, '[');
  for (uint32_t i = 0; i < n && i < 16; i++)
    rgs_buf_printf(b, "%s%" PRId64, i ? ", " : "", v[i]);
  rgs_buf_puts(b, n > 16 ? ", ...]" : "]");
}

/* One value of rg_rw_explain_guard's list; "?" where it cannot be read
 * (a dynamic shape, an unranked type). */
static void put_read(RgsBuf *b, char d, va_list *ap) {
  const RgValue *v = NULL;
  int64_t x;
  RgDType dt;
  RgInts l;
  switch (d) {
  case 'i': rgs_buf_printf(b, "%" PRId64, va_arg(*ap, int64_t)); return;
  case 'f': rgs_buf_printf(b, "%g", va_arg(*ap, double)); return;
  case 'b': rgs_buf_puts(b, va_arg(*ap, int) ? "true" : "false"); return;
  case 's': rgs_buf_printf(b, "\"%s\"", va_arg(*ap, const char *)); return;
  case 'l': l = va_arg(*ap, RgInts); put_ints(b, l.v, l.n); return;
  case 't': rgs_buf_puts(b, rg_dtype_name((RgDType)va_arg(*ap, int))); return;
  default: v = va_arg(*ap, const RgValue *); break;
  }
  bool ok = v != NULL;
  switch (d) {
  case 'r': ok = ok && rg_value_rank(v, &x); if (ok) rgs_buf_printf(b, "%" PRId64, x); break;
  case 'n': ok = ok && rg_value_numel(v, &x); if (ok) rgs_buf_printf(b, "%" PRId64, x); break;
  case 'u': if (ok) rgs_buf_printf(b, "%u", v->num_uses); break;
  case 'd': ok = ok && rg_value_dtype(v, &dt); if (ok) rgs_buf_puts(b, rg_dtype_name(dt)); break;
  case 'S': ok = ok && rg_value_shape(v, &l); if (ok) put_ints(b, l.v, l.n); break;
  default: ok = ok && v->type; if (ok) rgs_buf_puts(b, v->type->text); break;
  }
  if (!ok)
    rgs_buf_putc(b, '?');
}

void rg_rw_explain_guard(RgRewriter *rw, uint16_t rule, bool unevaluable, const char *text, const char *reads,
                         ...) {
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_printf(&b, "guard %s at '%s'", unevaluable ? "cannot be evaluated" : "failed", text);
  if (reads && *reads) {
    va_list ap;
    va_start(ap, reads);
    rgs_buf_puts(&b, " (");
    for (const char *p = reads; *p; p++) {
      if (*p == '%' && p[1]) {
        put_read(&b, *++p, &ap);
        continue;
      }
      rgs_buf_putc(&b, *p);
    }
    rgs_buf_putc(&b, ')');
    va_end(ap);
  }
  rg_rw_explain(rw, rule, b.data && !b.oom ? b.data : text);
  rgs_buf_free(&b);
}
