/* runtime/ir/shape.c - broadcasting of shapes and tensor types for shape
 * hooks (rulegen/shape.h): the arithmetic every elementwise op's hook
 * needs, in the library so that a target of its own does not re-derive it. */
#include <stdio.h>
#include "rulegen/shape.h"
#include "ir/ir_internal.h"

enum { MAX_RANK = 64 }; /* the graph reader keeps tensors of higher rank verbatim */

bool rg_shape_broadcast(int32_t ra, const int64_t *a, int32_t rb, const int64_t *b, int32_t *rout, int64_t *out) {
  int32_t r = ra > rb ? ra : rb;
  int64_t tmp[MAX_RANK]; /* `out` may alias `a` or `b` */
  if (r > MAX_RANK || ra < 0 || rb < 0)
    return false;
  for (int32_t i = 0; i < r; i++) {
    int32_t ia = i - (r - ra), ib = i - (r - rb);
    int64_t x = ia >= 0 ? a[ia] : 1, y = ib >= 0 ? b[ib] : 1, d;
    if (x == y)
      d = x;
    else if (x == 1)
      d = y;
    else if (y == 1)
      d = x;
    else if (x == RG_DIM_DYNAMIC)
      d = y;
    else if (y == RG_DIM_DYNAMIC)
      d = x;
    else
      return false;
    tmp[i] = d;
  }
  for (int32_t i = 0; i < r; i++)
    out[i] = tmp[i];
  *rout = r;
  return true;
}

/* "cannot broadcast A[ and B]: why" into err; RG_ERR_TYPE. */
static RgStatus type_error(char *err, size_t errlen, const RgType *a, const RgType *b, const char *why) {
  if (err && errlen)
    snprintf(err, errlen, "cannot broadcast %s%s%s%s%s", a ? a->text : "<none>", b ? " and " : "",
             b ? b->text : "", why ? ": " : "", why ? why : "");
  return RG_ERR_TYPE;
}

RgStatus rg_shape_broadcast_types(RgGraph *g, const RgBroadcastTypes *in, const RgType **result, char *err,
                                  size_t errlen) {
  const RgType *const *ts = in->types, *elem = in->elem;
  uint32_t k = in->count;
  RgBroadcastRule rule = in->rule;
  if (!k) {
    if (err && errlen)
      snprintf(err, errlen, "nothing to broadcast");
    return RG_ERR_TYPE;
  }
  bool unranked = false;
  for (uint32_t i = 0; i < k; i++) {
    if (!ts[i] || (ts[i]->kind != RG_TYPE_TENSOR && ts[i]->kind != RG_TYPE_UNRANKED))
      return type_error(err, errlen, ts[i], NULL, "not a tensor");
    unranked |= ts[i]->kind == RG_TYPE_UNRANKED;
  }
  if (!elem)
    elem = ts[0]->elem;
  if (!elem)
    return type_error(err, errlen, ts[0], NULL, "no element type");
  if (unranked) {
    char text[512];
    int n = snprintf(text, sizeof text, "tensor<*x%.*s>", (int)elem->text_len, elem->text);
    const RgType *t = n > 0 && (size_t)n < sizeof text ? rg_type_get(g, text, (size_t)n) : NULL;
    if (!t)
      return RG_ERR_NOMEM;
    *result = t;
    return RG_OK;
  }
  int64_t dims[MAX_RANK];
  int32_t rank = ts[0]->rank;
  if (rank > MAX_RANK)
    return type_error(err, errlen, ts[0], NULL, "rank over 64");
  for (int32_t d = 0; d < rank; d++)
    dims[d] = ts[0]->dims[d];
  for (uint32_t i = 1; i < k; i++) {
    if (rule == RG_BROADCAST_EQUAL_RANK && ts[i]->rank != ts[0]->rank)
      return type_error(err, errlen, ts[0], ts[i], "their ranks differ");
    if (!rg_shape_broadcast(rank, dims, ts[i]->rank, ts[i]->dims, &rank, dims))
      return type_error(err, errlen, ts[0], ts[i], NULL);
  }
  const RgType *t = rg_type_tensor_of(g, elem, rank, dims);
  if (!t)
    return RG_ERR_NOMEM;
  *result = t;
  return RG_OK;
}
