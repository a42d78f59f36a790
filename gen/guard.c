/* gen/guard.c - phase 3b, the guard of an action: one `if` per conjunct of
 * the guard's top-level `&&` chain, in order, which evaluates the same
 * thing as the whole guard (`&&` stops at the first false conjunct either
 * way) but lets explain mode name the conjunct that failed, quoted from
 * the rules file, with the values of what it reads: attributes, the rank,
 * shape, dtype, numel or uses a builtin takes of a value, a value's type.
 * A conjunct whose value cannot be computed (an index out of range, a
 * dynamic shape, an extern that declines) says so instead: where the value
 * fails, it returns the conjunct's explanation with `unevaluable` set. */
#include "gen_internal.h"

typedef struct Conj {
  DslExpr *e;
  uint32_t end; /* source offset where its text ends: the next `&&` */
} Conj;

static uint32_t count_conj(const DslExpr *e) {
  if (e->kind == DSL_EX_BINARY && e->op == DSL_OP_AND)
    return count_conj(e->args[0]) + count_conj(e->args[1]);
  return 1;
}

static void flatten(DslExpr *e, uint32_t end, Conj *out, uint32_t *n) {
  if (e->kind == DSL_EX_BINARY && e->op == DSL_OP_AND) {
    flatten(e->args[0], e->loc.off, out, n); /* a binary node sits at its operator */
    flatten(e->args[1], end, out, n);
    return;
  }
  out[(*n)++] = (Conj){e, end};
}

/* Leftmost source offset of an expression. */
static uint32_t expr_start(const DslExpr *e) {
  uint32_t off = e->loc.off;
  for (uint32_t i = 0; i < e->nargs; i++) {
    uint32_t a = expr_start(e->args[i]);
    if (a < off)
      off = a;
  }
  return off;
}

/* Length of a comment or string starting at p (0: neither). */
static size_t skip_len(const char *p, const char *end) {
  const char *q = p;
  if (end - p >= 2 && p[0] == '/' && p[1] == '/') {
    while (q < end && *q != '\n')
      q++;
  } else if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
    for (q = p + 2; q < end && !(q + 1 < end && q[0] == '*' && q[1] == '/'); q++)
      ;
    q = q < end ? q + 2 : end;
  } else if (*p == '"') {
    for (q = p + 1; q < end && *q != '"' && *q != '\n'; q++)
      if (*q == '\\' && q + 1 < end)
        q++;
    q = q < end ? q + 1 : end;
  }
  return (size_t)(q - p);
}

/* Where the guard's text ends: at the `=>` that follows it. */
static uint32_t guard_end(const RgSource *src, uint32_t start) {
  const char *p = src->text + start, *end = src->text + src->len;
  while (p < end && !(p + 1 < end && p[0] == '=' && p[1] == '>')) {
    size_t k = skip_len(p, end);
    p += k ? k : 1;
  }
  return (uint32_t)(p - src->text);
}

static bool only_closers(const char *p, const char *end) {
  while (p < end) {
    size_t k = skip_len(p, end);
    if (k && *p != '"') {
      p += k;
      continue;
    }
    if (*p != ')' && *p != ' ' && *p != '\t' && *p != '\n' && *p != '\r')
      return false;
    p++;
  }
  return true;
}

/* The text of [s, e) with its parentheses balanced: the span starts at the
 * expression's first token, so a `(` opening the expression is taken in,
 * and a `)` closing an enclosing group is left out. */
static void balance(const RgSource *src, uint32_t *s, uint32_t *e) {
  const char *t = src->text;
  for (int guard = 0; guard < 1000; guard++) {
    int depth = 0;
    const char *p = t + *s, *end = t + *e;
    while (p < end) {
      size_t k = skip_len(p, end);
      if (k) {
        p += k;
        continue;
      }
      if (*p == '(')
        depth++;
      else if (*p == ')' && depth > 0)
        depth--;
      else if (*p == ')')
        break;
      p++;
    }
    if (p >= end)
      return;
    if (only_closers(p + 1, end)) {
      *e = (uint32_t)(p - t);
      return;
    }
    uint32_t q = *s;
    while (q > 0 && (t[q - 1] == ' ' || t[q - 1] == '\t' || t[q - 1] == '\n' || t[q - 1] == '\r'))
      q--;
    if (q == 0 || t[q - 1] != '(')
      return;
    *s = q - 1;
  }
}

/* One line of text: comments dropped, each run of blanks one space. */
static const char *span_text(Gen *g, const RgSource *src, uint32_t s, uint32_t e) {
  balance(src, &s, &e);
  const char *p = src->text + s, *end = src->text + e;
  RgsBuf b;
  rgs_buf_init(&b);
  bool space = false;
  while (p < end) {
    size_t k = skip_len(p, end);
    if (k && *p != '"') {
      p += k;
      space = b.len > 0;
      continue;
    }
    if (k) {
      if (space)
        rgs_buf_putc(&b, ' ');
      space = false;
      rgs_buf_put(&b, p, k);
      p += k;
      continue;
    }
    if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
      space = b.len > 0;
    } else {
      if (space)
        rgs_buf_putc(&b, ' ');
      space = false;
      rgs_buf_putc(&b, *p);
    }
    p++;
  }
  const char *r = gen_str(g, "%s", b.data ? b.data : "");
  if (b.oom)
    g->ok = false;
  rgs_buf_free(&b);
  return r;
}

/* ---- what a conjunct reads ---- */

enum { MAX_READS = 12 };

typedef struct Reads {
  RgsBuf fmt, args;
  const char *label[MAX_READS];
  uint32_t n;
  const DslVar *covered[MAX_READS]; /* values a builtin already shows */
  uint32_t ncovered;
} Reads;

static void add_read(Reads *rd, const char *label, const char *sep, char dir, const char *arg) {
  for (uint32_t i = 0; i < rd->n; i++)
    if (strcmp(rd->label[i], label) == 0)
      return;
  if (rd->n == MAX_READS)
    return;
  rd->label[rd->n++] = label;
  rgs_buf_printf(&rd->fmt, "%s%s%s%%%c", rd->n > 1 ? ", " : "", label, sep, dir);
  rgs_buf_printf(&rd->args, ", %s", arg);
}

static const DslVar *value_var(const DslExpr *e) {
  return e->kind == DSL_EX_NAME && e->var && e->var->kind == DSL_VAR_VALUE ? e->var : NULL;
}

/* Builtins of one value first, so `rank(x) == 4` shows rank(x), not x. */
static void read_calls(Gen *g, Reads *rd, const DslExpr *e) {
  const DslVar *v = e->kind == DSL_EX_CALL && e->nargs == 1 ? value_var(e->args[0]) : NULL;
  const DslBuiltinInfo *bi = v ? dsl_builtin_info(e->builtin) : NULL;
  if (bi && bi->read) {
    add_read(rd, gen_str(g, "%s(%s)", bi->name, v->name.s), " = ", bi->read, gen_var_c(g, v));
    if (rd->ncovered < MAX_READS)
      rd->covered[rd->ncovered++] = v;
    return;
  }
  for (uint32_t i = 0; i < e->nargs; i++)
    read_calls(g, rd, e->args[i]);
}

static void read_names(Gen *g, Reads *rd, const DslExpr *e) {
  const DslVar *v = e->kind == DSL_EX_NAME ? e->var : NULL;
  if (v && v->kind == DSL_VAR_VALUE) {
    bool covered = false;
    for (uint32_t i = 0; i < rd->ncovered && !covered; i++)
      covered = rd->covered[i] == v;
    if (!covered)
      add_read(rd, v->name.s, ": ", 'v', gen_var_c(g, v));
  } else if (v && (v->kind == DSL_VAR_ATTR || v->kind == DSL_VAR_SPLAT) && gen_attr_has_reading(v->type)) {
    static const char dir[] = {[DSL_TY_INT] = 'i', [DSL_TY_FLOAT] = 'f', [DSL_TY_BOOL] = 'b',
                               [DSL_TY_STR] = 's', [DSL_TY_INTS] = 'l'};
    add_read(rd, v->name.s, " = ", dir[v->type], gen_var_c(g, v));
  }
  for (uint32_t i = 0; i < e->nargs; i++)
    read_names(g, rd, e->args[i]);
}

/* One step of the guard: what its explanation says and reads. */
typedef struct GenConj {
  const char *text, *fmt, *args;
} GenConj;

/* Whether the parentheses of s[0..n) pair up among themselves (then a
 * condition `(s)` needs no second pair around it). */
static bool balanced(const char *s, size_t n) {
  int depth = 0;
  bool quoted = false;
  for (size_t i = 0; i < n; i++) {
    if (quoted) {
      if (s[i] == '\\')
        i++;
      else if (s[i] == '"')
        quoted = false;
    } else if (s[i] == '"') {
      quoted = true;
    } else if (s[i] == '(') {
      depth++;
    } else if (s[i] == ')' && --depth < 0) {
      return false;
    }
  }
  return depth == 0;
}

/* The guard's steps, in order, into a new array of *n. */
static Conj *guard_steps(Gen *g, DslExpr *guard, uint32_t *n) {
  const RgSource *src = guard->loc.src;
  uint32_t k = 0;
  *n = count_conj(guard);
  Conj *cj = rgs_arena_alloc(&g->arena, sizeof *cj * *n);
  if (!cj) {
    g->ok = false;
    return NULL;
  }
  flatten(guard, src ? guard_end(src, expr_start(guard)) : 0, cj, &k);
  return cj;
}

/* What a step's explanation says and reads. */
static void step_reads(Gen *g, const RgSource *src, const Conj *cj, GenConj *c) {
  Reads rd;
  memset(&rd, 0, sizeof rd);
  rgs_buf_init(&rd.fmt);
  rgs_buf_init(&rd.args);
  read_calls(g, &rd, cj->e);
  read_names(g, &rd, cj->e);
  c->text = src ? span_text(g, src, expr_start(cj->e), cj->end) : "guard";
  c->fmt = gen_str(g, "%s", rd.fmt.data ? rd.fmt.data : "");
  c->args = gen_str(g, "%s", rd.args.data ? rd.args.data : "");
  if (rd.fmt.oom || rd.args.oom)
    g->ok = false;
  rgs_buf_free(&rd.fmt);
  rgs_buf_free(&rd.args);
}

/* Index of the explanation (text, reads) in gp->why, added when new. */
static uint32_t why_index(Gen *g, GenPass *gp, const char *text, const char *fmt) {
  for (uint32_t i = 0; i + 1 < gp->nwhy; i += 2)
    if (strcmp(gp->why[i], text) == 0 && strcmp(gp->why[i + 1], fmt) == 0)
      return i;
  if (gp->nwhy + 2 > gp->capwhy) {
    uint32_t cap = gp->capwhy ? 2 * gp->capwhy : 16;
    const char **v = rgs_arena_alloc(&g->arena, sizeof *v * cap);
    if (!v) {
      g->ok = false;
      return 0;
    }
    if (gp->nwhy)
      memcpy(v, gp->why, sizeof *v * gp->nwhy);
    gp->why = v;
    gp->capwhy = cap;
  }
  gp->why[gp->nwhy++] = text;
  gp->why[gp->nwhy++] = fmt;
  return gp->nwhy - 2;
}

void gen_guard_texts(Gen *g, GenPass *gp) {
  for (uint32_t i = 0; i < gp->nrules && g->ok; i++) {
    DslExpr *guard = gp->rules[i].rule->guard;
    uint32_t n = 0;
    Conj *cj = guard ? guard_steps(g, guard, &n) : NULL;
    for (uint32_t k = 0; cj && k < n; k++) {
      GenConj c;
      step_reads(g, guard->loc.src, &cj[k], &c);
      why_index(g, gp, c.text, c.fmt);
    }
  }
}

/* Whether s[0..len) is a name, a name applied to balanced arguments
 * (`t1`, `f(x, g(y))`) or, with `paren`, one parenthesized expression:
 * what `!` can precede without parentheses. */
static bool simple_call(const char *s, size_t len, bool paren) {
  size_t id = 0;
  while (id < len && (s[id] == '_' || (s[id] >= 'a' && s[id] <= 'z') || (s[id] >= 'A' && s[id] <= 'Z') ||
                      (id && s[id] >= '0' && s[id] <= '9')))
    id++;
  if (id == 0 && !paren)
    return false;
  return id == len || (len > id + 1 && s[id] == '(' && s[len - 1] == ')' && balanced(s + id + 1, len - id - 2));
}

void gen_guard_print(Gen *g, const GenRule *r, DslExpr *guard) {
  uint32_t n = 0;
  Conj *cj = guard_steps(g, guard, &n);
  g->conj = rgs_arena_alloc(&g->arena, sizeof *g->conj * (n ? n : 1));
  g->nconj = 0;
  if (!cj || !g->conj) {
    g->ok = false;
    return;
  }
  for (uint32_t i = 0; i < n; i++) {
    GenConj *c = &g->conj[g->nconj++];
    step_reads(g, guard->loc.src, &cj[i], c);
    uint32_t why = why_index(g, g->pass, c->text, c->fmt);
    /* A value that cannot be computed returns the step's explanation with
     * `unevaluable` set, a statement no longer than the step's own test. */
    const char *args = *c->args ? c->args : ", 0";
    g->guard_fail = gen_str(g, "return RG_NO(%u, 1, %s_why + %u%s);", r->index, g->pass->pfx, why, args);
    const char *cond = gen_cexpr(g, cj[i].e);
    g->guard_fail = NULL;
    RgLoc prev = gen_src_set(g, cj[i].e->loc);
    /* A negated call or name fails when it holds: `if (f(x))`, not `if (!(!f(x)))`. */
    size_t len = strlen(cond);
    bool negated = len > 3 && strncmp(cond, "(!", 2) == 0 && cond[len - 1] == ')' && balanced(cond + 1, len - 2) &&
                   simple_call(cond + 2, len - 3, false);
    if (negated)
      cond = gen_str(g, "%.*s", (int)(len - 3), cond + 2);
    /* `!(a == b)`, but `!f(x)` and `!t1` */
    bool wrapped = negated || simple_call(cond, strlen(cond), true);
    g->cur->ex = true;
    gen_line(g, "if (%s%s%s%s) return RG_NO(%u, 0, %s_why + %u%s);", negated ? "" : "!", wrapped ? "" : "(", cond,
             wrapped ? "" : ")", r->index, g->pass->pfx, why, args);
    gen_src_restore(g, prev);
  }
}
