/* runtime/mlir/pretty.c - builds ops written in MLIR's custom ("pretty")
 * assembly, as mlir-opt prints them by default: builtin.module, func.func,
 * func.return, and the forms that the registered dialect syntaxes
 * (rulegen/syntax.h) give their ops. Each form is turned into exactly what
 * the generic form of the same op gives (the properties split from
 * discardable attributes, defaulted properties filled in, the function
 * signature spelled out as properties), so the rest of rulegen never knows
 * which form a file used. */
#include "mlir/mlir_internal.h"

static OpFrame *top_op(MlirParser *p) { return &p->ops.v[p->ops.len - 1]; }

static bool tok_is(const MlirTok *t, const char *s) {
  return t->len == strlen(s) && memcmp(t->s, s, t->len) == 0;
}

/* ---- building ops written in custom form ---- */

void mlir_pretty_unknown(MlirParser *p, const MlirTok *name) {
  mlir_error(p, name->s,
             "custom assembly of '%.*s' is not read (no registered dialect syntax gives it a "
             "custom form); print the file with `mlir-opt-22 --mlir-print-op-generic`",
             (int)(name->len > 60 ? 60 : name->len), name->s);
}

void mlir_pretty_begin(MlirParser *p, const MlirTok *name, uint32_t ngroups, int form) {
  if (p->failed)
    return;
  OpFrame f = {0};
  const char *s = name->s;
  size_t len = name->len;
  f.form = (uint8_t)form;
  if (form == MLIR_FORM_MODULE && tok_is(name, "module")) {
    s = "builtin.module";
    len = 14;
  } else if (form == MLIR_FORM_RETURN && tok_is(name, "return")) {
    s = "func.return";
    len = 11;
  }
  const MlirSynEnt *e = mlir_syntax_find(&p->syn, s, len);
  f.dialect = e ? e->d : NULL;
  mlir_frame_push(p, &f, name, s, len, ngroups);
}

void mlir_pretty_end(MlirParser *p, uint32_t nin, const MlirTok *loc) {
  if (p->failed)
    return;
  MlirSig sig = {nin, 0, NULL};
  mlir_op_end(p, sig, &top_op(p)->name, loc);
}

/* Moves the named entry at `from` down to `to` (to <= from), keeping the
 * order of the others. */
static void named_move(MlirParser *p, uint32_t from, uint32_t to) {
  RgNamedAttr e = p->named.v[from];
  memmove(&p->named.v[to + 1], &p->named.v[to], sizeof e * (from - to));
  p->named.v[to] = e;
}

/* Inserts `name = a` among the properties (kept sorted, as MLIR prints
 * them) unless it is already there. */
static void prop_default(MlirParser *p, const char *key, const char *text) {
  OpFrame *f = top_op(p);
  const char *name = rg_intern(p->g, key, strlen(key));
  if (!name) {
    mlir_nomem(p, NULL);
    return;
  }
  uint32_t at = f->named_base, end = f->named_base + f->num_props;
  for (; at < end; at++) {
    int c = strcmp(p->named.v[at].name, name);
    if (c == 0)
      return;
    if (c > 0)
      break;
  }
  const RgAttr *a = rg_attr_opaque(p->g, text, strlen(text));
  RgNamedAttr e = {name, a};
  if (!a || !VEC_PUSH(p, p->named, e)) {
    mlir_nomem(p, NULL);
    return;
  }
  named_move(p, p->named.len - 1, at);
  f->num_props++;
}

void mlir_pretty_functional_end(MlirParser *p, MlirSig sig, const MlirTok *colon,
                                const MlirTok *loc) {
  if (p->failed)
    return;
  /* The attribute dictionary holds both kinds: inherent ones (properties
   * in the generic form) have plain names, discardable ones a dialect
   * prefix. Both lists stay sorted as printed. */
  OpFrame *f = top_op(p);
  uint32_t nprops = 0;
  for (uint32_t i = f->named_base; i < p->named.len; i++)
    if (!strchr(p->named.v[i].name, '.'))
      named_move(p, i, f->named_base + nprops++);
  f->num_props = nprops;
  if (f->dialect && f->dialect->num_defaults) {
    const char *name = rg_op_name(p->g, f->op);
    const RgPropDefault *pd;
    for (uint32_t i = 0; (pd = mlir_prop_default(f->dialect, name, i)) != NULL; i++)
      prop_default(p, pd->name, pd->value);
  }
  p->inits.len = f->init_base;
  mlir_op_end(p, sig, colon ? colon : &f->name, loc);
}

void mlir_pretty_same_end(MlirParser *p, MlirTy t, const MlirTok *loc) {
  if (p->failed || !t.t)
    return;
  OpFrame *f = top_op(p);
  uint32_t n = p->opnds.len - f->opnd_base;
  for (uint32_t i = 0; i <= n; i++)
    mlir_type_push(p, t);
  MlirSig sig = {n, 1, t.end};
  mlir_pretty_functional_end(p, sig, NULL, loc);
}

void mlir_pretty_cast_end(MlirParser *p, MlirTy from, const MlirTok *to, MlirTy into,
                          const MlirTok *loc) {
  if (p->failed || !from.t || !into.t)
    return;
  if (!tok_is(to, "to")) {
    mlir_error(p, to->s, "expected 'to', found '%.*s'", (int)(to->len > 40 ? 40 : to->len), to->s);
    return;
  }
  mlir_type_push(p, from);
  mlir_type_push(p, into);
  MlirSig sig = {1, 1, into.end};
  mlir_pretty_functional_end(p, sig, NULL, loc);
}

void mlir_pretty_const(MlirParser *p, MlirAt value, const MlirTok *loc) {
  if (p->failed || !value.a)
    return;
  OpFrame *f = top_op(p);
  const RgType *t = value.a->type;
  if (value.a->kind == RG_ATTR_BOOL)
    t = rg_type_get(p->g, "i1", 2);
  if (!t) {
    mlir_error(p, f->name.s, "'%.*s' needs a typed value", (int)(f->name.len > 60 ? 60 : f->name.len),
               f->name.s);
    return;
  }
  RgNamedAttr e = {rg_intern(p->g, "value", 5), value.a};
  if (!e.name || !VEC_PUSH(p, p->named, e)) {
    mlir_nomem(p, f->name.s);
    return;
  }
  named_move(p, p->named.len - 1, f->named_base);
  f->num_props = 1;
  MlirTy ty = {t, NULL};
  mlir_type_push(p, ty);
  MlirSig sig = {0, 1, NULL};
  mlir_op_end(p, sig, &f->name, loc);
}

/* `@a::@b`: more than one name (a quoted name may hold "::"). */
static bool sym_nested(const MlirTok *sym) {
  const char *s = sym->s + 1, *e = sym->s + sym->len;
  if (*s == '"')
    for (s++; s < e && *s != '"'; s++)
      if (*s == '\\')
        s++;
  for (; s + 1 < e; s++)
    if (s[0] == ':' && s[1] == ':')
      return true;
  return false;
}

/* `@name` as the string attribute `"name"`; `@"x\41"` keeps its spelling,
 * as the generic form's `sym_name = "x\41"` would. */
static const RgAttr *sym_string(MlirParser *p, const MlirTok *sym) {
  MlirTok q = {sym->s + 1, sym->len - 1};
  if (q.s[0] != '"')
    return rg_attr_string(p->g, q.s, q.len);
  return mlir_attr_string(p, &q, NULL).a;
}

static void push_prop(MlirParser *p, const char *key, const RgAttr *a) {
  RgNamedAttr e = {rg_intern(p->g, key, strlen(key)), a};
  if (!a || !e.name || !VEC_PUSH(p, p->named, e)) {
    mlir_nomem(p, NULL);
    return;
  }
  top_op(p)->num_props++;
}

void mlir_pretty_sym(MlirParser *p, const MlirTok *sym, const MlirTok *vis) {
  (void)vis;
  if (p->failed)
    return;
  if (sym_nested(sym)) {
    mlir_error(p, sym->s, "expected a symbol name, found a nested reference");
    return;
  }
  push_prop(p, "sym_name", sym_string(p, sym));
}

void mlir_func_begin(MlirParser *p, const MlirTok *name, uint32_t ngroups, const MlirTok *sym,
                     const MlirTok *vis) {
  mlir_pretty_begin(p, name, ngroups, MLIR_FORM_FUNC);
  if (p->failed)
    return;
  if (vis && !tok_is(vis, "private") && !tok_is(vis, "public") && !tok_is(vis, "nested")) {
    mlir_error(p, vis->s, "expected 'private', 'public' or 'nested', found '%.*s'",
               (int)(vis->len > 40 ? 40 : vis->len), vis->s);
    return;
  }
  if (sym_nested(sym)) {
    mlir_error(p, sym->s, "expected a symbol name, found a nested reference");
    return;
  }
  p->fn_sym = *sym;
  p->fn_vis = vis ? *vis : (MlirTok){NULL, 0};
  p->fn_nargs = p->fn_nres = p->fn_named_args = 0;
  p->fn_attrs.len = 0;
  mlir_region_begin(p, sym);
}

void mlir_func_arg(MlirParser *p, const MlirTok *name, MlirTy ty, MlirAt dict, const MlirTok *loc) {
  if (p->failed)
    return;
  if (name) {
    if (p->fn_named_args != p->fn_nargs) {
      mlir_error(p, name->s, "either all arguments are named or none");
      return;
    }
    RegionFrame *rf = &p->regions.v[p->regions.len - 1];
    if (!rf->cur && !(rf->cur = rg_region_add_block(p->g, rf->r))) {
      mlir_nomem(p, name->s);
      return;
    }
    mlir_block_arg(p, name, ty, loc);
    p->fn_named_args++;
  } else if (p->fn_named_args) {
    mlir_error(p, ty.end, "either all arguments are named or none");
    return;
  }
  mlir_type_push(p, ty);
  VEC_PUSH(p, p->fn_attrs, dict.a);
  p->fn_nargs++;
}

void mlir_func_res(MlirParser *p, MlirTy ty, MlirAt dict) {
  if (p->failed)
    return;
  mlir_type_push(p, ty);
  VEC_PUSH(p, p->fn_attrs, dict.a);
  p->fn_nres++;
}

/* `arg_attrs`/`res_attrs`: one dictionary per argument or result, present
 * only when one of them is not empty. */
static const RgAttr *attr_dicts(MlirParser *p, const RgAttr **dicts, uint32_t n) {
  bool any = false;
  for (uint32_t i = 0; i < n; i++)
    any |= dicts[i] && dicts[i]->count > 0;
  if (!any)
    return NULL;
  const RgAttr *empty = rg_attr_dict(p->g, 0, NULL);
  if (!empty)
    return NULL;
  for (uint32_t i = 0; i < n; i++)
    if (!dicts[i])
      dicts[i] = empty;
  return rg_attr_array(p->g, n, dicts);
}

void mlir_func_sig(MlirParser *p) {
  if (p->failed)
    return;
  MlirSig sig = {p->fn_nargs, p->fn_nres, NULL};
  MlirTy fn = mlir_type_fn(p, sig);
  if (p->failed)
    return;
  /* Properties in MLIR's (sorted) order. */
  const RgAttr *args = attr_dicts(p, p->fn_attrs.v, p->fn_nargs);
  const RgAttr *res = attr_dicts(p, p->fn_attrs.v + p->fn_nargs, p->fn_nres);
  if (args)
    push_prop(p, "arg_attrs", args);
  push_prop(p, "function_type", rg_attr_type(p->g, fn.t));
  if (res)
    push_prop(p, "res_attrs", res);
  push_prop(p, "sym_name", sym_string(p, &p->fn_sym));
  if (p->fn_vis.s)
    push_prop(p, "sym_visibility", rg_attr_string(p->g, p->fn_vis.s, p->fn_vis.len));
}

void mlir_func_body(MlirParser *p, bool present) {
  if (p->failed)
    return;
  if (present) {
    if (p->fn_nargs && !p->fn_named_args)
      mlir_error(p, p->fn_sym.s, "a function with a body needs named arguments");
    return;
  }
  if (p->fn_named_args) {
    mlir_error(p, p->fn_sym.s, "a function declaration cannot name its arguments");
    return;
  }
  mlir_region_end(p);
}

void mlir_pretty_init(MlirParser *p, const MlirTok *name) {
  if (!p->failed)
    VEC_PUSH(p, p->inits, *name);
}

void mlir_pretty_while_sig(MlirParser *p, MlirSig sig) {
  if (!p->failed) {
    top_op(p)->while_nin = sig.nin;
    top_op(p)->while_nout = sig.nout;
  }
}

/* The cond region of a while_loop: its entry block's arguments are the
 * names of the `(%a = %x)` list, typed by the loop's input types (still
 * on the type stack until the op ends). */
void mlir_pretty_while_open(MlirParser *p, const MlirTok *brace) {
  if (p->failed)
    return;
  OpFrame *f = top_op(p);
  uint32_t n = p->inits.len - f->init_base;
  if (n != f->while_nin) {
    mlir_error(p, brace->s, "the loop has %u input type%s for %u initial value%s", f->while_nin,
               f->while_nin == 1 ? "" : "s", n, n == 1 ? "" : "s");
    return;
  }
  mlir_region_begin(p, brace);
  if (p->failed)
    return;
  RegionFrame *rf = &p->regions.v[p->regions.len - 1];
  if (!(rf->cur = rg_region_add_block(p->g, rf->r))) {
    mlir_nomem(p, brace->s);
    return;
  }
  /* the input types: below the result types on the stack */
  const RgType **tin = &p->types.v[p->types.len - f->while_nin - f->while_nout];
  for (uint32_t i = 0; i < n && !p->failed; i++) {
    MlirTy ty = {tin[i], NULL};
    mlir_block_arg(p, &p->inits.v[f->init_base + i], ty, NULL);
  }
  p->inits.len = f->init_base;
}

MlirAt mlir_attr_bare(MlirParser *p, const MlirTok *t) {
  MlirAt r = {NULL, t->s + t->len};
  if (p->failed)
    return r;
  if (!p->ops.len || top_op(p)->form != MLIR_FORM_FUNCTIONAL || !top_op(p)->dialect ||
      !top_op(p)->dialect->bare_enums) {
    mlir_error(p, t->s, "expected an attribute value, found '%.*s'",
               (int)(t->len > 40 ? 40 : t->len), t->s);
    return r;
  }
  r.a = rg_attr_opaque(p->g, t->s, t->len);
  if (!r.a)
    mlir_nomem(p, t->s);
  p->bare_pending = r.a;
  return r;
}

