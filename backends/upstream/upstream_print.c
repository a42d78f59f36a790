/* backends/upstream/upstream_print.c - prints the upstream ops read in code
 * (upstream_parse.c, upstream_linalg.c) in their custom form, through the
 * rg_op_writer_* calls (rulegen/syntax.h), for rgopt --emit=pretty. Each
 * printer first checks that its text reads back as the very same op (the
 * parser would put back what the text leaves out); where it would not,
 * it answers false and the op is printed generically. */
#include <string.h>
#include "upstream_parse.h"

static const RgAttr *prop(const RgNode *n, const char *name) {
  for (uint16_t i = 0; i < n->num_props; i++)
    if (!strcmp(n->attrs[i].name, name))
      return n->attrs[i].value;
  return NULL;
}

/* ` %a, %b` for operands [from, to) */
static void values(RgOpWriter *w, const RgNode *n, uint32_t from, uint32_t to) {
  for (uint32_t i = from; i < to; i++) {
    rg_op_writer_text(w, i > from ? ", " : " ");
    rg_op_writer_value(w, n->operands[i].value);
  }
}

static bool one_result(const RgNode *n) { return n->num_results == 1 && n->num_regions == 0; }

/* A printer may leave out an attribute the reader rebuilds only when it
 * was spelled as rebuilt: a verbatim spelling (`array<i32:2,1>`,
 * `0x2 : i64`) is printed back as read by the generic form. */
static bool spelled_plainly(const RgAttr *a) {
  if (!a->text)
    return true;
  char buf[256];
  int len = -1;
  if (a->kind == RG_ATTR_INT && a->type) {
    len = snprintf(buf, sizeof buf, "%lld : %s", (long long)a->u.i, a->type->text);
  } else if (a->kind == RG_ATTR_DENSE_ARRAY && a->type && !rg_dtype_is_float(a->type->dtype)) {
    len = snprintf(buf, sizeof buf, "array<%s", a->type->text);
    for (uint32_t i = 0; i < a->count && len > 0 && (size_t)len < sizeof buf; i++)
      len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%lld", i ? ", " : ": ", (long long)a->u.ints[i]);
    if (len > 0 && (size_t)len + 1 < sizeof buf)
      buf[len++] = '>';
  }
  return len > 0 && (size_t)len < sizeof buf && a->text_len == (uint32_t)len && !memcmp(a->text, buf, (size_t)len);
}

/* An integer property of type i64, spelled as the reader rebuilds it. */
static bool plain_i64(const RgAttr *a) {
  return a && a->kind == RG_ATTR_INT && a->type && a->type->dtype == RG_DT_I64 && spelled_plainly(a);
}

/* A dense integer array of `dt` elements, spelled as the reader rebuilds it. */
static bool plain_array(const RgAttr *a, RgDType dt) {
  return a && a->kind == RG_ATTR_DENSE_ARRAY && a->type && a->type->dtype == dt && spelled_plainly(a);
}

/* The V of `#arith.word<V>` when `a` is that attribute, else NULL. */
static const char *flags_of(const RgAttr *a, const char *word, size_t *len) {
  char head[32];
  int hl = snprintf(head, sizeof head, "#arith.%s<", word);
  if (!a || a->kind != RG_ATTR_OPAQUE || !a->text || a->text_len <= (uint32_t)hl + 1 ||
      strncmp(a->text, head, (size_t)hl) || a->text[a->text_len - 1] != '>')
    return NULL;
  *len = a->text_len - (uint32_t)hl - 1;
  return a->text + hl;
}

/* ` word<V>` unless V is `none`; false when the property is absent or
 * not of that kind (the reader would put the default back). */
static bool put_flags(RgOpWriter *w, const RgNode *n, const char *word, const char *name) {
  size_t len;
  const char *v = flags_of(prop(n, name), word, &len);
  if (!v)
    return false;
  if (len == 4 && !memcmp(v, "none", 4))
    return true;
  char buf[128];
  snprintf(buf, sizeof buf, " %s<%.*s>", word, (int)(len > 100 ? 100 : len), v);
  rg_op_writer_text(w, buf);
  return true;
}

/* operands all of the result's type, then ` : t` */
static bool same_type(const RgNode *n) {
  if (!one_result(n) || !n->num_operands)
    return false;
  for (uint32_t i = 0; i < n->num_operands; i++)
    if (n->operands[i].value->type != n->results[0].type)
      return false;
  return true;
}

static bool flagged(RgOpWriter *w, const RgNode *n, const char *word, const char *name) {
  const char *skip[] = {name, NULL};
  if (!same_type(n))
    return false;
  values(w, n, 0, n->num_operands);
  if (!put_flags(w, n, word, name) || !rg_op_writer_attr_dict(w, n, skip))
    return false;
  rg_op_writer_text(w, " : ");
  rg_op_writer_type(w, n->results[0].type);
  return true;
}

bool upstream_print_float_binary(RgOpWriter *w, const RgNode *n) {
  return flagged(w, n, "fastmath", "fastmath");
}

bool upstream_print_int_binary(RgOpWriter *w, const RgNode *n) {
  return flagged(w, n, "overflow", "overflowFlags");
}

bool upstream_print_select(RgOpWriter *w, const RgNode *n) {
  if (!one_result(n) || n->num_operands != 3)
    return false;
  const RgType *tc = n->operands[0].value->type, *t = n->results[0].type;
  if (n->operands[1].value->type != t || n->operands[2].value->type != t)
    return false;
  values(w, n, 0, 3);
  if (!rg_op_writer_attr_dict(w, n, NULL))
    return false;
  rg_op_writer_text(w, " : ");
  if (!(tc->kind == RG_TYPE_SCALAR && tc->dtype == RG_DT_I1)) {
    rg_op_writer_type(w, tc);
    rg_op_writer_text(w, ", ");
  }
  rg_op_writer_type(w, t);
  return true;
}

static const char *const cmpi_names[] = {"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"};
static const char *const cmpf_names[] = {"false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord",
                                         "ueq",   "ugt", "uge", "ult", "ule", "une", "uno", "true"};

/* the result the reader gives: i1 of the operands' shape */
static bool i1_like(const RgType *r, const RgType *t) {
  if (t->kind == RG_TYPE_SCALAR)
    return r->kind == RG_TYPE_SCALAR && r->dtype == RG_DT_I1;
  if (t->kind != RG_TYPE_TENSOR || r->kind != RG_TYPE_TENSOR || r->dtype != RG_DT_I1 || r->rank != t->rank)
    return false;
  return !memcmp(r->dims, t->dims, sizeof *t->dims * (size_t)t->rank);
}

static bool print_cmp(RgOpWriter *w, const RgNode *n, const char *const *names, int64_t count, bool fm) {
  const RgAttr *p = prop(n, "predicate");
  const char *skip[] = {"predicate", fm ? "fastmath" : NULL, NULL};
  if (!one_result(n) || n->num_operands != 2 || !plain_i64(p) || p->u.i < 0 || p->u.i >= count)
    return false;
  const RgType *t = n->operands[0].value->type;
  if (n->operands[1].value->type != t || !i1_like(n->results[0].type, t))
    return false;
  rg_op_writer_text(w, " ");
  rg_op_writer_text(w, names[p->u.i]);
  rg_op_writer_text(w, ",");
  values(w, n, 0, 2);
  if ((fm && !put_flags(w, n, "fastmath", "fastmath")) || !rg_op_writer_attr_dict(w, n, skip))
    return false;
  rg_op_writer_text(w, " : ");
  rg_op_writer_type(w, t);
  return true;
}

bool upstream_print_cmpi(RgOpWriter *w, const RgNode *n) { return print_cmp(w, n, cmpi_names, 10, false); }
bool upstream_print_cmpf(RgOpWriter *w, const RgNode *n) { return print_cmp(w, n, cmpf_names, 16, true); }

bool upstream_print_fpowi(RgOpWriter *w, const RgNode *n) {
  const char *skip[] = {"fastmath", NULL};
  if (!one_result(n) || n->num_operands != 2 || n->operands[0].value->type != n->results[0].type)
    return false;
  values(w, n, 0, 2);
  if (!put_flags(w, n, "fastmath", "fastmath") || !rg_op_writer_attr_dict(w, n, skip))
    return false;
  rg_op_writer_text(w, " : ");
  rg_op_writer_type(w, n->operands[0].value->type);
  rg_op_writer_text(w, ", ");
  rg_op_writer_type(w, n->operands[1].value->type);
  return true;
}

/* ---- tensor ---- */

bool upstream_print_empty(RgOpWriter *w, const RgNode *n) {
  if (!one_result(n))
    return false;
  rg_op_writer_text(w, "(");
  for (uint32_t i = 0; i < n->num_operands; i++) {
    if (i)
      rg_op_writer_text(w, ", ");
    rg_op_writer_value(w, n->operands[i].value);
  }
  rg_op_writer_text(w, ")");
  if (!rg_op_writer_attr_dict(w, n, NULL))
    return false;
  rg_op_writer_text(w, " : ");
  rg_op_writer_type(w, n->results[0].type);
  return true;
}

bool upstream_print_extract(RgOpWriter *w, const RgNode *n) {
  if (!one_result(n) || !n->num_operands)
    return false;
  const RgType *t = n->operands[0].value->type;
  if (t->kind != RG_TYPE_TENSOR || t->elem != n->results[0].type)
    return false;
  values(w, n, 0, 1);
  rg_op_writer_text(w, "[");
  for (uint32_t i = 1; i < n->num_operands; i++) {
    if (i > 1)
      rg_op_writer_text(w, ", ");
    rg_op_writer_value(w, n->operands[i].value);
  }
  rg_op_writer_text(w, "]");
  if (!rg_op_writer_attr_dict(w, n, NULL))
    return false;
  rg_op_writer_text(w, " : ");
  rg_op_writer_type(w, t);
  return true;
}

static bool i64_array(const RgAttr *a) { return plain_array(a, RG_DT_I64); }

/* `[0, %x, 4]` from the static entries, taking values from *next on */
static void index_list(RgOpWriter *w, const RgNode *n, const RgAttr *a, uint32_t *next) {
  rg_op_writer_text(w, "[");
  for (uint32_t i = 0; i < a->count; i++) {
    if (i)
      rg_op_writer_text(w, ", ");
    if (a->u.ints[i] == RG_DIM_DYNAMIC) {
      rg_op_writer_value(w, n->operands[(*next)++].value);
    } else {
      char buf[24];
      snprintf(buf, sizeof buf, "%lld", (long long)a->u.ints[i]);
      rg_op_writer_text(w, buf);
    }
  }
  rg_op_writer_text(w, "]");
}

bool upstream_print_insert_slice(RgOpWriter *w, const RgNode *n) {
  static const char *const names[] = {"static_offsets", "static_sizes", "static_strides",
                                      "operandSegmentSizes", NULL};
  const RgAttr *lists[3], *seg = prop(n, "operandSegmentSizes");
  if (!one_result(n) || n->num_operands < 2 || !plain_array(seg, RG_DT_I32) || seg->count != 5 ||
      seg->u.ints[0] != 1 || seg->u.ints[1] != 1)
    return false;
  uint32_t ndyn = 2;
  for (int i = 0; i < 3; i++) {
    lists[i] = prop(n, names[i]);
    if (!i64_array(lists[i]))
      return false;
    int64_t dyn = 0;
    for (uint32_t k = 0; k < lists[i]->count; k++)
      dyn += lists[i]->u.ints[k] == RG_DIM_DYNAMIC;
    if (dyn != seg->u.ints[2 + i])
      return false;
    ndyn += (uint32_t)dyn;
  }
  const RgType *ts = n->operands[0].value->type, *td = n->operands[1].value->type;
  if (ndyn != n->num_operands || n->results[0].type != td)
    return false;
  values(w, n, 0, 1);
  rg_op_writer_text(w, " into");
  values(w, n, 1, 2);
  uint32_t next = 2;
  for (int i = 0; i < 3; i++) {
    if (i)
      rg_op_writer_text(w, " ");
    index_list(w, n, lists[i], &next);
  }
  if (!rg_op_writer_attr_dict(w, n, names))
    return false;
  rg_op_writer_text(w, " : ");
  rg_op_writer_type(w, ts);
  rg_op_writer_text(w, " into ");
  rg_op_writer_type(w, td);
  return true;
}

/* ---- linalg ---- */

/* ` word(%a, %b : ta, tb)` for operands [from, to), nothing when empty */
static void clause(RgOpWriter *w, const RgNode *n, const char *word, uint32_t from, uint32_t to) {
  if (from == to)
    return;
  rg_op_writer_text(w, " ");
  rg_op_writer_text(w, word);
  rg_op_writer_text(w, "(");
  for (uint32_t i = from; i < to; i++) {
    if (i > from)
      rg_op_writer_text(w, ", ");
    rg_op_writer_value(w, n->operands[i].value);
  }
  rg_op_writer_text(w, " : ");
  for (uint32_t i = from; i < to; i++) {
    if (i > from)
      rg_op_writer_text(w, ", ");
    rg_op_writer_type(w, n->operands[i].value->type);
  }
  rg_op_writer_text(w, ")");
}

/* ` -> t` or ` -> (t, u)` */
static void results(RgOpWriter *w, const RgNode *n) {
  if (!n->num_results)
    return;
  rg_op_writer_text(w, n->num_results > 1 ? " -> (" : " -> ");
  for (uint32_t i = 0; i < n->num_results; i++) {
    if (i)
      rg_op_writer_text(w, ", ");
    rg_op_writer_type(w, n->results[i].type);
  }
  if (n->num_results > 1)
    rg_op_writer_text(w, ")");
}

/* operandSegmentSizes [ins, outs] covering every operand */
static bool segments(const RgNode *n, uint32_t *nin) {
  const RgAttr *seg = prop(n, "operandSegmentSizes");
  if (!plain_array(seg, RG_DT_I32) || seg->count != 2 || seg->u.ints[0] < 0 ||
      seg->u.ints[1] < 0 || seg->u.ints[0] + seg->u.ints[1] != (int64_t)n->num_operands)
    return false;
  *nin = (uint32_t)seg->u.ints[0];
  return true;
}

static const char *iterator_kind(const RgAttr *a) {
  static const char *const kinds[] = {"parallel", "reduction"};
  for (int i = 0; i < 2; i++) {
    char buf[48];
    int len = snprintf(buf, sizeof buf, "#linalg.iterator_type<%s>", kinds[i]);
    if (a && a->kind == RG_ATTR_OPAQUE && a->text && a->text_len == (uint32_t)len && !memcmp(a->text, buf, (size_t)len))
      return kinds[i];
  }
  return NULL;
}

bool upstream_print_linalg_generic(RgOpWriter *w, const RgNode *n) {
  uint32_t nin;
  const RgAttr *its = prop(n, "iterator_types");
  if (n->num_regions != 1 || !segments(n, &nin) || !prop(n, "indexing_maps") || !its ||
      its->kind != RG_ATTR_ARRAY)
    return false;
  for (uint32_t i = 0; i < its->count; i++)
    if (!iterator_kind(its->u.items[i]))
      return false;
  rg_op_writer_text(w, " {");
  uint32_t k = 0;
  for (uint16_t i = 0; i < n->num_props; i++) {
    const char *name = n->attrs[i].name;
    if (!strcmp(name, "operandSegmentSizes"))
      continue;
    rg_op_writer_text(w, k++ ? ", " : "");
    if (n->attrs[i].value != its) {
      rg_op_writer_entries(w, &n->attrs[i], 1);
      continue;
    }
    rg_op_writer_text(w, "iterator_types = [");
    for (uint32_t j = 0; j < its->count; j++) {
      rg_op_writer_text(w, j ? ", \"" : "\"");
      rg_op_writer_text(w, iterator_kind(its->u.items[j]));
      rg_op_writer_text(w, "\"");
    }
    rg_op_writer_text(w, "]");
  }
  rg_op_writer_text(w, "}");
  clause(w, n, "ins", 0, nin);
  clause(w, n, "outs", nin, n->num_operands);
  if (n->num_attrs > n->num_props) {
    rg_op_writer_text(w, " attrs = {");
    rg_op_writer_entries(w, n->attrs + n->num_props, (uint32_t)(n->num_attrs - n->num_props));
    rg_op_writer_text(w, "}");
  }
  rg_op_writer_text(w, " ");
  rg_op_writer_region(w, &n->regions[0]);
  results(w, n);
  return true;
}

bool upstream_print_softmax(RgOpWriter *w, const RgNode *n) {
  const char *skip[] = {"dimension", NULL};
  const RgAttr *d = prop(n, "dimension");
  if (n->num_operands != 2 || n->num_results > 1 || n->num_regions || !plain_i64(d) ||
      !rg_op_writer_attr_dict(w, n, skip))
    return false;
  char buf[40];
  snprintf(buf, sizeof buf, " dimension(%lld)", (long long)d->u.i);
  rg_op_writer_text(w, buf);
  clause(w, n, "ins", 0, 1);
  clause(w, n, "outs", 1, 2);
  results(w, n);
  return true;
}

bool upstream_print_index(RgOpWriter *w, const RgNode *n) {
  const char *skip[] = {"dim", NULL};
  const RgAttr *d = prop(n, "dim");
  if (!one_result(n) || n->num_operands || !plain_i64(d))
    return false;
  char buf[32];
  snprintf(buf, sizeof buf, " %lld", (long long)d->u.i);
  rg_op_writer_text(w, buf);
  if (!rg_op_writer_attr_dict(w, n, skip))
    return false;
  rg_op_writer_text(w, " : ");
  rg_op_writer_type(w, n->results[0].type);
  return true;
}

/* ---- linalg.matmul: printed so only when its region body is the one
 * the reader rebuilds (upstream_linalg.c) ---- */

static bool text_is(const RgAttr *a, const char *text) {
  return a && a->kind == RG_ATTR_OPAQUE && a->text && a->text_len == strlen(text) &&
         !memcmp(a->text, text, a->text_len);
}

/* `n` is the op `name` of operands `in` and one result of type `t` (or
 * none when t is NULL), with exactly the property `prop` = `value` (or
 * none), no location and no region. */
static bool body_op(const RgGraph *g, const RgNode *n, UpstreamBodyOp want) {
  const char *name = want.name, *prop_name = want.prop, *value = want.value;
  uint32_t nin = want.n;
  RgValue *const *in = want.in;
  const RgType *t = want.t;
  if (!n || strcmp(rg_op_name(g, n->op), name) || n->num_operands != nin || n->num_regions ||
      n->loc || n->num_results != (t ? 1u : 0u) || (t && n->results[0].type != t) ||
      n->num_attrs != (prop_name ? 1 : 0) || n->num_props != n->num_attrs)
    return false;
  for (uint32_t i = 0; i < nin; i++)
    if (n->operands[i].value != in[i])
      return false;
  return !prop_name || (!strcmp(n->attrs[0].name, prop_name) && text_is(n->attrs[0].value, value));
}

static bool matmul_body_is_default(const RgGraph *g, const RgNode *n, bool is_unsigned) {
  const RgBlock *b = n->regions[0].first;
  RgDType dt[3];
  if (!b || b->next || b->num_args != 3)
    return false;
  for (int i = 0; i < 3; i++) {
    dt[i] = upstream_matmul_elem(n->operands[i].value->type);
    const RgType *at = b->args[i]->type;
    if (dt[i] == RG_DT_NONE || at->kind != RG_TYPE_SCALAR || at->dtype != dt[i] ||
        (b->arg_locs && b->arg_locs[i]))
      return false;
  }
  const RgType *out = b->args[2]->type;
  const RgNode *op = b->first;
  RgValue *x[2];
  for (int i = 0; i < 2; i++) {
    x[i] = b->args[i];
    if (dt[i] == dt[2])
      continue;
    const char *cast = upstream_matmul_cast(dt[i], dt[2], is_unsigned);
    if (!body_op(g, op, (UpstreamBodyOp){cast, 1, &x[i], out, NULL, NULL}))
      return false;
    x[i] = &op->results[0];
    op = op->next;
  }
  bool fl = rg_dtype_is_float(dt[2]), i1 = dt[2] == RG_DT_I1;
  const char *prop_name = fl ? "fastmath" : i1 ? NULL : "overflowFlags";
  const char *none = fl ? "#arith.fastmath<none>" : "#arith.overflow<none>";
  const char *mulop = fl ? "arith.mulf" : i1 ? "arith.andi" : "arith.muli";
  const char *addop = fl ? "arith.addf" : i1 ? "arith.ori" : "arith.addi";
  if (!body_op(g, op, (UpstreamBodyOp){mulop, 2, x, out, prop_name, none}))
    return false;
  RgValue *acc[2] = {b->args[2], &op->results[0]};
  op = op->next;
  if (!body_op(g, op, (UpstreamBodyOp){addop, 2, acc, out, prop_name, none}))
    return false;
  RgValue *y = &op->results[0];
  op = op->next;
  return body_op(g, op, (UpstreamBodyOp){"linalg.yield", 1, &y, NULL, NULL, NULL}) && !op->next;
}

bool upstream_print_matmul(RgOpWriter *w, const RgNode *n) {
  static const char *const skip[] = {"indexing_maps", "operandSegmentSizes", NULL};
  const RgGraph *g = rg_op_writer_graph(w);
  const RgAttr *maps = prop(n, "indexing_maps"), *cast = prop(n, "cast");
  uint32_t nin;
  if (n->num_regions != 1 || n->num_operands != 3 || n->num_results > 1 || !segments(n, &nin) ||
      nin != 2 || !maps || maps->kind != RG_ATTR_ARRAY || rg_node_attr(n, "linalg.memoized_indexing_maps"))
    return false;
  bool is_unsigned = cast && cast->text && strstr(cast->text, "cast_unsigned");
  if (!matmul_body_is_default(g, n, is_unsigned))
    return false;
  bool dflt = maps->count == 3;
  for (uint32_t i = 0; i < maps->count && dflt; i++)
    dflt = text_is(maps->u.items[i], upstream_matmul_maps[i]);
  if (!dflt) {
    rg_op_writer_text(w, " indexing_maps = ");
    rg_op_writer_attr(w, maps);
  }
  if (!rg_op_writer_attr_dict(w, n, skip))
    return false;
  clause(w, n, "ins", 0, 2);
  clause(w, n, "outs", 2, 3);
  results(w, n);
  return true;
}
