/* backends/upstream/upstream_linalg.c - the custom assembly of the linalg
 * ops mixed models carry: linalg.generic, linalg.matmul, linalg.softmax,
 * linalg.index (rulegen/syntax.h, RgOpParser). linalg.matmul's custom
 * form leaves out its default indexing maps and its whole region body,
 * which the generic form spells out: they are rebuilt here exactly as
 * MLIR's region builder makes them (casts to the output element type, a
 * multiply, an add to the accumulator, a yield). */
#include <string.h>
#include "upstream_parse.h"

/* `%a, %b : ta, tb` up to the closing parenthesis (possibly nothing);
 * the number of operands, or -1. */
static int typed_operands(RgOpReader *r) {
  uint32_t first = rg_op_reader_num_operands(r);
  if (rg_op_reader_at(r, ")"))
    return 0;
  do
    if (!rg_op_reader_operand(r))
      return -1;
  while (rg_op_reader_accept(r, ","));
  if (!rg_op_reader_expect(r, ":"))
    return -1;
  uint32_t n = rg_op_reader_num_operands(r) - first;
  for (uint32_t i = 0; i < n; i++) {
    const RgType *t = (!i || rg_op_reader_expect(r, ",")) ? rg_op_reader_type(r) : NULL;
    if (!t || !rg_op_reader_operand_type(r, first + i, t))
      return -1;
  }
  return (int)n;
}

/* `word(%a, %b : ta, tb)`, which mlir-opt leaves out when empty; -1
 * after an error */
static int clause(RgOpReader *r, const char *word) {
  if (!rg_op_reader_accept(r, word))
    return 0;
  if (!rg_op_reader_expect(r, "("))
    return -1;
  int n = typed_operands(r);
  return n >= 0 && rg_op_reader_expect(r, ")") ? n : -1;
}

/* `ins(..) outs(..)` and the operandSegmentSizes they give */
static bool ins_outs(RgOpReader *r, int *nin, int *nout) {
  if ((*nin = clause(r, "ins")) < 0 || (*nout = clause(r, "outs")) < 0)
    return false;
  int64_t seg[2] = {*nin, *nout};
  const RgAttr *a = rg_attr_dense_array_ints(rg_op_reader_graph(r), RG_DT_I32, 2, seg);
  return rg_op_reader_add_prop(r, "operandSegmentSizes", a);
}

/* `-> t` or `-> (t, u)`, or nothing (buffers) */
static bool results(RgOpReader *r) {
  if (!rg_op_reader_accept(r, "->"))
    return true;
  bool paren = rg_op_reader_accept(r, "(");
  if (paren && rg_op_reader_accept(r, ")"))
    return true;
  do
    if (!rg_op_reader_result(r, rg_op_reader_type(r)))
      return false;
  while (paren && rg_op_reader_accept(r, ","));
  return !paren || rg_op_reader_expect(r, ")");
}

/* `{indexing_maps = [..], iterator_types = ["parallel", ..], ..}
 * ins(..) outs(..) attrs = {..} {region} -> types`: the iterator types
 * print as strings and are #linalg.iterator_type<..> attributes. */
bool upstream_parse_linalg_generic(RgOpReader *r) {
  RgGraph *g = rg_op_reader_graph(r);
  if (!rg_op_reader_at(r, "{"))
    return rg_op_reader_expect(r, "{");
  const RgAttr *d = rg_op_reader_attr(r);
  if (!d)
    return false;
  for (uint32_t i = 0; i < d->count; i++) {
    const char *name = d->u.entries[i].name;
    const RgAttr *v = d->u.entries[i].value;
    if (!strcmp(name, "iterator_types") && v && v->kind == RG_ATTR_ARRAY) {
      const RgAttr *items[64];
      if (v->count > 64)
        return rg_op_reader_error(r, "more than 64 iterator types");
      for (uint32_t k = 0; k < v->count; k++) {
        const RgAttr *it = v->u.items[k];
        items[k] = it;
        if (it->kind == RG_ATTR_STRING) {
          const char *kind = it->u.str.data;
          if (strcmp(kind, "parallel") && strcmp(kind, "reduction"))
            return rg_op_reader_error(r, "unknown iterator type \"%.20s\"", kind);
          char buf[64];
          int n = snprintf(buf, sizeof buf, "#linalg.iterator_type<%s>", kind);
          if (!(items[k] = rg_attr_opaque(g, buf, (size_t)n)))
            return false;
        }
      }
      v = rg_attr_array(g, v->count, items);
    }
    if (!rg_op_reader_add_prop(r, name, v))
      return false;
  }
  int nin, nout;
  if (!ins_outs(r, &nin, &nout))
    return false;
  if (rg_op_reader_accept(r, "attrs")) {
    const RgAttr *a = rg_op_reader_expect(r, "=") && rg_op_reader_at(r, "{") ? rg_op_reader_attr(r) : NULL;
    if (!a)
      return rg_op_reader_expect(r, "{");
    for (uint32_t i = 0; i < a->count; i++)
      if (!rg_op_reader_add_attr(r, a->u.entries[i].name, a->u.entries[i].value))
        return false;
  }
  return rg_op_reader_region(r) && results(r);
}

/* ---- linalg.matmul ---- */

static RgNode *add_op(RgGraph *g, RgBlock *b, UpstreamBodyOp op) {
  const char *name = op.name, *prop = op.prop, *value = op.value;
  const RgType *t = op.t;
  uint32_t n = op.n;
  RgValue *const *in = op.in;
  RgNode *node = rg_node_create(g, &(RgNodeDesc){rg_op_intern(g, name, strlen(name)), n, in, t ? 1 : 0, &t, 0});
  if (!node)
    return NULL;
  if (prop && rg_node_set_prop(g, node, prop, rg_attr_opaque(g, value, strlen(value))) != RG_OK)
    return NULL;
  rg_block_append(g, b, node);
  return node;
}

/* The cast MLIR's region builder puts from `from` to `to`. */
const char *upstream_matmul_cast(RgDType from, RgDType to, bool is_unsigned) {
  bool ff = rg_dtype_is_float(from), tf = rg_dtype_is_float(to);
  if (ff && tf)
    return rg_dtype_bits(to) > rg_dtype_bits(from) ? "arith.extf" : "arith.truncf";
  if (!ff && !tf)
    return rg_dtype_bits(to) > rg_dtype_bits(from) ? (is_unsigned ? "arith.extui" : "arith.extsi")
                                                   : "arith.trunci";
  if (!ff)
    return is_unsigned ? "arith.uitofp" : "arith.sitofp";
  return is_unsigned ? "arith.fptoui" : "arith.fptosi";
}

RgDType upstream_matmul_elem(const RgType *t) {
  RgDType dt = t->kind == RG_TYPE_TENSOR || t->kind == RG_TYPE_SCALAR ? t->dtype : RG_DT_NONE;
  return dt == RG_DT_INDEX ? RG_DT_NONE : dt;
}

/* ^bb0(%a: ta, %b: tb, %c: tc): c + cast(a) * cast(b), yielded */
static bool matmul_body(RgOpReader *r, bool is_unsigned) {
  RgGraph *g = rg_op_reader_graph(r);
  RgDType dt[3];
  for (uint32_t i = 0; i < 3; i++) {
    const RgType *t = rg_op_reader_operand_value(r, i)->type;
    if ((dt[i] = upstream_matmul_elem(t)) == RG_DT_NONE)
      return rg_op_reader_error(r, "a matmul of '%.40s' elements is not read", t->text);
  }
  RgRegion *reg = rg_op_reader_add_region(r);
  RgBlock *b = reg ? rg_region_add_block(g, reg) : NULL;
  if (!b)
    return false;
  RgValue *arg[3];
  for (int i = 0; i < 3; i++)
    if (!(arg[i] = rg_block_add_arg(g, b, rg_type_scalar(g, dt[i]), NULL)))
      return false;
  const RgType *out = arg[2]->type;
  RgValue *x[2];
  for (int i = 0; i < 2; i++) {
    x[i] = arg[i];
    if (dt[i] != dt[2]) {
      const char *cast = upstream_matmul_cast(dt[i], dt[2], is_unsigned);
      RgNode *c = add_op(g, b, (UpstreamBodyOp){cast, 1, &arg[i], out, NULL, NULL});
      if (!c)
        return false;
      x[i] = &c->results[0];
    }
  }
  bool fl = rg_dtype_is_float(dt[2]), i1 = dt[2] == RG_DT_I1;
  const char *prop = fl ? "fastmath" : i1 ? NULL : "overflowFlags";
  const char *none = fl ? "#arith.fastmath<none>" : "#arith.overflow<none>";
  const char *mulop = fl ? "arith.mulf" : i1 ? "arith.andi" : "arith.muli";
  RgNode *mul = add_op(g, b, (UpstreamBodyOp){mulop, 2, x, out, prop, none});
  RgValue *acc[2] = {arg[2], mul ? &mul->results[0] : NULL};
  const char *addop = fl ? "arith.addf" : i1 ? "arith.ori" : "arith.addi";
  RgNode *add = mul ? add_op(g, b, (UpstreamBodyOp){addop, 2, acc, out, prop, none}) : NULL;
  RgValue *y = add ? &add->results[0] : NULL;
  return add && add_op(g, b, (UpstreamBodyOp){"linalg.yield", 1, &y, NULL, NULL, NULL});
}

/* `indexing_maps = [..] {cast = ..} ins(%a, %b : ..) outs(%c : ..) -> t`;
 * without indexing_maps, the normalizer puts in the default ones */
bool upstream_parse_matmul(RgOpReader *r) {
  if (!rg_op_reader_attr_dict(r))
    return false;
  if (rg_op_reader_accept(r, "indexing_maps")) {
    const RgAttr *maps = rg_op_reader_expect(r, "=") ? rg_op_reader_attr(r) : NULL;
    if (!maps || !rg_op_reader_add_prop(r, "indexing_maps", maps) || !rg_op_reader_attr_dict(r))
      return false;
  }
  int nin, nout;
  if (!ins_outs(r, &nin, &nout))
    return false;
  if (nin != 2 || nout != 1)
    return rg_op_reader_error(r, "'linalg.matmul' takes 2 inputs and 1 output, not %d and %d", nin, nout);
  const RgAttr *cast = rg_op_reader_get(r, "cast");
  bool is_unsigned = cast && cast->text && strstr(cast->text, "cast_unsigned");
  return results(r) && matmul_body(r, is_unsigned);
}

const char *const upstream_matmul_maps[3] = {"affine_map<(d0, d1, d2) -> (d0, d2)>",
                                             "affine_map<(d0, d1, d2) -> (d2, d1)>",
                                             "affine_map<(d0, d1, d2) -> (d0, d1)>"};

/* A matmul without indexing_maps has the default (row-major A x B) ones:
 * the custom form prints neither the defaults nor the attribute memoizing
 * them (linalg.memoized_indexing_maps), so both forms give explicit maps
 * and no memo. */
bool upstream_normalize_matmul(RgOpReader *r) {
  RgGraph *g = rg_op_reader_graph(r);
  rg_op_reader_remove(r, "linalg.memoized_indexing_maps");
  if (rg_op_reader_get(r, "indexing_maps"))
    return true;
  const RgAttr *items[3];
  for (int i = 0; i < 3; i++)
    if (!(items[i] = rg_attr_opaque(g, upstream_matmul_maps[i], strlen(upstream_matmul_maps[i]))))
      return false;
  return rg_op_reader_add_prop(r, "indexing_maps", rg_attr_array(g, 3, items));
}

/* `dimension(2) ins(%a : t) outs(%b : t) -> t` */
bool upstream_parse_softmax(RgOpReader *r) {
  if (!rg_op_reader_at(r, "{") && !rg_op_reader_at(r, "dimension"))
    return rg_op_reader_expect(r, "dimension");
  RgGraph *g = rg_op_reader_graph(r);
  int64_t dim;
  if (!rg_op_reader_attr_dict(r) || !rg_op_reader_expect(r, "dimension") ||
      !rg_op_reader_expect(r, "(") || !rg_op_reader_int(r, &dim) || !rg_op_reader_expect(r, ")") ||
      !rg_op_reader_add_prop(r, "dimension", rg_attr_int(g, dim, rg_type_scalar(g, RG_DT_I64))))
    return false;
  int nin = clause(r, "ins"), nout = nin < 0 ? -1 : clause(r, "outs");
  if (nout >= 0 && (nin != 1 || nout != 1))
    return rg_op_reader_error(r, "'linalg.softmax' takes 1 input and 1 output");
  return nout >= 0 && results(r);
}

/* `2 : index` */
bool upstream_parse_index(RgOpReader *r) {
  RgGraph *g = rg_op_reader_graph(r);
  int64_t dim;
  if (!rg_op_reader_int(r, &dim) ||
      !rg_op_reader_add_prop(r, "dim", rg_attr_int(g, dim, rg_type_scalar(g, RG_DT_I64))) ||
      !rg_op_reader_attr_dict(r) || !rg_op_reader_expect(r, ":"))
    return false;
  return rg_op_reader_result(r, rg_op_reader_type(r));
}
