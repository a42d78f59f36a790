/* runtime/driver/opt_report.c - what rg_opt_main reports besides the graph:
 * statistics (text and JSON), the memory report, explain mode's summary,
 * and the messages of the proof by execution (rulegen/proof.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "rulegen/diag.h"
#include "ir/ir_internal.h"
#include "driver/driver_internal.h"
#include "interp/interp_internal.h"

/* ---- memory report ---- */

static size_t round8(size_t n) { return (n + 7) & ~(size_t)7; }

/* Attributes already counted: the reader shares one attribute between
 * every use of the same spelling, and each is counted once. An open-addressing
 * set of pointers; a failed allocation only makes the count an overestimate. */
typedef struct Seen {
  const RgAttr **slots;
  size_t mask, count;
  size_t total;
} Seen;

static bool seen_add(Seen *s, const RgAttr *a) {
  if ((s->count + 1) * 2 > s->mask + 1) {
    size_t ncap = s->mask ? (s->mask + 1) * 2 : 1024;
    const RgAttr **slots = rg_alloc(ncap * sizeof *slots);
    if (!slots)
      return true;
    memset(slots, 0, ncap * sizeof *slots);
    for (size_t i = 0; s->slots && i <= s->mask; i++) {
      if (!s->slots[i])
        continue;
      size_t h = ((uintptr_t)s->slots[i] >> 3) & (ncap - 1);
      while (slots[h])
        h = (h + 1) & (ncap - 1);
      slots[h] = s->slots[i];
    }
    rg_free(s->slots);
    s->slots = slots;
    s->mask = ncap - 1;
  }
  size_t h = ((uintptr_t)a >> 3) & s->mask;
  for (; s->slots[h]; h = (h + 1) & s->mask)
    if (s->slots[h] == a)
      return false;
  s->slots[h] = a;
  s->count++;
  return true;
}

static size_t attr_bytes(Seen *seen, const RgAttr *a) {
  if (!a || a->kind == RG_ATTR_UNIT || !seen_add(seen, a))
    return 0; /* counted already, or the unit attribute the reader shares */
  size_t n = round8(sizeof *a);
  if (a->text)
    n += round8((size_t)a->text_len + 1);
  switch (a->kind) {
  case RG_ATTR_STRING: n += round8((size_t)a->u.str.len + 1); break;
  case RG_ATTR_DENSE_ARRAY: n += round8(8 * (size_t)a->count); break;
  case RG_ATTR_ARRAY:
    n += round8(sizeof(void *) * a->count);
    for (uint32_t i = 0; i < a->count; i++)
      n += attr_bytes(seen, a->u.items[i]);
    break;
  case RG_ATTR_DICT:
    n += round8(sizeof(RgNamedAttr) * a->count);
    for (uint32_t i = 0; i < a->count; i++)
      n += attr_bytes(seen, a->u.entries[i].value);
    break;
  default: break;
  }
  return n;
}

static bool count_attr_bytes(RgNode *n, void *user) {
  Seen *seen = user;
  if (n->num_attrs)
    seen->total += round8(sizeof(RgNamedAttr) * n->num_attrs);
  for (uint16_t i = 0; i < n->num_attrs; i++)
    seen->total += attr_bytes(seen, n->attrs[i].value);
  return true;
}

void opt_mem_report(const OptState *o, RgGraph *g) {
  size_t arena = rg_graph_arena_bytes(g);
  Seen seen = {NULL, 0, 0, 0};
  rg_graph_walk(g, count_attr_bytes, &seen);
  rg_free(seen.slots);
  size_t attrs = seen.total < arena ? seen.total : arena;
  uint32_t nodes = rg_graph_num_nodes(g);
  fprintf(stderr, "%s: memory: %u nodes, %zu arena bytes, %zu in attributes, "
          "%.1f bytes/node excluding attribute payloads\n",
          o->prog, nodes, arena, attrs, nodes ? (double)(arena - attrs) / nodes : 0.0);
}

/* ---- naming nodes ---- */

/* The first result name on the line of the op at `off` (`%4` of
 * `%4 = "my.add"`, `%x` of `%x:2 = ...`), or 0 with none. */
static size_t result_name(const RgSource *s, size_t off, const char **name) {
  size_t i = off < s->len ? off : s->len;
  while (i && s->text[i - 1] != '\n')
    i--;
  while (i < off && (s->text[i] == ' ' || s->text[i] == '\t'))
    i++;
  if (i >= off || s->text[i] != '%')
    return 0;
  size_t e = i + 1;
  while (e < off && (isalnum((unsigned char)s->text[e]) || strchr("_$.-", s->text[e])))
    e++;
  *name = s->text + i;
  return e - i > 1 ? e - i : 0;
}

static int cmp_u32(const void *a, const void *b) {
  uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
  return x < y ? -1 : x > y;
}

static int cmp_name(const void *a, const void *b) {
  return strcmp(((const OptNodeName *)a)->name, ((const OptNodeName *)b)->name);
}

/* For each name, where the first line defining it starts: one pass over
 * the text (regions and functions reuse names, and --explain %name takes
 * the first). `sorted` are the names in strcmp order. */
static void first_definitions(const RgSource *s, OptNodeName *sorted, uint32_t n, size_t upto) {
  for (size_t i = 0; i < upto && i < s->len; i++) {
    size_t line = i;
    while (i < s->len && (s->text[i] == ' ' || s->text[i] == '\t'))
      i++;
    if (i < s->len && s->text[i] == '%') {
      size_t e = i + 1;
      while (e < s->len && (isalnum((unsigned char)s->text[e]) || strchr("_$.-", s->text[e])))
        e++;
      OptNodeName key;
      if (e - i < sizeof key.name) {
        memcpy(key.name, s->text + i, e - i);
        key.name[e - i] = 0;
        OptNodeName *hit = bsearch(&key, sorted, n, sizeof *sorted, cmp_name);
        for (; hit && hit > sorted && !strcmp(hit[-1].name, key.name); hit--)
          ;
        for (; hit && hit < sorted + n && !strcmp(hit->name, key.name); hit++)
          if (hit->first_def == SIZE_MAX)
            hit->first_def = line;
      }
    }
    const char *nl = memchr(s->text + i, '\n', s->len - i);
    if (!nl)
      break;
    i = (size_t)(nl - s->text);
  }
}

OptNodeName *opt_name_nodes(const OptState *o, RgGraph *g, const RgNode *const *nodes, uint32_t cap,
                            uint32_t *count) {
  *count = 0;
  if (!cap)
    return NULL;
  OptNodeName *v = rg_alloc(sizeof *v * cap);
  uint32_t *offs = rg_alloc(sizeof *offs * cap), *ranks = rg_alloc(sizeof *ranks * cap);
  if (!v || !offs || !ranks) {
    rg_free(v);
    rg_free(offs);
    rg_free(ranks);
    return NULL; /* messages then name ops by their op alone */
  }
  uint32_t n = 0, noffs = 0;
  for (uint32_t k = 0; k < cap; k++) {
    const RgNode *node = nodes[k];
    bool seen = false;
    for (uint32_t j = 0; j < n && !seen; j++)
      seen = v[j].node == node;
    if (seen)
      continue;
    OptNodeName *nn = &v[n++];
    memset(nn, 0, sizeof *nn);
    nn->node = node;
    nn->op = rg_op_name(g, node->op);
    nn->src = ir_node_src(g, node);
    nn->first_def = SIZE_MAX;
    if (nn->src != UINT32_MAX)
      offs[noffs++] = nn->src;
    if (nn->src == UINT32_MAX || !o->src) { /* a node the passes made, or no text to point into */
      if (node->loc)
        snprintf(nn->at, sizeof nn->at, "%s", node->loc);
      continue;
    }
    const char *name = NULL;
    size_t len = result_name(o->src, nn->src, &name);
    if (len && len < sizeof nn->name)
      memcpy(nn->name, name, len);
    uint32_t line, col;
    rg_source_linecol(o->src, nn->src, &line, &col);
    snprintf(nn->at, sizeof nn->at, "%s:%u:%u", o->src->name, line, col);
  }
  /* numbers in file order (what --explain N takes), all in one pass */
  qsort(offs, noffs, sizeof *offs, cmp_u32);
  ir_node_src_ranks(g, offs, noffs, ranks);
  size_t upto = 0;
  for (uint32_t j = 0; j < n; j++) {
    if (v[j].src == UINT32_MAX)
      continue;
    uint32_t *at = bsearch(&v[j].src, offs, noffs, sizeof *offs, cmp_u32);
    v[j].rank = ranks[at - offs];
    if (v[j].src > upto)
      upto = v[j].src;
  }
  if (o->src) {
    qsort(v, n, sizeof *v, cmp_name);
    first_definitions(o->src, v, n, upto);
  }
  for (uint32_t j = 0; j < n; j++) {
    OptNodeName *nn = &v[j];
    if (nn->src == UINT32_MAX)
      continue;
    size_t line = nn->src;
    while (line && o->src && o->src->text[line - 1] != '\n')
      line--;
    if (nn->name[0] && nn->first_def == line)
      snprintf(nn->explain, sizeof nn->explain, "%s", nn->name);
    else
      snprintf(nn->explain, sizeof nn->explain, "%u", nn->rank);
  }
  rg_free(offs);
  rg_free(ranks);
  *count = n;
  return v;
}

void opt_name_refusals(OptState *o, RgGraph *g, const RgRunStats *st) {
  uint32_t cap = 0;
  for (uint32_t i = 0; i < st->num_passes; i++)
    cap += st->passes[i].num_refused;
  if (!cap)
    return;
  const RgNode **nodes = rg_alloc(sizeof *nodes * cap);
  if (!nodes)
    return;
  uint32_t k = 0, n = 0;
  for (uint32_t i = 0; i < st->num_passes; i++)
    for (uint32_t j = 0; j < st->passes[i].num_refused; j++)
      nodes[k++] = st->passes[i].refused[j].node;
  OptNodeName *v = opt_name_nodes(o, g, nodes, cap, &n);
  rg_free(nodes);
  if (!v)
    return;
  rg_free(o->names);
  o->names = v;
  o->num_names = n;
}

void opt_node_name(const OptState *o, RgGraph *g, const RgNode *n, OptNodeName *nn) {
  for (uint32_t i = 0; i < o->num_names; i++)
    if (o->names[i].node == n) {
      *nn = o->names[i];
      return;
    }
  memset(nn, 0, sizeof *nn);
  nn->node = n;
  nn->op = rg_op_name(g, n->op);
}

void opt_put_node_name(RgsBuf *b, const OptNodeName *nn) {
  if (!nn->explain[0]) {
    rgs_buf_printf(b, "a new %s", nn->op);
    if (nn->at[0])
      rgs_buf_printf(b, " at %s", nn->at);
    return;
  }
  if (nn->name[0])
    rgs_buf_printf(b, "%s (%s", nn->name, nn->op);
  else
    rgs_buf_printf(b, "op %s (%s", nn->explain, nn->op);
  if (nn->at[0])
    rgs_buf_printf(b, " at %s", nn->at);
  rgs_buf_putc(b, ')');
}

/* Arguments of the command line that shape the run, for a command that
 * repeats it with --explain. */
static bool shapes_run(const char *arg, bool *takes_value) {
  static const char *const flags[] = {"inexact", "no-skip"};
  static const char *const valued[] = {"target", "passes", "disable-rule", "isolate-rule", "budget",
                                        "fold-limit", "no-verify-ops"};
  size_t n = strcspn(arg + 2, "=");
  *takes_value = false;
  if (strncmp(arg, "--", 2))
    return false;
  for (size_t i = 0; i < sizeof flags / sizeof *flags; i++)
    if (strlen(flags[i]) == n && !strncmp(arg + 2, flags[i], n))
      return true;
  for (size_t i = 0; i < sizeof valued / sizeof *valued; i++)
    if (strlen(valued[i]) == n && !strncmp(arg + 2, valued[i], n)) {
      *takes_value = arg[2 + n] != '=';
      return true;
    }
  return false;
}

static void put_shell_word(RgsBuf *b, const char *w) {
  if (*w && !w[strspn(w, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789%_-.,/:=+@")]) {
    rgs_buf_puts(b, w);
    return;
  }
  rgs_buf_putc(b, '\'');
  for (; *w; w++)
    rgs_buf_puts(b, *w == '\'' ? "'\\''" : (char[2]){*w, 0});
  rgs_buf_putc(b, '\'');
}

void opt_warn_refusals(OptState *o, RgGraph *g, const RgRunStats *st) {
  opt_name_refusals(o, g, st);
  for (uint32_t i = 0; i < st->num_passes && i < o->num_passes; i++) {
    const RgPassDesc *p = o->passes[i];
    const RgPassStats *ps = &st->passes[i];
    for (uint32_t k = 0; k < ps->num_refused; k++) {
      const RgRefusal *r = &ps->refused[k];
      bool first = r->likely_bug;
      for (uint32_t j = 0; j < k && first; j++) /* one warning a rule */
        first = !(ps->refused[j].likely_bug && ps->refused[j].rule == r->rule);
      if (!first)
        continue;
      OptNodeName nn;
      opt_node_name(o, g, r->node, &nn);
      RgsBuf b;
      rgs_buf_init(&b);
      rgs_buf_printf(&b, "%s: warning: rule %s.%s (%s) was refused on ", o->prog, p->name, p->rules[r->rule].name,
                     p->rules[r->rule].source);
      opt_put_node_name(&b, &nn);
      rgs_buf_printf(&b, ": %s", r->why);
      uint32_t more = ps->rule_refusals[r->rule] - 1;
      if (more)
        rgs_buf_printf(&b, " (and %u more refusal%s)", more, more == 1 ? "" : "s");
      rgs_buf_puts(&b, "; with static types only, the rule or a shape hook is likely wrong");
      if (nn.explain[0]) {
        rgs_buf_printf(&b, "; see why: %s", o->prog);
        for (int a = 1; a < o->argc; a++) {
          bool value;
          if (!shapes_run(o->argv[a], &value))
            continue;
          rgs_buf_putc(&b, ' ');
          put_shell_word(&b, o->argv[a]);
          if (value && a + 1 < o->argc) {
            rgs_buf_putc(&b, ' ');
            put_shell_word(&b, o->argv[++a]);
          }
        }
        rgs_buf_puts(&b, " --explain ");
        put_shell_word(&b, nn.explain);
        rgs_buf_putc(&b, ' ');
        put_shell_word(&b, o->input);
        rgs_buf_puts(&b, " -o /dev/null");
      }
      if (!b.oom)
        fprintf(stderr, "%s\n", b.data);
      rgs_buf_free(&b);
    }
  }
}

/* ---- statistics ---- */

/* A table of the rules with a nonzero count: fires, or refusals. */
static void print_rule_counts(FILE *out, const OptState *o, const RgRunStats *st, bool refusals) {
  bool any = false;
  for (uint32_t i = 0; i < st->num_passes; i++) {
    const RgPassDesc *d = o->passes[i];
    const uint32_t *count = refusals ? st->passes[i].rule_refusals : st->passes[i].rule_fires;
    for (uint16_t r = 0; r < d->num_rules; r++) {
      if (!count[r])
        continue;
      if (!any)
        fprintf(out, "%-40s %9s\n", "rule", refusals ? "refused" : "fires");
      any = true;
      char name[128];
      snprintf(name, sizeof name, "%s.%s%s", d->name, d->rules[r].name, d->rules[r].inexact ? " (inexact)" : "");
      fprintf(out, "%-40s %9u\n", name, count[r]);
    }
  }
}

/* Every refused match kept, at most `per_rule` a rule in the text. */
static void print_refused(FILE *out, const OptState *o, RgGraph *g, const RgRunStats *st, uint32_t per_rule) {
  bool any = false;
  for (uint32_t i = 0; i < st->num_passes && i < o->num_passes; i++) {
    const RgPassDesc *p = o->passes[i];
    const RgPassStats *ps = &st->passes[i];
    for (uint32_t k = 0; k < ps->num_refused; k++) {
      const RgRefusal *r = &ps->refused[k];
      uint32_t before = 0;
      for (uint32_t j = 0; j < k; j++)
        before += ps->refused[j].rule == r->rule;
      if (before > per_rule)
        continue;
      if (!any)
        fprintf(out, "refused matches:\n");
      any = true;
      if (before == per_rule) {
        fprintf(out, "  %s.%s: %u more\n", p->name, p->rules[r->rule].name, ps->rule_refusals[r->rule] - per_rule);
        continue;
      }
      OptNodeName nn;
      opt_node_name(o, g, r->node, &nn);
      RgsBuf b;
      rgs_buf_init(&b);
      opt_put_node_name(&b, &nn);
      fprintf(out, "  %s.%s (%s) on %s: %s\n", p->name, p->rules[r->rule].name, p->rules[r->rule].source,
              b.oom ? nn.op : b.data, r->why);
      rgs_buf_free(&b);
    }
  }
}

void opt_print_stats(FILE *out, const OptState *o, RgGraph *g, const RgRunStats *st) {
  fprintf(out, "%-22s %-8s %9s %12s %12s\n", "pass", "status", "rewrites", "visited", "seconds");
  for (uint32_t i = 0; i < st->num_passes; i++) {
    const RgPassStats *p = &st->passes[i];
    fprintf(out, "%-22s %-8s %9u %12llu %12.6f%s%s\n", p->name, p->ran ? "ran" : "skipped", p->rewrites,
            (unsigned long long)p->nodes_visited, p->seconds, p->skip_reason ? "  " : "",
            p->skip_reason ? p->skip_reason : "");
  }
  fprintf(out, "%-22s %-8s %9s %12llu %12.6f\n", "total", "", "", (unsigned long long)st->total_visited,
          st->total_seconds);
  if (o->run.dedup_ops)
    fprintf(out, "dedup: %u identical pure ops merged in %.6f s\n", st->dedup_merged, st->dedup_seconds);
  print_rule_counts(out, o, st, false);
  /* Matches whose replacement could not be typed (dynamic dims, say). */
  print_rule_counts(out, o, st, true);
  print_refused(out, o, g, st, 8);
}

/* Per function with transposes: the bytes they write and the layout
 * optimiser's lower bound (runtime/pass/layout.c), "optimal" when equal;
 * only with --target, whose registry says which op is a transpose. */
static void print_layout_block(FILE *out, const OptState *o, RgGraph *g, RgBlock *b, int depth) {
  for (RgNode *n = b ? b->first : NULL; n; n = n->next) {
    if (strcmp(rg_op_name(g, n->op), "func.func") != 0) {
      for (uint16_t r = 0; r < n->num_regions && depth < 2; r++)
        print_layout_block(out, o, g, n->regions[r].first, depth + 1);
      continue;
    }
    RgLayoutPlan *pl;
    if (rg_layout_plan(g, n, o->run.dedup_ops, o->run.dedup_num_ops, &pl) != RG_OK)
      return;
    const RgLayoutFigures *f = rg_layout_plan_figures(pl);
    const RgAttr *name = rg_node_attr(n, "sym_name");
    if (f->bytes || f->bound) {
      fprintf(out, "layout @%.*s: transposes write %llu bytes, lower bound %llu", name && name->kind == RG_ATTR_STRING ? (int)name->u.str.len : 1,
              name && name->kind == RG_ATTR_STRING ? name->u.str.data : "?", (unsigned long long)f->bytes,
              (unsigned long long)f->bound);
      fprintf(out, f->bytes == f->bound ? " (optimal)" : " (best found: %llu)", (unsigned long long)f->best);
      fprintf(out, "; %u two-layout regions, %u multi-layout (%u exact, swap gap %llu), %llu bytes fixed\n",
              f->regions, f->multi, f->multi_exact, (unsigned long long)f->heuristic_gap,
              (unsigned long long)f->fixed);
    }
    rg_layout_plan_free(pl);
  }
}

void opt_print_layout(FILE *out, const OptState *o, RgGraph *g) {
  if (o->run.dedup_ops) /* the target's registry says which op is a transpose */
    print_layout_block(out, o, g, rg_graph_body(g), 0);
}

void opt_print_time_passes(FILE *out, const RgRunStats *st) {
  fprintf(out, "===-- pass execution timing --===\n");
  fprintf(out, "  total: %.6f s\n", st->total_seconds);
  fprintf(out, "  %12s %7s  %s\n", "seconds", "%", "pass");
  for (uint32_t i = 0; i < st->num_passes; i++) {
    const RgPassStats *p = &st->passes[i];
    double pct = st->total_seconds > 0 ? 100.0 * p->seconds / st->total_seconds : 0.0;
    fprintf(out, "  %12.6f %6.1f%%  %s%s\n", p->seconds, pct, p->name, p->skipped ? " (skipped)" : "");
  }
}

static void json_string(RgsBuf *b, const char *s) {
  rgs_buf_putc(b, '"');
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      rgs_buf_printf(b, "\\%c", c);
    else if (c < 0x20)
      rgs_buf_printf(b, "\\u%04x", c);
    else
      rgs_buf_putc(b, (char)c);
  }
  rgs_buf_putc(b, '"');
}

int opt_write_stats_json(const OptState *o, RgGraph *g, const RgRunStats *st) {
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_printf(&b, "{\n  \"total_pass_seconds\": %.9f,\n  \"no_skip\": %s,\n  \"passes\": [",
                st->total_seconds, o->run.no_skip ? "true" : "false");
  for (uint32_t i = 0; i < st->num_passes; i++) {
    const RgPassStats *p = &st->passes[i];
    rgs_buf_puts(&b, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
    json_string(&b, p->name);
    rgs_buf_printf(&b, ", \"ran\": %s, \"skipped\": %s, ", p->ran ? "true" : "false", p->skipped ? "true" : "false");
    if (p->skip_reason) {
      rgs_buf_puts(&b, "\"skip_reason\": ");
      json_string(&b, p->skip_reason);
      rgs_buf_puts(&b, ", ");
    }
    rgs_buf_printf(&b, "\"rewrites\": %u, \"seconds\": %.9f, \"nodes_visited\": %llu}", p->rewrites, p->seconds,
                  (unsigned long long)p->nodes_visited);
  }
  rgs_buf_puts(&b, "\n  ],\n  \"rules\": [");
  bool first = true;
  for (uint32_t i = 0; i < st->num_passes; i++) {
    const RgPassDesc *d = o->passes[i];
    for (uint16_t r = 0; r < d->num_rules; r++) {
      rgs_buf_puts(&b, first ? "\n    {\"name\": " : ",\n    {\"name\": ");
      first = false;
      json_string(&b, d->rules[r].name);
      rgs_buf_puts(&b, ", \"pass\": ");
      json_string(&b, d->name);
      rgs_buf_puts(&b, ", \"source\": ");
      json_string(&b, d->rules[r].source);
      if (d->rules[r].inexact)
        rgs_buf_puts(&b, ", \"inexact\": true");
      rgs_buf_printf(&b, ", \"refused\": %u, \"fires\": %u}", st->passes[i].rule_refusals[r],
                    st->passes[i].rule_fires[r]);
    }
  }
  rgs_buf_puts(&b, "\n  ],\n  \"refusals\": [");
  first = true;
  for (uint32_t i = 0; i < st->num_passes && i < o->num_passes; i++) {
    const RgPassDesc *d = o->passes[i];
    for (uint32_t k = 0; k < st->passes[i].num_refused; k++) {
      const RgRefusal *r = &st->passes[i].refused[k];
      OptNodeName nn;
      opt_node_name(o, g, r->node, &nn);
      rgs_buf_puts(&b, first ? "\n    {\"pass\": " : ",\n    {\"pass\": ");
      first = false;
      json_string(&b, d->name);
      rgs_buf_puts(&b, ", \"rule\": ");
      json_string(&b, d->rules[r->rule].name);
      rgs_buf_puts(&b, ", \"source\": ");
      json_string(&b, d->rules[r->rule].source);
      rgs_buf_puts(&b, ", \"op\": ");
      json_string(&b, nn.op);
      rgs_buf_puts(&b, ", \"node\": ");
      json_string(&b, nn.name[0] ? nn.name : nn.explain);
      rgs_buf_puts(&b, ", \"at\": ");
      json_string(&b, nn.at);
      rgs_buf_puts(&b, ", \"explain\": ");
      json_string(&b, nn.explain);
      rgs_buf_printf(&b, ", \"likely_bug\": %s, \"reason\": ", r->likely_bug ? "true" : "false");
      json_string(&b, r->why);
      rgs_buf_putc(&b, '}');
    }
  }
  rgs_buf_puts(&b, "\n  ]\n}\n");
  char err[512];
  int rc = 0;
  if (b.oom) {
    fprintf(stderr, "%s: error: out of memory writing statistics\n", o->prog);
    rc = OPT_EXIT_INPUT;
  } else if (rgs_write_file(o->stats_json, b.data, b.len, o->write_flags, err, sizeof err) != 0) {
    fprintf(stderr, "%s: error: %s\n", o->prog, err);
    rc = OPT_EXIT_INPUT;
  }
  rgs_buf_free(&b);
  return rc;
}

/* ---- explain mode ---- */

bool opt_find_nth(RgNode *n, void *user) {
  OptExplain *e = user;
  if (e->seen++ == e->want) {
    e->node = n;
    return false;
  }
  return true;
}

void opt_on_explain(void *user, const char *pass, const char *rule, const char *why) {
  OptExplain *e = user;
  e->reports++;
  fprintf(stderr, "%s: explain: %s.%s: %s\n", e->o->prog, pass, rule, why);
}

static bool pass_roots(const RgPassDesc *p, const char *op) {
  for (uint16_t r = 0; r < p->num_roots; r++)
    if (strcmp(p->op_names[p->roots[r]], op) == 0)
      return true;
  return false;
}

/* After the run: says why nothing was reported, and what became of the op. */
void opt_explain_summary(const OptExplain *e, const char *op, const RgRunStats *st) {
  const OptState *o = e->o;
  const char *prog = o->prog;
  uint32_t n = e->want;
  if (!e->reports && !rg_node_is_frozen(e->node)) {
    bool named = false;
    for (uint32_t i = 0; i < o->num_passes && i < st->num_passes; i++) {
      if (!pass_roots(o->passes[i], op))
        continue;
      named = true;
      fprintf(stderr, "%s: explain: %s: %s\n", prog, o->passes[i]->name,
              st->passes[i].skipped ? "skipped: no rule's target-op condition holds on the graph"
              : !st->passes[i].ran  ? "did not run (an earlier pass failed)"
                                    : "ran, but the op had been erased or replaced before it was reached");
    }
    if (!named)
      fprintf(stderr, "%s: explain: op %u: no rule of the passes run has %s as its root op; nothing was tried\n",
              prog, n, op);
  }
  if (e->node->flags & RG_NODE_ERASED)
    fprintf(stderr, "%s: explain: op %u is not in the output (replaced or erased as dead)\n", prog, n);
}

/* ---- proof by execution ---- */

/* An interpreter that knows the evaluators of every rule set's ops. */
static RgInterp *opt_interp_new(const OptState *o, RgGraph *g) {
  RgInterp *ip = rg_interp_new(g, NULL, 0);
  for (size_t i = 0; ip && i < o->num_targets; i++) {
    if (rg_interp_add_ops(ip, o->targets[i].ops, o->targets[i].num_ops) != RG_OK) {
      rg_interp_free(ip);
      ip = NULL;
    }
  }
  return ip;
}

static void proof_note(void *user, const char *msg) {
  const OptState *o = user;
  fprintf(stderr, "%s: warning: --verify-by-execution: %s\n", o->prog, msg);
}

RgProof *opt_proof_record(const OptState *o, RgGraph *g, RgGraph *after, int *rc) {
  RgInputSets *sets = NULL;
  if (o->inputs) {
    RgDiags d;
    rg_diags_init(&d);
    RgSource *src = rg_source_load(o->inputs, &d);
    sets = src ? rg_input_sets_read(g, src, &d) : NULL;
    if (!sets) {
      rg_diags_print(stderr, &d);
      *rc = OPT_EXIT_INPUT;
    }
    rg_diags_free(&d);
    rg_source_free(src);
    if (!sets)
      return NULL;
  }
  RgInterp *ip = opt_interp_new(o, g), *ip_after = after ? opt_interp_new(o, after) : NULL;
  RgProof *p = NULL;
  char err[1024] = "out of memory";
  RgProofOptions po = {o->verify_runs, sets, proof_note, (void *)o};
  if (!ip || (after && !ip_after) ||
      (after ? interp_proof_record_paired(ip, ip_after, &po, &p, err, sizeof err)
             : rg_proof_record(ip, &po, &p, err, sizeof err)) != RG_OK) {
    fprintf(stderr, "%s: error: --verify-by-execution: %s\n", o->prog, err);
    *rc = OPT_EXIT_INPUT;
  }
  rg_input_sets_free(sets);
  rg_interp_free(ip);
  rg_interp_free(ip_after);
  return p;
}

void opt_write_inputs(const OptState *o, const char *text, size_t len, const char *suffix) {
  struct stat sb;
  bool beside = strcmp(o->output, "-") != 0 && (stat(o->output, &sb) != 0 || S_ISREG(sb.st_mode));
  const char *base = beside ? o->output : strcmp(o->input, "-") == 0 ? "stdin" : o->input;
  if (!beside && strrchr(base, '/'))
    base = strrchr(base, '/') + 1;
  size_t n = strlen(base);
  if (n > 5 && strcmp(base + n - 5, ".mlir") == 0)
    n -= 5;
  char path[4096], err[1024];
  snprintf(path, sizeof path, "%.*s.%s.inputs", (int)(n < 3800 ? n : 3800), base, suffix);
  const char *clash = rgs_path_same_file(path, o->input)                         ? "the input graph"
                      : o->inputs && rgs_path_same_file(path, o->inputs) ? "the --inputs file"
                                                                          : NULL;
  if (clash)
    fprintf(stderr, "%s: warning: the inputs that show it were not written to %s: it is %s\n", o->prog, path,
            clash);
  else if (rgs_write_file(path, text, len, o->write_flags, err, sizeof err) != 0)
    fprintf(stderr, "%s: warning: the inputs that show it were not written: %s\n", o->prog, err);
  else
    fprintf(stderr, "%s: note: the inputs that show it: %s (run them again with --inputs %s)\n", o->prog, path,
            path);
}

/* The inputs that showed a failed proof: OUT.fail.inputs. */
static void write_failed_inputs(const OptState *o, const RgProof *p) {
  size_t len = 0;
  char *text = rg_proof_failed_inputs(p, &len);
  if (!text)
    return;
  opt_write_inputs(o, text, len, "fail");
  rg_free(text);
}

int opt_proof_check(const OptState *o, RgGraph *g, const RgProof *p, uint64_t inexact_fires, OptVerdict *v) {
  RgInterp *ip = opt_interp_new(o, g);
  char err[1024] = "out of memory";
  double max_err = 0;
  RgStatus s = !ip ? RG_ERR_NOMEM
               : inexact_fires ? rg_proof_check_within(p, ip, o->tolerance, &max_err, err, sizeof err)
                               : rg_proof_check(p, ip, err, sizeof err);
  rg_interp_free(ip);
  if (s != RG_OK) {
    fprintf(stderr, "%s: error: --verify-by-execution: %s\n", o->prog, err);
    if (s == RG_ERR_VERIFY)
      write_failed_inputs(o, p);
    *v = (OptVerdict){s == RG_ERR_VERIFY, false, "", ""};
    snprintf(v->what, sizeof v->what, "%s", err);
    return OPT_EXIT_INPUT;
  }
  /* A proof that ran nothing proves nothing: asked for one, say it failed
   * rather than exit 0 beside an unproven output. */
  if (!rg_proof_num_runs(p)) {
    fprintf(stderr, "%s: error: --verify-by-execution: no function ran on any input set (the warnings above "
                    "say why): the rewrite is not proven\n", o->prog);
    return OPT_EXIT_INPUT;
  }
  *v = (OptVerdict){true, true, "", ""};
  if (inexact_fires)
    snprintf(v->what, sizeof v->what, "verified by execution: %u run(s) after %llu inexact rewrite(s), every result "
                                      "within relative %g (floor %g); largest relative error %.3g",
             rg_proof_num_runs(p), (unsigned long long)inexact_fires, o->tolerance.rel, o->tolerance.floor, max_err);
  else
    snprintf(v->what, sizeof v->what, "verified by execution: %u run(s), every result bit-identical",
             rg_proof_num_runs(p));
  fprintf(stderr, "%s: %s\n", o->prog, v->what);
  return 0;
}
