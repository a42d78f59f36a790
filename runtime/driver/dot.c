/* runtime/driver/dot.c - Graphviz DOT export: one box per op (its name, then its
 * properties, shortened), one edge per operand labelled with the value's
 * type, and one cluster per region so nested bodies stay visibly nested.
 * `dot -Tsvg` turns the result into a picture. rg_graph_dot_around draws
 * only a few ops and their neighbours, small enough to lay out in
 * milliseconds whatever the size of the graph. */
#include "rulegen/dot.h"
#include "ir/ir_internal.h"

typedef struct Dot {
  const RgGraph *g;
  RgsBuf *b;
  RgsBuf edges; /* written after every node: an edge mentioned inside a
                  cluster would pull its endpoints into that cluster */
  uint32_t cluster;
} Dot;

/* DOT string contents: quotes and backslashes escaped, long text cut. */
static void put_label_text(RgsBuf *b, const char *s, size_t n, size_t max) {
  for (size_t i = 0; i < n && i < max; i++) {
    char c = s[i];
    if (c == '"' || c == '\\')
      rgs_buf_putc(b, '\\');
    if (c == '\n' || c == '\r' || c == '\t')
      c = ' ';
    rgs_buf_putc(b, c);
  }
  if (n > max)
    rgs_buf_puts(b, "...");
}

/* Dense elements by value when there are few: `[1, 2, 3]`, `splat 0.5`.
 * A constant a rewrite made has no text to show, and a read one may be a
 * hex blob. False when they are many or cannot be decoded. */
static bool put_dense_small(RgsBuf *b, const RgGraph *g, const RgAttr *a) {
  enum { MAX_SHOWN = 8 };
  RgGraph *mg = (RgGraph *)g; /* decoding caches values; the graph is unchanged */
  const int64_t *iv = NULL;
  const double *fv = NULL;
  uint32_t n = 0;
  if (a->kind != RG_ATTR_DENSE || a->count > MAX_SHOWN || !a->type || !a->type->elem)
    return false;
  bool is_float = rg_dtype_is_float(a->type->elem->dtype);
  if (is_float ? !rg_attr_dense_get_floats(mg, a, &fv, &n) : !rg_attr_dense_get_ints(mg, a, &iv, &n))
    return false;
  rgs_buf_puts(b, a->splat ? "splat " : "[");
  for (uint32_t i = 0; i < n; i++) {
    if (i)
      rgs_buf_puts(b, ", ");
    if (is_float)
      rgs_buf_printf(b, "%g", fv[i]);
    else
      rgs_buf_put_i64(b, iv[i]);
  }
  if (!a->splat)
    rgs_buf_putc(b, ']');
  return true;
}

static void put_attr_value(RgsBuf *b, const RgGraph *g, const RgAttr *a) {
  if (put_dense_small(b, g, a))
    return;
  switch (a->kind) {
  case RG_ATTR_BOOL: rgs_buf_puts(b, a->u.b ? "true" : "false"); return;
  case RG_ATTR_INT: rgs_buf_put_i64(b, a->u.i); return;
  case RG_ATTR_FLOAT: rgs_buf_printf(b, "%g", a->u.f); return;
  case RG_ATTR_DENSE_ARRAY:
    rgs_buf_putc(b, '[');
    for (uint32_t i = 0; i < a->count && i < 8; i++) {
      if (i)
        rgs_buf_puts(b, ", ");
      if (rg_dtype_is_float(a->type->dtype))
        rgs_buf_printf(b, "%g", a->u.floats[i]);
      else
        rgs_buf_put_i64(b, a->u.ints[i]);
    }
    rgs_buf_puts(b, a->count > 8 ? ", ...]" : "]");
    return;
  default: break;
  }
  if (a->text)
    put_label_text(b, a->text, a->text_len, 40);
  else if (a->kind == RG_ATTR_STRING)
    put_label_text(b, a->u.str.data, a->u.str.len, 40);
  else if (a->kind == RG_ATTR_TYPE && a->type)
    put_label_text(b, a->type->text, a->type->text_len, 40);
  else
    rgs_buf_puts(b, "...");
}

static void put_node(Dot *d, const RgNode *n, int depth);

/* A block argument's DOT id from where it lives, so the output is the same
 * on every run: a<parent op>_<region>_<block>_<index>. */
static void put_arg_id(RgsBuf *b, const RgValue *v) {
  const RgBlock *blk = v->owner.block;
  const RgRegion *r = blk->region;
  const RgNode *parent = r ? r->parent : NULL;
  uint32_t bi = 0;
  for (const RgBlock *x = r ? r->first : NULL; x && x != blk; x = x->next)
    bi++;
  rgs_buf_printf(b, "a%u_%u_%u_%u", parent ? parent->id : 0u,
                parent ? (unsigned)(r - parent->regions) : 0u, bi, v->index);
}

static void put_block(Dot *d, const RgBlock *blk, int depth) {
  for (uint32_t i = 0; i < blk->num_args; i++) {
    const RgValue *v = blk->args[i];
    rgs_buf_printf(d->b, "%*s", depth * 2, "");
    put_arg_id(d->b, v);
    rgs_buf_printf(d->b, " [shape=ellipse, label=\"arg%u\"];\n", i);
  }
  for (const RgNode *n = blk->first; n; n = n->next)
    put_node(d, n, depth);
}

static void put_node(Dot *d, const RgNode *n, int depth) {
  RgsBuf *b = d->b;
  const char *name = rg_op_name(d->g, n->op);
  rgs_buf_printf(b, "%*sn%u [shape=box%s, label=\"", depth * 2, "", n->id,
                rg_node_is_frozen(n) ? ", style=dashed" : "");
  put_label_text(b, name, strlen(name), 64);
  for (uint16_t i = 0; i < n->num_props && i < 6; i++) {
    rgs_buf_puts(b, "\\n");
    put_label_text(b, n->attrs[i].name, strlen(n->attrs[i].name), 32);
    rgs_buf_puts(b, " = ");
    put_attr_value(b, d->g, n->attrs[i].value);
  }
  rgs_buf_puts(b, "\"];\n");
  RgsBuf *e = &d->edges;
  for (uint32_t i = 0; i < n->num_operands; i++) {
    const RgValue *v = n->operands[i].value;
    if (!v)
      continue;
    const RgNode *def = rg_value_def(v);
    rgs_buf_puts(e, "  ");
    if (def)
      rgs_buf_printf(e, "n%u", def->id);
    else
      put_arg_id(e, v);
    rgs_buf_printf(e, " -> n%u [label=\"", n->id);
    if (def && def->num_results > 1)
      rgs_buf_printf(e, "#%u ", v->index);
    if (v->type)
      put_label_text(e, v->type->text, v->type->text_len, 48);
    rgs_buf_puts(e, "\"];\n");
  }
  for (uint16_t r = 0; r < n->num_regions; r++) {
    rgs_buf_printf(b, "%*ssubgraph cluster_%u {\n", depth * 2, "", d->cluster++);
    rgs_buf_printf(b, "%*s  label=\"", depth * 2, "");
    put_label_text(b, name, strlen(name), 64);
    rgs_buf_printf(b, " region %u\";\n", r);
    for (const RgBlock *blk = n->regions[r].first; blk; blk = blk->next)
      put_block(d, blk, depth + 1);
    rgs_buf_printf(b, "%*s}\n", depth * 2, "");
  }
}

char *rg_graph_dot(const RgGraph *g, size_t *len) {
  RgsBuf b;
  rgs_buf_init(&b);
  Dot d = {g, &b, {0}, 0};
  rgs_buf_init(&d.edges);
  rgs_buf_puts(&b, "digraph rulegen {\n  node [fontname=\"monospace\", fontsize=10];\n"
                  "  edge [fontname=\"monospace\", fontsize=8];\n");
  RgGraph *mg = (RgGraph *)g; /* rg_graph_body does not change the graph */
  put_block(&d, rg_graph_body(mg), 1);
  rgs_buf_put(&b, d.edges.data ? d.edges.data : "", d.edges.len);
  if (d.edges.oom)
    b.oom = true;
  rgs_buf_free(&d.edges);
  rgs_buf_puts(&b, "}\n");
  if (len)
    *len = b.len;
  return rgs_buf_take(&b);
}

/* ---- the neighbourhood of some ops, for before/after pictures ---- */

typedef struct Around {
  const RgNode **v;
  uint32_t n, cap, max;
} Around;

static bool around_has(const Around *a, const RgNode *n) {
  for (uint32_t i = 0; i < a->n; i++)
    if (a->v[i] == n)
      return true;
  return false;
}

static void around_add(Around *a, const RgNode *n) {
  if (!n || a->n >= a->max || around_has(a, n))
    return;
  if (a->n == a->cap) {
    uint32_t cap = a->cap ? a->cap * 2 : 32;
    const RgNode **v = rg_realloc(a->v, sizeof *v * cap);
    if (!v)
      return;
    a->v = v;
    a->cap = cap;
  }
  a->v[a->n++] = n;
}

char *rg_graph_dot_around(const RgGraph *g, RgNode *const *centre, uint32_t n, uint32_t radius,
                          uint32_t max_nodes, size_t *len) {
  Around a = {NULL, 0, 0, max_nodes ? max_nodes : 1};
  for (uint32_t i = 0; i < n; i++)
    around_add(&a, centre[i]);
  uint32_t ncentre = a.n, from = 0;
  for (uint32_t r = 0; r < radius; r++) {
    uint32_t to = a.n;
    for (uint32_t i = from; i < to; i++) {
      const RgNode *x = a.v[i];
      for (uint32_t k = 0; k < x->num_operands; k++)
        if (x->operands[k].value)
          around_add(&a, rg_value_def(x->operands[k].value));
      for (uint32_t k = 0; k < x->num_results; k++)
        for (const RgUse *u = x->results[k].uses; u; u = u->next)
          around_add(&a, u->user);
    }
    from = to;
  }
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_puts(&b, "digraph around {\n  node [fontname=\"monospace\", fontsize=10];\n"
                  "  edge [fontname=\"monospace\", fontsize=8];\n");
  for (uint32_t i = 0; i < a.n; i++) {
    const RgNode *x = a.v[i];
    const char *name = rg_op_name(g, x->op);
    rgs_buf_printf(&b, "  n%u [shape=box%s, label=\"", x->id,
                  i < ncentre ? ", style=filled, fillcolor=\"#ffe9a8\"" : "");
    put_label_text(&b, name, strlen(name), 64);
    for (uint16_t k = 0; k < x->num_props && k < 4; k++) {
      rgs_buf_puts(&b, "\\n");
      put_label_text(&b, x->attrs[k].name, strlen(x->attrs[k].name), 32);
      rgs_buf_puts(&b, " = ");
      put_attr_value(&b, g, x->attrs[k].value);
    }
    rgs_buf_puts(&b, "\"];\n");
  }
  for (uint32_t i = 0; i < a.n; i++) {
    const RgNode *x = a.v[i];
    for (uint32_t k = 0; k < x->num_operands; k++) {
      const RgValue *v = x->operands[k].value;
      const RgNode *def = v ? rg_value_def(v) : NULL;
      if (!def || !around_has(&a, def))
        continue;
      rgs_buf_printf(&b, "  n%u -> n%u [label=\"", def->id, x->id);
      if (v->type)
        put_label_text(&b, v->type->text, v->type->text_len, 40);
      rgs_buf_puts(&b, "\"];\n");
    }
  }
  rgs_buf_puts(&b, "}\n");
  rg_free(a.v);
  if (len)
    *len = b.len;
  return rgs_buf_take(&b);
}
