/* runtime/mlir/write_pretty.c - prints ops in MLIR's custom ("pretty")
 * assembly: builtin.module, func.func, func.return and the forms of the
 * registered dialect syntaxes, exactly as the reader (pretty.c) reads
 * them back; an op whose custom form would not give back the same op
 * stays generic. */
#include "mlir/write_internal.h"

void mlir_w_pretty_init(Writer *w, RgGraph *g, const RgDialectSyntax *const *dialects) {
  w->pretty = true;
  w->custom_node = mlir_w_pretty_node;
  w->op_module = rg_op_find(g, "builtin.module", 14);
  w->op_func = rg_op_find(g, "func.func", 9);
  w->op_return = rg_op_find(g, "func.return", 11);
  if (!mlir_syntax_build(&w->syn, dialects))
    w->oom = true;
}

/* Does the merged dictionary read back as these properties and
 * discardable attributes? The reader takes plain names as properties. */
static bool attrs_splittable(const RgNode *n) {
  for (uint16_t i = 0; i < n->num_attrs; i++)
    if ((strchr(n->attrs[i].name, '.') == NULL) != (i < n->num_props))
      return false;
  return true;
}

static void put_operand_list(Writer *w, const RgNode *n) {
  for (uint32_t i = 0; i < n->num_operands; i++) {
    put(w, i ? ", " : " ", i ? 2 : 1);
    mlir_w_value(w, n->operands[i].value);
  }
}

static void put_loc_nl(Writer *w, const RgNode *n) {
  if (n->loc) {
    putc_(w, ' ');
    puts_(w, n->loc);
  }
  putc_(w, '\n');
}

/* An enum property `#dialect.KEY<V>` (or the attribute the dialect names
 * for KEY) prints as `V`. */
static bool enum_short(const RgDialectSyntax *d, const RgNamedAttr *e, const char **v,
                       size_t *len) {
  const RgAttr *a = e->value;
  if (d->bare_enums && mlir_enum_string(d, e, v, len))
    return true;
  size_t dl = strlen(d->name);
  if (!d->bare_enums || !a || a->kind != RG_ATTR_OPAQUE || !a->text || a->text[0] != '#' ||
      strncmp(a->text + 1, d->name, dl) || a->text[1 + dl] != '.')
    return false;
  const char *key = mlir_enum_attr(d, e->name);
  size_t k = strlen(key);
  const char *t = a->text + 2 + dl;
  if (strncmp(t, key, k) || t[k] != '<' || a->text[a->text_len - 1] != '>')
    return false;
  *v = t + k + 1;
  *len = (size_t)(a->text + a->text_len - 1 - *v);
  for (size_t i = 0; i < *len; i++)
    if (!((*v)[i] == '_' || ((*v)[i] >= 'A' && (*v)[i] <= 'Z') || ((*v)[i] >= '0' && (*v)[i] <= '9')))
      return false;
  return *len > 0;
}

/* Does the lexer take `name` as one dotted op name? */
static bool lexes_as_op_name(const char *name) {
  const char *c = name;
  if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || *c == '_'))
    return false;
  bool dot = false;
  for (c++; *c; c++) {
    dot |= *c == '.';
    if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
          *c == '_' || *c == '$' || *c == '.'))
      return false;
  }
  return dot;
}

/* Where the reader puts a defaulted property `key` back: before the first
 * property named after it, counted among the others. *at is where the op
 * has it (-1: nowhere). */
static int default_slot(const RgNode *n, const char *key, int *at) {
  int slot = -1;
  *at = -1;
  for (uint16_t i = 0, k = 0; i < n->num_props; i++) {
    int c = strcmp(n->attrs[i].name, key);
    if (c == 0)
      *at = i;
    else if (c > 0 && slot < 0)
      slot = k;
    k += c != 0;
  }
  return slot < 0 ? n->num_props - 1 : slot;
}

static bool same_typed(const RgNode *n) {
  if (n->num_results != 1 || !n->num_operands || n->results[0].type->text[0] == '(')
    return false;
  for (uint32_t i = 0; i < n->num_operands; i++)
    if (n->operands[i].value->type != n->results[0].type)
      return false;
  return true;
}

/* `form` is FUNCTIONAL, SAME_TYPE or CAST: they differ in the types. */
static bool pretty_functional(Writer *w, const RgNode *n, const char *name,
                              const RgDialectSyntax *d, RgOpForm form) {
  bool same_type = form == RG_OP_FORM_SAME_TYPE, cast = form == RG_OP_FORM_CAST;
  if (n->num_regions || !attrs_splittable(n) || (same_type && !same_typed(n)) ||
      (cast && (n->num_operands != 1 || n->num_results != 1)))
    return false;
  /* The reader fills in an absent defaulted property before the first
   * property named after it: an op without one stays generic, and the
   * default is left out (as mlir-opt does) only where the reader puts it
   * back in the same place. With several defaults, one is left out only
   * when the properties are sorted, so that the places cannot interfere. */
  uint32_t elide = 0, ndef = 0; /* elide bit i: property i is left out */
  const RgPropDefault *pd;
  for (; (pd = mlir_prop_default(d, name, ndef)) != NULL; ndef++) {
    int at;
    int slot = default_slot(n, pd->name, &at);
    if (at < 0)
      return false;
    const RgAttr *a = n->attrs[at].value;
    if (at < 32 && a->text && !strcmp(a->text, pd->value) && at == slot)
      elide |= 1u << at;
  }
  for (uint16_t i = 1; ndef > 1 && i < n->num_props; i++)
    if (strcmp(n->attrs[i - 1].name, n->attrs[i].name) >= 0)
      elide = 0;
  /* mlir-opt spells a same-type op's properties its own way: only an op
   * whose properties all go unwritten takes that form. */
  if ((same_type || cast) &&
      (n->num_props > 32 || elide != (n->num_props ? (1u << n->num_props) - 1 : 0u)))
    return false;
  puts_(w, name);
  put_operand_list(w, n);
  uint32_t shown = 0;
  for (uint16_t i = 0; i < n->num_attrs; i++) {
    const RgNamedAttr *e = &n->attrs[i];
    const char *v;
    size_t len;
    if (i < 32 && (elide >> i & 1))
      continue;
    bool is_enum = i < n->num_props && enum_short(d, e, &v, &len);
    /* mlir-opt leaves two spaces where an empty operand list was */
    if (shown++)
      put(w, ", ", 2);
    else
      puts_(w, n->num_operands ? " {" : "  {");
    if (is_enum) {
      puts_(w, e->name);
      put(w, " = ", 3);
      put(w, v, len);
    } else {
      mlir_w_dict_entries(w, e, 1);
    }
  }
  if (shown)
    putc_(w, '}');
  if (same_type || cast) {
    put(w, " : ", 3);
    if (cast) {
      mlir_w_type(w, n->operands[0].value->type);
      put(w, " to ", 4);
    }
    mlir_w_type(w, n->results[0].type);
    put_loc_nl(w, n);
    return true;
  }
  put(w, " : (", 4);
  for (uint32_t i = 0; i < n->num_operands; i++) {
    if (i)
      put(w, ", ", 2);
    mlir_w_type(w, n->operands[i].value->type);
  }
  put(w, ") -> ", 5);
  mlir_w_result_types(w, n);
  put_loc_nl(w, n);
  return true;
}

static bool pretty_return(Writer *w, const RgNode *n, const RgGraph *g) {
  if (n->num_results || n->num_regions || n->num_attrs)
    return false;
  const RgNode *parent = n->block && n->block->region ? n->block->region->parent : NULL;
  if (n->op != w->op_return)
    puts_(w, rg_op_name(g, n->op));
  else
    puts_(w, parent && parent->op == w->op_func ? "return" : "func.return");
  put_operand_list(w, n);
  for (uint32_t i = 0; i < n->num_operands; i++) {
    put(w, i ? ", " : " : ", i ? 2 : 3);
    mlir_w_type(w, n->operands[i].value->type);
  }
  put_loc_nl(w, n);
  return true;
}

static bool pretty_const(Writer *w, const RgNode *n, const char *name) {
  if (n->num_operands || n->num_results != 1 || n->num_regions || n->num_props != 1 ||
      strcmp(n->attrs[0].name, "value"))
    return false;
  const RgAttr *v = n->attrs[0].value;
  const RgType *t = n->results[0].type;
  bool is_bool = v->kind == RG_ATTR_BOOL && !strcmp(t->text, "i1");
  bool typed = (v->kind == RG_ATTR_INT || v->kind == RG_ATTR_FLOAT || v->kind == RG_ATTR_DENSE) &&
               v->type == t;
  if (!is_bool && !typed)
    return false;
  puts_(w, name);
  putc_(w, ' ');
  if (n->num_attrs > 1) {
    putc_(w, '{');
    mlir_w_dict_entries(w, n->attrs + 1, (uint32_t)(n->num_attrs - 1));
    put(w, "} ", 2);
  }
  mlir_w_attr(w, v);
  if (v->kind != RG_ATTR_BOOL && !(v->text && strstr(v->text, " : "))) {
    put(w, " : ", 3);
    mlir_w_type(w, t);
  }
  put_loc_nl(w, n);
  return true;
}

static const RgAttr *prop(const RgNode *n, const char *name) {
  for (uint16_t i = 0; i < n->num_props; i++)
    if (!strcmp(n->attrs[i].name, name))
      return n->attrs[i].value;
  return NULL;
}

static void put_symbol(Writer *w, const RgAttr *s) {
  putc_(w, '@');
  if (s->text && s->text[0] == '"')
    put(w, s->text, s->text_len); /* as read */
  else if (strlen(s->u.str.data) == s->u.str.len && mlir_w_is_bare(s->u.str.data))
    put(w, s->u.str.data, s->u.str.len);
  else
    mlir_w_escaped(w, s->u.str.data, s->u.str.len);
}

/* Next type of a list whose items start at *p; false at the closing ')'. */
static bool list_next(const char **p, const char **s, size_t *len) {
  if (**p != ',' && **p != ')' && **p) {
    *s = *p;
    *p = ir_text_item_end(*p, ')');
    *len = (size_t)(*p - *s);
    if (**p == ',')
      *p += p[0][1] == ' ' ? 2 : 1;
    return true;
  }
  return false;
}

static void put_arg_dict(Writer *w, const RgAttr *dicts, uint32_t i) {
  if (!dicts || i >= dicts->count || !dicts->u.items[i] || dicts->u.items[i]->kind != RG_ATTR_DICT ||
      !dicts->u.items[i]->count)
    return;
  put(w, " {", 2);
  mlir_w_dict_entries(w, dicts->u.items[i]->u.entries, dicts->u.items[i]->count);
  putc_(w, '}');
}


/* ` attributes {..} {body} loc`, the tail of a module or a function */
static void put_attributes_body(Writer *w, const RgNode *n, int ind, const RgGraph *g, bool body) {
  if (n->num_attrs > n->num_props) {
    put(w, " attributes {", 13);
    mlir_w_dict_entries(w, n->attrs + n->num_props, (uint32_t)(n->num_attrs - n->num_props));
    putc_(w, '}');
  }
  if (body) {
    put(w, " {\n", 3);
    mlir_w_body(w, &n->regions[0], ind, g);
    mlir_w_indent(w, ind);
    putc_(w, '}');
  }
  put_loc_nl(w, n);
}

static bool pretty_func(Writer *w, const RgNode *n, int ind, const RgGraph *g) {
  const RgAttr *fty = prop(n, "function_type"), *sym = prop(n, "sym_name");
  const RgAttr *vis = prop(n, "sym_visibility"), *args = prop(n, "arg_attrs");
  const RgAttr *res = prop(n, "res_attrs");
  uint32_t known = 2u + !!vis + !!args + !!res;
  if (n->num_operands || n->num_results || n->num_regions != 1 || n->num_props != known ||
      !fty || fty->kind != RG_ATTR_TYPE || !fty->type || fty->type->text[0] != '(' || !sym ||
      sym->kind != RG_ATTR_STRING || (vis && vis->kind != RG_ATTR_STRING) ||
      (args && args->kind != RG_ATTR_ARRAY) || (res && res->kind != RG_ATTR_ARRAY))
    return false;
  if (vis && strcmp(vis->u.str.data, "private") && strcmp(vis->u.str.data, "public") &&
      strcmp(vis->u.str.data, "nested"))
    return false;
  /* Sorted, as the reader rebuilds them. */
  for (uint16_t i = 1; i < n->num_props; i++)
    if (strcmp(n->attrs[i - 1].name, n->attrs[i].name) >= 0)
      return false;
  const RgBlock *entry = n->regions[0].first;
  size_t mark = w->b.len; /* printed so far is undone if the form does not fit */
  puts_(w, "func.func ");
  if (vis) {
    put(w, vis->u.str.data, vis->u.str.len);
    putc_(w, ' ');
  }
  put_symbol(w, sym);
  putc_(w, '(');
  const char *p = fty->type->text + 1, *ts;
  size_t tl;
  uint32_t nin = 0;
  for (; list_next(&p, &ts, &tl); nin++) {
    if (nin)
      put(w, ", ", 2);
    if (entry) {
      /* the signature must say what the block has, or it reads back wrong */
      if (nin >= entry->num_args || !entry->args[nin]->type ||
          entry->args[nin]->type->text_len != tl || memcmp(entry->args[nin]->type->text, ts, tl))
        goto generic;
      mlir_w_value(w, entry->args[nin]);
      put(w, ": ", 2);
    }
    put(w, ts, tl);
    put_arg_dict(w, args, nin);
    if (entry && entry->arg_locs && entry->arg_locs[nin]) {
      putc_(w, ' ');
      puts_(w, entry->arg_locs[nin]);
    }
  }
  if (*p != ')' || strncmp(p, ") -> ", 5) || (entry && nin != entry->num_args) ||
      (args && args->count != nin))
    goto generic;
  putc_(w, ')');
  p += 5;
  bool any_res_attr = false;
  for (uint32_t i = 0; res && i < res->count; i++)
    any_res_attr |= res->u.items[i] && res->u.items[i]->count > 0;
  uint32_t nout = 0;
  if (*p == '(') {
    if (strcmp(p, "()")) {
      put(w, " -> (", 5);
      for (p++; list_next(&p, &ts, &tl); nout++) {
        if (nout)
          put(w, ", ", 2);
        put(w, ts, tl);
        put_arg_dict(w, res, nout);
      }
      if (strcmp(p, ")"))
        goto generic;
      putc_(w, ')');
    }
  } else {
    put(w, " -> ", 4);
    if (any_res_attr)
      putc_(w, '(');
    puts_(w, p);
    put_arg_dict(w, res, 0);
    if (any_res_attr)
      putc_(w, ')');
    nout = 1;
  }
  if (res && res->count != nout)
    goto generic;
  put_attributes_body(w, n, ind, g, entry);
  return true;
generic:
  w->b.len = mark;
  return false;
}

static bool pretty_module(Writer *w, const RgNode *n, int ind, const RgGraph *g) {
  const RgAttr *sym = prop(n, "sym_name");
  if (n->num_operands || n->num_results || n->num_regions != 1 || n->num_props != !!sym ||
      (sym && sym->kind != RG_ATTR_STRING) || !n->regions[0].first ||
      n->regions[0].first->num_args)
    return false;
  puts_(w, "module");
  if (sym) {
    putc_(w, ' ');
    put_symbol(w, sym);
  }
  put_attributes_body(w, n, ind, g, true);
  return true;
}

/* ---- custom forms printed in code (RgOpPrinter) ---- */

struct RgOpWriter {
  Writer *w;
  const RgGraph *g;
  int ind;
  bool committed; /* a region was printed: no way back to the generic form */
};

RgGraph *rg_op_writer_graph(RgOpWriter *w) { return (RgGraph *)w->g; }
void rg_op_writer_text(RgOpWriter *w, const char *s) { puts_(w->w, s); }
void rg_op_writer_value(RgOpWriter *w, const RgValue *v) { mlir_w_value(w->w, v); }
void rg_op_writer_type(RgOpWriter *w, const RgType *t) { mlir_w_type(w->w, t); }
void rg_op_writer_attr(RgOpWriter *w, const RgAttr *a) { mlir_w_attr(w->w, a); }
void rg_op_writer_entries(RgOpWriter *w, const RgNamedAttr *e, uint32_t n) {
  mlir_w_dict_entries(w->w, e, n);
}

static bool skipped(const char *name, const char *const *skip) {
  for (; skip && *skip; skip++)
    if (!strcmp(name, *skip))
      return true;
  return false;
}

bool rg_op_writer_attr_dict(RgOpWriter *w, const RgNode *n, const char *const *skip) {
  uint32_t k = 0;
  for (uint16_t i = 0; i < n->num_attrs; i++) {
    if (skipped(n->attrs[i].name, skip))
      continue;
    if ((strchr(n->attrs[i].name, '.') == NULL) != (i < n->num_props))
      return false;
    k++;
  }
  if (!k)
    return true;
  put(w->w, " {", 2);
  k = 0;
  for (uint16_t i = 0; i < n->num_attrs; i++)
    if (!skipped(n->attrs[i].name, skip)) {
      if (k++)
        put(w->w, ", ", 2);
      mlir_w_dict_entries(w->w, &n->attrs[i], 1);
    }
  putc_(w->w, '}');
  return true;
}

void rg_op_writer_region(RgOpWriter *w, const RgRegion *r) {
  w->committed = true;
  mlir_w_region(w->w, r, w->ind, w->g);
}

static bool pretty_custom(Writer *w, const RgNode *n, int ind, const RgGraph *g, const char *name,
                          RgOpPrintFn print) {
  size_t mark = w->b.len;
  puts_(w, name);
  RgOpWriter ow = {w, g, ind, false};
  if (!print(&ow, n) && !ow.committed) {
    w->b.len = mark;
    return false;
  }
  put_loc_nl(w, n);
  return true;
}

bool mlir_w_pretty_node(Writer *w, const RgNode *n, int ind, const RgGraph *g) {
  const char *name = rg_op_name(g, n->op);
  if (n->op == w->op_module)
    return pretty_module(w, n, ind, g);
  if (n->op == w->op_func)
    return pretty_func(w, n, ind, g);
  if (n->op == w->op_return)
    return pretty_return(w, n, g);
  const MlirSynEnt *e = mlir_syntax_find(&w->syn, name, strlen(name));
  if (!e || (e->flags & RG_OP_SYNTAX_WRITE_GENERIC) || !lexes_as_op_name(name))
    return false;
  switch (e->form) {
  case RG_OP_FORM_FUNCTIONAL:
  case RG_OP_FORM_SAME_TYPE:
  case RG_OP_FORM_CAST: return pretty_functional(w, n, name, e->d, (RgOpForm)e->form);
  case RG_OP_FORM_TERMINATOR: return pretty_return(w, n, g);
  case RG_OP_FORM_CONSTANT: return pretty_const(w, n, name);
  case RG_OP_FORM_CUSTOM: return e->print && pretty_custom(w, n, ind, g, name, e->print);
  default: return false; /* region forms: their regions print the same either way */
  }
}
