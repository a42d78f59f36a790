/* gen/gen.c - the generator's driver and phase 4, the file: for each pass
 * of the root files it builds the rule IR (ir.c), prints one action function
 * per rule (action.c), builds and prints one decision tree per root op
 * (tree.c, match.c), then the tables the pass manager reads: local ops,
 * rules, the target-op condition and the pass descriptor. Around them: the
 * op registry, extern declarations, pipelines and the optional header. */
#include "gen_internal.h"
#include "rulegen/pass.h"

/* ---- passes ---- */

static void emit_pass_tables(Gen *g, GenPass *gp, const bool *is_root, bool is_static) {
  const char *P = gp->cname;
  DslPass *pass = gp->pass;
  RgsBuf req_ops, reqs, rules;
  rgs_buf_init(&req_ops);
  rgs_buf_init(&reqs);
  rgs_buf_init(&rules);
  uint32_t nreq_ops = 0, nreqs = 0;
  for (uint32_t i = 0; i < gp->nrules; i++) {
    GenRule *r = &gp->rules[i];
    GenReq rq[64];
    uint32_t n = r->nvariants ? gen_rule_reqs(g, gp, &r->variants[0], rq, 64) : 0;
    uint32_t first_req = nreqs;
    for (uint32_t k = 0; k < n; k++) {
      rgs_buf_printf(&reqs, "  {%u, %u, %u},\n", nreq_ops, rq[k].nops, rq[k].count);
      for (uint32_t j = 0; j < rq[k].nops; j++)
        rgs_buf_printf(&req_ops, "%s%u", nreq_ops + j ? ", " : "  ", rq[k].ops[j]);
      nreq_ops += rq[k].nops;
      nreqs++;
    }
    const char *where = gen_str(g, "%s:%u", gen_loc_file(r->rule->loc), gen_loc_line(r->rule->loc));
    rgs_buf_printf(&rules, "  {%s, %s, %u, %u, %s},\n", gen_cquote(g, r->rule->name.s), gen_cquote(g, where),
                  first_req, n, r->rule->inexact ? "true" : "false");
  }
  gen_line(g, "/* Target-op condition: a rule can fire only if, for each of its");
  gen_line(g, " * requirements, the graph holds enough unfrozen nodes of those ops. */");
  gen_line(g, "static const uint16_t %s_req_ops[%u] = {", P, nreq_ops ? nreq_ops : 1);
  gen_line(g, "%s", req_ops.len ? req_ops.data : "  0 /* none */");
  gen_line(g, "};");
  gen_line(g, "static const RgOpReq %s_reqs[%u] = {", P, nreqs ? nreqs : 1);
  gen_raw(g, reqs.len ? reqs.data : "  {0}\n");
  gen_line(g, "};");
  gen_line(g, "static const RgRuleDesc %s_rules[%u] = {", P, pass->nrules ? pass->nrules : 1);
  gen_raw(g, rules.len ? rules.data : "  {0}\n");
  gen_line(g, "};");
  if (req_ops.oom || reqs.oom || rules.oom)
    g->ok = false;
  rgs_buf_free(&req_ops);
  rgs_buf_free(&reqs);
  rgs_buf_free(&rules);

  RgsBuf roots;
  rgs_buf_init(&roots);
  uint32_t nroots = 0;
  for (uint32_t op = 0; op < gp->nlops; op++)
    if (is_root[op])
      rgs_buf_printf(&roots, "%s%u", nroots++ ? ", " : "", op);
  gen_line(g, "static const uint16_t %s_roots[%u] = {%s};", P, nroots ? nroots : 1, roots.data ? roots.data : "0");
  gen_line(g, "/* Attribute names, matched by id (rg_rw_attr_ids). */");
  gen_line(g, "static const char *const %s_attr_names[%u] = {", P, gp->nattrs ? gp->nattrs : 1);
  for (uint32_t i = 0; i < gp->nattrs; i++)
    gen_line(g, "  %s, /* %u */", gen_cquote(g, gp->attrs[i]), i);
  if (!gp->nattrs)
    gen_line(g, "  NULL");
  gen_line(g, "};");
  rgs_buf_free(&roots);
  gen_blank(g);
  gen_line(g, "%sconst RgPassDesc rg_pass_%s__%s = {", is_static ? "static " : "", g->sym, P);
  gen_line(g, "  RG_ABI_VERSION, %s, %s,", gen_cquote(g, pass->name.s), gen_cquote(g, pass->doc ? pass->doc : ""));
  gen_line(g, "  %s,", pass->mode == DSL_MODE_ONCE ? "RG_PASS_ONCE" : "RG_PASS_FIXPOINT");
  gen_line(g, "  %u, %s_op_names, %s_op_descs,", gp->nlops, P, P);
  gen_line(g, "  %u, %s_roots,", nroots, P);
  gen_line(g, "  %u, %s_rules, %s_req_ops, %s_reqs,", pass->nrules, P, P, P);
  gen_line(g, "  %s_match,", P);
  gen_line(g, "  %u, %s_attr_names", gp->nattrs, P);
  gen_line(g, "};");
}

static void emit_pass(Gen *g, DslPass *pass, bool is_static) {
  GenPass gp;
  if (!gen_pass_build(g, pass, &gp))
    return;
  g->pass = &gp;
  g->nsplit = 0;
  const char *P = gp.cname;

  gen_blank(g);
  gen_line(g, "/* ---- pass %s%s%s ---- */", pass->name.s, pass->doc ? ": " : "",
           pass->doc ? gen_comment(g, pass->doc) : "");
  gen_blank(g);
  gen_line(g, "static const char *const %s_op_names[%u] = {", P, gp.nlops ? gp.nlops : 1);
  for (uint32_t i = 0; i < gp.nlops; i++)
    gen_line(g, "  %s, /* %u */", gen_cquote(g, gp.lops[i]->name), i);
  if (!gp.nlops)
    gen_line(g, "  NULL");
  gen_line(g, "};");
  gen_line(g, "static const RgOpDesc *const %s_op_descs[%u] = {", P, gp.nlops ? gp.nlops : 1);
  for (uint32_t i = 0; i < gp.nlops; i++)
    gen_line(g, "  &rg_ops_%s[%u],", g->sym, gp.lops[i]->id);
  if (!gp.nlops)
    gen_line(g, "  NULL");
  gen_line(g, "};");
  gen_blank(g);

  for (uint32_t i = 0; i < gp.nrules && g->ok; i++)
    gen_action_print(g, &gp.rules[i]);

  bool *is_root = rgs_arena_zalloc(&g->arena, sizeof *is_root * (gp.nlops ? gp.nlops : 1));
  if (!is_root) {
    g->ok = false;
    return;
  }
  for (uint32_t i = 0; i < gp.nrules; i++)
    for (uint32_t k = 0; k < gp.rules[i].rule->pattern->nops; k++)
      is_root[gen_local_index(&gp, gp.rules[i].rule->pattern->ops[k])] = true;
  for (uint32_t op = 0; op < gp.nlops && g->ok; op++) {
    if (!is_root[op])
      continue;
    GenDtSeq tree = gen_tree_build(g, &gp, (uint16_t)op);
    if (g->ok)
      gen_match_print(g, &gp, (uint16_t)op, &tree);
  }

  gen_line(g, "static int %s_match(RgRewriter *rw, RgNode *root, uint16_t root_op) {", P);
  bool any_root = false;
  for (uint32_t op = 0; op < gp.nlops; op++)
    any_root |= is_root[op];
  if (!any_root) /* a pass without rules */
    gen_line(g, "  (void)rw, (void)root;");
  gen_line(g, "  switch (root_op) {");
  for (uint32_t op = 0; op < gp.nlops; op++)
    if (is_root[op])
      gen_line(g, "  case %u: return %s__match_%s(rw, root);", op, P, gen_cname(g, gp.lops[op]->name));
  gen_line(g, "  default: return 0;");
  gen_line(g, "  }");
  gen_line(g, "}");
  gen_blank(g);
  emit_pass_tables(g, &gp, is_root, is_static);
  g->pass = NULL;
}

/* ---- whole file ---- */

static bool is_root_file(DslProgram *p, RgSource *src) {
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
static void put_hook_decls(Gen *g, RgsBuf *b) {
  for (uint32_t i = 0; i < g->p->nops; i++) {
    DslOpDecl *op = g->p->ops[i];
    if (op->shape_fn.s && !hook_seen(g, i, op->shape_fn.s))
      rgs_buf_printf(b, "RgStatus %s(RgGraph *g, const RgNode *n, const RgType **results, char *err, size_t errlen);\n",
                    op->shape_fn.s);
    if (op->eval_fn.s && !hook_seen(g, i, op->eval_fn.s) &&
        !(op->shape_fn.s && strcmp(op->shape_fn.s, op->eval_fn.s) == 0))
      rgs_buf_printf(b, "RgStatus %s(struct RgInterp *ip, const RgNode *n, struct RgTensor *const *in, "
                       "uint32_t num_in, struct RgTensor *out, uint32_t num_out);\n", op->eval_fn.s);
    if (op->smt_fn.s && !hook_seen(g, i, op->smt_fn.s))
      rgs_buf_printf(b, "struct _Z3_ast *%s(struct RgSmt *s, const RgNode *n, uint32_t result, "
                       "struct _Z3_ast *const *idx);\n", op->smt_fn.s);
  }
  for (uint32_t f = 0; f < g->p->nfiles; f++) {
    DslFile *file = g->p->files[f];
    for (uint32_t d = 0; d < file->ndecls; d++) {
      if (file->decls[d]->kind != DSL_DECL_EXTERN)
        continue;
      DslExtern *x = file->decls[d]->u.ext;
      rgs_buf_printf(b, "bool %s(RgRewriter *rw", x->name.s);
      for (uint32_t i = 0; i < x->nparams; i++)
        rgs_buf_printf(b, ", %s", x->params[i] == DSL_TY_VALUE ? "RgValue *" : gen_ctype(x->params[i]));
      if (!x->is_pred)
        rgs_buf_printf(b, ", %s*out", gen_ctype(x->ret));
      rgs_buf_puts(b, ");\n");
    }
  }
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
  RgsBuf decls;
  rgs_buf_init(&decls);
  put_hook_decls(g, &decls);
  if (decls.len) {
    gen_raw(g, decls.data);
    gen_blank(g);
  }
  g->ok = g->ok && !decls.oom;
  rgs_buf_free(&decls);
  /* Declared attributes, which the op verifier checks graphs against. */
  for (uint32_t i = 0; i < g->p->nops; i++) {
    DslOpDecl *op = g->p->ops[i];
    if (!op->nattrs)
      continue;
    gen_line(g, "static const RgAttrDesc rg_attrs_%u_%s[%u] = {", i, sym, op->nattrs);
    for (uint32_t k = 0; k < op->nattrs; k++)
      gen_line(g, "  {%s, %s, %s},", gen_cquote(g, op->attrs[k].name.s), schema_kind(op->attrs[k].type),
               op->attrs[k].optional ? "true" : "false");
    gen_line(g, "};");
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
      snprintf(attrs, sizeof attrs, "%s_attrs_%u", "rg", i);
    gen_line(g, "  {%s, %u, %s, %u, 0x%xu, %s, %s, \"%s:%u\", %u, %s%s%s, %s}, /* %u */", gen_cquote(g, op->name),
             fixed, op->variadic ? "true" : "false", op->nresults, traits,
             op->shape_fn.s ? op->shape_fn.s : "NULL", op->eval_fn.s ? op->eval_fn.s : "NULL",
             where.data ? where.data : "", gen_loc_line(op->loc), op->nattrs, attrs, op->nattrs ? "_" : "",
             op->nattrs ? sym : "", op->smt_fn.s ? op->smt_fn.s : "NULL", i);
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
  gen_blank(g);
  gen_line(g, "RG_API const RgOptTarget rg_target_%s = {", sym);
  gen_line(g, "  %s, rg_pipelines_%s, rg_passes_%s, rg_ops_%s, %u, NULL, RG_ABI_VERSION", gen_cquote(g, sym),
           sym, sym, sym, g->p->nops);
  gen_line(g, "};");
}

bool gen_emit(DslProgram *p, const GenOptions *o, RgsBuf *c, RgsBuf *h) {
  Gen g = {.p = p, .o = o, .out = {c, 0, 0, NULL, 0}, .ok = true};
  rgs_arena_init(&g.arena);
  const char *sym = o->symbol ? o->symbol : "rules";
  g.sym = sym;
  gen_line(&g, "/* Generated by rulegen %s from the rules files below; do not edit.", RG_VERSION);
  for (uint32_t i = 0; i < p->nroots; i++)
    gen_line(&g, " *   %s", p->roots[i]->src->name);
  gen_line(&g, " */");
  gen_line(&g, "#include <math.h>");
  gen_line(&g, "#include <string.h>");
  gen_line(&g, "#include \"rulegen/pass.h\"");
  gen_line(&g, "#include \"rulegen/match.h\"");
  gen_line(&g, "#include \"rulegen/opt.h\"");
  if (o->header_name)
    gen_line(&g, "#include \"%s\"", o->header_name);
  gen_blank(&g);
  gen_line(&g, "#if RG_ABI_VERSION != %d", RG_ABI_VERSION);
  gen_line(&g, "#error \"generated for rulegen runtime ABI %d; regenerate with this rulegen\"", RG_ABI_VERSION);
  gen_line(&g, "#endif");
  gen_blank(&g);
  emit_op_descs(&g, sym);
  gen_blank(&g);

  /* Passes of the root files, in declaration order. */
  uint32_t npasses = 0;
  RgsBuf passes;
  rgs_buf_init(&passes);
  for (uint32_t f = 0; f < p->nfiles && g.ok; f++) {
    DslFile *file = p->files[f];
    if (!is_root_file(p, file->src))
      continue;
    for (uint32_t d = 0; d < file->ndecls && g.ok; d++) {
      if (file->decls[d]->kind != DSL_DECL_PASS)
        continue;
      DslPass *pass = file->decls[d]->u.pass;
      emit_pass(&g, pass, false);
      rgs_buf_printf(&passes, "  &rg_pass_%s__%s,\n", sym, gen_cname(&g, pass->name.s));
      npasses++;
    }
  }
  /* Passes of imported files that a pipeline runs are generated here too,
   * static, so a rule set links on its own. */
  DslPass **imported = rgs_arena_zalloc(&g.arena, sizeof *imported * (p->npasses + 1));
  uint32_t nimported = 0;
  for (uint32_t f = 0; f < p->nfiles && g.ok && imported; f++) {
    DslFile *file = p->files[f];
    if (!is_root_file(p, file->src))
      continue;
    for (uint32_t d = 0; d < file->ndecls; d++) {
      if (file->decls[d]->kind != DSL_DECL_PIPELINE)
        continue;
      DslPipeline *pl = file->decls[d]->u.pipeline;
      for (uint32_t i = 0; i < pl->npasses && g.ok; i++) {
        DslPass *pass = pl->passes[i];
        bool seen = !pass || is_root_file(p, (RgSource *)pass->loc.src);
        for (uint32_t k = 0; k < nimported && !seen; k++)
          seen = imported[k] == pass;
        if (seen || nimported >= p->npasses)
          continue;
        imported[nimported++] = pass;
        emit_pass(&g, pass, true);
      }
    }
  }
  RgsBuf pipes;
  rgs_buf_init(&pipes);
  uint32_t npipes = 0;
  for (uint32_t f = 0; f < p->nfiles && g.ok; f++) {
    DslFile *file = p->files[f];
    if (!is_root_file(p, file->src))
      continue;
    for (uint32_t d = 0; d < file->ndecls; d++) {
      if (file->decls[d]->kind != DSL_DECL_PIPELINE)
        continue;
      DslPipeline *pl = file->decls[d]->u.pipeline;
      const char *pn = gen_cname(&g, pl->name.s);
      gen_blank(&g);
      gen_line(&g, "static const RgPassDesc *const %s_passes[%u] = {", pn, pl->npasses ? pl->npasses : 1);
      for (uint32_t i = 0; i < pl->npasses; i++)
        gen_line(&g, "  &rg_pass_%s__%s,", sym, gen_cname(&g, pl->pass_names[i].s));
      gen_line(&g, "};");
      gen_line(&g, "const RgPipelineDesc rg_pipeline_%s__%s = {%s, %u, %s_passes};", sym, pn,
               gen_cquote(&g, pl->name.s), pl->npasses, pn);
      rgs_buf_printf(&pipes, "  &rg_pipeline_%s__%s,\n", sym, pn);
      npipes++;
    }
  }
  gen_blank(&g);
  gen_line(&g, "/* Everything this file defines, for tools that list passes and pipelines. */");
  gen_line(&g, "const RgPassDesc *const rg_passes_%s[%u] = {", sym, npasses + 1);
  gen_raw(&g, passes.data ? passes.data : "");
  gen_line(&g, "  NULL");
  gen_line(&g, "};");
  gen_line(&g, "const RgPipelineDesc *const rg_pipelines_%s[%u] = {", sym, npipes + 1);
  gen_raw(&g, pipes.data ? pipes.data : "");
  gen_line(&g, "  NULL");
  gen_line(&g, "};");
  rgs_buf_free(&passes);
  rgs_buf_free(&pipes);
  emit_target(&g, sym);

  if (h) {
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
          rgs_buf_printf(h, "extern const RgPassDesc rg_pass_%s__%s;\n", sym, gen_cname(&g, dc->u.pass->name.s));
        else if (dc->kind == DSL_DECL_PIPELINE)
          rgs_buf_printf(h, "extern const RgPipelineDesc rg_pipeline_%s__%s;\n", sym,
                        gen_cname(&g, dc->u.pipeline->name.s));
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
    put_hook_decls(&g, h);
    rgs_buf_puts(h, "\n#ifdef __cplusplus\n}\n#endif\n\n#endif\n");
  }
  rgs_arena_free(&g.arena);
  return g.ok && !c->oom && (!h || !h->oom);
}

void gen_dump_targets(DslProgram *p, RgsBuf *out) {
  GenOptions o = {0};
  Gen g = {.p = p, .o = &o, .out = {out, 0, 0, NULL, 0}, .ok = true};
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
