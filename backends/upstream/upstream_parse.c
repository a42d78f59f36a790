/* backends/upstream/upstream_parse.c - the custom assembly of upstream ops
 * that no shared form (RgOpForm) fits, read in code through the
 * rg_op_reader_* calls (rulegen/syntax.h): linalg's `ins(..) outs(..)`
 * ops, tensor's index lists, arith's predicates and flags. Each op comes
 * out exactly as `mlir-opt-22 --mlir-print-op-generic` prints it: omitted
 * defaults are put back, and linalg.matmul gets the indexing maps and the
 * region body its custom form leaves out. */
#include <string.h>
#include "upstream_parse.h"

static bool word_is(const char *s, size_t len, const char *w) {
  return len == strlen(w) && memcmp(s, w, len) == 0;
}

/* An optional `word<flags>` (fastmath, overflow) before the attributes:
 * property `prop` = `#arith.word<flags>`, or `dflt` when left out. */
static bool flags_prop(RgOpReader *r, const char *word, const char *prop, const char *dflt) {
  RgGraph *g = rg_op_reader_graph(r);
  const RgAttr *a;
  if (rg_op_reader_at(r, "{") || rg_op_reader_at(r, ":")) {
    a = rg_attr_opaque(g, dflt, strlen(dflt));
  } else {
    const char *s;
    size_t len, wl = strlen(word);
    char buf[128];
    if (!rg_op_reader_keyword(r, &s, &len))
      return false;
    if (len <= wl + 2 || len > 100 || memcmp(s, word, wl) || s[wl] != '<')
      return rg_op_reader_error(r, "expected '%s<...>' or ':'", word);
    int n = snprintf(buf, sizeof buf, "#arith.%.*s", (int)len, s);
    a = rg_attr_opaque(g, buf, (size_t)n);
  }
  return rg_op_reader_add_prop(r, prop, a);
}

/* `%a, %b, ...` (at least one) */
static bool operands(RgOpReader *r) {
  do
    if (!rg_op_reader_operand(r))
      return false;
  while (rg_op_reader_accept(r, ","));
  return true;
}

/* `: t` giving the type of operands [first, num) and of the one result. */
static bool same_type_tail(RgOpReader *r, uint32_t first) {
  if (!rg_op_reader_attr_dict(r) || !rg_op_reader_expect(r, ":"))
    return false;
  const RgType *t = rg_op_reader_type(r);
  if (!t)
    return false;
  for (uint32_t i = first; i < rg_op_reader_num_operands(r); i++)
    if (!rg_op_reader_operand_type(r, i, t))
      return false;
  return rg_op_reader_result(r, t);
}

/* `ta SEP tb`, the types of operands 0 and 1 */
static bool two_types(RgOpReader *r, const char *sep, const RgType **ta, const RgType **tb) {
  *ta = rg_op_reader_type(r);
  *tb = *ta && rg_op_reader_expect(r, sep) ? rg_op_reader_type(r) : NULL;
  return *tb && rg_op_reader_operand_type(r, 0, *ta) && rg_op_reader_operand_type(r, 1, *tb);
}

/* ---- arith ---- */

/* `%a, %b fastmath<fast> : t` (addf, mulf, ...) */
bool upstream_parse_float_binary(RgOpReader *r) {
  return operands(r) && flags_prop(r, "fastmath", "fastmath", "#arith.fastmath<none>") &&
         same_type_tail(r, 0);
}

/* `%a, %b overflow<nsw> : t` (addi, muli, ...) */
bool upstream_parse_int_binary(RgOpReader *r) {
  return operands(r) && flags_prop(r, "overflow", "overflowFlags", "#arith.overflow<none>") &&
         same_type_tail(r, 0);
}

/* `%c, %a, %b : t` or, for a shaped condition, `: tc, t` */
bool upstream_parse_select(RgOpReader *r) {
  if (!operands(r) || !rg_op_reader_attr_dict(r) || !rg_op_reader_expect(r, ":"))
    return false;
  if (rg_op_reader_num_operands(r) != 3)
    return rg_op_reader_error(r, "'arith.select' takes 3 operands");
  const RgType *t = rg_op_reader_type(r);
  if (!t)
    return false;
  const RgType *tc = rg_type_scalar(rg_op_reader_graph(r), RG_DT_I1);
  if (rg_op_reader_accept(r, ",")) {
    tc = t;
    if (!(t = rg_op_reader_type(r)))
      return false;
  }
  return rg_op_reader_operand_type(r, 0, tc) && rg_op_reader_operand_type(r, 1, t) &&
         rg_op_reader_operand_type(r, 2, t) && rg_op_reader_result(r, t);
}

static const char *const cmpi_preds[] = {"eq",  "ne",  "slt", "sle", "sgt",
                                         "sge", "ult", "ule", "ugt", "uge"};
static const char *const cmpf_preds[] = {"false", "oeq", "ogt", "oge", "olt", "ole",
                                         "one",   "ord", "ueq", "ugt", "uge", "ult",
                                         "ule",   "une", "uno", "true"};

/* `pred, %a, %b : t`; the result is i1 of t's shape */
static bool parse_cmp(RgOpReader *r, const char *const *preds, int n, bool fastmath) {
  RgGraph *g = rg_op_reader_graph(r);
  const char *s;
  size_t len;
  if (!rg_op_reader_keyword(r, &s, &len))
    return false;
  int pred = -1;
  for (int i = 0; i < n; i++)
    if (word_is(s, len, preds[i]))
      pred = i;
  if (pred < 0)
    return rg_op_reader_error(r, "unknown comparison predicate '%.*s'", (int)(len > 20 ? 20 : len), s);
  if (!rg_op_reader_add_prop(r, "predicate", rg_attr_int(g, pred, rg_type_scalar(g, RG_DT_I64))) ||
      !rg_op_reader_expect(r, ",") || !operands(r))
    return false;
  if (fastmath && !flags_prop(r, "fastmath", "fastmath", "#arith.fastmath<none>"))
    return false;
  if (!rg_op_reader_attr_dict(r) || !rg_op_reader_expect(r, ":"))
    return false;
  const RgType *t = rg_op_reader_type(r);
  if (!t)
    return false;
  for (uint32_t i = 0; i < rg_op_reader_num_operands(r); i++)
    if (!rg_op_reader_operand_type(r, i, t))
      return false;
  const RgType *i1 = rg_type_scalar(g, RG_DT_I1);
  if (t->kind == RG_TYPE_TENSOR)
    i1 = rg_type_tensor(g, RG_DT_I1, t->rank, t->dims);
  else if (t->kind != RG_TYPE_SCALAR)
    return rg_op_reader_error(r, "comparison of '%.40s' values is not read", t->text);
  return rg_op_reader_result(r, i1);
}

bool upstream_parse_cmpi(RgOpReader *r) { return parse_cmp(r, cmpi_preds, 10, false); }
bool upstream_parse_cmpf(RgOpReader *r) { return parse_cmp(r, cmpf_preds, 16, true); }

/* ---- math ---- */

/* `%a, %b fastmath<..> : ta, tb`, the result of type ta */
bool upstream_parse_fpowi(RgOpReader *r) {
  if (!operands(r) || !flags_prop(r, "fastmath", "fastmath", "#arith.fastmath<none>") ||
      !rg_op_reader_attr_dict(r) || !rg_op_reader_expect(r, ":"))
    return false;
  const RgType *ta, *tb;
  return two_types(r, ",", &ta, &tb) && rg_op_reader_result(r, ta);
}

/* ---- tensor ---- */

/* `(%d0, ...) : t` */
bool upstream_parse_empty(RgOpReader *r) {
  if (!rg_op_reader_expect(r, "("))
    return false;
  if (!rg_op_reader_at(r, ")") && !operands(r))
    return false;
  if (!rg_op_reader_expect(r, ")") || !rg_op_reader_attr_dict(r) || !rg_op_reader_expect(r, ":"))
    return false;
  return rg_op_reader_result(r, rg_op_reader_type(r));
}

/* `%t[%i, %j] : t`, the result of t's element type */
bool upstream_parse_extract(RgOpReader *r) {
  if (!rg_op_reader_operand(r) || !rg_op_reader_expect(r, "["))
    return false;
  if (!rg_op_reader_at(r, "]") && !operands(r))
    return false;
  if (!rg_op_reader_expect(r, "]") || !rg_op_reader_attr_dict(r) || !rg_op_reader_expect(r, ":"))
    return false;
  const RgType *t = rg_op_reader_type(r);
  if (!t || !rg_op_reader_operand_type(r, 0, t))
    return false;
  if (t->kind != RG_TYPE_TENSOR)
    return rg_op_reader_error(r, "expected a ranked tensor type, found '%.40s'", t->text);
  return rg_op_reader_result(r, t->elem);
}

/* `[0, %x, 4]`: the static entries, RG_DIM_DYNAMIC (MLIR's kDynamic)
 * where a value is given, that value appended to the operands */
static const RgAttr *index_list(RgOpReader *r, int64_t *ndyn) {
  int64_t v[64];
  uint32_t n = 0;
  *ndyn = 0;
  if (!rg_op_reader_expect(r, "["))
    return NULL;
  while (!rg_op_reader_at(r, "]")) {
    if (n == 64) {
      rg_op_reader_error(r, "more than 64 indices");
      return NULL;
    }
    if (n && !rg_op_reader_expect(r, ","))
      return NULL;
    if (rg_op_reader_at(r, "%")) {
      if (!rg_op_reader_operand(r))
        return NULL;
      v[n++] = RG_DIM_DYNAMIC;
      (*ndyn)++;
    } else if (!rg_op_reader_int(r, &v[n++])) {
      return NULL;
    }
  }
  rg_op_reader_accept(r, "]");
  return rg_attr_dense_array_ints(rg_op_reader_graph(r), RG_DT_I64, n, v);
}

/* `%src into %dst[offsets] [sizes] [strides] : ts into td` */
bool upstream_parse_insert_slice(RgOpReader *r) {
  RgGraph *g = rg_op_reader_graph(r);
  int64_t seg[5] = {1, 1, 0, 0, 0};
  if (!rg_op_reader_operand(r) || !rg_op_reader_expect(r, "into") || !rg_op_reader_operand(r))
    return false;
  static const char *const names[] = {"static_offsets", "static_sizes", "static_strides"};
  for (int i = 0; i < 3; i++) {
    const RgAttr *a = index_list(r, &seg[2 + i]);
    if (!a || !rg_op_reader_add_prop(r, names[i], a))
      return false;
  }
  if (!rg_op_reader_add_prop(r, "operandSegmentSizes", rg_attr_dense_array_ints(g, RG_DT_I32, 5, seg)) ||
      !rg_op_reader_attr_dict(r) || !rg_op_reader_expect(r, ":"))
    return false;
  const RgType *ts, *td;
  return two_types(r, "into", &ts, &td) && rg_op_reader_result(r, td);
}
