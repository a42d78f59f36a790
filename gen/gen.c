/* gen/gen.c - the generator's driver and phase 4, the file: for each pass
 * of the root files it builds the rule IR (ir.c), prints one action function
 * per rule (action.c), builds one decision tree per root op (tree.c) and
 * prints one match function per distinct tree (match.c), then the tables
 * the pass manager reads: local ops (and their enum), rules, the target-op
 * condition and the pass descriptor. Around them: the op registry, hook and
 * extern declarations, pipelines and the optional header. */
#include "gen_internal.h"
#include "rulegen/pass.h"

/* ---- passes ---- */

/* Root ops whose match functions are the same text share one. */
typedef struct MatchGroup {
  const char *fn;
  RgsBuf text; /* with the name as \001 */
  uint16_t *ops;
  uint32_t nops;
} MatchGroup;

/* A name for the match function of a group of root ops: the class a rule
 * roots at when it names exactly these ops, else the first op. */
static const char *group_name(Gen *g, GenPass *gp, const MatchGroup *m, const MatchGroup *groups, uint32_t ngroups) {
  const char *name = gen_cname(g, gp->lops[m->ops[0]]->name);
  for (uint32_t i = 0; i < gp->nrules && m->nops > 1; i++) {
    const DslPattern *pt = gp->rules[i].rule->pattern;
    bool same = pt->nalts == 1 && pt->nops == m->nops;
    for (uint32_t k = 0; same && k < m->nops; k++)
      same = gen_local_index(gp, pt->ops[k]) == (int)m->ops[k];
    if (same) {
      name = gen_cname(g, pt->alts[0].s);
      break;
    }
  }
  const char *fn = gen_str(g, "%s__match_%s", gp->cname, name);
  for (uint32_t i = 0; i < ngroups; i++)
    if (groups[i].fn && strcmp(groups[i].fn, fn) == 0)
      return gen_str(g, "%s__match_%s", gp->cname, gen_cname(g, gp->lops[m->ops[0]]->name));
  return fn;
}

/* Prints one match function per group of root ops with the same decision
 * tree (the ops of a class a rule roots at, typically), each named once
 * all its ops are known. */
static MatchGroup *print_matchers(Gen *g, GenPass *gp, const bool *is_root, uint32_t *ngroups) {
  MatchGroup *groups = rgs_arena_zalloc(&g->arena, sizeof *groups * (gp->nlops ? gp->nlops : 1));
  if (!groups) {
    g->ok = false;
    return NULL;
  }
  uint32_t n = 0, nroots = 0;
  int only_root = -1;
  for (uint32_t op = 0; op < gp->nlops; op++)
    if (is_root[op])
      only_root = nroots++ ? -1 : (int)op;
  for (uint32_t op = 0; op < gp->nlops && g->ok; op++) {
    if (!is_root[op])
      continue;
    GenDtSeq tree = gen_tree_build(g, gp, (uint16_t)op);
    if (!g->ok)
      break;
    RgsBuf text;
    rgs_buf_init(&text);
    g->nsplit = 0;
    gen_match_print(g, gp, "\001", &tree, &text, nroots == 1 ? only_root : -1);
    MatchGroup *m = NULL;
    for (uint32_t i = 0; i < n && !m; i++)
      if (groups[i].text.len == text.len && memcmp(groups[i].text.data, text.data, text.len) == 0)
        m = &groups[i];
    if (m) {
      rgs_buf_free(&text);
    } else {
      m = &groups[n++];
      m->text = text;
      m->ops = rgs_arena_alloc(&g->arena, sizeof *m->ops * gp->nlops);
      if (!m->ops || text.oom)
        g->ok = false;
    }
    if (m->ops)
      m->ops[m->nops++] = (uint16_t)op;
  }
  for (uint32_t i = 0; i < n; i++) {
    MatchGroup *m = &groups[i];
    if (g->ok) {
      m->fn = nroots == 1 ? gen_str(g, "%s_match", gp->cname) : group_name(g, gp, m, groups, i);
      /* The pass's own match function names its one root op in its first test. */
      if (m->nops == 1 && nroots > 1)
        gen_line(g, "/* Rules rooted at %s, in priority order. */", gp->lops[m->ops[0]]->name);
      else if (m->nops > 1)
        gen_line(g, "/* Rules rooted at %s and %u more ops (see %s_match), in priority order. */",
                 gp->lops[m->ops[0]]->name, m->nops - 1, gp->cname);
      RgsBuf out;
      rgs_buf_init(&out);
      for (const char *c = m->text.data; c && *c; c++)
        if (*c == '\001')
          rgs_buf_puts(&out, m->fn);
        else
          rgs_buf_putc(&out, *c);
      gen_raw(g, out.data ? out.data : "");
      gen_blank(g);
      g->ok = g->ok && !out.oom;
      rgs_buf_free(&out);
    }
    rgs_buf_free(&m->text);
  }
  *ngroups = n;
  return g->ok ? groups : NULL;
}

/* A growable list of C initializers, printed by gen_wrapped. */
typedef struct Items {
  const char **v;
  uint32_t n, cap;
} Items;

static void items_add(Gen *g, Items *it, const char *s) {
  const char **v = gen_grow(g, it->v, it->n, &it->cap, sizeof *v, 64);
  if (!v)
    return;
  it->v = v;
  it->v[it->n++] = s;
}

/* `static const TYPE NAME[N] = {...};`, the items wrapped (or `none`
 * when there are none: C has no empty arrays). */
static void emit_array(Gen *g, const char *type, const char *name, const Items *it, const char *none) {
  gen_list(g, gen_str(g, "static const %s %s[%u] = {", type, name, it->n ? it->n : 1), it->n ? it->v : &none,
           it->n ? it->n : 1, "};");
}

/* The items separated by ", " (`none` when there are none). */
static const char *items_join(Gen *g, const Items *it, const char *none) {
  if (!it->n)
    return none;
  RgsBuf b;
  rgs_buf_init(&b);
  for (uint32_t i = 0; i < it->n; i++)
    rgs_buf_printf(&b, "%s%s", i ? ", " : "", it->v[i]);
  if (b.oom)
    g->ok = false;
  const char *s = gen_str(g, "%s", b.data ? b.data : "");
  rgs_buf_free(&b);
  return s;
}

/* The required ops and the root ops, both uint16_t: one declaration
 * when it fits a line. */
static void emit_req_ops_roots(Gen *g, const char *T, const Items *req_ops, const Items *roots) {
  const char *none = "0 /* none */";
  const char *one = gen_str(g, "static const uint16_t %s_req_ops[%u] = {%s}, %s_roots[%u] = {%s};", T,
                            req_ops->n ? req_ops->n : 1, items_join(g, req_ops, none), T, roots->n ? roots->n : 1,
                            items_join(g, roots, "0"));
  if (strlen(one) <= GEN_WIDTH) {
    gen_line(g, "%s", one);
    return;
  }
  emit_array(g, "uint16_t", gen_str(g, "%s_req_ops", T), req_ops, none);
  emit_array(g, "uint16_t", gen_str(g, "%s_roots", T), roots, "0");
}

/* One row a rule; a single row on the table's line when it fits. */
static void emit_rule_rows(Gen *g, const char *T, const Items *rows) {
  const char *head = gen_str(g, "static const RgRuleDesc %s_rules[%u] = {", T, rows->n ? rows->n : 1);
  const char *one = rows->n == 1 ? gen_str(g, "%s%s};", head, rows->v[0]) : NULL;
  if (one && strlen(one) <= GEN_WIDTH) {
    gen_line(g, "%s", one);
    gen_line(g, "/* The target-op condition: the unfrozen nodes each rule needs at least. */");
    return;
  }
  gen_line(g, "%s", head);
  for (uint32_t i = 0; i < rows->n; i++)
    gen_line(g, "  %s,", rows->v[i]);
  if (!rows->n)
    gen_line(g, "  {0}");
  gen_line(g, "}; /* next, the target-op condition: the unfrozen nodes each rule needs at least */");
}

static void emit_pass_tables(Gen *g, GenPass *gp, const bool *is_root, bool is_static) {
  const char *P = gp->cname, *T = gp->pfx; /* the match function, the tables */
  DslPass *pass = gp->pass;
  Items rows = {0}, req_ops = {0}, reqs = {0}, roots = {0}, attrs = {0};
  uint32_t nreq_ops = 0;
  for (uint32_t i = 0; i < gp->nrules; i++) {
    GenRule *r = &gp->rules[i];
    GenReq rq[64];
    uint32_t n = r->nvariants ? gen_rule_reqs(g, gp, &r->variants[0], rq, 64) : 0;
    uint32_t first_req = reqs.n;
    for (uint32_t k = 0; k < n; k++) {
      items_add(g, &reqs, gen_str(g, "{%u, %u, %u}", nreq_ops, rq[k].nops, rq[k].count));
      for (uint32_t j = 0; j < rq[k].nops; j++)
        items_add(g, &req_ops, gen_str(g, "%u", rq[k].ops[j]));
      nreq_ops += rq[k].nops;
    }
    uint32_t line = 0, col = 0;
    if (r->rule->loc.src)
      rg_source_linecol(r->rule->loc.src, r->rule->loc.off, &line, &col);
    const char *where = gen_str(g, "%s:%u:%u", gen_loc_file(r->rule->loc), line, col);
    items_add(g, &rows, gen_str(g, "{%s, %s, %u, %u, %s}", gen_cquote(g, r->rule->name.s), gen_cquote(g, where),
                                first_req, n, r->rule->inexact ? "true" : "false"));
  }
  emit_rule_rows(g, T, &rows);
  for (uint32_t op = 0; op < gp->nlops; op++)
    if (is_root[op])
      items_add(g, &roots, gen_str(g, "%u", op));
  emit_req_ops_roots(g, T, &req_ops, &roots);
  emit_array(g, "RgOpReq", gen_str(g, "%s_reqs", T), &reqs, "{0}");
  uint32_t nroots = roots.n;
  for (uint32_t i = 0; i < gp->nattrs; i++)
    items_add(g, &attrs, gen_cquote(g, gp->attrs[i]));
  if (attrs.n) /* matched by id */
    emit_array(g, "char *const", gen_str(g, "%s_attr_names", T), &attrs, "NULL");
  Items desc = {0};
  items_add(g, &desc, "RG_ABI_VERSION");
  items_add(g, &desc, gen_cquote(g, pass->name.s));
  items_add(g, &desc, gen_cquote(g, pass->doc ? pass->doc : ""));
  items_add(g, &desc, pass->mode == DSL_MODE_ONCE ? "RG_PASS_ONCE" : "RG_PASS_FIXPOINT");
  items_add(g, &desc, gen_str(g, "%u", gp->nlops));
  items_add(g, &desc, gen_str(g, "%s_op_names", T));
  items_add(g, &desc, gen_str(g, "%s_op_descs", T));
  items_add(g, &desc, gen_str(g, "%u", nroots));
  items_add(g, &desc, gen_str(g, "%s_roots", T));
  items_add(g, &desc, gen_str(g, "%u", pass->nrules));
  items_add(g, &desc, gen_str(g, "%s_rules", T));
  items_add(g, &desc, gen_str(g, "%s_req_ops", T));
  items_add(g, &desc, gen_str(g, "%s_reqs", T));
  /* never called without roots: no node is one */
  items_add(g, &desc, nroots ? gen_str(g, "%s_match", P) : "NULL");
  items_add(g, &desc, gen_str(g, "%u", gp->nattrs));
  items_add(g, &desc, attrs.n ? gen_str(g, "%s_attr_names", T) : "NULL");
  gen_list(g, gen_str(g, "%sconst RgPassDesc rg_pass_%s__%s = {", is_static ? "static " : "", g->sym, P), desc.v,
           desc.n, "};");
}

/* The pass's name and doc, broken at blanks into lines of GEN_WIDTH
 * columns. */
static void emit_banner(Gen *g, const DslPass *pass) {
  const char *banner = gen_str(g, "/* ---- pass %s%s%s ---- */", pass->name.s, pass->doc ? ": " : "",
                               pass->doc ? gen_comment(g, pass->doc) : "");
  while (strlen(banner) > GEN_WIDTH) {
    size_t cut = 0;
    for (size_t i = 3; i < GEN_WIDTH && i + 8 < strlen(banner); i++) /* before the closing dashes */
      if (banner[i] == ' ')
        cut = i;
    if (!cut)
      break;
    gen_line(g, "%.*s", (int)cut, banner);
    banner = gen_str(g, " *%s", banner + cut);
  }
  gen_line(g, "%s", banner);
}

static void emit_pass(Gen *g, DslPass *pass, bool is_static) {
  GenPass gp;
  if (!gen_pass_build(g, pass, &gp))
    return;
  gen_pass_names(g, &gp);
  g->pass = &gp;
  g->nsplit = 0;
  const char *P = gp.cname, *T = gp.pfx;

  gen_blank(g);
  emit_banner(g, pass);
  const char **items = rgs_arena_alloc(&g->arena, sizeof *items * (gp.nlops + 1));
  bool *is_root = rgs_arena_zalloc(&g->arena, sizeof *is_root * (gp.nlops ? gp.nlops : 1));
  if (!items || !is_root) {
    g->ok = false;
    return;
  }
  /* The ids the pass's code names: its ops (matchers compare these local
   * ids), then the attributes it reads (indices of rg_rw_attr_ids), from
   * 0 again. */
  const char **ids = rgs_arena_alloc(&g->arena, sizeof *ids * (gp.nlops + gp.nattrs + 1));
  if (!ids) {
    g->ok = false;
    return;
  }
  for (uint32_t i = 0; i < gp.nlops; i++)
    ids[i] = gen_op_const(g, &gp, i);
  for (uint32_t i = 0; i < gp.nattrs; i++)
    ids[gp.nlops + i] = i || !gp.nlops ? gen_attr_const(g, &gp, i) : gen_str(g, "%s = 0", gen_attr_const(g, &gp, i));
  if (gp.nlops + gp.nattrs)
    gen_list(g, "enum {", ids, gp.nlops + gp.nattrs, "};");
  gp.attrs_named = true;
  for (uint32_t i = 0; i < gp.nlops; i++)
    items[i] = gen_cquote(g, gp.lops[i]->name);
  items[gp.nlops] = "NULL";
  gen_list(g, gen_str(g, "static const char *const %s_op_names[%u] = {", T, gp.nlops ? gp.nlops : 1),
           gp.nlops ? items : items + gp.nlops, gp.nlops ? gp.nlops : 1, "};");
  for (uint32_t i = 0; i < gp.nlops; i++)
    items[i] = gen_str(g, "&rg_ops_%s[%u]", g->sym, gp.lops[i]->id);
  gen_list(g, gen_str(g, "static const RgOpDesc *const %s_op_descs[%u] = {", T, gp.nlops ? gp.nlops : 1),
           gp.nlops ? items : items + gp.nlops, gp.nlops ? gp.nlops : 1, "};");
  /* What explain mode says of each guard step that fails: its text and
   * the values it reads, indexed by the actions. */
  gen_guard_texts(g, &gp);
  if (gp.nwhy)
    gen_strings(g, gen_str(g, "static const char *const %s_why[%u] = {", gp.pfx, gp.nwhy), gp.why, gp.nwhy, "};");
  gen_blank(g);

  for (uint32_t i = 0; i < gp.nrules && g->ok; i++)
    gen_action_print(g, &gp.rules[i]);

  for (uint32_t i = 0; i < gp.nrules; i++)
    for (uint32_t k = 0; k < gp.rules[i].rule->pattern->nops; k++)
      is_root[gen_local_index(&gp, gp.rules[i].rule->pattern->ops[k])] = true;
  uint32_t ngroups = 0;
  MatchGroup *groups = print_matchers(g, &gp, is_root, &ngroups);
  if (!groups)
    return;

  /* One root op: its match function is the pass's. */
  if (ngroups > 1 || (ngroups == 1 && groups[0].nops > 1)) {
  gen_line(g, "static int %s_match(RgRewriter *rw, RgNode *root, uint16_t root_op) {", P);
  gen_line(g, "  switch (root_op) {");
  for (uint32_t i = 0; i < ngroups; i++) {
    for (uint32_t k = 0; k < groups[i].nops; k++)
      items[k] = gen_str(g, "case %s:", gen_op_const(g, &gp, groups[i].ops[k]));
    if (groups[i].nops == 1) {
      gen_line(g, "  %s return %s(rw, root);", items[0], groups[i].fn);
    } else {
      /* gen_wrapped separates with commas: labels go one by one */
      RgsBuf b;
      rgs_buf_init(&b);
      for (uint32_t k = 0; k < groups[i].nops; k++) {
        if (b.len && b.len + 1 + strlen(items[k]) > GEN_WIDTH) {
          gen_line(g, "%s", b.data);
          b.len = 0;
        }
        rgs_buf_printf(&b, "%s%s", b.len ? " " : "  ", items[k]);
      }
      gen_line(g, "%s", b.data ? b.data : "");
      rgs_buf_free(&b);
      gen_line(g, "    return %s(rw, root);", groups[i].fn);
    }
  }
  gen_line(g, "  default: return 0;");
  gen_line(g, "  }");
  gen_line(g, "}");
  gen_blank(g);
  }
  emit_pass_tables(g, &gp, is_root, is_static);
  g->pass = NULL;
}

/* ---- whole file ---- */

static bool is_root_file(const DslProgram *p, const RgSource *src) {
  for (uint32_t i = 0; i < p->nroots; i++)
    if (p->roots[i]->src == src)
      return true;
  return false;
}

/* Whether an earlier op declaration already names hook `fn` (shape or eval). */
static bool hook_seen(Gen *g, uint32_t upto, const char *fn) {
  for (uint32_t j = 0; j < upto; j++) {
    DslOpDecl *o = g->p->ops[j];
    if ((o->shape_fn.s && strcmp(o->shape_fn.s, fn) == 0) || (o->eval_fn.s && strcmp(o->eval_fn.s, fn) == 0) ||
        (o->smt_fn.s && strcmp(o->smt_fn.s, fn) == 0))
      return true;
  }
  return false;
}

/* Prototypes of every C function the generated code calls by name: shape
 * hooks, evaluators, `extern pred` and `extern fn`. Printed into the .c and
 * into the header that the hand-written hook sources include, so that a hook
 * whose signature differs from what the generated code calls does not
 * compile. */
/* A declaration, its line broken after a comma where it would pass
 * GEN_WIDTH columns (the rest indented). */
static void put_decl(RgsBuf *b, const char *line) {
  const char *lead = "";
  size_t len = strlen(line);
  while (strlen(lead) + len > GEN_WIDTH) {
    size_t cut = 0;
    for (size_t i = 0; i + 1 < len && strlen(lead) + i + 1 <= GEN_WIDTH; i++)
      if (line[i] == ',' && line[i + 1] == ' ')
        cut = i + 1;
    if (!cut)
      break;
    rgs_buf_printf(b, "%s%.*s\n", lead, (int)cut, line);
    line += cut + 1;
    len -= cut + 1;
    lead = "    ";
  }
  rgs_buf_printf(b, "%s%s\n", lead, line);
}

static void put_extern_decls(Gen *g, RgsBuf *b) {
  for (uint32_t f = 0; f < g->p->nfiles; f++) {
    DslFile *file = g->p->files[f];
    for (uint32_t d = 0; d < file->ndecls; d++) {
      if (file->decls[d]->kind != DSL_DECL_EXTERN)
        continue;
      DslExtern *x = file->decls[d]->u.ext;
      RgsBuf l;
      rgs_buf_init(&l);
      rgs_buf_printf(&l, "bool %s(RgRewriter *rw", x->name.s);
      for (uint32_t i = 0; i < x->nparams; i++)
        rgs_buf_printf(&l, ", %s", x->params[i] == DSL_TY_VALUE ? "RgValue *" : gen_ctype(x->params[i]));
      if (!x->is_pred)
        rgs_buf_printf(&l, ", %s*out", gen_ctype(x->ret));
      rgs_buf_puts(&l, ");");
      put_decl(b, l.data ? l.data : "");
      g->ok = g->ok && !l.oom;
      rgs_buf_free(&l);
    }
  }
}

static void put_hook_decls(Gen *g, RgsBuf *b) {
  for (uint32_t i = 0; i < g->p->nops; i++) {
    DslOpDecl *op = g->p->ops[i];
    if (op->shape_fn.s && !hook_seen(g, i, op->shape_fn.s))
      put_decl(b, gen_str(g, "RgStatus %s(RgGraph *g, const RgNode *n, const RgType **results, char *err, "
                             "size_t errlen);", op->shape_fn.s));
    if (op->eval_fn.s && !hook_seen(g, i, op->eval_fn.s) &&
        !(op->shape_fn.s && strcmp(op->shape_fn.s, op->eval_fn.s) == 0))
      put_decl(b, gen_str(g, "RgStatus %s(struct RgInterp *ip, const RgNode *n, struct RgTensor *const *in, "
                             "uint32_t num_in, struct RgTensor *out, uint32_t num_out);", op->eval_fn.s));
    if (op->smt_fn.s && !hook_seen(g, i, op->smt_fn.s))
      rgs_buf_printf(b, "RgSmtHook %s;\n", op->smt_fn.s);
  }
  put_extern_decls(g, b);
}

/* The same declarations in the C file, when it does not include the
 * header: hooks by their function types, several to a line. */
static void emit_hook_decls(Gen *g) {
  const char **shape = rgs_arena_alloc(&g->arena, sizeof *shape * (g->p->nops + 1));
  const char **eval = rgs_arena_alloc(&g->arena, sizeof *eval * (g->p->nops + 1));
  const char **smt = rgs_arena_alloc(&g->arena, sizeof *smt * (g->p->nops + 1));
  if (!shape || !eval || !smt) {
    g->ok = false;
    return;
  }
  uint32_t ns = 0, ne = 0, nm = 0;
  for (uint32_t i = 0; i < g->p->nops; i++) {
    DslOpDecl *op = g->p->ops[i];
    if (op->shape_fn.s && !hook_seen(g, i, op->shape_fn.s))
      shape[ns++] = op->shape_fn.s;
    if (op->eval_fn.s && !hook_seen(g, i, op->eval_fn.s) &&
        !(op->shape_fn.s && strcmp(op->shape_fn.s, op->eval_fn.s) == 0))
      eval[ne++] = op->eval_fn.s;
    if (op->smt_fn.s && !hook_seen(g, i, op->smt_fn.s))
      smt[nm++] = op->smt_fn.s;
  }
  if (ns) {
    gen_line(g, "RgShapeHook");
    gen_wrapped(g, "  ", shape, ns, ";");
  }
  if (ne) {
    gen_line(g, "RgEvalHook");
    gen_wrapped(g, "  ", eval, ne, ";");
  }
  if (nm) {
    gen_line(g, "RgSmtHook");
    gen_wrapped(g, "  ", smt, nm, ";");
  }
  RgsBuf b;
  rgs_buf_init(&b);
  put_extern_decls(g, &b);
  gen_raw(g, b.data ? b.data : "");
  g->ok = g->ok && !b.oom;
  if (ns || ne || nm || b.len)
    gen_blank(g);
  rgs_buf_free(&b);
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

/* The op registry: every declared op, indexed by its declaration id, with
 * its hooks and the place that declares it (for "no evaluator" messages). */
static void emit_op_descs(Gen *g, const char *sym) {
  /* The header, when there is one, declares the hooks for the file. */
  if (!g->o->header_name)
    emit_hook_decls(g);
  /* Declared attributes, which the op verifier checks graphs against; ops
   * that declare the same list share one table. */
  const char **tables = rgs_arena_zalloc(&g->arena, sizeof *tables * (g->p->nops ? g->p->nops : 1));
  uint32_t *table_of = rgs_arena_zalloc(&g->arena, sizeof *table_of * (g->p->nops ? g->p->nops : 1));
  if (!tables || !table_of) {
    g->ok = false;
    return;
  }
  for (uint32_t i = 0; i < g->p->nops; i++) {
    DslOpDecl *op = g->p->ops[i];
    if (!op->nattrs)
      continue;
    RgsBuf b;
    rgs_buf_init(&b);
    const char **descs = rgs_arena_alloc(&g->arena, sizeof *descs * op->nattrs);
    if (!descs) {
      g->ok = false;
      return;
    }
    for (uint32_t k = 0; k < op->nattrs; k++) {
      descs[k] = gen_str(g, "{%s, %s, %s}", gen_cquote(g, op->attrs[k].name.s), schema_kind(op->attrs[k].type),
                         op->attrs[k].optional ? "true" : "false");
      rgs_buf_printf(&b, "%s%s", k ? ", " : "", descs[k]);
    }
    tables[i] = gen_str(g, "%s", b.data ? b.data : "");
    rgs_buf_free(&b);
    table_of[i] = i;
    for (uint32_t j = 0; j < i && table_of[i] == i; j++)
      if (tables[j] && strcmp(tables[j], tables[i]) == 0)
        table_of[i] = j;
    if (table_of[i] == i)
      gen_list(g, gen_str(g, "static const RgAttrDesc rg_attrs_%u_%s[%u] = {", i, sym, op->nattrs), descs, op->nattrs,
               "};");
  }
  gen_line(g, "const RgOpDesc rg_ops_%s[%u] = {", sym, g->p->nops ? g->p->nops : 1);
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
    if (op->results_vary)
      traits |= RG_TRAIT_RESULTS_VARY;
    uint32_t fixed = op->variadic && op->noperands ? op->noperands - 1 : op->noperands;
    RgsBuf where;
    rgs_buf_init(&where);
    gen_put_cstring(&where, gen_loc_file(op->loc), strlen(gen_loc_file(op->loc)));
    char attrs[32] = "NULL";
    if (op->nattrs)
      snprintf(attrs, sizeof attrs, "%s_attrs_%u", "rg", table_of[i]);
    const char *fields[] = {gen_cquote(g, op->name), gen_str(g, "%u", fixed), op->variadic ? "true" : "false",
                            gen_str(g, "%u", op->nresults), gen_str(g, "0x%xu", traits),
                            op->shape_fn.s ? op->shape_fn.s : "NULL", op->eval_fn.s ? op->eval_fn.s : "NULL",
                            gen_str(g, "\"%s:%u\"", where.data ? where.data : "", gen_loc_line(op->loc)),
                            gen_str(g, "%u", op->nattrs),
                            gen_str(g, "%s%s%s", attrs, op->nattrs ? "_" : "", op->nattrs ? sym : ""),
                            op->smt_fn.s ? op->smt_fn.s : "NULL"};
    gen_list_at(g, "    ", "  {", fields, sizeof fields / sizeof *fields, gen_str(g, "}, /* %u */", i));
    g->ok = g->ok && !where.oom;
    rgs_buf_free(&where);
  }
  gen_line(g, "};");
  gen_line(g, "const uint32_t rg_num_ops_%s = %u;", sym, g->p->nops);
}

/* The rule set as one target descriptor, exported so that a program can
 * find it by name in a shared library (dlsym "rg_target_SYM") and check
 * the ABI it was generated for (rg_target_check). */
static void emit_target(Gen *g, const char *sym) {
  const char *items[] = {gen_cquote(g, sym), gen_str(g, "rg_pipelines_%s", sym), gen_str(g, "rg_passes_%s", sym),
                         gen_str(g, "rg_ops_%s", sym), gen_str(g, "%u", g->p->nops), "NULL", "RG_ABI_VERSION"};
  gen_list(g, gen_str(g, "RG_API const RgOptTarget rg_target_%s = {", sym), items, sizeof items / sizeof *items, "};");
}

/* The banner, includes and ABI guard. */
static void emit_prologue(Gen *g) {
  const DslProgram *p = g->p;
  gen_line(g, "/* Generated by rulegen %s from the rules files below; do not edit.", RG_VERSION);
  for (uint32_t i = 0; i < p->nroots; i++)
    gen_line(g, " *   %s", p->roots[i]->src->name);
  gen_line(g, " */");
  gen_line(g, "#include <math.h>");
  gen_line(g, "#include <string.h>");
  gen_line(g, "#include \"rulegen/pass.h\"");
  gen_line(g, "#include \"rulegen/match.h\"");
  gen_line(g, "#include \"rulegen/opt.h\"");
  if (g->o->header_name)
    gen_line(g, "#include \"%s\"", g->o->header_name);
  gen_blank(g);
  gen_line(g, "#if RG_ABI_VERSION != %d", RG_ABI_VERSION);
  gen_line(g, "#error \"generated for rulegen runtime ABI %d; regenerate with this rulegen\"", RG_ABI_VERSION);
  gen_line(g, "#endif");
  gen_blank(g);
  gen_line(g, "/* An action's ways out: a guard step failed (explained, when explaining, by");
  gen_line(g, " * the step's text and the values it reads; u: it could not be computed); out");
  gen_line(g, " * of memory; a replacement value of rule r could not be computed (built nodes");
  gen_line(g, " * erased; refused when one could not be built, see rg_rw_make). */");
  gen_line(g, "#define RG_NO(r, u, why, ...) \\");
  gen_line(g, "  (ex ? rg_rw_explain_guard(rw, r, u, (why)[0], (why)[1], __VA_ARGS__) : (void)0, 0)");
  gen_line(g, "#define RG_OOM rg_rw_fail(rw, RG_ERR_NOMEM, \"out of memory\")");
  gen_line(g, "#define RG_DROP(r) rg_rw_drop(rw, r)");
  gen_line(g, "/* A matcher's test: cond, else false, explained as failed for rule r (for");
  gen_line(g, " * each of the n rules after why) with `why` when explaining. */");
  gen_line(g, "#define RG_TEST(cond, r, why) ((cond) || (ex && (rg_rw_explain(rw, r, why), false)))");
  gen_line(g, "#define RG_TESTS(cond, n, why, ...) \\");
  gen_line(g, "  ((cond) || (ex && (rg_rw_explain_rules(rw, (const uint16_t[]){__VA_ARGS__}, n, why), false)))");
  gen_line(g, "/* A matcher's tests that node n (at path `where`) has attributes: k rules, then");
  gen_line(g, " * the attributes' ids follow; the first missing is explained for the rules. */");
  gen_line(g, "#define RG_HAS(n, where, k, ...) rg_rw_has_attrs(rw, ex, n, where, (const uint16_t[]){k, __VA_ARGS__, UINT16_MAX})");
  gen_line(g, "/* The attribute of node n whose id in the pass's table is k. */");
  gen_line(g, "#define RG_ATTR(n, k) rg_match_attr(n, rg_rw_attr_ids(rw)[k])");
  gen_blank(g);
}

/* The passes of the root files, in declaration order, named in *passes. */
static uint32_t emit_root_passes(Gen *g, Items *passes) {
  const DslProgram *p = g->p;
  uint32_t npasses = 0;
  for (uint32_t f = 0; f < p->nfiles && g->ok; f++) {
    DslFile *file = p->files[f];
    if (!is_root_file(p, file->src))
      continue;
    for (uint32_t d = 0; d < file->ndecls && g->ok; d++) {
      if (file->decls[d]->kind != DSL_DECL_PASS)
        continue;
      DslPass *pass = file->decls[d]->u.pass;
      emit_pass(g, pass, false);
      items_add(g, passes, gen_str(g, "&rg_pass_%s__%s", g->sym, gen_cname(g, pass->name.s)));
      npasses++;
    }
  }
  return npasses;
}

/* Passes of imported files that a pipeline runs are generated here too,
 * static, so a rule set links on its own. */
static void emit_imported_passes(Gen *g) {
  const DslProgram *p = g->p;
  DslPass **imported = rgs_arena_zalloc(&g->arena, sizeof *imported * (p->npasses + 1));
  uint32_t nimported = 0;
  for (uint32_t f = 0; f < p->nfiles && g->ok && imported; f++) {
    DslFile *file = p->files[f];
    if (!is_root_file(p, file->src))
      continue;
    for (uint32_t d = 0; d < file->ndecls; d++) {
      if (file->decls[d]->kind != DSL_DECL_PIPELINE)
        continue;
      DslPipeline *pl = file->decls[d]->u.pipeline;
      for (uint32_t i = 0; i < pl->npasses && g->ok; i++) {
        DslPass *pass = pl->passes[i];
        bool seen = !pass || is_root_file(p, (RgSource *)pass->loc.src);
        for (uint32_t k = 0; k < nimported && !seen; k++)
          seen = imported[k] == pass;
        if (seen || nimported >= p->npasses)
          continue;
        imported[nimported++] = pass;
        emit_pass(g, pass, true);
      }
    }
  }
}

/* The pipelines of the root files, named in *pipes. */
static uint32_t emit_pipelines(Gen *g, Items *pipes) {
  const DslProgram *p = g->p;
  const char *sym = g->sym;
  uint32_t npipes = 0;
  for (uint32_t f = 0; f < p->nfiles && g->ok; f++) {
    DslFile *file = p->files[f];
    if (!is_root_file(p, file->src))
      continue;
    for (uint32_t d = 0; d < file->ndecls; d++) {
      if (file->decls[d]->kind != DSL_DECL_PIPELINE)
        continue;
      DslPipeline *pl = file->decls[d]->u.pipeline;
      const char *pn = gen_cname(g, pl->name.s);
      gen_blank(g);
      gen_line(g, "static const RgPassDesc *const %s_passes[%u] = {", pn, pl->npasses ? pl->npasses : 1);
      for (uint32_t i = 0; i < pl->npasses; i++)
        gen_line(g, "  &rg_pass_%s__%s,", sym, gen_cname(g, pl->pass_names[i].s));
      gen_line(g, "};");
      gen_line(g, "const RgPipelineDesc rg_pipeline_%s__%s = {%s, %u, %s_passes};", sym, pn,
               gen_cquote(g, pl->name.s), pl->npasses, pn);
      items_add(g, pipes, gen_str(g, "&rg_pipeline_%s__%s", sym, pn));
      npipes++;
    }
  }
  return npipes;
}

/* The header: the passes, pipelines, registry and target the C file
 * defines, and the hooks it calls. */
static void emit_header(Gen *g, RgsBuf *h) {
  const DslProgram *p = g->p;
  const char *sym = g->sym;
  rgs_buf_printf(h, "/* Generated by rulegen %s; do not edit. */\n", RG_VERSION);
  rgs_buf_printf(h, "#ifndef RG_GENERATED_%s_H\n#define RG_GENERATED_%s_H\n", sym, sym);
  rgs_buf_puts(h, "#include \"rulegen/pass.h\"\n#include \"rulegen/match.h\"\n#include \"rulegen/opt.h\"\n\n");
  /* C linkage for C++ tools and hook sources that include the header. */
  rgs_buf_puts(h, "#ifdef __cplusplus\nextern \"C\" {\n#endif\n\n");
  rgs_buf_puts(h, "struct RgInterp;\nstruct RgTensor;\n\n");
  for (uint32_t f = 0; f < p->nfiles; f++) {
    DslFile *file = p->files[f];
    if (!is_root_file(p, file->src))
      continue;
    for (uint32_t d = 0; d < file->ndecls; d++) {
      DslDecl *dc = file->decls[d];
      if (dc->kind == DSL_DECL_PASS)
        rgs_buf_printf(h, "extern const RgPassDesc rg_pass_%s__%s;\n", sym, gen_cname(g, dc->u.pass->name.s));
      else if (dc->kind == DSL_DECL_PIPELINE)
        rgs_buf_printf(h, "extern const RgPipelineDesc rg_pipeline_%s__%s;\n", sym,
                       gen_cname(g, dc->u.pipeline->name.s));
    }
  }
  rgs_buf_printf(h, "extern const RgOpDesc rg_ops_%s[];\nextern const uint32_t rg_num_ops_%s;\n", sym, sym);
  rgs_buf_printf(h, "extern const RgPassDesc *const rg_passes_%s[];\n", sym);
  rgs_buf_printf(h, "extern const RgPipelineDesc *const rg_pipelines_%s[];\n", sym);
  rgs_buf_printf(h, "/* The rule set as a target, with the ABI it was generated for. */\n"
                    "RG_API extern const RgOptTarget rg_target_%s;\n", sym);
  rgs_buf_puts(h, "\n/* Hooks, evaluators and externs, as the generated code calls them:\n"
                  " * their definitions include this header, so a signature that differs\n"
                  " * does not compile. */\n");
  put_hook_decls(g, h);
  rgs_buf_puts(h, "\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n");
}

bool gen_emit(DslProgram *p, const GenOptions *o, RgsBuf *c, RgsBuf *h) {
  Gen g = {.p = p, .o = o, .out = {.buf = c}, .ok = true};
  rgs_arena_init(&g.arena);
  const char *sym = o->symbol ? o->symbol : "rules";
  g.sym = sym;
  emit_prologue(&g);
  emit_op_descs(&g, sym);
  gen_blank(&g);
  Items passes = {0}, pipes = {0};
  uint32_t npasses = emit_root_passes(&g, &passes);
  emit_imported_passes(&g);
  uint32_t npipes = emit_pipelines(&g, &pipes);
  gen_blank(&g);
  gen_line(&g, "/* Everything this file defines, for tools that list passes and pipelines. */");
  items_add(&g, &passes, "NULL");
  items_add(&g, &pipes, "NULL");
  gen_list(&g, gen_str(&g, "const RgPassDesc *const rg_passes_%s[%u] = {", sym, npasses + 1), passes.v, passes.n,
           "};");
  gen_list(&g, gen_str(&g, "const RgPipelineDesc *const rg_pipelines_%s[%u] = {", sym, npipes + 1), pipes.v,
           pipes.n, "};");
  emit_target(&g, sym);
  if (h)
    emit_header(&g, h);
  rgs_arena_free(&g.arena);
  return g.ok && !c->oom && (!h || !h->oom);
}

void gen_dump_targets(DslProgram *p, RgsBuf *out) {
  GenOptions o = {0};
  Gen g = {.p = p, .o = &o, .out = {.buf = out}, .ok = true};
  rgs_arena_init(&g.arena);
  for (uint32_t f = 0; f < p->nfiles; f++) {
    DslFile *file = p->files[f];
    if (!is_root_file(p, file->src))
      continue;
    for (uint32_t d = 0; d < file->ndecls; d++) {
      if (file->decls[d]->kind != DSL_DECL_PASS)
        continue;
      DslPass *pass = file->decls[d]->u.pass;
      GenPass gp;
      g.ok = true;
      if (!gen_pass_build(&g, pass, &gp))
        continue;
      rgs_buf_printf(out, "pass %s (%s): runs when one of its rules can fire\n", pass->name.s,
                    pass->mode == DSL_MODE_ONCE ? "once" : "fixpoint");
      for (uint32_t i = 0; i < gp.nrules; i++) {
        GenReq rq[64];
        uint32_t n = gen_rule_reqs(&g, &gp, &gp.rules[i].variants[0], rq, 64);
        rgs_buf_printf(out, "  %s:", pass->rules[i]->name.s);
        for (uint32_t k = 0; k < n; k++) {
          const char *ops = gen_ops_text(&g, &gp, rq[k].ops, rq[k].nops);
          rgs_buf_printf(out, "%s %s%s%s >= %u", k ? " and" : "", rq[k].nops > 1 ? "(" : "", ops,
                        rq[k].nops > 1 ? ")" : "", rq[k].count);
        }
        rgs_buf_putc(out, '\n');
      }
    }
  }
  rgs_arena_free(&g.arena);
}
