/* gen/gen.c - turns a checked rules program into C. Each rule's pattern is
 * flattened into an ordered list of tests (pre-order over the tree); the
 * rules of one root op are merged into a decision tree in which consecutive
 * rules that start with the same test share it, and consecutive rules that
 * test the op of the same operand share one `switch`. Rule priority is kept:
 * the tree only ever groups neighbours, so the first rule that matches wins. */
#include <math.h>
#include <stdlib.h>
#include "gen.h"
#include "rulegen/pass.h"

enum { MAXPATH = 24, MAXVARIANTS = 16, MAXARGS = 64 };

typedef struct Path {
  uint8_t n;
  uint8_t i[MAXPATH];
} Path;

typedef enum TestKind {
  T_COUNT,       /* node's operand count */
  T_OP,          /* operand's producer is a live, unfrozen node of one of ops */
  T_ATTR_HAS,    /* node has the attribute */
  T_ATTR_EQ,     /* attribute equals a literal */
  T_ATTR_VAR,    /* attribute equals an attribute bound earlier */
  T_SAME,        /* two operand values are the same value */
  T_SPLAT,       /* value is produced by a splat constant */
  T_SPLAT_EQ     /* ... whose scalar equals a literal */
} TestKind;

typedef struct Test {
  TestKind kind;
  Path path;       /* T_OP/T_COUNT/T_ATTR_*: node path; T_SAME/T_SPLAT*: value path */
  Path other;      /* T_SAME: other value path; T_ATTR_VAR: node holding the other attr */
  const uint16_t *ops; /* T_OP: sorted local op indices */
  uint32_t nops;
  uint32_t nargs;  /* T_OP/T_COUNT */
  bool rest;
  const char *attr, *other_attr;
  DslExpr *lit;
  DslType lit_type;
  const DslAttrDecl *decl; /* T_ATTR_EQ: the declaration (for its default) */
} Test;

/* Where a rule variable is bound in one variant. */
typedef struct Binding {
  Path path;      /* VALUE/SPLAT: value path; ATTR/REST/OP: node path */
  uint32_t start; /* REST: first operand of the rest */
} Binding;

typedef struct Variant {
  DslRule *rule;
  uint16_t index; /* rule index in the pass */
  Test *tests;
  uint32_t ntests, cap;
  Binding *bind;  /* per DslVar.index */
  uint32_t swap_mask;
} Variant;

typedef struct Item {
  Variant *v;
  uint32_t next;     /* next test of v */
  const Test *front; /* a residual test to run before tests[next] */
} Item;

typedef struct Gen {
  DslProgram *p;
  const GenOptions *o;
  RgBuf *out;
  uint32_t line;  /* lines written so far */
  int indent;
  bool ok;
  RgArena arena;  /* per pass */
  /* pass being generated */
  DslPass *pass;
  const char *pname; /* C-safe pass name */
  DslOpDecl **lops;
  uint32_t nlops;
  /* rule being generated */
  Variant *cur;
  uint32_t tmp, label;
  char fail[32];
  const char *sym;
  bool discard_used, fail_used;
  RgBuf *main;        /* the output file; tree functions are built aside */
  uint32_t main_line;
} Gen;

/* ---- output ---- */

static void out_line(Gen *g, const char *fmt, ...) RG_PRINTF(2, 3);
static void out_line(Gen *g, const char *fmt, ...) {
  for (int i = 0; i < g->indent; i++)
    rg_buf_puts(g->out, "  ");
  va_list ap;
  va_start(ap, fmt);
  rg_buf_vprintf(g->out, fmt, ap);
  va_end(ap);
  rg_buf_putc(g->out, '\n');
  g->line++;
}

static void out_blank(Gen *g) {
  rg_buf_putc(g->out, '\n');
  g->line++;
}

static void out_raw(Gen *g, const char *s) {
  rg_buf_puts(g->out, s);
  for (; *s; s++)
    g->line += *s == '\n';
}

static void gen_error(Gen *g, RgLoc loc, const char *fmt, ...) RG_PRINTF(3, 4);
static void gen_error(Gen *g, RgLoc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rg_vdiag(g->p->diags, RG_ERROR, loc, fmt, ap);
  va_end(ap);
  g->ok = false;
}

static char *gstr(Gen *g, const char *fmt, ...) RG_PRINTF(2, 3);
static char *gstr(Gen *g, const char *fmt, ...) {
  RgBuf b;
  rg_buf_init(&b);
  va_list ap;
  va_start(ap, fmt);
  rg_buf_vprintf(&b, fmt, ap);
  va_end(ap);
  char *s = rg_arena_strdup(&g->arena, b.data ? b.data : "", b.len);
  rg_buf_free(&b);
  return s ? s : "";
}

/* C identifier from a name with dots or dashes. */
static char *cname(Gen *g, const char *s) {
  size_t n = strlen(s);
  char *r = rg_arena_alloc(&g->arena, n + 1);
  if (!r)
    return "";
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    r[i] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ? c : '_';
  }
  r[n] = 0;
  return r;
}

/* C string literal contents (without quotes). */
static void put_cstring(RgBuf *b, const char *s) {
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      rg_buf_printf(b, "\\%c", c);
    else if (c == '\n')
      rg_buf_puts(b, "\\n");
    else if (c < 0x20 || c >= 0x7f)
      rg_buf_printf(b, "\\%03o", c);
    else
      rg_buf_putc(b, (char)c);
  }
}

static char *cquote(Gen *g, const char *s) {
  RgBuf b;
  rg_buf_init(&b);
  rg_buf_putc(&b, '"');
  put_cstring(&b, s);
  rg_buf_putc(&b, '"');
  char *r = rg_arena_strdup(&g->arena, b.data, b.len);
  rg_buf_free(&b);
  return r ? r : "\"\"";
}

static uint32_t loc_line(RgLoc loc) {
  uint32_t line = 0, col = 0;
  if (loc.src)
    rg_source_linecol(loc.src, loc.off, &line, &col);
  return line;
}

static const char *loc_file(RgLoc loc) { return loc.src ? loc.src->name : "?"; }

static void line_directive_src(Gen *g, RgLoc loc) {
  if (!g->o->line_directives || !loc.src)
    return;
  RgBuf b;
  rg_buf_init(&b);
  put_cstring(&b, loc_file(loc));
  rg_buf_printf(g->out, "#line %u \"%s\"\n", loc_line(loc), b.data ? b.data : "");
  rg_buf_free(&b);
  g->line++;
}

static void line_directive_back(Gen *g) {
  if (!g->o->line_directives)
    return;
  RgBuf b;
  rg_buf_init(&b);
  put_cstring(&b, g->o->out_name ? g->o->out_name : "rules.c");
  /* #line names the number of the line that follows it. */
  rg_buf_printf(g->out, "#line %u \"%s\"\n", g->line + 2, b.data ? b.data : "");
  rg_buf_free(&b);
  g->line++;
}

/* Source text of a rule, for the comment next to its code. */
static void echo_rule(Gen *g, DslRule *r) {
  const RgSource *src = r->loc.src;
  if (!src)
    return;
  const char *s = src->text + r->loc.off, *end = src->text + src->len;
  /* A rule ends before the next `rule`, `}` at line start, or blank line. */
  const char *e = s;
  while (e < end) {
    const char *nl = memchr(e, '\n', (size_t)(end - e));
    if (!nl)
      nl = end;
    const char *next = nl < end ? nl + 1 : end;
    const char *q = next;
    while (q < end && (*q == ' ' || *q == '\t'))
      q++;
    e = nl;
    if (next >= end || *q == '\n' || *q == '}' || (end - q > 5 && memcmp(q, "rule ", 5) == 0) ||
        (end - q > 2 && q[0] == '/' && q[1] == '/'))
      break;
    e = next;
  }
  RgBuf b;
  rg_buf_init(&b);
  for (const char *c = s; c < e; c++) {
    if (c[0] == '*' && c + 1 < e && c[1] == '/') {
      rg_buf_puts(&b, "* ");
      continue;
    }
    if (*c == '\n') {
      out_line(g, "/* %s */", b.data ? b.data : "");
      b.len = 0;
      if (b.data)
        b.data[0] = 0;
      while (c + 1 < e && (c[1] == ' ' || c[1] == '\t'))
        c++;
      rg_buf_puts(&b, "   ");
      continue;
    }
    rg_buf_putc(&b, *c == '\t' ? ' ' : *c);
  }
  if (b.len)
    out_line(g, "/* %s */", b.data);
  rg_buf_free(&b);
}

/* ---- local op table ---- */

static int local_index(Gen *g, const DslOpDecl *op) {
  for (uint32_t i = 0; i < g->nlops; i++)
    if (g->lops[i] == op)
      return (int)i;
  return -1;
}

static void add_local(Gen *g, DslOpDecl *op) {
  if (!op || local_index(g, op) >= 0)
    return;
  DslOpDecl **n = rg_arena_alloc(&g->arena, sizeof *n * (g->nlops + 1));
  if (!n) {
    g->ok = false;
    return;
  }
  if (g->nlops)
    memcpy(n, g->lops, sizeof *n * g->nlops);
  n[g->nlops++] = op;
  g->lops = n;
}

static int cmp_op_id(const void *a, const void *b) {
  const DslOpDecl *x = *(DslOpDecl *const *)a, *y = *(DslOpDecl *const *)b;
  return x->id < y->id ? -1 : x->id > y->id;
}

/* The op that `const(...)` builds in a pass: the constant-trait op of the
 * dialect of the rule's root. */
static DslOpDecl *const_op_for(Gen *g, DslRule *r) {
  const char *dialect = r->pattern->nops ? r->pattern->ops[0]->dialect : NULL;
  for (uint32_t i = 0; i < g->p->nops; i++) {
    DslOpDecl *op = g->p->ops[i];
    if ((op->traits & (1u << DSL_TRAIT_CONSTANT)) && (!dialect || strcmp(op->dialect, dialect) == 0))
      return op;
  }
  return NULL;
}

static const DslAttrDecl *const_attr_of(const DslOpDecl *op) {
  for (uint32_t i = 0; i < op->nattrs; i++)
    if (op->attrs[i].type == DSL_TY_TENSOR || op->attrs[i].type == DSL_TY_ANY)
      return &op->attrs[i];
  return op->nattrs ? &op->attrs[0] : NULL;
}

static void collect_expr_ops(Gen *g, DslRule *r, DslExpr *e) {
  if (!e)
    return;
  if (e->kind == DSL_EX_NAME && e->opdecl)
    add_local(g, e->opdecl);
  if (e->kind == DSL_EX_NAME && e->cls)
    for (uint32_t i = 0; i < e->cls->nops; i++)
      add_local(g, e->cls->ops[i]);
  if (e->kind == DSL_EX_CALL && e->builtin == DSL_BI_CONST)
    add_local(g, const_op_for(g, r));
  for (uint32_t i = 0; i < e->nargs; i++)
    collect_expr_ops(g, r, e->args[i]);
}

static void collect_pattern_ops(Gen *g, DslPattern *pt) {
  for (uint32_t i = 0; i < pt->nops; i++)
    add_local(g, pt->ops[i]);
  for (uint32_t i = 0; i < pt->nargs; i++)
    collect_pattern_ops(g, pt->args[i]);
}

static void collect_repl_ops(Gen *g, DslRule *r, DslRepl *rp) {
  if (!rp)
    return;
  if (rp->kind == DSL_REP_OP && rp->op)
    add_local(g, rp->op);
  if (rp->kind == DSL_REP_EXPR)
    collect_expr_ops(g, r, rp->expr);
  for (uint32_t i = 0; i < rp->nattrs; i++)
    collect_expr_ops(g, r, rp->attrs[i].value);
  for (uint32_t i = 0; i < rp->nargs; i++)
    collect_repl_ops(g, r, rp->args[i]);
}

/* ---- flattening patterns into tests ---- */

static Test *add_test(Gen *g, Variant *v) {
  if (v->ntests == v->cap) {
    uint32_t cap = v->cap ? v->cap * 2 : 8;
    Test *t = rg_arena_alloc(&g->arena, sizeof *t * cap);
    if (!t) {
      g->ok = false;
      return NULL;
    }
    if (v->ntests)
      memcpy(t, v->tests, sizeof *t * v->ntests);
    v->tests = t;
    v->cap = cap;
  }
  Test *t = &v->tests[v->ntests++];
  memset(t, 0, sizeof *t);
  return t;
}

static Path path_child(Path p, uint32_t i) {
  if (p.n < MAXPATH)
    p.i[p.n++] = (uint8_t)i;
  return p;
}

static uint16_t *local_ops_of(Gen *g, DslOpDecl **ops, uint32_t n) {
  uint16_t *r = rg_arena_alloc(&g->arena, sizeof *r * (n ? n : 1));
  if (!r)
    return NULL;
  for (uint32_t i = 0; i < n; i++)
    r[i] = (uint16_t)local_index(g, ops[i]);
  /* insertion sort: op sets are small */
  for (uint32_t i = 1; i < n; i++)
    for (uint32_t j = i; j > 0 && r[j - 1] > r[j]; j--) {
      uint16_t t = r[j];
      r[j] = r[j - 1];
      r[j - 1] = t;
    }
  return r;
}

static void flatten(Gen *g, Variant *v, DslPattern *pt, Path node, uint32_t *commut_seen);

static void flatten_attrs(Gen *g, Variant *v, DslPattern *pt, Path node) {
  for (uint32_t i = 0; i < pt->nattrs; i++) {
    DslAttrPat *ap = &pt->attrs[i];
    Test *t = add_test(g, v);
    if (!t)
      return;
    t->path = node;
    t->attr = ap->name.s;
    if (ap->binds) {
      t->kind = T_ATTR_HAS;
      v->bind[ap->value->var->index].path = node;
    } else if (ap->value->kind == DSL_EX_NAME && ap->value->var) {
      DslVar *var = ap->value->var;
      t->kind = T_ATTR_VAR;
      t->other = v->bind[var->index].path;
      t->other_attr = var->attr ? var->attr->name.s : ap->name.s;
    } else {
      t->kind = T_ATTR_EQ;
      t->lit = ap->value;
      t->lit_type = ap->decl ? ap->decl->type : ap->value->type;
      t->decl = ap->decl;
    }
  }
}

static void flatten(Gen *g, Variant *v, DslPattern *pt, Path node, uint32_t *commut_seen) {
  if (node.n >= MAXPATH) {
    gen_error(g, pt->loc, "pattern nested deeper than %d levels", MAXPATH);
    return;
  }
  Test *t = add_test(g, v);
  if (!t)
    return;
  t->kind = node.n == 0 ? T_COUNT : T_OP;
  t->path = node;
  t->ops = local_ops_of(g, pt->ops, pt->nops);
  t->nops = pt->nops;
  t->nargs = pt->nargs;
  t->rest = pt->rest.s != NULL;
  if (pt->opvar)
    v->bind[pt->opvar->index].path = node;
  if (pt->restvar) {
    v->bind[pt->restvar->index].path = node;
    v->bind[pt->restvar->index].start = pt->nargs;
  }
  flatten_attrs(g, v, pt, node);
  bool swap = false;
  /* Commutative means operands 0 and 1 swap; later ones (MUL's shift)
   * stay in place. */
  if (pt->commutative && pt->nargs >= 2) {
    swap = (v->swap_mask >> *commut_seen) & 1;
    (*commut_seen)++;
  }
  for (uint32_t k = 0; k < pt->nargs; k++) {
    DslPattern *a = pt->args[swap && k < 2 ? 1 - k : k];
    Path vp = path_child(node, k);
    switch (a->kind) {
    case DSL_PAT_WILD:
      break;
    case DSL_PAT_VAR:
      if (a->binds) {
        v->bind[a->var->index].path = vp;
      } else if (a->var) {
        Test *s = add_test(g, v);
        if (!s)
          return;
        s->kind = T_SAME;
        s->path = vp;
        s->other = v->bind[a->var->index].path;
      }
      break;
    case DSL_PAT_OP:
      if (a->var)
        v->bind[a->var->index].path = vp;
      flatten(g, v, a, vp, commut_seen);
      break;
    case DSL_PAT_SPLAT: {
      Test *s = add_test(g, v);
      if (!s)
        return;
      s->kind = T_SPLAT;
      s->path = vp;
      if (a->var && a->capture.s && a->var->kind == DSL_VAR_VALUE)
        v->bind[a->var->index].path = vp;
      for (uint32_t j = 0; j < v->rule->nvars; j++) {
        DslVar *var = v->rule->vars[j];
        if (var->pat == a)
          v->bind[var->index].path = vp;
      }
      if (a->splat && a->splat->kind != DSL_EX_NAME) {
        Test *e = add_test(g, v);
        if (!e)
          return;
        e->kind = T_SPLAT_EQ;
        e->path = vp;
        e->lit = a->splat;
        e->lit_type = DSL_TY_FLOAT;
      }
      break;
    }
    }
  }
}

static uint32_t count_commutative(DslPattern *pt) {
  uint32_t n = pt->kind == DSL_PAT_OP && pt->commutative && pt->nargs >= 2;
  for (uint32_t i = 0; i < pt->nargs; i++)
    n += count_commutative(pt->args[i]);
  return n;
}

static Variant *make_variants(Gen *g, DslRule *r, uint16_t index, uint32_t *nout) {
  uint32_t nc = count_commutative(r->pattern);
  if (nc > 4) {
    gen_error(g, r->loc, "rule '%s' has %u commutative ops; at most 4 are expanded", r->name.s, nc);
    nc = 0;
  }
  uint32_t n = 1u << nc;
  Variant *vs = rg_arena_zalloc(&g->arena, sizeof *vs * n);
  if (!vs) {
    g->ok = false;
    *nout = 0;
    return NULL;
  }
  for (uint32_t m = 0; m < n; m++) {
    Variant *v = &vs[m];
    v->rule = r;
    v->index = index;
    v->swap_mask = m;
    v->bind = rg_arena_zalloc(&g->arena, sizeof *v->bind * (r->nvars ? r->nvars : 1));
    if (!v->bind) {
      g->ok = false;
      break;
    }
    uint32_t seen = 0;
    Path root = {0, {0}};
    flatten(g, v, r->pattern, root, &seen);
  }
  *nout = n;
  return vs;
}

/* ---- C spelling of paths ---- */

static const char *node_var(Gen *g, Path p) {
  if (p.n == 0)
    return "root";
  RgBuf b;
  rg_buf_init(&b);
  rg_buf_putc(&b, 'n');
  for (uint8_t i = 0; i < p.n; i++)
    rg_buf_printf(&b, i ? "_%u" : "%u", p.i[i]);
  char *s = rg_arena_strdup(&g->arena, b.data, b.len);
  rg_buf_free(&b);
  return s ? s : "root";
}

static const char *value_expr(Gen *g, Path v) {
  if (v.n == 0)
    return "(&root->results[0])";
  Path parent = v;
  parent.n--;
  return gstr(g, "%s->operands[%u].value", node_var(g, parent), v.i[v.n - 1]);
}

static const char *path_text(Gen *g, Path p) {
  if (p.n == 0)
    return "root";
  RgBuf b;
  rg_buf_init(&b);
  rg_buf_puts(&b, "root");
  for (uint8_t i = 0; i < p.n; i++)
    rg_buf_printf(&b, ".%u", p.i[i]);
  char *s = rg_arena_strdup(&g->arena, b.data, b.len);
  rg_buf_free(&b);
  return s ? s : "";
}

/* ---- literals ---- */

static const char *c_int(Gen *g, int64_t v) {
  if (v == INT64_MIN)
    return "(-INT64_C(9223372036854775807) - 1)";
  return gstr(g, "INT64_C(%lld)", (long long)v);
}

static const char *c_float(Gen *g, double d) {
  if (isnan(d))
    return "NAN";
  if (isinf(d))
    return d < 0 ? "(-INFINITY)" : "INFINITY";
  char buf[64];
  snprintf(buf, sizeof buf, "%.17g", d);
  if (!strpbrk(buf, ".eE"))
    strcat(buf, ".0");
  return gstr(g, "%s", buf);
}

/* Evaluates a constant literal expression (attribute patterns). */
static bool lit_int(DslExpr *e, int64_t *out) {
  if (e->kind == DSL_EX_INT) {
    *out = e->ival;
    return true;
  }
  if (e->kind == DSL_EX_UNARY && e->op == '-' && e->nargs == 1 && e->args[0]->kind == DSL_EX_INT &&
      e->args[0]->ival != INT64_MIN) {
    *out = -e->args[0]->ival;
    return true;
  }
  return false;
}

static bool lit_float(DslExpr *e, double *out) {
  int64_t i;
  if (lit_int(e, &i)) {
    *out = (double)i;
    return true;
  }
  if (e->kind == DSL_EX_FLOAT) {
    *out = e->fval;
    return true;
  }
  if (e->kind == DSL_EX_UNARY && e->op == '-' && e->nargs == 1 && e->args[0]->kind == DSL_EX_FLOAT) {
    *out = -e->args[0]->fval;
    return true;
  }
  return false;
}

/* Whether a pattern literal denotes an attribute's declared default (numbers
 * by value: 1 and 1.0 are the same default). */
static bool lit_is_default(DslExpr *lit, DslExpr *def) {
  double a, b;
  if (lit_float(lit, &a) && lit_float(def, &b))
    return a == b;
  if (lit->kind == DSL_EX_BOOL && def->kind == DSL_EX_BOOL)
    return lit->bval == def->bval;
  if (lit->kind == DSL_EX_STR && def->kind == DSL_EX_STR)
    return strcmp(lit->str, def->str) == 0;
  return false;
}

/* ---- tests ---- */

static bool path_eq(Path a, Path b) { return a.n == b.n && memcmp(a.i, b.i, a.n) == 0; }

static bool expr_same(const DslExpr *a, const DslExpr *b) {
  if (a == b)
    return true;
  if (!a || !b || a->kind != b->kind || a->nargs != b->nargs || a->op != b->op)
    return false;
  switch (a->kind) {
  case DSL_EX_INT: return a->ival == b->ival;
  case DSL_EX_FLOAT: return a->fval == b->fval;
  case DSL_EX_BOOL: return a->bval == b->bval;
  case DSL_EX_STR: return strcmp(a->str, b->str) == 0;
  default: break;
  }
  if (a->kind != DSL_EX_ARRAY && a->kind != DSL_EX_UNARY)
    return false;
  for (uint32_t i = 0; i < a->nargs; i++)
    if (!expr_same(a->args[i], b->args[i]))
      return false;
  return true;
}

static bool test_eq(const Test *a, const Test *b) {
  if (a->kind != b->kind || !path_eq(a->path, b->path))
    return false;
  switch (a->kind) {
  case T_COUNT: return a->nargs == b->nargs && a->rest == b->rest;
  case T_OP:
    return a->nargs == b->nargs && a->rest == b->rest && a->nops == b->nops &&
           memcmp(a->ops, b->ops, sizeof *a->ops * a->nops) == 0;
  case T_ATTR_HAS: return strcmp(a->attr, b->attr) == 0;
  case T_ATTR_EQ: return strcmp(a->attr, b->attr) == 0 && expr_same(a->lit, b->lit) && a->decl == b->decl;
  case T_ATTR_VAR:
    return strcmp(a->attr, b->attr) == 0 && path_eq(a->other, b->other) &&
           strcmp(a->other_attr, b->other_attr) == 0;
  case T_SAME: return path_eq(a->other, b->other);
  case T_SPLAT: return true;
  case T_SPLAT_EQ: return expr_same(a->lit, b->lit);
  }
  return false;
}

static const Test *item_test(const Item *it) {
  if (it->front)
    return it->front;
  return it->next < it->v->ntests ? &it->v->tests[it->next] : NULL;
}

static Item item_advance(Item it) {
  if (it.front)
    it.front = NULL;
  else
    it.next++;
  return it;
}

static const char *count_cond(Gen *g, const char *n, uint32_t nargs, bool rest) {
  return gstr(g, "%s->num_operands %s %u", n, rest ? ">=" : "==", nargs);
}

static const char *ops_text(Gen *g, const uint16_t *ops, uint32_t n) {
  RgBuf b;
  rg_buf_init(&b);
  for (uint32_t i = 0; i < n; i++)
    rg_buf_printf(&b, "%s%s", i ? "|" : "", g->lops[ops[i]]->name);
  char *s = rg_arena_strdup(&g->arena, b.data ? b.data : "", b.len);
  rg_buf_free(&b);
  return s ? s : "";
}

static const char *lit_text(Gen *g, const DslExpr *e) {
  switch (e->kind) {
  case DSL_EX_INT: return gstr(g, "%lld", (long long)e->ival);
  case DSL_EX_FLOAT: return c_float(g, e->fval);
  case DSL_EX_BOOL: return e->bval ? "true" : "false";
  case DSL_EX_STR: return gstr(g, "\\\"%s\\\"", e->str);
  case DSL_EX_UNARY: return gstr(g, "-%s", lit_text(g, e->args[0]));
  case DSL_EX_ARRAY: {
    RgBuf b;
    rg_buf_init(&b);
    rg_buf_putc(&b, '[');
    for (uint32_t i = 0; i < e->nargs; i++)
      rg_buf_printf(&b, "%s%s", i ? ", " : "", lit_text(g, e->args[i]));
    rg_buf_putc(&b, ']');
    char *s = rg_arena_strdup(&g->arena, b.data, b.len);
    rg_buf_free(&b);
    return s ? s : "";
  }
  default: return "<expr>";
  }
}

/* One-line description of a failed test for explain mode: what does not
 * hold. Paths: `root` is the matched op, `root.I` the producer of its
 * operand I, `root.I.J` the producer of operand J of that one. */
static const char *test_text(Gen *g, const Test *t) {
  switch (t->kind) {
  case T_COUNT:
    return gstr(g, "%s does not have %s%u operand(s)", path_text(g, t->path), t->rest ? "at least " : "", t->nargs);
  case T_OP:
    return gstr(g, "%s is not an unfrozen %s with %s%u operand(s)", path_text(g, t->path),
                ops_text(g, t->ops, t->nops), t->rest ? "at least " : "", t->nargs);
  case T_ATTR_HAS: return gstr(g, "%s has no attribute '%s'", path_text(g, t->path), t->attr);
  case T_ATTR_EQ:
    return gstr(g, "attribute '%s' of %s is missing or not %s", t->attr, path_text(g, t->path), lit_text(g, t->lit));
  case T_ATTR_VAR:
    return gstr(g, "attribute '%s' of %s differs from '%s' of %s", t->attr, path_text(g, t->path),
                t->other_attr, path_text(g, t->other));
  case T_SAME: return gstr(g, "%s is not the same value as %s", path_text(g, t->path), path_text(g, t->other));
  case T_SPLAT: return gstr(g, "%s is not a splat constant", path_text(g, t->path));
  case T_SPLAT_EQ: return gstr(g, "%s is not a splat of %s", path_text(g, t->path), lit_text(g, t->lit));
  }
  return "";
}

/* C condition of a non-op test (op tests declare their node first). */
static const char *attr_lit_cond(Gen *g, const char *a, const Test *t) {
  int64_t iv;
  double fv;
  DslExpr *e = t->lit;
  switch (e->kind == DSL_EX_ARRAY ? DSL_TY_INTS : e->kind == DSL_EX_STR ? DSL_TY_STR
          : e->kind == DSL_EX_BOOL ? DSL_TY_BOOL : t->lit_type) {
  case DSL_TY_STR: return gstr(g, "rg_attr_eq_str(%s, %s)", a, cquote(g, e->str));
  case DSL_TY_BOOL: return gstr(g, "rg_attr_eq_bool(%s, %s)", a, e->bval ? "true" : "false");
  case DSL_TY_INTS: {
    RgBuf b;
    rg_buf_init(&b);
    for (uint32_t i = 0; i < e->nargs; i++) {
      if (!lit_int(e->args[i], &iv)) {
        gen_error(g, e->args[i]->loc, "attribute patterns take literal values");
        iv = 0;
      }
      rg_buf_printf(&b, "%s%s", i ? ", " : "", c_int(g, iv));
    }
    const char *r = e->nargs
                        ? gstr(g, "rg_attr_eq_ints(rg_rw_graph(rw), %s, (const int64_t[]){%s}, %u)", a,
                               b.data, e->nargs)
                        : gstr(g, "rg_attr_eq_ints(rg_rw_graph(rw), %s, NULL, 0)", a);
    rg_buf_free(&b);
    return r;
  }
  case DSL_TY_INT:
    if (lit_int(e, &iv))
      return gstr(g, "rg_attr_eq_int(%s, %s)", a, c_int(g, iv));
    break;
  case DSL_TY_FLOAT:
  case DSL_TY_ANY:
    /* A number matches by value: `1` matches `1 : i64` and `1.0 : f64`. */
    if (lit_float(e, &fv))
      return gstr(g, "rg_attr_eq_float(%s, %s)", a, c_float(g, fv));
    break;
  default:
    break;
  }
  gen_error(g, e->loc, "attribute patterns take literal values (int, float, bool, string, int array)");
  return "false";
}

static const char *simple_cond(Gen *g, const Test *t) {
  switch (t->kind) {
  case T_COUNT: return count_cond(g, node_var(g, t->path), t->nargs, t->rest);
  case T_ATTR_HAS: return gstr(g, "rg_node_attr(%s, %s) != NULL", node_var(g, t->path), cquote(g, t->attr));
  case T_ATTR_EQ: {
    const char *a = gstr(g, "rg_node_attr(%s, %s)", node_var(g, t->path), cquote(g, t->attr));
    const char *c = attr_lit_cond(g, a, t);
    /* Asking for the declared default also matches the attribute's absence. */
    if (t->decl && t->decl->defval && lit_is_default(t->lit, t->decl->defval))
      return gstr(g, "(%s == NULL || %s)", a, c);
    return c;
  }
  case T_ATTR_VAR:
    return gstr(g, "rg_attr_equal(rg_node_attr(%s, %s), rg_node_attr(%s, %s))", node_var(g, t->path),
                cquote(g, t->attr), node_var(g, t->other), cquote(g, t->other_attr));
  case T_SAME: return gstr(g, "%s == %s", value_expr(g, t->path), value_expr(g, t->other));
  case T_SPLAT: return gstr(g, "rg_match_splat(rw, %s, NULL)", value_expr(g, t->path));
  case T_SPLAT_EQ: {
    double d = 0;
    if (!lit_float(t->lit, &d))
      gen_error(g, t->lit->loc, "splat patterns take a literal number or a variable");
    return gstr(g, "rg_match_splat_eq(rw, %s, %s)", value_expr(g, t->path), c_float(g, d));
  }
  case T_OP: break;
  }
  return "false";
}

static void explain_items(Gen *g, const Item *items, uint32_t n, const char *why) {
  if (!n)
    return;
  out_line(g, "if (ex) {");
  g->indent++;
  const char *q = cquote(g, why);
  for (uint32_t i = 0; i < n; i++) {
    bool dup = false;
    for (uint32_t j = 0; j < i && !dup; j++)
      dup = items[j].v->index == items[i].v->index;
    if (!dup)
      out_line(g, "rg_rw_explain(rw, %u, %s);", items[i].v->index, q);
  }
  g->indent--;
  out_line(g, "}");
}

static void emit_action(Gen *g, Variant *v);
static void emit_items(Gen *g, Item *items, uint32_t n);
static void out_raw(Gen *g, const char *s);

static bool has_op(const Test *t, uint16_t op) {
  for (uint32_t i = 0; i < t->nops; i++)
    if (t->ops[i] == op)
      return true;
  return false;
}

enum { SPLIT_CASES = 16 };

/* Emits the call of a new function holding the subtree `items`, and the
 * function itself into the file ahead of the tree being built. */
static void emit_case_function(Gen *g, Item *items, uint32_t n, const Path *scope, uint32_t nscope) {
  uint32_t id = ++g->label;
  RgBuf args;
  rg_buf_init(&args);
  for (uint32_t i = 0; i < nscope; i++)
    rg_buf_printf(&args, "%s%s", i ? ", " : "", node_var(g, scope[i]));
  out_line(g, "int r = %s_case_%u(rw, root, ex, (RgNode *const[]){%s});", g->pname, id, args.data ? args.data : "");
  out_line(g, "if (r)");
  out_line(g, "  return r;");
  rg_buf_free(&args);

  RgBuf fn;
  rg_buf_init(&fn);
  RgBuf *tree = g->out;
  uint32_t tree_line = g->line;
  int tree_indent = g->indent;
  g->out = &fn;
  g->line = 0;
  g->indent = 0;
  out_line(g, "static RG_NOINLINE int %s_case_%u(RgRewriter *rw, RgNode *root, bool ex, RgNode *const *nodes) {",
           g->pname, id);
  g->indent++;
  for (uint32_t i = 0; i < nscope; i++)
    out_line(g, "RgNode *%s = nodes[%u];", node_var(g, scope[i]), i);
  emit_items(g, items, n);
  for (uint32_t i = 0; i < nscope; i++)
    out_line(g, "(void)%s;", node_var(g, scope[i]));
  out_line(g, "(void)ex;");
  out_line(g, "return 0;");
  g->indent--;
  out_line(g, "}");
  out_blank(g);
  /* Actions emitted while building it are already in the file; the
   * function follows them, still ahead of the tree that calls it. */
  g->out = g->main;
  g->line = g->main_line;
  out_raw(g, fn.data ? fn.data : "");
  if (fn.oom)
    g->ok = false;
  g->main_line = g->line;
  rg_buf_free(&fn);
  g->out = tree;
  g->line = tree_line;
  g->indent = tree_indent;
}

static void emit_op_run(Gen *g, Item *items, uint32_t run) {
  const Test *t0 = item_test(&items[0]);
  const char *nv = node_var(g, t0->path);
  out_line(g, "{");
  g->indent++;
  out_line(g, "RgNode *%s = rg_match_def(%s);", nv, value_expr(g, t0->path));
  if (run == 1) {
    RgBuf b;
    rg_buf_init(&b);
    for (uint32_t i = 0; i < t0->nops; i++)
      rg_buf_printf(&b, "%sk_%s == %u", i ? " || " : "", nv, t0->ops[i]);
    out_line(g, "int k_%s = rg_rw_local(rw, %s);", nv, nv);
    out_line(g, "if ((%s) && %s) {", b.data ? b.data : "false", count_cond(g, nv, t0->nargs, t0->rest));
    rg_buf_free(&b);
    g->indent++;
    Item next = item_advance(items[0]);
    emit_items(g, &next, 1);
    g->indent--;
    out_line(g, "} else {");
    g->indent++;
    explain_items(g, items, 1, test_text(g, t0));
    g->indent--;
    out_line(g, "}");
  } else {
    uint16_t max = 0;
    for (uint32_t i = 0; i < run; i++) {
      const Test *t = item_test(&items[i]);
      for (uint32_t k = 0; k < t->nops; k++)
        if (t->ops[k] > max)
          max = t->ops[k];
    }
    /* Explain mode: one table of (rule, op) pairs reports every rule of
     * the run whose op set lacks the node's op (linear in the run). */
    RgBuf pairs;
    rg_buf_init(&pairs);
    uint32_t npairs = 0;
    for (uint32_t i = 0; i < run; i++) {
      const Test *t = item_test(&items[i]);
      for (uint32_t k = 0; k < t->nops; k++, npairs++)
        rg_buf_printf(&pairs, "%s%u, %u", npairs ? ", " : "", items[i].v->index, t->ops[k]);
    }
    out_line(g, "if (ex)");
    out_line(g, "  rg_rw_explain_switch(rw, rg_rw_local(rw, %s), (const uint16_t[]){%s}, %u, %s);", nv,
             pairs.data ? pairs.data : "0", npairs,
             cquote(g, gstr(g, "%s is not an unfrozen", path_text(g, t0->path))));
    rg_buf_free(&pairs);
    out_line(g, "switch (rg_rw_local(rw, %s)) {", nv);
    /* A wide switch puts each case in a function of its own, so that no
     * single C function grows with the number of rules. */
    bool split = run > SPLIT_CASES;
    Path scope[MAXPATH * 4];
    uint32_t nscope = 0;
    for (uint32_t i = 0; i < items[0].next && nscope + 1 < MAXPATH * 4; i++)
      if (items[0].v->tests[i].kind == T_OP)
        scope[nscope++] = items[0].v->tests[i].path;
    scope[nscope++] = t0->path;
    Item *sub = rg_arena_alloc(&g->arena, sizeof *sub * run);
    if (!sub) {
      g->ok = false;
      return;
    }
    for (uint32_t op = 0; op <= max; op++) {
      uint32_t ns = 0;
      for (uint32_t i = 0; i < run; i++) {
        const Test *t = item_test(&items[i]);
        if (!has_op(t, (uint16_t)op))
          continue;
        Test *count = rg_arena_zalloc(&g->arena, sizeof *count);
        if (!count) {
          g->ok = false;
          return;
        }
        count->kind = T_COUNT;
        count->path = t->path;
        count->nargs = t->nargs;
        count->rest = t->rest;
        sub[ns] = item_advance(items[i]);
        sub[ns].front = count;
        ns++;
      }
      if (!ns)
        continue;
      out_line(g, "case %u: { /* %s */", op, g->lops[op]->name);
      g->indent++;
      Item *copy = rg_arena_alloc(&g->arena, sizeof *copy * ns);
      if (!copy) {
        g->ok = false;
        return;
      }
      memcpy(copy, sub, sizeof *copy * ns);
      if (split)
        emit_case_function(g, copy, ns, scope, nscope);
      else
        emit_items(g, copy, ns);
      out_line(g, "break;");
      g->indent--;
      out_line(g, "}");
    }
    out_line(g, "default:");
    out_line(g, "  break;");
    out_line(g, "}");
  }
  g->indent--;
  out_line(g, "}");
}

/* Emits the decision tree of an ordered list of rule variants. */
static void emit_items(Gen *g, Item *items, uint32_t n) {
  uint32_t i = 0;
  while (i < n && g->ok) {
    const Test *t = item_test(&items[i]);
    if (!t) {
      emit_action(g, items[i].v);
      i++;
      continue;
    }
    uint32_t run = 1;
    if (t->kind == T_OP) {
      while (i + run < n) {
        const Test *u = item_test(&items[i + run]);
        if (!u || u->kind != T_OP || !path_eq(u->path, t->path))
          break;
        run++;
      }
      emit_op_run(g, items + i, run);
    } else {
      while (i + run < n) {
        const Test *u = item_test(&items[i + run]);
        if (!u || !test_eq(u, t))
          break;
        run++;
      }
      Item *sub = rg_arena_alloc(&g->arena, sizeof *sub * run);
      if (!sub) {
        g->ok = false;
        return;
      }
      for (uint32_t k = 0; k < run; k++)
        sub[k] = item_advance(items[i + k]);
      out_line(g, "if (%s) {", simple_cond(g, t));
      g->indent++;
      emit_items(g, sub, run);
      g->indent--;
      out_line(g, "} else {");
      g->indent++;
      explain_items(g, items + i, run, test_text(g, t));
      g->indent--;
      out_line(g, "}");
    }
    i += run;
  }
}

/* ---- guard and replacement expressions ---- */

static const char *new_tmp(Gen *g) { return gstr(g, "t%u", ++g->tmp); }

static const char *var_c(Gen *g, DslVar *v) { return gstr(g, "v_%s", v->name.s); }

static const char *fail_stmt(Gen *g) {
  if (strncmp(g->fail, "discard_", 8) == 0)
    g->discard_used = true;
  else
    g->fail_used = true;
  return gstr(g, "goto %s;", g->fail);
}

static const char *cexpr(Gen *g, DslExpr *e);

static const char *ops_array(Gen *g, DslExpr *e, uint32_t *n) {
  DslOpDecl *list[256];
  uint32_t k = 0;
  DslExpr *single[1] = {e};
  DslExpr **items = e->kind == DSL_EX_ARRAY ? e->args : single;
  uint32_t ni = e->kind == DSL_EX_ARRAY ? e->nargs : 1;
  for (uint32_t i = 0; i < ni; i++) {
    DslExpr *x = items[i];
    if (x->kind == DSL_EX_NAME && x->opdecl && k < 256)
      list[k++] = x->opdecl;
    else if (x->kind == DSL_EX_NAME && x->cls)
      for (uint32_t j = 0; j < x->cls->nops && k < 256; j++)
        list[k++] = x->cls->ops[j];
    else
      gen_error(g, x->loc, "expected an op or op class");
  }
  *n = k;
  if (!k)
    return "NULL";
  RgBuf b;
  rg_buf_init(&b);
  for (uint32_t i = 0; i < k; i++)
    rg_buf_printf(&b, "%srg_rw_op(rw, %d)", i ? ", " : "", local_index(g, list[i]));
  const char *r = gstr(g, "(const RgOpId[]){%s}", b.data);
  rg_buf_free(&b);
  return r;
}

static const char *ctype(DslType t) {
  switch (t) {
  case DSL_TY_INT: return "int64_t";
  case DSL_TY_FLOAT: return "double";
  case DSL_TY_BOOL: return "bool";
  case DSL_TY_STR: return "const char *";
  case DSL_TY_INTS: return "RgInts";
  case DSL_TY_TYPE: return "RgDType";
  case DSL_TY_TENSOR:
  case DSL_TY_ANY: return "const RgAttr *";
  case DSL_TY_VALUE: return "RgValue *";
  default: return "int";
  }
}

static const char *cbinary(Gen *g, DslExpr *e) {
  DslExpr *l = e->args[0], *r = e->args[1];
  if (e->op == DSL_OP_AND || e->op == DSL_OP_OR) {
    const char *t = new_tmp(g);
    const char *a = cexpr(g, l);
    out_line(g, "bool %s = %s;", t, a);
    out_line(g, "if (%s%s) {", e->op == DSL_OP_AND ? "" : "!", t);
    g->indent++;
    const char *b = cexpr(g, r);
    out_line(g, "%s = %s;", t, b);
    g->indent--;
    out_line(g, "}");
    return t;
  }
  const char *a = cexpr(g, l), *b = cexpr(g, r);
  DslType lt = l->type, rt = r->type;
  bool fl = lt == DSL_TY_FLOAT || rt == DSL_TY_FLOAT;
  static const char *const cmp[] = {[DSL_OP_EQ] = "==", [DSL_OP_NE] = "!=", [DSL_OP_LT] = "<",
                                    [DSL_OP_LE] = "<=", [DSL_OP_GT] = ">", [DSL_OP_GE] = ">="};
  switch (e->op) {
  case DSL_OP_EQ:
  case DSL_OP_NE: {
    const char *neg = e->op == DSL_OP_NE ? "!" : "";
    if (lt == DSL_TY_INTS)
      return gstr(g, "%srg_ints_equal(%s, %s)", neg, a, b);
    if (lt == DSL_TY_STR)
      return gstr(g, "(strcmp(%s, %s) %s 0)", a, b, cmp[e->op]);
    if (lt == DSL_TY_TENSOR || lt == DSL_TY_ANY)
      return gstr(g, "%srg_attr_equal(%s, %s)", neg, a, b);
    if (fl)
      return gstr(g, "((double)%s %s (double)%s)", a, cmp[e->op], b);
    return gstr(g, "(%s %s %s)", a, cmp[e->op], b);
  }
  case DSL_OP_LT:
  case DSL_OP_LE:
  case DSL_OP_GT:
  case DSL_OP_GE:
    if (fl)
      return gstr(g, "((double)%s %s (double)%s)", a, cmp[e->op], b);
    return gstr(g, "(%s %s %s)", a, cmp[e->op], b);
  default:
    break;
  }
  const char *t = new_tmp(g);
  if (fl) {
    static const char *const ar[] = {[DSL_OP_ADD] = "+", [DSL_OP_SUB] = "-", [DSL_OP_MUL] = "*",
                                     [DSL_OP_DIV] = "/"};
    if (e->op == DSL_OP_MOD) {
      out_line(g, "double %s = fmod((double)%s, (double)%s);", t, a, b);
      return t;
    }
    out_line(g, "double %s = (double)%s %s (double)%s;", t, a, ar[e->op], b);
    return t;
  }
  static const char *const fn[] = {[DSL_OP_ADD] = "rg_i64_add", [DSL_OP_SUB] = "rg_i64_sub",
                                   [DSL_OP_MUL] = "rg_i64_mul", [DSL_OP_DIV] = "rg_i64_div",
                                   [DSL_OP_MOD] = "rg_i64_mod"};
  out_line(g, "int64_t %s;", t);
  out_line(g, "if (!%s(%s, %s, &%s)) %s", fn[e->op], a, b, t, fail_stmt(g));
  return t;
}

static const char *ccall(Gen *g, DslExpr *e) {
  const char *t;
  if (e->ext) {
    DslExtern *x = e->ext;
    RgBuf b;
    rg_buf_init(&b);
    rg_buf_puts(&b, "rw");
    for (uint32_t i = 0; i < e->nargs; i++)
      rg_buf_printf(&b, ", %s", cexpr(g, e->args[i]));
    if (x->is_pred) {
      t = gstr(g, "%s(%s)", x->name.s, b.data);
    } else {
      t = new_tmp(g);
      out_line(g, "%s %s;", ctype(x->ret), t);
      out_line(g, "if (!%s(%s, &%s)) %s", x->name.s, b.data, t, fail_stmt(g));
    }
    rg_buf_free(&b);
    return t;
  }
  DslExpr **a = e->args;
  switch (e->builtin) {
  case DSL_BI_LEN: return gstr(g, "((int64_t)%s.n)", cexpr(g, a[0]));
  case DSL_BI_USES: return gstr(g, "((int64_t)%s->num_uses)", cexpr(g, a[0]));
  case DSL_BI_RANK:
  case DSL_BI_NUMEL:
  case DSL_BI_DTYPE:
  case DSL_BI_SHAPE:
  case DSL_BI_SPLAT_VALUE: {
    const char *v = cexpr(g, a[0]);
    t = new_tmp(g);
    const char *fn = e->builtin == DSL_BI_RANK    ? "rg_value_rank"
                     : e->builtin == DSL_BI_NUMEL ? "rg_value_numel"
                     : e->builtin == DSL_BI_DTYPE ? "rg_value_dtype"
                     : e->builtin == DSL_BI_SHAPE ? "rg_value_shape"
                                                  : NULL;
    out_line(g, "%s %s;", ctype(e->type), t);
    if (fn)
      out_line(g, "if (!%s(%s, &%s)) %s", fn, v, t, fail_stmt(g));
    else
      out_line(g, "if (!rg_match_splat(rw, %s, &%s)) %s", v, t, fail_stmt(g));
    return t;
  }
  case DSL_BI_IS_SPLAT: return gstr(g, "rg_match_splat(rw, %s, NULL)", cexpr(g, a[0]));
  case DSL_BI_IOTA:
  case DSL_BI_INVERSE: {
    const char *x = cexpr(g, a[0]);
    t = new_tmp(g);
    out_line(g, "RgInts %s;", t);
    out_line(g, "if (!%s(rw, %s, &%s)) %s", e->builtin == DSL_BI_IOTA ? "rg_ints_iota" : "rg_ints_inverse", x,
             t, fail_stmt(g));
    return t;
  }
  case DSL_BI_COMPOSE: {
    const char *x = cexpr(g, a[0]), *y = cexpr(g, a[1]);
    t = new_tmp(g);
    out_line(g, "RgInts %s;", t);
    out_line(g, "if (!rg_ints_compose(rw, %s, %s, &%s)) %s", x, y, t, fail_stmt(g));
    return t;
  }
  case DSL_BI_REACHES: {
    const char *v = cexpr(g, a[0]);
    uint32_t nt = 0, nth = 0;
    const char *targets = ops_array(g, a[1], &nt);
    const char *through = e->nargs > 2 ? ops_array(g, a[2], &nth) : "NULL";
    return gstr(g, "rg_value_reaches(%s, %s, %u, %s, %u)", v, targets, nt, through, nth);
  }
  case DSL_BI_SCALAR_TENSOR: {
    const char *c = cexpr(g, a[0]), *dt = cexpr(g, a[1]);
    t = new_tmp(g);
    out_line(g, "const RgAttr *%s = rg_scalar_tensor(rg_rw_graph(rw), (double)%s, %s);", t, c, dt);
    out_line(g, "if (!%s) %s", t, fail_stmt(g));
    return t;
  }
  case DSL_BI_CONST: {
    DslOpDecl *cop = const_op_for(g, g->cur->rule);
    const DslAttrDecl *ad = cop ? const_attr_of(cop) : NULL;
    if (!cop || !ad) {
      gen_error(g, e->loc, "const(...) needs an op with the 'constant' trait and a tensor attribute in this dialect");
      return "NULL";
    }
    const char *x = cexpr(g, a[0]);
    t = new_tmp(g);
    out_line(g, "RgNode *%s = rg_rw_create(rw, %d, 0, NULL, 1, (const RgNamedAttr[]){{%s, %s}});", t,
             local_index(g, cop), cquote(g, ad->name.s), x);
    out_line(g, "if (!%s) return rg_rw_refuse(rw, %u);", t, g->cur->index);
    return gstr(g, "(&%s->results[0])", t);
  }
  default:
    gen_error(g, e->loc, "this builtin is not supported by the code generator");
    return "0";
  }
}

static const char *cexpr(Gen *g, DslExpr *e) {
  switch (e->kind) {
  case DSL_EX_INT: return c_int(g, e->ival);
  case DSL_EX_FLOAT: return c_float(g, e->fval);
  case DSL_EX_BOOL: return e->bval ? "true" : "false";
  case DSL_EX_STR: return cquote(g, e->str);
  case DSL_EX_NAME:
    if (e->var)
      return var_c(g, e->var);
    gen_error(g, e->loc, "'%s' cannot be used as a value here", e->str);
    return "0";
  case DSL_EX_ARRAY: {
    const char *t = new_tmp(g);
    const char **el = rg_arena_alloc(&g->arena, sizeof *el * (e->nargs ? e->nargs : 1));
    if (!el) {
      g->ok = false;
      return "0";
    }
    for (uint32_t i = 0; i < e->nargs; i++)
      el[i] = cexpr(g, e->args[i]);
    out_line(g, "int64_t *%s_v = rg_rw_scratch(rw, %u);", t, e->nargs);
    out_line(g, "if (!%s_v) %s", t, fail_stmt(g));
    for (uint32_t i = 0; i < e->nargs; i++)
      out_line(g, "%s_v[%u] = %s;", t, i, el[i]);
    out_line(g, "RgInts %s = {%s_v, %u};", t, t, e->nargs);
    return t;
  }
  case DSL_EX_UNARY: {
    const char *x = cexpr(g, e->args[0]);
    if (e->op == '!')
      return gstr(g, "(!%s)", x);
    if (e->type == DSL_TY_FLOAT)
      return gstr(g, "(-(double)%s)", x);
    const char *t = new_tmp(g);
    out_line(g, "int64_t %s;", t);
    out_line(g, "if (!rg_i64_sub(0, %s, &%s)) %s", x, t, fail_stmt(g));
    return t;
  }
  case DSL_EX_BINARY: return cbinary(g, e);
  case DSL_EX_INDEX: {
    const char *b = cexpr(g, e->args[0]), *i = cexpr(g, e->args[1]);
    const char *t = new_tmp(g);
    out_line(g, "if (%s < 0 || %s >= (int64_t)%s.n) %s", i, i, b, fail_stmt(g));
    out_line(g, "int64_t %s = %s.v[%s];", t, b, i);
    return t;
  }
  case DSL_EX_CALL: return ccall(g, e);
  }
  return "0";
}

/* Element type of an attribute declared as `name: i32[]`, read from the
 * declaration's source text (the AST keeps only the category). */
static RgDType decl_dtype(const DslAttrDecl *d, RgDType fallback) {
  const RgSource *src = d->name.loc.src;
  if (!src)
    return fallback;
  const char *p = src->text + d->name.loc.off + strlen(d->name.s), *end = src->text + src->len;
  while (p < end && (*p == ' ' || *p == '?' || *p == ':' || *p == '\t'))
    p++;
  const char *s = p;
  while (p < end && ((*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9')))
    p++;
  RgDType dt = rg_dtype_from_name(s, (size_t)(p - s));
  return dt == RG_DT_NONE ? fallback : dt;
}

static const char *dtype_c(RgDType dt) {
  static char buf[RG_DT_COUNT][24];
  const char *n = rg_dtype_name(dt);
  char *b = buf[dt];
  snprintf(b, sizeof buf[0], "RG_DT_");
  for (size_t i = 0; n[i] && i < 12; i++)
    b[6 + i] = (char)(n[i] >= 'a' && n[i] <= 'z' ? n[i] - 32 : n[i]), b[7 + i] = 0;
  return b;
}

/* C expression of type const RgAttr * for an attribute set in a replacement. */
static const char *cattr(Gen *g, const DslAttrSet *as) {
  DslExpr *e = as->value;
  if (e->kind == DSL_EX_NAME && e->var && e->var->kind == DSL_VAR_ATTR)
    return gstr(g, "a_%s", e->var->name.s);
  const char *x = cexpr(g, e);
  DslType t = as->decl ? as->decl->type : e->type;
  if (t == DSL_TY_ANY)
    t = e->type;
  const char *gr = "rg_rw_graph(rw)";
  const char *r = new_tmp(g);
  switch (t) {
  case DSL_TY_INTS:
    out_line(g, "const RgAttr *%s = rg_attr_dense_array_ints(%s, %s, %s.n, %s.v);", r, gr,
             dtype_c(as->decl ? decl_dtype(as->decl, RG_DT_I64) : RG_DT_I64), x, x);
    break;
  case DSL_TY_INT:
    out_line(g, "const RgAttr *%s = rg_attr_int(%s, %s, rg_type_scalar(%s, %s));", r, gr, x, gr,
             dtype_c(as->decl ? decl_dtype(as->decl, RG_DT_I64) : RG_DT_I64));
    break;
  case DSL_TY_FLOAT:
    out_line(g, "const RgAttr *%s = rg_attr_float(%s, (double)%s, rg_type_scalar(%s, %s));", r, gr, x, gr,
             dtype_c(as->decl ? decl_dtype(as->decl, RG_DT_F64) : RG_DT_F64));
    break;
  case DSL_TY_BOOL: out_line(g, "const RgAttr *%s = rg_attr_bool(%s, %s);", r, gr, x); break;
  case DSL_TY_STR: out_line(g, "const RgAttr *%s = rg_attr_string(%s, %s, strlen(%s));", r, gr, x, x); break;
  case DSL_TY_TENSOR: out_line(g, "const RgAttr *%s = %s;", r, x); break;
  default:
    gen_error(g, e->loc, "cannot build an attribute of type '%s'", dsl_type_name(t));
    return "NULL";
  }
  out_line(g, "if (!%s) return rg_rw_fail(rw, RG_ERR_NOMEM, \"out of memory\");", r);
  return r;
}

static const char *crepl(Gen *g, DslRepl *rp) {
  switch (rp->kind) {
  case DSL_REP_VAR:
    if (rp->var)
      return var_c(g, rp->var);
    gen_error(g, rp->loc, "unbound replacement variable");
    return "NULL";
  case DSL_REP_EXPR: return cexpr(g, rp->expr);
  case DSL_REP_ERASE: return "NULL";
  case DSL_REP_OP: break;
  }
  /* Operands first (post-order), then the node. */
  const char **args = rg_arena_alloc(&g->arena, sizeof *args * (rp->nargs ? rp->nargs : 1));
  if (!args) {
    g->ok = false;
    return "NULL";
  }
  for (uint32_t i = 0; i < rp->nargs; i++)
    args[i] = rp->args[i]->splice ? NULL : crepl(g, rp->args[i]);
  const char *t = new_tmp(g);
  out_line(g, "RgValue *%s_a[%d];", t, MAXARGS);
  out_line(g, "uint32_t %s_n = 0;", t);
  for (uint32_t i = 0; i < rp->nargs; i++) {
    if (!rp->args[i]->splice) {
      out_line(g, "%s_a[%s_n++] = %s;", t, t, args[i]);
      continue;
    }
    const char *rv = var_c(g, rp->args[i]->var);
    out_line(g, "if (%s_n + %s_n > %d) return rg_rw_fail(rw, RG_ERR_INVALID, \"too many operands\");", t, rv,
             MAXARGS);
    out_line(g, "for (uint32_t i = 0; i < %s_n; i++)", rv);
    out_line(g, "  %s_a[%s_n++] = %s[i].value;", t, t, rv);
  }
  bool from_capture = rp->var && rp->var->kind == DSL_VAR_OP;
  const char **attrs = rg_arena_alloc(&g->arena, sizeof *attrs * (rp->nattrs ? rp->nattrs : 1));
  if (!attrs) {
    g->ok = false;
    return "NULL";
  }
  for (uint32_t i = 0; i < rp->nattrs; i++)
    attrs[i] = cattr(g, &rp->attrs[i]);
  out_line(g, "RgNamedAttr %s_p[%d];", t, MAXARGS);
  out_line(g, "uint32_t %s_np = 0;", t);
  if (from_capture)
    out_line(g, "%s_np = rg_props_copy(%s, %s_p, %d);", t, var_c(g, rp->var), t, MAXARGS);
  for (uint32_t i = 0; i < rp->nattrs; i++)
    out_line(g, "if (!rg_props_set(%s_p, &%s_np, %d, %s, %s)) return rg_rw_fail(rw, RG_ERR_INVALID, \"too many attributes\");",
             t, t, MAXARGS, cquote(g, rp->attrs[i].name.s), attrs[i]);
  const char *k = from_capture ? gstr(g, "(uint16_t)rg_rw_local(rw, %s)", var_c(g, rp->var))
                               : gstr(g, "%d", local_index(g, rp->op));
  if (from_capture)
    out_line(g, "RgNode *%s = rg_rw_create_like(rw, %s, %s_n, %s_a, %s_np, %s_p, %s);", t, k, t, t, t, t,
             var_c(g, rp->var));
  else
    out_line(g, "RgNode *%s = rg_rw_create(rw, %s, %s_n, %s_a, %s_np, %s_p);", t, k, t, t, t, t);
  out_line(g, "if (!%s) return rg_rw_refuse(rw, %u);", t, g->cur->index);
  return gstr(g, "(&%s->results[0])", t);
}

static void emit_bindings(Gen *g, Variant *v) {
  DslRule *r = v->rule;
  for (uint32_t i = 0; i < r->nvars; i++) {
    DslVar *var = r->vars[i];
    Binding *b = &v->bind[var->index];
    const char *c = var_c(g, var);
    switch (var->kind) {
    case DSL_VAR_VALUE:
      out_line(g, "RgValue *%s = %s;", c, value_expr(g, b->path));
      break;
    case DSL_VAR_OP:
      out_line(g, "RgNode *%s = %s;", c, node_var(g, b->path));
      break;
    case DSL_VAR_REST:
      out_line(g, "RgUse *%s = %s->operands + %u;", c, node_var(g, b->path), b->start);
      out_line(g, "uint32_t %s_n = %s->num_operands - %u;", c, node_var(g, b->path), b->start);
      break;
    case DSL_VAR_SPLAT:
      out_line(g, "double %s;", c);
      out_line(g, "if (!rg_match_splat(rw, %s, &%s)) %s", value_expr(g, b->path), c, fail_stmt(g));
      break;
    case DSL_VAR_ATTR: {
      const char *an = var->attr ? var->attr->name.s : var->name.s;
      out_line(g, "const RgAttr *a_%s = rg_node_attr(%s, %s);", var->name.s, node_var(g, b->path), cquote(g, an));
      switch (var->type) {
      case DSL_TY_INTS:
        out_line(g, "RgInts %s;", c);
        out_line(g, "if (!rg_attr_to_ints(rg_rw_graph(rw), a_%s, &%s)) %s", var->name.s, c, fail_stmt(g));
        break;
      case DSL_TY_INT:
        out_line(g, "int64_t %s;", c);
        out_line(g, "if (!rg_attr_get_int(a_%s, &%s)) %s", var->name.s, c, fail_stmt(g));
        break;
      case DSL_TY_FLOAT:
        out_line(g, "double %s;", c);
        out_line(g, "if (!rg_attr_get_float(a_%s, &%s)) %s", var->name.s, c, fail_stmt(g));
        break;
      case DSL_TY_BOOL:
        out_line(g, "bool %s;", c);
        out_line(g, "if (!rg_attr_get_bool(a_%s, &%s)) %s", var->name.s, c, fail_stmt(g));
        break;
      case DSL_TY_STR:
        out_line(g, "const char *%s;", c);
        out_line(g, "if (!rg_attr_get_str(rg_rw_graph(rw), a_%s, &%s)) %s", var->name.s, c, fail_stmt(g));
        break;
      default:
        out_line(g, "const RgAttr *%s = a_%s;", c, var->name.s);
        break;
      }
      out_line(g, "(void)a_%s;", var->name.s);
      break;
    }
    }
    out_line(g, "(void)%s;", c);
  }
}

/* Leftmost source offset of an expression (binary nodes sit at their
 * operator). */
static uint32_t expr_start(const DslExpr *e) {
  uint32_t off = e->loc.off;
  for (uint32_t i = 0; i < e->nargs; i++) {
    uint32_t a = expr_start(e->args[i]);
    if (a < off)
      off = a;
  }
  return off;
}

/* Source text of a guard for explain mode: up to `=>`, over as many lines
 * as it takes, with comments dropped and each run of blanks made one space. */
static const char *guard_text(Gen *g, DslExpr *e) {
  const RgSource *src = e->loc.src;
  if (!src)
    return "guard is false or cannot be evaluated";
  const char *p = src->text + expr_start(e), *end = src->text + src->len;
  RgBuf b;
  rg_buf_init(&b);
  bool space = false;
  while (p < end && !(p + 1 < end && p[0] == '=' && p[1] == '>')) {
    if (p + 1 < end && p[0] == '/' && p[1] == '/') {
      while (p < end && *p != '\n')
        p++;
      continue;
    }
    if (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') {
      space = b.len > 0;
    } else {
      if (space)
        rg_buf_putc(&b, ' ');
      space = false;
      rg_buf_putc(&b, *p);
    }
    p++;
  }
  const char *t = gstr(g, "guard '%s' is false or cannot be evaluated", b.data ? b.data : "");
  rg_buf_free(&b);
  return t;
}

/* Node paths an action reads: the root and every operand producer its
 * pattern tested, in test order. */
static uint32_t action_nodes(const Variant *v, Path *out, uint32_t max) {
  uint32_t n = 0;
  for (uint32_t i = 0; i < v->ntests && n < max; i++)
    if (v->tests[i].kind == T_OP)
      out[n++] = v->tests[i].path;
  return n;
}

/* Each rule variant's guard and rewrite is a function of its own, called
 * from the decision tree: the tree stays small, and the C compiler sees
 * many small functions instead of one huge one (a 1,000-rule pass still
 * compiles quickly). */
static void emit_action(Gen *g, Variant *v) {
  DslRule *r = v->rule;
  g->cur = v;
  uint32_t id = ++g->label;
  snprintf(g->fail, sizeof g->fail, "fail_%u", id);
  Path nodes[64];
  uint32_t nn = action_nodes(v, nodes, 64);

  /* The call, in the decision tree. */
  RgBuf args;
  rg_buf_init(&args);
  for (uint32_t i = 0; i < nn; i++)
    rg_buf_printf(&args, "%s%s", i ? ", " : "", node_var(g, nodes[i]));
  if (nn)
    out_line(g, "{ /* %s */", r->name.s);
  else
    out_line(g, "{ /* %s */", r->name.s);
  out_line(g, "  int r = %s_act_%u(rw, root, ex%s%s%s);", g->pname, id, nn ? ", (RgNode *const[]){" : "",
           nn ? args.data : "", nn ? "}" : "");
  out_line(g, "  if (r)");
  out_line(g, "    return r;");
  out_line(g, "}");
  rg_buf_free(&args);

  /* The function, in the file before the tree's function. */
  RgBuf *tree = g->out;
  uint32_t tree_line = g->line;
  int tree_indent = g->indent;
  g->out = g->main;
  g->line = g->main_line;
  g->indent = 0;
  uint32_t saved_tmp = g->tmp;
  g->tmp = 0;
  g->fail_used = false;
  echo_rule(g, r);
  if (v->swap_mask)
    out_line(g, "/* (operands of commutative ops swapped: variant %u) */", v->swap_mask);
  out_line(g, "static RG_NOINLINE int %s_act_%u(RgRewriter *rw, RgNode *root, bool ex%s) {", g->pname, id,
           nn ? ", RgNode *const *nodes" : "");
  g->indent++;
  for (uint32_t i = 0; i < nn; i++)
    out_line(g, "RgNode *%s = nodes[%u];", node_var(g, nodes[i]), i);
  out_line(g, "if (!rg_rw_rule_enabled(rw, %u)) {", v->index);
  out_line(g, "  if (ex) rg_rw_explain(rw, %u, \"rule is disabled\");", v->index);
  out_line(g, "  return 0;");
  out_line(g, "}");
  out_line(g, "{");
  g->indent++;
  line_directive_src(g, r->loc);
  emit_bindings(g, v);
  if (r->guard) {
    const char *c = cexpr(g, r->guard);
    out_line(g, "if (!(%s)) {", c);
    out_line(g, "  if (ex) rg_rw_explain(rw, %u, %s);", v->index, cquote(g, guard_text(g, r->guard)));
    out_line(g, "  %s", fail_stmt(g));
    out_line(g, "}");
  }
  /* From here on nodes exist: a replacement value that cannot be computed
   * discards them before the rule gives up. */
  char fail[32];
  memcpy(fail, g->fail, sizeof fail);
  snprintf(g->fail, sizeof g->fail, "discard_%u", id);
  g->discard_used = false;
  if (r->repl->kind == DSL_REP_ERASE) {
    out_line(g, "if (root->results[0].num_uses != 0) {");
    out_line(g, "  if (ex) rg_rw_explain(rw, %u, \"the root still has uses, so '_' cannot remove it\");", v->index);
    out_line(g, "  %s", fail_stmt(g));
    out_line(g, "}");
    out_line(g, "return rg_rw_erase(rw, root, %u) ? 1 : -1;", v->index);
  } else {
    const char *val = crepl(g, r->repl);
    out_line(g, "RgValue *result[1] = {%s};", val);
    out_line(g, "return rg_rw_apply(rw, root, result, %u);", v->index);
  }
  line_directive_back(g);
  g->indent--;
  out_line(g, "}");
  if (g->discard_used) {
    out_line(g, "%s:", g->fail);
    out_line(g, "  rg_rw_discard(rw);");
  }
  if (g->fail_used)
    out_line(g, "%s:", fail);
  if (g->fail_used || g->discard_used) {
    for (uint32_t i = 0; i < nn; i++)
      out_line(g, "  (void)%s;", node_var(g, nodes[i]));
    out_line(g, "  return 0;");
  }
  g->indent--;
  out_line(g, "}");
  out_blank(g);
  g->main_line = g->line;
  g->out = tree;
  g->line = tree_line;
  g->indent = tree_indent;
  g->tmp = saved_tmp;
}

/* ---- target-op condition ---- */

typedef struct Req {
  const uint16_t *ops;
  uint32_t nops, count;
} Req;

/* Per rule: the multiset of op sets its pattern needs. */
static uint32_t rule_reqs(Gen *g, Variant *v, Req *reqs, uint32_t max) {
  uint32_t n = 0;
  DslPattern *root = v->rule->pattern;
  const uint16_t *rops = local_ops_of(g, root->ops, root->nops);
  reqs[n++] = (Req){rops, root->nops, 1};
  for (uint32_t i = 0; i < v->ntests; i++) {
    const Test *t = &v->tests[i];
    if (t->kind != T_OP)
      continue;
    bool merged = false;
    for (uint32_t k = 0; k < n && !merged; k++)
      if (reqs[k].nops == t->nops && memcmp(reqs[k].ops, t->ops, sizeof *t->ops * t->nops) == 0) {
        reqs[k].count++;
        merged = true;
      }
    if (!merged && n < max)
      reqs[n++] = (Req){t->ops, t->nops, 1};
  }
  return n;
}

/* ---- passes ---- */

typedef struct PassPlan {
  Variant **variants; /* per rule: its variants */
  uint32_t *nvariants;
} PassPlan;

static void emit_pass(Gen *g, DslPass *pass) {
  g->pass = pass;
  g->pname = cname(g, pass->name.s);
  g->lops = NULL;
  g->nlops = 0;
  for (uint32_t i = 0; i < pass->nrules; i++) {
    collect_pattern_ops(g, pass->rules[i]->pattern);
    collect_repl_ops(g, pass->rules[i], pass->rules[i]->repl);
    collect_expr_ops(g, pass->rules[i], pass->rules[i]->guard);
  }
  if (g->nlops > 1)
    qsort(g->lops, g->nlops, sizeof *g->lops, cmp_op_id);
  Variant **vars = rg_arena_zalloc(&g->arena, sizeof *vars * (pass->nrules ? pass->nrules : 1));
  uint32_t *nvars = rg_arena_zalloc(&g->arena, sizeof *nvars * (pass->nrules ? pass->nrules : 1));
  if (!vars || !nvars) {
    g->ok = false;
    return;
  }
  for (uint32_t i = 0; i < pass->nrules; i++)
    vars[i] = make_variants(g, pass->rules[i], (uint16_t)i, &nvars[i]);
  if (!g->ok)
    return;
  const char *P = g->pname;

  out_blank(g);
  out_line(g, "/* ---- pass %s%s%s ---- */", pass->name.s, pass->doc ? ": " : "", pass->doc ? pass->doc : "");
  out_blank(g);
  out_line(g, "static const char *const %s_op_names[%u] = {", P, g->nlops ? g->nlops : 1);
  for (uint32_t i = 0; i < g->nlops; i++)
    out_line(g, "  %s, /* %u */", cquote(g, g->lops[i]->name), i);
  out_line(g, "};");
  out_line(g, "static const RgOpDesc *const %s_op_descs[%u] = {", P, g->nlops ? g->nlops : 1);
  for (uint32_t i = 0; i < g->nlops; i++)
    out_line(g, "  &rg_ops_%s[%u],", g->sym, g->lops[i]->id);
  out_line(g, "};");

  /* Root ops, in local order. */
  bool *is_root = rg_arena_zalloc(&g->arena, sizeof *is_root * (g->nlops ? g->nlops : 1));
  if (!is_root) {
    g->ok = false;
    return;
  }
  for (uint32_t i = 0; i < pass->nrules; i++)
    for (uint32_t k = 0; k < pass->rules[i]->pattern->nops; k++)
      is_root[local_index(g, pass->rules[i]->pattern->ops[k])] = true;

  for (uint32_t op = 0; op < g->nlops; op++) {
    if (!is_root[op])
      continue;
    uint32_t n = 0;
    for (uint32_t i = 0; i < pass->nrules; i++)
      for (uint32_t k = 0; k < pass->rules[i]->pattern->nops; k++)
        n += local_index(g, pass->rules[i]->pattern->ops[k]) == (int)op ? nvars[i] : 0;
    Item *items = rg_arena_alloc(&g->arena, sizeof *items * (n ? n : 1));
    if (!items) {
      g->ok = false;
      return;
    }
    uint32_t m = 0;
    for (uint32_t i = 0; i < pass->nrules; i++) {
      bool roots_here = false;
      for (uint32_t k = 0; k < pass->rules[i]->pattern->nops; k++)
        roots_here |= local_index(g, pass->rules[i]->pattern->ops[k]) == (int)op;
      if (roots_here)
        for (uint32_t k = 0; k < nvars[i]; k++)
          items[m++] = (Item){&vars[i][k], 0, NULL};
    }
    /* Actions go straight to the file; the tree that calls them is built
     * aside and appended after them. */
    RgBuf tree;
    rg_buf_init(&tree);
    g->main = g->out;
    g->main_line = g->line;
    g->out = &tree;
    g->line = 0;
    out_blank(g);
    out_line(g, "/* Rules rooted at %s, in priority order. */", g->lops[op]->name);
    out_line(g, "static int %s_root_%u(RgRewriter *rw, RgNode *root) {", P, op);
    g->indent++;
    out_line(g, "bool ex = rg_rw_explaining(rw, root);");
    g->tmp = 0;
    emit_items(g, items, m);
    out_line(g, "(void)ex;");
    out_line(g, "return 0;");
    g->indent--;
    out_line(g, "}");
    g->out = g->main;
    g->line = g->main_line;
    out_raw(g, tree.data ? tree.data : "");
    if (tree.oom)
      g->ok = false;
    rg_buf_free(&tree);
  }

  out_blank(g);
  out_line(g, "static int %s_match(RgRewriter *rw, RgNode *root, uint16_t root_op) {", P);
  out_line(g, "  switch (root_op) {");
  for (uint32_t op = 0; op < g->nlops; op++)
    if (is_root[op])
      out_line(g, "  case %u: return %s_root_%u(rw, root); /* %s */", op, P, op, g->lops[op]->name);
  out_line(g, "  default: return 0;");
  out_line(g, "  }");
  out_line(g, "}");

  /* Target-op condition: one requirement list per rule. */
  RgBuf req_ops, reqs, rules;
  rg_buf_init(&req_ops);
  rg_buf_init(&reqs);
  rg_buf_init(&rules);
  uint32_t nreq_ops = 0, nreqs = 0;
  for (uint32_t i = 0; i < pass->nrules; i++) {
    DslRule *r = pass->rules[i];
    Req rq[64];
    uint32_t n = nvars[i] ? rule_reqs(g, &vars[i][0], rq, 64) : 0;
    uint32_t first_req = nreqs;
    for (uint32_t k = 0; k < n; k++) {
      rg_buf_printf(&reqs, "  {%u, %u, %u},\n", nreq_ops, rq[k].nops, rq[k].count);
      for (uint32_t j = 0; j < rq[k].nops; j++)
        rg_buf_printf(&req_ops, "%s%u", nreq_ops + j ? ", " : "  ", rq[k].ops[j]);
      nreq_ops += rq[k].nops;
      nreqs++;
    }
    rg_buf_printf(&rules, "  {%s, \"", cquote(g, r->name.s));
    put_cstring(&rules, loc_file(r->loc));
    rg_buf_printf(&rules, ":%u\", %u, %u},\n", loc_line(r->loc), first_req, n);
  }
  out_blank(g);
  out_line(g, "/* Target-op condition: a rule can fire only if, for each of its");
  out_line(g, " * requirements, the graph holds enough unfrozen nodes of those ops. */");
  out_line(g, "static const uint16_t %s_req_ops[%u] = {", P, nreq_ops ? nreq_ops : 1);
  if (req_ops.len)
    out_line(g, "%s", req_ops.data);
  out_line(g, "};");
  out_line(g, "static const RgOpReq %s_reqs[%u] = {", P, nreqs ? nreqs : 1);
  if (reqs.len) {
    reqs.data[--reqs.len] = 0; /* drop the last newline */
    out_line(g, "%s", reqs.data);
  }
  out_line(g, "};");
  out_line(g, "static const RgRuleDesc %s_rules[%u] = {", P, pass->nrules ? pass->nrules : 1);
  if (rules.len) {
    rules.data[--rules.len] = 0;
    out_line(g, "%s", rules.data);
  }
  out_line(g, "};");
  rg_buf_free(&req_ops);
  rg_buf_free(&reqs);
  rg_buf_free(&rules);

  RgBuf roots;
  rg_buf_init(&roots);
  uint32_t nroots = 0;
  for (uint32_t op = 0; op < g->nlops; op++)
    if (is_root[op])
      rg_buf_printf(&roots, "%s%u", nroots++ ? ", " : "", op);
  out_line(g, "static const uint16_t %s_roots[%u] = {%s};", P, nroots ? nroots : 1, roots.data ? roots.data : "0");
  rg_buf_free(&roots);
  out_blank(g);
  out_line(g, "const RgPassDesc rg_pass_%s = {", P);
  out_line(g, "  RG_ABI_VERSION, %s, %s,", cquote(g, pass->name.s), cquote(g, pass->doc ? pass->doc : ""));
  out_line(g, "  %s,", pass->mode == DSL_MODE_ONCE ? "RG_PASS_ONCE" : "RG_PASS_FIXPOINT");
  out_line(g, "  %u, %s_op_names, %s_op_descs,", g->nlops, P, P);
  out_line(g, "  %u, %s_roots,", nroots, P);
  out_line(g, "  %u, %s_rules, %s_req_ops, %s_reqs,", pass->nrules, P, P, P);
  out_line(g, "  %s_match", P);
  out_line(g, "};");
}

/* ---- whole file ---- */

static bool is_root_file(DslProgram *p, RgSource *src) {
  for (uint32_t i = 0; i < p->nroots; i++)
    if (p->roots[i]->src == src)
      return true;
  return false;
}

static const char *schema_kind(DslType t) {
  switch (t) {
  case DSL_TY_INT: return "RG_SCHEMA_INT";
  case DSL_TY_FLOAT: return "RG_SCHEMA_NUM";
  case DSL_TY_BOOL: return "RG_SCHEMA_BOOL";
  case DSL_TY_STR: return "RG_SCHEMA_STR";
  case DSL_TY_INTS: return "RG_SCHEMA_INTS";
  case DSL_TY_TYPE: return "RG_SCHEMA_TYPE";
  case DSL_TY_TENSOR: return "RG_SCHEMA_TENSOR";
  default: return "RG_SCHEMA_ANY";
  }
}

/* The op registry: every declared op, indexed by its declaration id. */
static void emit_op_descs(Gen *g, const char *sym) {
  for (uint32_t i = 0; i < g->p->nops; i++) {
    DslOpDecl *op = g->p->ops[i];
    if (!op->shape_fn.s)
      continue;
    bool dup = false;
    for (uint32_t j = 0; j < i && !dup; j++)
      dup = g->p->ops[j]->shape_fn.s && strcmp(g->p->ops[j]->shape_fn.s, op->shape_fn.s) == 0;
    if (!dup)
      out_line(g, "RgStatus %s(RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen);",
               op->shape_fn.s);
  }
  out_blank(g);
  /* Declared attributes, which the op verifier checks graphs against. */
  for (uint32_t i = 0; i < g->p->nops; i++) {
    DslOpDecl *op = g->p->ops[i];
    if (!op->nattrs)
      continue;
    out_line(g, "static const RgAttrDesc rg_attrs_%s_%u[%u] = {", sym, i, op->nattrs);
    for (uint32_t k = 0; k < op->nattrs; k++)
      out_line(g, "  {%s, %s, %s},", cquote(g, op->attrs[k].name.s), schema_kind(op->attrs[k].type),
               op->attrs[k].optional ? "true" : "false");
    out_line(g, "};");
  }
  out_line(g, "const RgOpDesc rg_ops_%s[%u] = {", sym, g->p->nops ? g->p->nops : 1);
  for (uint32_t i = 0; i < g->p->nops; i++) {
    DslOpDecl *op = g->p->ops[i];
    uint32_t traits = 0;
    static const struct { DslTrait d; uint32_t r; } map[] = {
        {DSL_TRAIT_ELEMENTWISE, RG_TRAIT_ELEMENTWISE}, {DSL_TRAIT_UNARY, RG_TRAIT_UNARY},
        {DSL_TRAIT_BINARY, RG_TRAIT_BINARY},           {DSL_TRAIT_TERNARY, RG_TRAIT_TERNARY},
        {DSL_TRAIT_COMMUTATIVE, RG_TRAIT_COMMUTATIVE}, {DSL_TRAIT_LAYOUT_AGNOSTIC, RG_TRAIT_LAYOUT_AGNOSTIC},
        {DSL_TRAIT_CONSTANT, RG_TRAIT_CONSTANT},       {DSL_TRAIT_PURE, RG_TRAIT_PURE}};
    for (size_t k = 0; k < sizeof map / sizeof map[0]; k++)
      if (op->traits & (1u << map[k].d))
        traits |= map[k].r;
    uint32_t fixed = op->variadic && op->noperands ? op->noperands - 1 : op->noperands;
    const char *quoted = cquote(g, op->name), *variadic = op->variadic ? "true" : "false";
    const char *infer = op->shape_fn.s ? op->shape_fn.s : "NULL";
    if (op->nattrs)
      out_line(g, "  {%s, %u, %s, %u, 0x%xu, %s, %u, rg_attrs_%s_%u}, /* %u */", quoted, fixed, variadic,
               op->nresults, traits, infer, op->nattrs, sym, i, i);
    else
      out_line(g, "  {%s, %u, %s, %u, 0x%xu, %s, 0, NULL}, /* %u */", quoted, fixed, variadic, op->nresults,
               traits, infer, i);
  }
  out_line(g, "};");
  out_line(g, "const uint32_t rg_num_ops_%s = %u;", sym, g->p->nops);
}

static void emit_externs(Gen *g) {
  bool any = false;
  for (uint32_t f = 0; f < g->p->nfiles; f++) {
    DslFile *file = g->p->files[f];
    for (uint32_t d = 0; d < file->ndecls; d++) {
      if (file->decls[d]->kind != DSL_DECL_EXTERN)
        continue;
      DslExtern *x = file->decls[d]->u.ext;
      RgBuf b;
      rg_buf_init(&b);
      rg_buf_puts(&b, "RgRewriter *rw");
      for (uint32_t i = 0; i < x->nparams; i++)
        rg_buf_printf(&b, ", %s", x->params[i] == DSL_TY_VALUE ? "RgValue *" : ctype(x->params[i]));
      if (!x->is_pred)
        rg_buf_printf(&b, ", %s*out", ctype(x->ret));
      out_line(g, "bool %s(%s);", x->name.s, b.data);
      rg_buf_free(&b);
      any = true;
    }
  }
  if (any)
    out_blank(g);
}

bool gen_emit(DslProgram *p, const GenOptions *o, RgBuf *c, RgBuf *h) {
  Gen g = {.p = p, .o = o, .out = c, .ok = true};
  rg_arena_init(&g.arena);
  const char *sym = o->symbol ? o->symbol : "rules";
  g.sym = sym;
  out_line(&g, "/* Generated by rulegen %s from the rules files below; do not edit.", RG_VERSION);
  for (uint32_t i = 0; i < p->nroots; i++)
    out_line(&g, " *   %s", p->roots[i]->src->name);
  out_line(&g, " */");
  out_line(&g, "#include <math.h>");
  out_line(&g, "#include <string.h>");
  out_line(&g, "#include \"rulegen/pass.h\"");
  out_line(&g, "#include \"rulegen/match.h\"");
  if (o->header_name)
    out_line(&g, "#include \"%s\"", o->header_name);
  out_blank(&g);
  out_line(&g, "#if RG_ABI_VERSION != %d", RG_ABI_VERSION);
  out_line(&g, "#error \"generated for rulegen runtime ABI %d; regenerate with this rulegen\"", RG_ABI_VERSION);
  out_line(&g, "#endif");
  out_blank(&g);
  emit_op_descs(&g, sym);
  out_blank(&g);
  emit_externs(&g);

  /* Passes of the root files, in declaration order. */
  uint32_t npasses = 0;
  RgBuf passes;
  rg_buf_init(&passes);
  for (uint32_t f = 0; f < p->nfiles && g.ok; f++) {
    DslFile *file = p->files[f];
    if (!is_root_file(p, file->src))
      continue;
    for (uint32_t d = 0; d < file->ndecls && g.ok; d++) {
      if (file->decls[d]->kind != DSL_DECL_PASS)
        continue;
      DslPass *pass = file->decls[d]->u.pass;
      emit_pass(&g, pass);
      rg_buf_printf(&passes, "  &rg_pass_%s,\n", cname(&g, pass->name.s));
      npasses++;
    }
  }
  /* Pipelines may name passes of imported files: declare those. */
  RgBuf pipes;
  rg_buf_init(&pipes);
  uint32_t npipes = 0;
  for (uint32_t f = 0; f < p->nfiles && g.ok; f++) {
    DslFile *file = p->files[f];
    if (!is_root_file(p, file->src))
      continue;
    for (uint32_t d = 0; d < file->ndecls; d++) {
      if (file->decls[d]->kind != DSL_DECL_PIPELINE)
        continue;
      DslPipeline *pl = file->decls[d]->u.pipeline;
      const char *pn = cname(&g, pl->name.s);
      out_blank(&g);
      for (uint32_t i = 0; i < pl->npasses; i++) {
        if (pl->passes[i] && !is_root_file(p, (RgSource *)pl->passes[i]->loc.src))
          out_line(&g, "extern const RgPassDesc rg_pass_%s;", cname(&g, pl->passes[i]->name.s));
      }
      out_line(&g, "static const RgPassDesc *const %s_passes[%u] = {", pn, pl->npasses ? pl->npasses : 1);
      for (uint32_t i = 0; i < pl->npasses; i++)
        out_line(&g, "  &rg_pass_%s,", cname(&g, pl->pass_names[i].s));
      out_line(&g, "};");
      out_line(&g, "const RgPipelineDesc rg_pipeline_%s = {%s, %u, %s_passes};", pn, cquote(&g, pl->name.s),
               pl->npasses, pn);
      rg_buf_printf(&pipes, "  &rg_pipeline_%s,\n", pn);
      npipes++;
    }
  }
  out_blank(&g);
  out_line(&g, "/* Everything this file defines, for tools that list passes and pipelines. */");
  out_line(&g, "const RgPassDesc *const rg_passes_%s[%u] = {", sym, npasses + 1);
  out_raw(&g, passes.data ? passes.data : "");
  out_line(&g, "  NULL");
  out_line(&g, "};");
  out_line(&g, "const RgPipelineDesc *const rg_pipelines_%s[%u] = {", sym, npipes + 1);
  out_raw(&g, pipes.data ? pipes.data : "");
  out_line(&g, "  NULL");
  out_line(&g, "};");
  rg_buf_free(&passes);
  rg_buf_free(&pipes);

  if (h) {
    rg_buf_printf(h, "/* Generated by rulegen %s; do not edit. */\n", RG_VERSION);
    rg_buf_printf(h, "#ifndef RG_GENERATED_%s_H\n#define RG_GENERATED_%s_H\n", sym, sym);
    rg_buf_puts(h, "#include \"rulegen/pass.h\"\n\n");
    for (uint32_t f = 0; f < p->nfiles; f++) {
      DslFile *file = p->files[f];
      if (!is_root_file(p, file->src))
        continue;
      for (uint32_t d = 0; d < file->ndecls; d++) {
        DslDecl *dc = file->decls[d];
        if (dc->kind == DSL_DECL_PASS)
          rg_buf_printf(h, "extern const RgPassDesc rg_pass_%s;\n", cname(&g, dc->u.pass->name.s));
        else if (dc->kind == DSL_DECL_PIPELINE)
          rg_buf_printf(h, "extern const RgPipelineDesc rg_pipeline_%s;\n", cname(&g, dc->u.pipeline->name.s));
      }
    }
    rg_buf_printf(h, "extern const RgOpDesc rg_ops_%s[];\nextern const uint32_t rg_num_ops_%s;\n", sym, sym);
    rg_buf_printf(h, "extern const RgPassDesc *const rg_passes_%s[];\n", sym);
    rg_buf_printf(h, "extern const RgPipelineDesc *const rg_pipelines_%s[];\n", sym);
    rg_buf_puts(h, "\n#endif\n");
  }
  rg_arena_free(&g.arena);
  return g.ok && !c->oom && (!h || !h->oom);
}

void gen_dump_targets(DslProgram *p, RgBuf *out) {
  Gen g = {.p = p, .out = out, .ok = true};
  GenOptions o = {0};
  g.o = &o;
  rg_arena_init(&g.arena);
  for (uint32_t f = 0; f < p->nfiles; f++) {
    DslFile *file = p->files[f];
    if (!is_root_file(p, file->src))
      continue;
    for (uint32_t d = 0; d < file->ndecls; d++) {
      if (file->decls[d]->kind != DSL_DECL_PASS)
        continue;
      DslPass *pass = file->decls[d]->u.pass;
      g.lops = NULL;
      g.nlops = 0;
      for (uint32_t i = 0; i < pass->nrules; i++)
        collect_pattern_ops(&g, pass->rules[i]->pattern);
      if (g.nlops > 1)
        qsort(g.lops, g.nlops, sizeof *g.lops, cmp_op_id);
      rg_buf_printf(out, "pass %s (%s): runs when one of its rules can fire\n", pass->name.s,
                    pass->mode == DSL_MODE_ONCE ? "once" : "fixpoint");
      for (uint32_t i = 0; i < pass->nrules; i++) {
        uint32_t nv = 0;
        Variant *v = make_variants(&g, pass->rules[i], (uint16_t)i, &nv);
        if (!v || !nv)
          continue;
        Req rq[64];
        uint32_t n = rule_reqs(&g, v, rq, 64);
        rg_buf_printf(out, "  %s:", pass->rules[i]->name.s);
        for (uint32_t k = 0; k < n; k++) {
          const char *ops = ops_text(&g, rq[k].ops, rq[k].nops);
          rg_buf_printf(out, "%s %s%s%s >= %u", k ? " and" : "", rq[k].nops > 1 ? "(" : "", ops,
                        rq[k].nops > 1 ? ")" : "", rq[k].count);
        }
        rg_buf_putc(out, '\n');
      }
    }
  }
  rg_arena_free(&g.arena);
}
