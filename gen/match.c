/* gen/match.c - phase 3a: decision tree -> C. Takes one root op's tree;
 * gives a match function that walks the tree with one `if` per TEST or OP
 * node (a chain of them as one block of checks), one `switch` per SWITCH
 * node and one call per ACCEPT node (the rule's action, shared by every
 * place the rule matches, after the rule's enabled check). gen.c names it
 * and shares it between root ops whose trees print the same. Node
 * variables are declared once at the top of each function. A switch wider
 * than SPLIT_CASES puts each case in a function of its own, so no C
 * function grows with the number of rules. In explain mode each failed test
 * reports itself for the rules that reached it. */
#include "gen_internal.h"

enum { SPLIT_CASES = 16 };

const char *gen_node_var(Gen *g, GenPath p) {
  if (p.n == 0)
    return "root";
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_putc(&b, 'n');
  for (uint8_t i = 0; i < p.n; i++)
    rgs_buf_printf(&b, i ? "_%u" : "%u", p.i[i]);
  char *s = rgs_arena_strdup(&g->arena, b.data, b.len);
  rgs_buf_free(&b);
  return s ? s : "root";
}

static GenPath parent_of(GenPath v) {
  v.n--;
  return v;
}

const char *gen_value_expr(Gen *g, GenPath v) {
  if (v.n == 0)
    return "root->results"; /* its first result */
  return gen_str(g, "%s->operands[%u].value", gen_node_var(g, parent_of(v)), v.i[v.n - 1]);
}

static const char *path_text(Gen *g, GenPath p) {
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, "root");
  for (uint8_t i = 0; i < p.n; i++)
    rgs_buf_printf(&b, ".%u", p.i[i]);
  char *s = rgs_arena_strdup(&g->arena, b.data, b.len);
  rgs_buf_free(&b);
  return s ? s : "";
}

const char *gen_ops_text(Gen *g, const GenPass *gp, const uint16_t *ops, uint32_t n) {
  RgsBuf b;
  rgs_buf_init(&b);
  for (uint32_t i = 0; i < n; i++)
    rgs_buf_printf(&b, "%s%s", i ? "|" : "", gp->lops[ops[i]]->name);
  char *s = rgs_arena_strdup(&g->arena, b.data ? b.data : "", b.len);
  rgs_buf_free(&b);
  return s ? s : "";
}

/* ---- test conditions ---- */

static const char *lit_text(Gen *g, const DslExpr *e) {
  switch (e->kind) {
  case DSL_EX_INT: return gen_str(g, "%lld", (long long)e->ival);
  case DSL_EX_FLOAT: return gen_c_float(g, e->fval);
  case DSL_EX_BOOL: return e->bval ? "true" : "false";
  case DSL_EX_STR: return gen_str(g, "\"%s\"", e->str);
  case DSL_EX_UNARY: return gen_str(g, "-%s", lit_text(g, e->args[0]));
  case DSL_EX_NAME: return e->str;
  case DSL_EX_ARRAY: {
    RgsBuf b;
    rgs_buf_init(&b);
    rgs_buf_putc(&b, '[');
    for (uint32_t i = 0; i < e->nargs; i++)
      rgs_buf_printf(&b, "%s%s", i ? ", " : "", lit_text(g, e->args[i]));
    rgs_buf_putc(&b, ']');
    char *s = rgs_arena_strdup(&g->arena, b.data, b.len);
    rgs_buf_free(&b);
    return s ? s : "";
  }
  default: return "<expr>";
  }
}

/* What does not hold when a test fails, for explain mode. Paths: `root` is
 * the matched op, `root.I` the producer of its operand I, and so on. */
static const char *test_text(Gen *g, const GenPass *gp, const GenTest *t) {
  switch (t->kind) {
  case GEN_T_COUNT:
    return gen_str(g, "%s does not have %s%u operand(s)", path_text(g, t->path), t->rest ? "at least " : "",
                   t->nargs);
  case GEN_T_OP:
    return gen_str(g, "%s is not an unfrozen %s with %s%u operand(s)", path_text(g, t->path),
                   gen_ops_text(g, gp, t->ops, t->nops), t->rest ? "at least " : "", t->nargs);
  case GEN_T_ATTR_HAS: return gen_str(g, "%s has no attribute '%s'", path_text(g, t->path), t->attr);
  case GEN_T_ATTR_ABSENT: return gen_str(g, "%s has attribute '%s'", path_text(g, t->path), t->attr);
  case GEN_T_ATTR_EQ:
    return gen_str(g, "attribute '%s' of %s is missing or not %s", t->attr, path_text(g, t->path),
                   lit_text(g, t->lit));
  case GEN_T_ATTR_VAR:
    return gen_str(g, "attribute '%s' of %s differs from '%s' of %s", t->attr, path_text(g, t->path),
                   t->other_attr, path_text(g, t->other));
  case GEN_T_SAME:
    return gen_str(g, "%s is not the same value as %s", path_text(g, t->path), path_text(g, t->other));
  case GEN_T_SPLAT: return gen_str(g, "%s is not a splat constant", path_text(g, t->path));
  case GEN_T_SPLAT_EQ: return gen_str(g, "%s is not a splat of %s", path_text(g, t->path), lit_text(g, t->lit));
  }
  return "";
}

/* Whether a pattern literal denotes an attribute's declared default (numbers
 * by value: 1 and 1.0 are the same default). */
static bool lit_is_default(const DslExpr *lit, const DslExpr *def) {
  double a, b;
  if (gen_lit_float(lit, &a) && gen_lit_float(def, &b))
    return a == b;
  if (lit->kind == DSL_EX_BOOL && def->kind == DSL_EX_BOOL)
    return lit->bval == def->bval;
  if (lit->kind == DSL_EX_STR && def->kind == DSL_EX_STR)
    return strcmp(lit->str, def->str) == 0;
  return false;
}

static const char *attr_lit_cond(Gen *g, const char *a, const GenTest *t) {
  int64_t iv;
  double fv;
  DslExpr *e = t->lit;
  const char *dt = gen_lit_dtype(g, e);
  if (dt)
    return gen_str(g, "rg_attr_eq_dtype(%s, %s)", a, dt);
  switch (e->kind == DSL_EX_ARRAY ? DSL_TY_INTS : e->kind == DSL_EX_STR ? DSL_TY_STR
          : e->kind == DSL_EX_BOOL ? DSL_TY_BOOL : t->lit_type) {
  case DSL_TY_STR: return gen_str(g, "rg_attr_eq_str(%s, %s)", a, gen_cquote(g, e->str));
  case DSL_TY_BOOL: return gen_str(g, "rg_attr_eq_bool(%s, %s)", a, e->bval ? "true" : "false");
  case DSL_TY_INTS: {
    if (!e->nargs)
      return gen_str(g, "rg_attr_eq_ints(rg_rw_graph(rw), %s, NULL, 0)", a);
    RgsBuf b;
    rgs_buf_init(&b);
    for (uint32_t i = 0; i < e->nargs; i++) {
      if (!gen_lit_int(e->args[i], &iv)) {
        gen_error(g, e->args[i]->loc, "attribute patterns take literal values");
        iv = 0;
      }
      rgs_buf_printf(&b, "%s%s", i ? ", " : "", gen_c_int(g, iv));
    }
    const char *r = gen_str(g, "rg_attr_eq_ints(rg_rw_graph(rw), %s, (const int64_t[]){%s}, %u)", a,
                            b.data, e->nargs);
    rgs_buf_free(&b);
    return r;
  }
  case DSL_TY_INT:
    if (gen_lit_int(e, &iv))
      return gen_str(g, "rg_attr_eq_int(%s, %s)", a, gen_c_int(g, iv));
    break;
  case DSL_TY_FLOAT:
  case DSL_TY_ANY:
    /* A number matches by value: `1` matches `1 : i64` and `1.0 : f64`. */
    if (gen_lit_float(e, &fv))
      return gen_str(g, "rg_attr_eq_float(%s, %s)", a, gen_c_float(g, fv));
    break;
  default:
    break;
  }
  gen_error(g, e->loc, "attribute patterns take literal values (int, float, bool, string, int array)");
  return "false";
}

/* `rg_match_attr(node, attr[P__ATTR_name])`: the attribute by its id in
 * the pass. */
static const char *attr_of(Gen *g, GenPass *gp, const char *node, const char *name, bool *need_attr) {
  *need_attr = true;
  return gen_str(g, "rg_match_attr(%s, attr[%s])", node, gen_attr_const(g, gp, gen_attr_index(g, gp, name)));
}

static const char *test_cond(Gen *g, GenPass *gp, const GenTest *t, bool *need_attr) {
  const char *nv = gen_node_var(g, t->path);
  switch (t->kind) {
  case GEN_T_COUNT: /* `(op ..rest)` takes any count: `>= 0` would not compile warning-free */
    if (t->rest && t->nargs == 0)
      return "true";
    return gen_str(g, "%s->num_operands %s %u", nv, t->rest ? ">=" : "==", t->nargs);
  case GEN_T_ATTR_HAS: return gen_str(g, "%s != NULL", attr_of(g, gp, nv, t->attr, need_attr));
  case GEN_T_ATTR_ABSENT: return gen_str(g, "%s == NULL", attr_of(g, gp, nv, t->attr, need_attr));
  case GEN_T_ATTR_EQ: {
    const char *a = attr_of(g, gp, nv, t->attr, need_attr);
    const char *c = attr_lit_cond(g, a, t);
    /* Asking for the declared default also matches the attribute's absence. */
    if (t->decl && t->decl->defval && lit_is_default(t->lit, t->decl->defval))
      return gen_str(g, "(%s == NULL || %s)", a, c);
    return c;
  }
  case GEN_T_ATTR_VAR:
    return gen_str(g, "rg_attr_equal(%s, %s)", attr_of(g, gp, nv, t->attr, need_attr),
                   attr_of(g, gp, gen_node_var(g, t->other), t->other_attr, need_attr));
  case GEN_T_SAME: return gen_str(g, "%s == %s", gen_value_expr(g, t->path), gen_value_expr(g, t->other));
  case GEN_T_SPLAT: return gen_str(g, "rg_match_splat(rw, %s, NULL)", gen_value_expr(g, t->path));
  case GEN_T_SPLAT_EQ: {
    double d = 0;
    if (!gen_lit_float(t->lit, &d))
      gen_error(g, t->lit->loc, "splat patterns take a literal number or a variable");
    return gen_str(g, "rg_match_splat_eq(rw, %s, %s)", gen_value_expr(g, t->path), gen_c_float(g, d));
  }
  case GEN_T_OP: break;
  }
  return "false";
}

/* ---- which node variables a subtree reads ---- */

/* Whether node variable p (not the root) appears in the C of a subtree. */
static bool value_reads(GenPath v, GenPath p) { return v.n > 0 && gen_path_eq(parent_of(v), p); }

static bool test_reads(const GenTest *t, GenPath p) {
  switch (t->kind) {
  case GEN_T_OP:
  case GEN_T_SPLAT:
  case GEN_T_SPLAT_EQ: return value_reads(t->path, p);
  case GEN_T_SAME: return value_reads(t->path, p) || value_reads(t->other, p);
  case GEN_T_ATTR_VAR: return gen_path_eq(t->path, p) || gen_path_eq(t->other, p);
  default: return gen_path_eq(t->path, p);
  }
}

static bool seq_reads(const GenDtSeq *s, GenPath p);

static bool node_reads(const GenDtNode *d, GenPath p) {
  switch (d->kind) {
  case GEN_DT_ACCEPT: {
    const GenRule *r = d->variant->rule;
    for (uint32_t i = 0; i < r->nparams; i++) {
      const GenParam *pa = &r->params[i];
      if (pa->is_node ? gen_path_eq(d->variant->node_at[pa->node], p)
                      : value_reads(d->variant->bind[pa->var->index].path, p))
        return true;
    }
    return false;
  }
  case GEN_DT_SWITCH:
    if (value_reads(d->test->path, p))
      return true;
    for (uint32_t i = 0; i < d->ncases; i++)
      if (seq_reads(&d->cases[i].body, p))
        return true;
    return false;
  default:
    return test_reads(d->test, p) || seq_reads(&d->body, p);
  }
}

static bool seq_reads(const GenDtSeq *s, GenPath p) {
  for (uint32_t i = 0; i < s->n; i++)
    if (node_reads(s->v[i], p))
      return true;
  return false;
}

/* ---- printing ---- */

/* Where the function ends after a node, so do the last nodes of its
 * bodies (a test's, a case's): their checks may return at once. */
static const GenDtNode *seq_last(const GenDtSeq *s) { return s->n ? s->v[s->n - 1] : NULL; }

typedef struct Printer {
  GenPass *gp;
  const char *fn;      /* the root op's match function */
  GenPath scope[GEN_MAXPATH * 4];
  uint32_t nscope;     /* node variables assigned on the way here */
  GenPath decl[256];
  uint32_t ndecl;      /* node variables the current function assigns */
  bool need_k;         /* the current function tests op sets through `k` */
  bool need_attr;      /* ... and attributes through `attr` */
  RgsBuf *deferred;     /* split-off functions, printed before the caller */
  const GenDtNode *tail; /* the last node of the current function's tree */
} Printer;

/* The explain call for a failed test, for every rule that reached it
 * (each once, in order). */
static const char *explain_call(Gen *g, GenVariant *const *run, uint32_t n, const char *why) {
  RgsBuf b;
  rgs_buf_init(&b);
  uint32_t k = 0, first = 0;
  for (uint32_t i = 0; i < n; i++) {
    bool dup = false;
    for (uint32_t j = 0; j < i && !dup; j++)
      dup = run[j]->rule == run[i]->rule;
    if (dup)
      continue;
    rgs_buf_printf(&b, "%s%u", k ? ", " : "", run[i]->rule->index);
    if (!k++)
      first = run[i]->rule->index;
  }
  const char *q = gen_cquote(g, why);
  const char *r = k == 1 ? gen_str(g, "rg_rw_explain(rw, %u, %s)", first, q)
                         : gen_str(g, "rg_rw_explain_rules(rw, (const uint16_t[]){%s}, %u, %s)", b.data, k, q);
  rgs_buf_free(&b);
  return r;
}

/* The arguments after `cond` of RG_TEST (one rule: `rule, why`) or
 * RG_TESTS (several: `n, why, rules...`) for a failed test, each rule that
 * reached it once, in order; *several set for RG_TESTS. */
static const char *test_args(Gen *g, GenVariant *const *run, uint32_t n, const char *why, bool *several) {
  RgsBuf b;
  rgs_buf_init(&b);
  uint32_t k = 0;
  for (uint32_t i = 0; i < n; i++) {
    bool dup = false;
    for (uint32_t j = 0; j < i && !dup; j++)
      dup = run[j]->rule == run[i]->rule;
    if (!dup)
      rgs_buf_printf(&b, ", %u", run[i]->rule->index), k++;
  }
  const char *q = gen_cquote(g, why);
  *several = k > 1;
  const char *r = k > 1 ? gen_str(g, "%u, %s%s", k, q, b.data) : gen_str(g, "%s, %s", b.data ? b.data + 2 : "0", q);
  rgs_buf_free(&b);
  return r;
}

static void print_else_explain(Gen *g, GenVariant *const *run, uint32_t n, const char *why) {
  gen_line(g, "} else if (ex) %s;", explain_call(g, run, n, why));
}

static void print_seq(Gen *g, Printer *pr, const GenDtSeq *s);

/* What accepting v runs: `rg_rw_rule_on(...) && (r = action(...))`. */
static const char *accept_expr(Gen *g, const GenVariant *v) {
  const GenRule *r = v->rule;
  RgsBuf b;
  rgs_buf_init(&b);
  for (uint32_t i = 0; i < r->nparams; i++) {
    const GenParam *pa = &r->params[i];
    rgs_buf_printf(&b, ", %s", pa->is_node ? gen_node_var(g, v->node_at[pa->node])
                                          : gen_value_expr(g, v->bind[pa->var->index].path));
  }
  const char *e = gen_str(g, "rg_rw_rule_on(rw, %u, ex) && (r = %s(rw, root%s%s))", r->index, r->fn,
                          r->ex ? ", ex" : "", b.data ? b.data : "");
  rgs_buf_free(&b);
  return e;
}

static void print_accept(Gen *g, const GenVariant *v) { gen_line(g, "if (%s) return r;", accept_expr(g, v)); }

static void declare(Printer *pr, GenPath p) {
  for (uint32_t i = 0; i < pr->ndecl; i++)
    if (gen_path_eq(pr->decl[i], p))
      return;
  if (pr->ndecl < sizeof pr->decl / sizeof pr->decl[0])
    pr->decl[pr->ndecl++] = p;
}

/* The variables a match function declares (`ex` too when it is not a
 * parameter), on as few lines of GEN_WIDTH columns as they fit: the
 * explain flag and attribute ids, then the node variables. */
static void print_decls(Gen *g, const Printer *pr, bool own_ex) {
  const char *ex = own_ex ? "bool ex = rg_rw_explaining(rw, root); " : "";
  const char *attr = pr->need_attr ? "const char *const *attr = rg_rw_attr_ids(rw); " : "";
  RgsBuf b;
  rgs_buf_init(&b);
  for (uint32_t i = 0; i < pr->ndecl; i++)
    rgs_buf_printf(&b, "%s*%s", i ? ", " : "RgNode ", gen_node_var(g, pr->decl[i]));
  const char *vars = gen_str(g, "%s%sint %sr;", b.data ? b.data : "", b.data ? "; " : "", pr->need_k ? "k, " : "");
  rgs_buf_free(&b);
  gen_line(g, "%s%s%s", ex, attr, vars);
}

/* Body of a wide switch's case as a function of its own. */
static void print_case_function(Gen *g, Printer *pr, const GenDtSeq *body) {
  const char *name = gen_str(g, "%s_%u", pr->fn, ++g->nsplit);
  RgsBuf args, params;
  rgs_buf_init(&args);
  rgs_buf_init(&params);
  for (uint32_t i = 0; i < pr->nscope; i++)
    if (seq_reads(body, pr->scope[i])) {
      const char *nv = gen_node_var(g, pr->scope[i]);
      rgs_buf_printf(&args, ", %s", nv);
      rgs_buf_printf(&params, ", RgNode *%s", nv);
    }
  gen_line(g, "if ((r = %s(rw, root, ex%s))) return r;", name, args.data ? args.data : "");

  GenOut saved = g->out;
  RgsBuf fn;
  rgs_buf_init(&fn);
  g->out = (GenOut){.buf = &fn, .indent = 1};
  Printer sub = *pr;
  sub.ndecl = 0;
  sub.need_k = false;
  sub.need_attr = false;
  sub.tail = seq_last(body);
  print_seq(g, &sub, body);
  RgsBuf head;
  rgs_buf_init(&head);
  g->out = (GenOut){.buf = &head};
  gen_line(g, "static RG_NOINLINE int %s(RgRewriter *rw, RgNode *root, bool ex%s) {", name,
           params.data ? params.data : "");
  g->out.indent++;
  print_decls(g, &sub, false);
  rgs_buf_put(pr->deferred, head.data ? head.data : "", head.len);
  rgs_buf_put(pr->deferred, fn.data ? fn.data : "", fn.len);
  rgs_buf_puts(pr->deferred, "  return 0;\n}\n\n");
  if (fn.oom || head.oom)
    g->ok = false;
  rgs_buf_free(&head);
  rgs_buf_free(&fn);
  rgs_buf_free(&args);
  rgs_buf_free(&params);
  g->out = saved;
}

static void print_switch(Gen *g, Printer *pr, const GenDtNode *d) {
  const GenTest *t0 = d->test;
  const char *nv = gen_node_var(g, t0->path);
  declare(pr, t0->path);
  gen_line(g, "%s = rg_match_def(%s);", nv, gen_value_expr(g, t0->path));
  /* Explain mode: one table of (rule, op) pairs reports every rule of the
   * run whose op set lacks the node's op (linear in the run). */
  RgsBuf pairs;
  rgs_buf_init(&pairs);
  uint32_t npairs = 0;
  for (uint32_t i = 0; i < d->nrun; i++) {
    const GenTest *t = d->run_tests[i];
    for (uint32_t k = 0; k < t->nops; k++, npairs++)
      rgs_buf_printf(&pairs, "%s%u, %s", npairs ? ", " : "", d->run[i]->rule->index,
                     gen_op_const(g, pr->gp, t->ops[k]));
  }
  gen_line(g, "if (ex) rg_rw_explain_switch(rw, rg_rw_local(rw, %s), (const uint16_t[]){%s}, %u, %s);", nv,
           pairs.data ? pairs.data : "0", npairs,
           gen_cquote(g, gen_str(g, "%s is not an unfrozen", path_text(g, t0->path))));
  rgs_buf_free(&pairs);
  gen_line(g, "switch (rg_rw_local(rw, %s)) {", nv);
  bool split = d->ncases > SPLIT_CASES;
  pr->scope[pr->nscope++] = t0->path;
  const GenDtNode *tail = pr->tail;
  for (uint32_t i = 0; i < d->ncases && g->ok; i++) {
    gen_line(g, "case %s:", gen_op_const(g, pr->gp, d->cases[i].op));
    g->out.indent++;
    pr->tail = d == tail ? seq_last(&d->cases[i].body) : NULL;
    if (split)
      print_case_function(g, pr, &d->cases[i].body);
    else
      print_seq(g, pr, &d->cases[i].body);
    pr->tail = tail;
    gen_line(g, "break;");
    g->out.indent--;
  }
  pr->nscope--;
  gen_line(g, "}");
}

/* The condition of a TEST or OP node; an OP node assigns its node variable
 * in it (`rg_rw_local(rw, n0 = rg_match_def(...)) == ...`). */
static const char *node_cond(Gen *g, Printer *pr, const GenDtNode *d) {
  const GenTest *t = d->test;
  if (d->kind == GEN_DT_TEST)
    return test_cond(g, pr->gp, t, &pr->need_attr);
  const char *nv = gen_node_var(g, t->path);
  declare(pr, t->path);
  const char *local = gen_str(g, "rg_rw_local(rw, %s = rg_match_def(%s))", nv, gen_value_expr(g, t->path));
  RgsBuf b;
  rgs_buf_init(&b);
  if (t->nops == 1) {
    rgs_buf_printf(&b, "%s == %s", local, gen_op_const(g, pr->gp, t->ops[0]));
  } else {
    pr->need_k = true;
    rgs_buf_printf(&b, "((k = %s) == %s", local, gen_op_const(g, pr->gp, t->ops[0]));
    for (uint32_t i = 1; i < t->nops; i++)
      rgs_buf_printf(&b, " || k == %s", gen_op_const(g, pr->gp, t->ops[i]));
    rgs_buf_putc(&b, ')');
  }
  if (!(t->rest && t->nargs == 0))
    rgs_buf_printf(&b, " && %s->num_operands %s %u", nv, t->rest ? ">=" : "==", t->nargs);
  const char *c = gen_str(g, "%s", b.data ? b.data : "");
  rgs_buf_free(&b);
  return c;
}

static bool is_test(const GenDtNode *d) { return d->kind == GEN_DT_TEST || d->kind == GEN_DT_OP; }

/* The rules that reached a node, each once, in order: `k, r1, r2, ...`. */
static const char *rules_list(Gen *g, const GenDtNode *d) {
  RgsBuf b;
  rgs_buf_init(&b);
  uint32_t k = 0;
  for (uint32_t i = 0; i < d->nrun; i++) {
    bool dup = false;
    for (uint32_t j = 0; j < i && !dup; j++)
      dup = d->run[j]->rule == d->run[i]->rule;
    if (!dup)
      rgs_buf_printf(&b, ", %u", d->run[i]->rule->index), k++;
  }
  const char *r = gen_str(g, "%u%s", k, b.data ? b.data : "");
  rgs_buf_free(&b);
  return r;
}

static bool is_attr_has(const GenDtNode *d) { return d->kind == GEN_DT_TEST && d->test->kind == GEN_T_ATTR_HAS; }

/* The last of the tests, from c on, each the whole body of the one before,
 * that the same rules make of the attributes of c's node (RG_HAS); c
 * itself when there are not two. */
static const GenDtNode *attrs_run(Gen *g, const GenDtNode *c) {
  const GenDtNode *e = c;
  if (!is_attr_has(c))
    return c;
  const char *rules = rules_list(g, c);
  while (e->body.n == 1 && is_attr_has(e->body.v[0]) && gen_path_eq(e->body.v[0]->test->path, c->test->path) &&
         strcmp(rules_list(g, e->body.v[0]), rules) == 0)
    e = e->body.v[0];
  return e;
}

/* Whether the first k nodes of a chain of tests, each written as a check
 * that returns, fit in GEN_WIDTH columns: where they would not, `if` and
 * its `else` keep the explanation off the condition's line. */
static bool checks_fit(Gen *g, Printer *pr, const GenDtNode *d, uint32_t k) {
  for (const GenDtNode *c = d; k--; c = c->body.v[0]) {
    bool several;
    const char *args = test_args(g, c->run, c->nrun, test_text(g, pr->gp, c->test), &several);
    if (2 * (size_t)g->out.indent + strlen(node_cond(g, pr, c)) + strlen(args) + 28 > GEN_WIDTH)
      return false;
  }
  return true;
}

/* The check of c (through e, the last of its node's attribute tests in a
 * row): RG_HAS or RG_TEST, true when it passes. */
static const char *check_cond(Gen *g, Printer *pr, const GenDtNode *c, const GenDtNode *e) {
  if (e == c) {
    const char *cond = node_cond(g, pr, c);
    bool several;
    const char *args = test_args(g, c->run, c->nrun, test_text(g, pr->gp, c->test), &several);
    return gen_str(g, "RG_TEST%s(%s, %s)", several ? "S" : "", cond, args);
  }
  /* The node's attributes that one rule tests in a row, in one check. */
  RgsBuf ids;
  rgs_buf_init(&ids);
  for (const GenDtNode *a = c;; a = a->body.v[0]) {
    rgs_buf_printf(&ids, ", %s", gen_attr_const(g, pr->gp, gen_attr_index(g, pr->gp, a->test->attr)));
    if (a == e)
      break;
  }
  const char *r = gen_str(g, "RG_HAS(%s, %s, %s%s)", gen_node_var(g, c->test->path),
                          gen_cquote(g, path_text(g, c->test->path)), rules_list(g, c), ids.data);
  g->ok = g->ok && !ids.oom;
  rgs_buf_free(&ids);
  return r;
}

/* Whether what passes e is one rule's accept alone. */
static bool accepts_next(const GenDtNode *e) {
  return e->nrun == 1 && e->body.n == 1 && e->body.v[0]->kind == GEN_DT_ACCEPT;
}

/* A TEST or OP node: `if (cond) { body } else if (ex) explain;`. A chain
 * of three or more such nodes, each the whole body of the one before, is
 * one block of checks instead, each leaving it when it fails:
 * `do { if (!RG_TEST(cond, rule, why)) break; ... body } while (0);`.
 * Where the function ends after the node, its checks, however few, return
 * 0 instead: `if (!RG_TEST(cond, rule, why)) return 0; ... body`. A
 * rule's last check (its last two, when those are all) and its accept are
 * one line: `if (RG_TEST(cond, rule, why) && accept) return r;`. */
static void print_test(Gen *g, Printer *pr, const GenDtNode *d) {
  const GenDtNode *e = attrs_run(g, d);
  if (accepts_next(e)) {
    gen_line(g, "if (%s && %s) return r;", check_cond(g, pr, d, e), accept_expr(g, e->body.v[0]->variant));
    return;
  }
  const GenDtNode *c2 = e->nrun == 1 && e->body.n == 1 && is_test(e->body.v[0]) ? e->body.v[0] : NULL;
  const GenDtNode *e2 = c2 ? attrs_run(g, c2) : NULL;
  if (e2 && accepts_next(e2)) { /* two checks of one rule and its accept */
    const char *first = check_cond(g, pr, d, e);
    gen_line(g, "if (%s && %s && %s) return r;", first, check_cond(g, pr, c2, e2),
             accept_expr(g, e2->body.v[0]->variant));
    return;
  }
  uint32_t k = 1;
  for (const GenDtNode *c = d; c->body.n == 1 && is_test(c->body.v[0]); c = c->body.v[0])
    k++;
  uint32_t nscope = pr->nscope;
  const GenDtNode *tail = pr->tail;
  bool last = d == tail && (k >= 3 || checks_fit(g, pr, d, k));
  if (k < 3 && !last) {
    gen_line(g, "if (%s) {", node_cond(g, pr, d));
    if (d->kind == GEN_DT_OP)
      pr->scope[pr->nscope++] = d->test->path;
    g->out.indent++;
    pr->tail = d == tail ? seq_last(&d->body) : NULL;
    print_seq(g, pr, &d->body);
    pr->tail = tail;
    g->out.indent--;
    pr->nscope = nscope;
    print_else_explain(g, d->run, d->nrun, test_text(g, pr->gp, d->test));
    return;
  }
  if (!last)
    gen_line(g, "do {");
  g->out.indent += !last;
  for (const GenDtNode *c = d;; c = c->body.v[0]) {
    e = attrs_run(g, c);
    if (accepts_next(e)) {
      gen_line(g, "if (%s && %s) return r;", check_cond(g, pr, c, e), accept_expr(g, e->body.v[0]->variant));
      break;
    }
    gen_line(g, "if (!%s) %s;", check_cond(g, pr, c, e), last ? "return 0" : "break");
    c = e;
    if (c->kind == GEN_DT_OP)
      pr->scope[pr->nscope++] = c->test->path;
    if (!(c->body.n == 1 && is_test(c->body.v[0]))) {
      pr->tail = last ? seq_last(&c->body) : NULL;
      print_seq(g, pr, &c->body);
      pr->tail = tail;
      break;
    }
  }
  pr->nscope = nscope;
  if (last)
    return;
  g->out.indent--;
  gen_line(g, "} while (0);");
}

static void print_seq(Gen *g, Printer *pr, const GenDtSeq *s) {
  for (uint32_t i = 0; i < s->n && g->ok; i++) {
    const GenDtNode *d = s->v[i];
    switch (d->kind) {
    case GEN_DT_ACCEPT: print_accept(g, d->variant); break;
    case GEN_DT_SWITCH: print_switch(g, pr, d); break;
    case GEN_DT_OP:
    case GEN_DT_TEST: print_test(g, pr, d); break;
    }
  }
}

void gen_match_print(Gen *g, GenPass *gp, const char *fn, const GenDtSeq *tree, RgsBuf *out, int only_root) {
  RgsBuf deferred, body;
  rgs_buf_init(&deferred);
  rgs_buf_init(&body);
  Printer pr;
  memset(&pr, 0, sizeof pr);
  pr.gp = gp;
  pr.fn = fn;
  pr.deferred = &deferred;
  pr.tail = seq_last(tree);
  GenOut saved = g->out;
  g->out = (GenOut){.buf = &body, .indent = 1};
  print_seq(g, &pr, tree);
  /* Split-off case functions first: they are static and called below. */
  g->out = (GenOut){.buf = out};
  gen_raw(g, deferred.data ? deferred.data : "");
  gen_line(g, "static int %s(RgRewriter *rw, RgNode *root%s) {", pr.fn, only_root >= 0 ? ", uint16_t root_op" : "");
  g->out.indent++;
  print_decls(g, &pr, true);
  if (only_root >= 0)
    gen_line(g, "if (root_op != %s) return 0;", gen_op_const(g, gp, (uint32_t)only_root));
  g->out.indent--;
  gen_raw(g, body.data ? body.data : "");
  gen_line(g, "  return 0;");
  gen_line(g, "}");
  g->out = saved;
  if (deferred.oom || body.oom)
    g->ok = false;
  rgs_buf_free(&deferred);
  rgs_buf_free(&body);
}
