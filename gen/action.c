/* gen/action.c - phase 3b: one C function per rule, `<pass>__<rule>`: reads
 * the rule's bindings from the nodes and values the matcher passes (only
 * those the rule uses), evaluates the guard, builds the replacement and
 * rewrites. Every place the rule matches (each root op of a class, each
 * operand order of a commutative op) calls this one function. Before any
 * node is built a failure returns 0; after, it erases the nodes built so
 * far first (rg_rw_discard). The rule's text is echoed at the top; the C
 * of each rules line (bindings, guard steps, replacement nodes) is one C
 * line placed on it by `#line` (ctext.c), the generated lines around them
 * on the C file. Only what the rule uses is declared, so nothing needs a
 * `(void)` cast. */
#include "gen_internal.h"

/* Element type of an attribute declared as `name: i32[]`, read from the
 * declaration's source text (the AST keeps only the category). */
static RgDType decl_dtype(const DslAttrDecl *d, RgDType fallback) {
  const RgSource *src = d->name.loc.src;
  if (!d || !src)
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

static const char *dtype_c(Gen *g, const DslAttrDecl *d, RgDType fallback) {
  return gen_dtype_c(g, d ? decl_dtype(d, fallback) : fallback);
}

static const char *cattr_at(Gen *g, const DslAttrSet *as, bool checked);
static bool attr_reused(const DslAttrSet *as);

/* Whether float attribute `v`, bound from one op, must be rebuilt for the
 * attribute `as` sets: the target declares a float type of its own
 * (tosa.clamp's f32 bounds) that the source's declaration does not
 * promise (aten.clamp's num), so reusing the bound attribute would keep
 * its f64 type. */
static bool retyped_float(const DslAttrSet *as, const DslVar *v) {
  if (!as->decl || as->decl->type != DSL_TY_FLOAT || v->type != DSL_TY_FLOAT || !v->attr || !v->attr->decl)
    return false;
  RgDType want = decl_dtype(as->decl, RG_DT_NONE);
  return want != RG_DT_NONE && decl_dtype(v->attr->decl, RG_DT_NONE) != want;
}

/* C expression of type const RgAttr * for an attribute set in a replacement
 * (or a `??` fallback), its lines from the attribute's place. Not
 * `checked`: one made here may be NULL (out of memory), which the node's
 * rg_rw_make reports. */
static const char *cattr(Gen *g, const DslAttrSet *as, bool checked) {
  RgLoc prev = gen_src_set(g, as->name.loc);
  const char *c = cattr_at(g, as, checked);
  gen_src_restore(g, prev);
  return c;
}

static const char *cattr_at(Gen *g, const DslAttrSet *as, bool checked) {
  DslExpr *e = as->value;
  if (attr_reused(as))
    return gen_str(g, "a_%s", e->var->name.s);
  const char *x = gen_cexpr(g, e);
  DslType t = as->decl ? as->decl->type : e->type;
  if (t == DSL_TY_ANY)
    t = e->type;
  if (t == DSL_TY_TENSOR)
    return x;
  const char *gr = gen_graph(g);
  const char *r = gen_new_tmp(g);
  switch (t) {
  case DSL_TY_INTS:
    gen_line(g, "const RgAttr *%s = rg_attr_dense_array_ints(%s, %s, %s.n, %s.v);", r, gr,
             dtype_c(g, as->decl, RG_DT_I64), x, x);
    break;
  case DSL_TY_INT:
    gen_line(g, "const RgAttr *%s = rg_attr_int(%s, %s, rg_type_scalar(%s, %s));", r, gr, x, gr,
             dtype_c(g, as->decl, RG_DT_I64));
    break;
  case DSL_TY_FLOAT:
    gen_line(g, "const RgAttr *%s = rg_attr_float(%s, %s%s, rg_type_scalar(%s, %s));", r, gr,
             e->type == DSL_TY_FLOAT ? "" : "(double)", x, gr,
             dtype_c(g, as->decl, RG_DT_F64));
    break;
  case DSL_TY_BOOL: gen_line(g, "const RgAttr *%s = rg_attr_bool(%s, %s);", r, gr, x); break;
  case DSL_TY_TYPE: gen_line(g, "const RgAttr *%s = rg_attr_type(%s, rg_type_scalar(%s, %s));", r, gr, gr, x); break;
  case DSL_TY_STR: gen_line(g, "const RgAttr *%s = rg_attr_string(%s, %s, strlen(%s));", r, gr, x, x); break;
  default:
    gen_error(g, e->loc, "cannot build an attribute of type '%s'", dsl_type_name(t));
    return "NULL";
  }
  if (checked)
    gen_line(g, "if (!%s) return RG_OOM;", r);
  return r;
}

static bool distinct_attr_names(const DslRepl *rp) {
  for (uint32_t i = 0; i < rp->nattrs; i++)
    for (uint32_t j = 0; j < i; j++)
      if (strcmp(rp->attrs[i].name.s, rp->attrs[j].name.s) == 0)
        return false;
  return true;
}

static const char *crepl_at(Gen *g, DslRepl *rp);
static const char *finish_node(Gen *g, DslRepl *rp, const char *t);

static const char *crepl(Gen *g, DslRepl *rp) {
  RgLoc prev = gen_src_set(g, rp->loc);
  const char *c = crepl_at(g, rp);
  gen_src_restore(g, prev);
  return c;
}

static const char *crepl_var(Gen *g, const DslRepl *rp) {
  if (rp->node) {
    for (uint32_t i = 0; i < g->nnamed; i++)
      if (g->named[i].node == rp->node)
        return g->named[i].c;
  }
  if (rp->var)
    return gen_var_c(g, rp->var);
  gen_error(g, rp->loc, "unbound replacement variable");
  return "NULL";
}

/* `(op x ..rest)`: the matched node's op and properties, its nfixed
 * operands followed by the rest (rg_rw_rebuild), built as t. */
static const char *crebuild(Gen *g, DslRepl *rp, const char **args, uint32_t nfixed, const char *t) {
  RgsBuf b;
  rgs_buf_init(&b);
  for (uint32_t i = 0; i < nfixed; i++)
    rgs_buf_printf(&b, "%s%s", i ? ", " : "", args[i]);
  const char *rest = nfixed < rp->nargs ? gen_var_c(g, rp->args[nfixed]->var) : NULL;
  gen_line(g, "RgValue *%s = rg_rw_remake(rw, %s, %u, %s%s%s, %s, %s%s);", t, gen_var_c(g, rp->var), nfixed,
           nfixed ? "(RgValue *[]){" : "NULL", b.data ? b.data : "", nfixed ? "}" : "", rest ? rest : "NULL",
           rest ? rest : "0", rest ? "_n" : "");
  rgs_buf_free(&b);
  return finish_node(g, rp, t);
}

/* The operands of node t as "count, array" into ops: a compound literal
 * when fixed, else an array filled with the ..rest splices. */
static void operand_list(Gen *g, const DslRepl *rp, const char **args, const char *t, RgsBuf *ops) {
  bool splices = false;
  for (uint32_t i = 0; i < rp->nargs; i++)
    splices |= rp->args[i]->splice;
  if (!splices && rp->nargs <= GEN_MAXARGS) {
    if (!rp->nargs)
      rgs_buf_puts(ops, "0, NULL");
    else
      rgs_buf_printf(ops, "%u, (RgValue *[]){", rp->nargs);
    for (uint32_t i = 0; i < rp->nargs; i++)
      rgs_buf_printf(ops, "%s%s", i ? ", " : "", args[i]);
    if (rp->nargs)
      rgs_buf_putc(ops, '}');
    return;
  }
  gen_line(g, "RgValue *%s_a[%d];", t, GEN_MAXARGS);
  gen_line(g, "uint32_t %s_n = 0;", t);
  for (uint32_t i = 0; i < rp->nargs; i++) {
    if (!rp->args[i]->splice) {
      gen_line(g, "%s_a[%s_n++] = %s;", t, t, args[i]);
      continue;
    }
    const char *rv = gen_var_c(g, rp->args[i]->var);
    gen_line(g, "if (%s_n + %s_n > %d) return rg_rw_fail(rw, RG_ERR_INVALID, \"too many operands\");", t, rv,
             GEN_MAXARGS);
    gen_line(g, "for (uint32_t i = 0; i < %s_n; i++)", rv);
    gen_line(g, "  %s_a[%s_n++] = %s[i].value;", t, t, rv);
  }
  rgs_buf_printf(ops, "%s_n, %s_a", t, t);
}

/* The properties of node t as "count, array" into props: a compound
 * literal when fixed, else an array (a copy of the matched node's
 * properties when it copies one) updated attribute by attribute. */
static void prop_list(Gen *g, const DslRepl *rp, const char **attrs, const char *t, RgsBuf *props) {
  bool from_capture = rp->var && rp->var->kind == DSL_VAR_OP;
  if (!from_capture && distinct_attr_names(rp)) {
    if (!rp->nattrs)
      rgs_buf_puts(props, "0, NULL");
    else
      rgs_buf_printf(props, "%u, (const RgNamedAttr[]){", rp->nattrs);
    for (uint32_t i = 0; i < rp->nattrs; i++)
      rgs_buf_printf(props, "%s{%s, %s}", i ? ", " : "", gen_cquote(g, rp->attrs[i].name.s), attrs[i]);
    if (rp->nattrs)
      rgs_buf_putc(props, '}');
    return;
  }
  gen_line(g, "RgNamedAttr %s_p[%d];", t, GEN_MAXARGS);
  if (from_capture)
    gen_line(g, "uint32_t %s_np = rg_props_copy(%s, %s_p, %d);", t, gen_var_c(g, rp->var), t, GEN_MAXARGS);
  else
    gen_line(g, "uint32_t %s_np = 0;", t);
  for (uint32_t i = 0; i < rp->nattrs; i++)
    gen_line(g, "if (!rg_props_set(%s_p, &%s_np, %d, %s, %s)) return rg_rw_fail(rw, RG_ERR_INVALID, \"too many attributes\");",
             t, t, GEN_MAXARGS, gen_cquote(g, rp->attrs[i].name.s), attrs[i]);
  rgs_buf_printf(props, "%s_np, %s_p", t, t);
}

/* `(op args... {attrs})`: operands first (post-order), then the node. */
static const char *crepl_node(Gen *g, DslRepl *rp) {
  const char **args = rgs_arena_alloc(&g->arena, sizeof *args * (rp->nargs ? rp->nargs : 1));
  const char **attrs = rgs_arena_alloc(&g->arena, sizeof *attrs * (rp->nattrs ? rp->nattrs : 1));
  if (!args || !attrs) {
    g->ok = false;
    return "NULL";
  }
  for (uint32_t i = 0; i < rp->nargs; i++)
    args[i] = rp->args[i]->splice ? NULL : crepl(g, rp->args[i]);
  for (uint32_t i = 0; i < rp->nattrs; i++)
    attrs[i] = cattr(g, &rp->attrs[i], false);
  bool from_capture = rp->var && rp->var->kind == DSL_VAR_OP;
  const char *t = gen_new_tmp(g);
  /* The node is built where its text ends, after its operands and
   * attributes: the C of a replacement follows the rules lines down. */
  gen_src_set(g, gen_loc_close(rp->loc));
  uint32_t nfixed = rp->nargs && rp->args[rp->nargs - 1]->splice ? rp->nargs - 1 : rp->nargs;
  bool one_rest_last = nfixed + 1 >= rp->nargs;
  for (uint32_t i = 0; i < nfixed; i++)
    one_rest_last = one_rest_last && !rp->args[i]->splice;
  if (from_capture && !rp->nattrs && one_rest_last && rp->nargs <= GEN_MAXARGS)
    return crebuild(g, rp, args, nfixed, t);
  RgsBuf ops, props;
  rgs_buf_init(&ops);
  rgs_buf_init(&props);
  operand_list(g, rp, args, t, &ops);
  prop_list(g, rp, attrs, t, &props);
  /* A node that cannot be built makes the rule's later ones nothing and
   * is refused where the action ends (rg_rw_make): no test here. */
  if (from_capture)
    gen_line(g, "RgValue *%s = rg_rw_make_like(rw, %s, %s, %s);", t, gen_var_c(g, rp->var), ops.data,
             props.data);
  else
    gen_line(g, "RgValue *%s = rg_rw_make(rw, %s, %s, %s);", t,
             gen_op_const(g, g->pass, (uint32_t)gen_local_index(g->pass, rp->op)), ops.data, props.data);
  rgs_buf_free(&ops);
  rgs_buf_free(&props);
  return finish_node(g, rp, t);
}

static const char *crepl_at(Gen *g, DslRepl *rp) {
  switch (rp->kind) {
  case DSL_REP_VAR: return crepl_var(g, rp);
  case DSL_REP_EXPR: return gen_cexpr(g, rp->expr);
  case DSL_REP_ERASE: return "NULL";
  case DSL_REP_LIST:
  case DSL_REP_FOR: gen_error(g, rp->loc, "a replacement list stands only for a whole replacement"); return "NULL";
  case DSL_REP_OP: return crepl_node(g, rp);
  }
  return "NULL";
}

/* The value of a replacement node built as `t`, remembered by its name. */
static const char *finish_node(Gen *g, DslRepl *rp, const char *t) {
  const char *val = t; /* its first result */
  if (rp->capture.s) {
    if (g->nnamed == sizeof g->named / sizeof g->named[0])
      gen_error(g, rp->capture.loc, "more than %u named nodes in one replacement",
                (unsigned)(sizeof g->named / sizeof g->named[0]));
    else
      g->named[g->nnamed].node = rp, g->named[g->nnamed++].c = val;
  }
  return val;
}

/* Whether a replacement reads variable `v` as it is: an attribute reused
 * unchanged (its `a_` pointer) or a rest spliced into an operand list. */
static bool repl_reads_raw(const DslRepl *rp, const DslVar *v) {
  if (rp->splice && rp->var == v)
    return true;
  for (uint32_t i = 0; i < rp->nattrs; i++) {
    const DslExpr *e = rp->attrs[i].value;
    if (e->kind == DSL_EX_NAME && e->var == v)
      return true;
  }
  for (uint32_t i = 0; i < rp->nargs; i++)
    if (repl_reads_raw(rp->args[i], v))
      return true;
  return false;
}

static bool expr_reads(const DslExpr *e, const DslVar *v) {
  if (e->kind == DSL_EX_NAME && e->var == v)
    return true;
  for (uint32_t i = 0; i < e->nargs; i++)
    if (expr_reads(e->args[i], v))
      return true;
  return false;
}

static bool repl_reads(const DslRepl *rp, const DslVar *v) {
  if (rp->var == v || (rp->kind == DSL_REP_EXPR && expr_reads(rp->expr, v)))
    return true;
  for (uint32_t i = 0; i < rp->nattrs; i++)
    if (expr_reads(rp->attrs[i].value, v))
      return true;
  for (uint32_t i = 0; i < rp->nfor_lists; i++)
    if (expr_reads(rp->for_lists[i], v))
      return true;
  for (uint32_t i = 0; i < rp->nargs; i++)
    if (repl_reads(rp->args[i], v))
      return true;
  return false;
}

/* Whether attribute set `as` reuses the bound attribute it names as it is
 * (cattr_at): unless it may be absent and stands for its fallback then, or
 * the target's float type differs. */
static bool attr_reused(const DslAttrSet *as) {
  const DslExpr *e = as->value;
  return e->kind == DSL_EX_NAME && e->var && e->var->kind == DSL_VAR_ATTR &&
         !(e->var->attr && e->var->attr->fallback && gen_attr_has_reading(e->var->type)) &&
         !retyped_float(as, e->var);
}

/* Whether the replacement reads attribute variable `v`'s value, not only
 * copies the attribute into a node it builds. */
static bool repl_reads_value(const DslRepl *rp, const DslVar *v) {
  if (rp->var == v || (rp->kind == DSL_REP_EXPR && expr_reads(rp->expr, v)))
    return true;
  for (uint32_t i = 0; i < rp->nattrs; i++)
    if (!attr_reused(&rp->attrs[i]) && expr_reads(rp->attrs[i].value, v))
      return true;
  for (uint32_t i = 0; i < rp->nfor_lists; i++)
    if (expr_reads(rp->for_lists[i], v))
      return true;
  for (uint32_t i = 0; i < rp->nargs; i++)
    if (repl_reads_value(rp->args[i], v))
      return true;
  return false;
}

/* The action's name for pattern node k: its capture's (`op:(...)`) when
 * the rule reads it, else its place (`n0_1`). */
static const char *node_name(Gen *g, const GenRule *r, uint32_t k) {
  const DslRule *dr = r->rule;
  const GenVariant *v0 = &r->variants[0];
  for (uint32_t i = 0; i < dr->nvars; i++)
    if (dr->vars[i]->kind == DSL_VAR_OP && r->used[i] && v0->bind[dr->vars[i]->index].node == k)
      return gen_var_c(g, dr->vars[i]);
  return gen_node_var(g, v0->node_at[k]);
}

/* Declarations of the variables the rule reads, from the parameters; an
 * attribute's `a_` pointer only where the action uses it as it is. */
static void print_bindings(Gen *g, const GenRule *r) {
  const DslRule *dr = r->rule;
  const GenVariant *v0 = &r->variants[0];
  /* One step: all on the pattern's first line. */
  gen_src_set(g, dr->pattern->loc);
  g->src_pinned = true;
  for (uint32_t i = 0; i < dr->nvars; i++) {
    DslVar *var = dr->vars[i];
    if (!r->used[i])
      continue;
    const GenBinding *b = &v0->bind[var->index];
    const char *c = gen_var_c(g, var);
    const char *node = node_name(g, r, b->node);
    switch (var->kind) {
    case DSL_VAR_VALUE:
    case DSL_VAR_ITER:
      break; /* a parameter; an element of a `for` list, set by its loop */
    case DSL_VAR_OP:
      break; /* the node's own name (node_name) */
    case DSL_VAR_REST:
      gen_line(g, "RgUse *%s = %s->operands + %u;", c, node, b->start);
      gen_line(g, "uint32_t %s_n = %s->num_operands - %u;", c, node, b->start);
      if (!repl_reads_raw(dr->repl, var)) { /* a rest only a guard's extern reads */
        gen_line(g, "(void)%s;", c);
        gen_line(g, "(void)%s_n;", c);
      }
      break;
    case DSL_VAR_SPLAT:
      gen_line(g, "double %s;", c);
      gen_line(g, "if (!rg_match_splat(rw, s_%s, &%s)) return 0;", var->name.s, c);
      break;
    case DSL_VAR_ATTR: {
      const char *an = var->attr ? var->attr->name.s : var->name.s;
      const char *a = gen_str(g, "a_%s", var->name.s);
      const char *find = gen_str(g, "RG_ATTR(%s, %s)", node,
                                 gen_attr_const(g, g->pass, gen_attr_index(g, g->pass, an)));
      DslExpr *fb = var->attr ? var->attr->fallback : NULL;
      /* An attribute only copied into the replacement is not read. */
      bool has_reading = gen_attr_has_reading(var->type);
      bool reading = has_reading && ((dr->guard && expr_reads(dr->guard, var)) || repl_reads_value(dr->repl, var));
      /* the attribute's name, where its id does not spell it */
      const char *note = strcmp(gen_cname(g, an), an) == 0 ? "" : gen_str(g, " /* %s */", gen_comment(g, an));
      if (!has_reading || (fb && reading) || repl_reads_raw(dr->repl, var)) {
        gen_line(g, "const RgAttr *%s = %s;%s", a, find, note);
        find = a;
      }
      if (fb && !has_reading) {
        /* Absent: the fallback literal as an attribute. */
        gen_line(g, "if (!%s) {", a);
        DslAttrSet as = {var->attr->name, fb, var->attr->decl};
        const char *lit = cattr(g, &as, true);
        gen_line(g, "%s = %s;", a, lit);
        gen_line(g, "}");
        break;
      }
      static const char *const get_fn[] = {[DSL_TY_INTS] = "rg_attr_to_ints", [DSL_TY_INT] = "rg_attr_get_int",
                                           [DSL_TY_FLOAT] = "rg_attr_get_float", [DSL_TY_BOOL] = "rg_attr_get_bool",
                                           [DSL_TY_STR] = "rg_attr_get_str"};
      /* `fn(` and, for the readings that need it, the graph */
      const char *get = "";
      if (reading)
        get = var->type == DSL_TY_INTS || var->type == DSL_TY_STR
                  ? gen_str(g, "%s(%s, ", get_fn[var->type], gen_graph(g))
                  : gen_str(g, "%s(", get_fn[var->type]);
      static const char *const schema[] = {[DSL_TY_INTS] = "RG_SCHEMA_INTS", [DSL_TY_INT] = "RG_SCHEMA_INT",
                                           [DSL_TY_FLOAT] = "RG_SCHEMA_NUM", [DSL_TY_BOOL] = "RG_SCHEMA_BOOL",
                                           [DSL_TY_STR] = "RG_SCHEMA_STR"};
      if (has_reading && !reading && !fb) {
        /* Bound but only copied: of the bound kind all the same. */
        gen_line(g, "if (!rg_attr_reads_as(%s, %s, %s)) return 0;%s", gen_graph(g), find, schema[var->type],
                 find == a ? "" : note);
      } else if (reading && fb) {
        gen_declare(g, gen_ctype(var->type), c);
        gen_line(g, "if (!%s) %s = %s;", a, c, gen_cexpr(g, fb));
        gen_line(g, "else if (!%s%s, &%s)) return 0;", get, a, c);
      } else if (reading) {
        gen_declare(g, gen_ctype(var->type), c);
        gen_line(g, "if (!%s%s, &%s)) return 0;%s", get, find, c, find == a ? "" : note);
      }
      break;
    }
    }
  }
  g->src_pinned = false;
  g->src = (RgLoc){0};
}

/* `[e for n, m in l1, l2]`: the lists are computed before anything is
 * built and must have one element per result of the root; then `e` is
 * built once per element whose result is used, in a loop whose body is
 * `e`'s code (an unused result is left alone, as `_` leaves it, so no dead
 * node is built for it). */
static void print_for(Gen *g, const GenRule *r, const DslRepl *rf) {
  const char **lists = rgs_arena_alloc(&g->arena, sizeof *lists * (rf->nfor_lists ? rf->nfor_lists : 1));
  if (!lists) {
    g->ok = false;
    return;
  }
  g->discarding = false;
  gen_src_set(g, rf->loc);
  RgsBuf cond;
  rgs_buf_init(&cond);
  for (uint32_t i = 0; i < rf->nfor_lists; i++) {
    lists[i] = gen_cexpr(g, rf->for_lists[i]);
    rgs_buf_printf(&cond, " || %s.n != root->num_results", lists[i]);
  }
  g->cur->ex = true;
  gen_line(g, "if (%s) { if (ex) rg_rw_explain(rw, %u, \"the 'for' lists do not have one element per result\"); return 0; }",
           cond.data + 4, r->index);
  rgs_buf_free(&cond);
  /* Scratch slots are int64_t, wide enough for a pointer. */
  const char *vals = gen_new_tmp(g);
  gen_line(g, "RgValue **%s = (RgValue **)(void *)rg_rw_scratch(rw, root->num_results);", vals);
  gen_line(g, "if (!%s) return 0;", vals);
  g->discarding = true;
  gen_line(g, "for (uint32_t %s_i = 0; %s_i < root->num_results; %s_i++) {", vals, vals, vals);
  g->out.indent++;
  gen_line(g, "%s[%s_i] = NULL;", vals, vals);
  gen_line(g, "if (root->results[%s_i].num_uses == 0) continue;", vals);
  for (uint32_t i = 0; i < rf->nfor_names && i < rf->nfor_lists; i++) {
    const char *c = gen_var_c(g, rf->for_vars[i]);
    gen_src_set(g, rf->for_names[i].loc);
    if (repl_reads(rf->args[0], rf->for_vars[i]))
      gen_line(g, "int64_t %s = %s.v[%s_i];", c, lists[i], vals);
  }
  const char *val = crepl(g, rf->args[0]);
  gen_src_set(g, rf->args[0]->loc);
  gen_line(g, "%s[%s_i] = %s;", vals, vals, val);
  g->out.indent--;
  gen_src_set(g, rf->loc);
  gen_line(g, "}");
  gen_line(g, "return rg_rw_apply(rw, root, %s, %u);", vals, r->index);
  g->src = (RgLoc){0};
}

void gen_action_print(Gen *g, GenRule *r) {
  DslRule *dr = r->rule;
  g->cur = r;
  g->tmp = 0;
  g->nmemo = 0;
  g->nnamed = 0;
  g->discarding = false;
  r->ex = false;
  RgsBuf params;
  rgs_buf_init(&params);
  for (uint32_t i = 0; i < r->nparams; i++) {
    const GenParam *pa = &r->params[i];
    if (pa->is_node)
      rgs_buf_printf(&params, ", RgNode *%s", node_name(g, r, pa->node));
    else
      rgs_buf_printf(&params, ", RgValue *%s%s", pa->var->kind == DSL_VAR_SPLAT ? "s_" : "v_", pa->var->name.s);
  }
  /* The rule as written above its action; the signature, written once the
   * body shows whether it reads `ex`, on the rule's first line: a debugger
   * entering the action shows the rule, and the code of the rule's next
   * line follows with no `#line` of its own. */
  gen_echo_rule(g, dr);
  gen_reserve_line(g, dr->loc);
  g->out.indent++;
  g->body_indent = g->out.indent;
  /* The code, each line of it on its line of the rules file; `gr` is
   * declared at the start of the code once the code shows it reads the
   * graph. */
  RgsBuf body, *file = g->out.buf;
  rgs_buf_init(&body);
  g->out.buf = &body;
  g->nconj = 0;
  g->graph_used = false;
  g->out.mark = true;
  g->out.marked = SIZE_MAX;
  print_bindings(g, r);
  if (dr->guard)
    gen_guard_print(g, r, dr->guard);
  /* From here on nodes exist: a replacement value that cannot be computed
   * discards them before the rule gives up. */
  g->discarding = true;
  if (dr->repl->kind == DSL_REP_ERASE) {
    r->ex = true;
    RgLoc prev = gen_src_set(g, dr->repl->loc);
    gen_line(g, "if (root->results[0].num_uses != 0) { if (ex) rg_rw_explain(rw, %u, \"the root still has uses, so '_' cannot remove it\"); return 0; }", r->index);
    gen_line(g, "return rg_rw_erase(rw, root, %u) ? 1 : -1;", r->index);
    gen_src_restore(g, prev);
  } else if (dr->repl->kind == DSL_REP_FOR) {
    print_for(g, r, dr->repl);
  } else if (dr->repl->kind == DSL_REP_LIST) {
    /* A result left alone must be dead; tested before anything is built. */
    const DslRepl *rl = dr->repl;
    RgLoc before = g->src;
    for (uint32_t i = 0; i < rl->nargs; i++)
      if (rl->args[i]->kind == DSL_REP_ERASE) {
        r->ex = true;
        gen_src_set(g, rl->loc); /* the list's first line: one step for all its `_` */
        gen_line(g, "if (root->results[%u].num_uses != 0) { if (ex) rg_rw_explain(rw, %u, \"result %u is used, so '_' cannot leave it alone\"); return 0; }", i, r->index, i);
      }
    g->src = before;
    RgsBuf vals;
    rgs_buf_init(&vals);
    for (uint32_t i = 0; i < rl->nargs; i++)
      rgs_buf_printf(&vals, "%s%s", i ? ", " : "", crepl(g, rl->args[i]));
    RgLoc prev = gen_src_set(g, gen_loc_close(rl->loc));
    gen_line(g, "return rg_rw_apply(rw, root, (RgValue *[]){%s}, %u);", vals.data, r->index);
    gen_src_restore(g, prev);
    rgs_buf_free(&vals);
  } else {
    const char *val = crepl(g, dr->repl);
    RgLoc prev = gen_src_set(g, dr->repl->kind == DSL_REP_OP ? gen_loc_close(dr->repl->loc) : dr->repl->loc);
    gen_line(g, "return rg_rw_apply(rw, root, (RgValue *[]){%s}, %u);", val, r->index);
    gen_src_restore(g, prev);
  }
  gen_end_line(g);
  g->out.buf = file;
  g->out.mark = false;
  size_t at = g->out.marked <= body.len ? g->out.marked : body.len;
  rgs_buf_printf(file, "static RG_NOINLINE int %s(RgRewriter *rw, RgNode *root%s%s) {\n", r->fn,
                 r->ex ? ", bool ex" : "", params.data ? params.data : "");
  rgs_buf_free(&params);
  rgs_buf_put(file, body.data ? body.data : "", at);
  if (g->graph_used)
    rgs_buf_puts(file, "RgGraph *gr = rg_rw_graph(rw); ");
  rgs_buf_put(file, body.data ? body.data + at : "", body.len - at);
  if (body.oom)
    g->ok = false;
  rgs_buf_free(&body);
  g->out.indent--;
  gen_end_function(g);
}
