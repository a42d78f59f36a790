/* tools/mlir_plugin/convert.c - a func.func to a rulegen graph and back,
 * directly through the MLIR C API: ops, operands, results, regions and
 * block arguments are walked; types are printed one by one into
 * rg_type_get; attributes become rulegen's kinds through the C API's
 * accessors (dense elements and dialect attributes through their printed
 * spelling, as rgopt's reader keeps them); locations are printed into the
 * `loc(...)` text rulegen fuses for the ops a rewrite creates. MLIR
 * uniques types, attributes and locations, so each is converted once per
 * function, by pointer. Writing back touches only what changed and
 * parses only what the passes made (types, attributes, fused locations). */
#include <stdlib.h>
#include <string.h>
#include "convert.h"
#include "mlir-c/BuiltinAttributes.h"
#include "mlir-c/BuiltinTypes.h"
#include "mlir-c/Diagnostics.h"
#include "rulegen/mlir.h"

/* ---- pointer maps (open addressing; keys are never NULL) ---- */

typedef struct PtrMap {
  const void **keys;
  const void **vals;
  uint32_t mask, used;
} PtrMap;

static uint32_t ptr_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (uint32_t)x;
}

static const void *map_get(const PtrMap *m, const void *k) {
  if (!m->keys)
    return NULL;
  for (uint32_t i = ptr_hash(k) & m->mask;; i = (i + 1) & m->mask) {
    if (m->keys[i] == k)
      return m->vals[i];
    if (!m->keys[i])
      return NULL;
  }
}

static bool map_put(PtrMap *m, const void *k, const void *v) {
  if (2 * (m->used + 1) > (m->keys ? m->mask + 1 : 0)) {
    uint32_t cap = m->keys ? 2 * (m->mask + 1) : 64;
    const void **keys = calloc(cap, sizeof *keys), **vals = calloc(cap, sizeof *vals);
    if (!keys || !vals) {
      free(keys);
      free(vals);
      return false;
    }
    for (uint32_t i = 0; m->keys && i <= m->mask; i++) {
      if (!m->keys[i])
        continue;
      uint32_t j = ptr_hash(m->keys[i]) & (cap - 1);
      while (keys[j])
        j = (j + 1) & (cap - 1);
      keys[j] = m->keys[i];
      vals[j] = m->vals[i];
    }
    free(m->keys);
    free(m->vals);
    m->keys = keys;
    m->vals = vals;
    m->mask = cap - 1;
  }
  uint32_t i = ptr_hash(k) & m->mask;
  while (m->keys[i] && m->keys[i] != k)
    i = (i + 1) & m->mask;
  if (!m->keys[i])
    m->used++;
  m->keys[i] = k;
  m->vals[i] = v;
  return true;
}

static void map_free(PtrMap *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

/* ---- state ---- */

/* What a node converted from an MLIR op looked like, to find what the
 * passes changed: attribute arrays are never changed in place. */
typedef struct NodeRec {
  MlirOperation op; /* null for the builtin.module node */
  const RgNamedAttr *attrs;
  uint16_t num_attrs, num_props;
  RgOpId opid;
  bool alive; /* still in the graph after the passes */
} NodeRec;

struct Conv {
  MlirOperation func;
  MlirContext ctx;
  RgGraph *g;
  PtrMap vals;      /* MlirValue -> RgValue */
  PtrMap types;     /* MlirType -> RgType */
  PtrMap types_out; /* RgType -> MlirType */
  PtrMap attrs;     /* MlirAttribute -> RgAttr */
  PtrMap attrs_out; /* RgAttr -> MlirAttribute */
  PtrMap locs_out;  /* fused loc text of new nodes -> MlirLocation */
  PtrMap blocks;    /* RgBlock -> MlirBlock */
  PtrMap opinfo;    /* op name (MlirIdentifier) -> OpInfo */
  NodeRec *nodes;   /* by node id, below first_new */
  uint32_t num_nodes, cap_nodes;
  uint32_t first_new;
  MlirOperation *made; /* by node id - first_new: ops created on write-back */
  uint32_t num_made;
  struct Chunk *chunks; /* location texts of this conversion */
  size_t chunk_used;
  char *buf; /* print buffer */
  size_t len, cap;
  bool oom;
  const void *file_id; /* the file name last checked for escapes */
  bool file_plain;
  RgOpId op_func;
};

/* Location texts live as long as the conversion: a chunk list, never
 * hashed (every op has its own location). */
struct Chunk {
  struct Chunk *next;
  size_t cap;
  char data[];
};

static char *text_dup(Conv *c, const char *s, size_t n) {
  if (!c->chunks || c->chunk_used + n + 1 > c->chunks->cap) {
    size_t cap = n + 1 > 65536 ? n + 1 : 65536;
    struct Chunk *k = malloc(sizeof *k + cap);
    if (!k)
      return NULL;
    k->next = c->chunks;
    k->cap = cap;
    c->chunks = k;
    c->chunk_used = 0;
  }
  char *d = c->chunks->data + c->chunk_used;
  memcpy(d, s, n);
  d[n] = 0;
  c->chunk_used += n + 1;
  return d;
}

static void print_cb(MlirStringRef s, void *user) {
  Conv *c = user;
  if (c->len + s.length + 1 > c->cap) {
    size_t cap = c->cap ? c->cap : 256;
    while (c->len + s.length + 1 > cap)
      cap *= 2;
    char *b = realloc(c->buf, cap);
    if (!b) {
      c->oom = true;
      return;
    }
    c->buf = b;
    c->cap = cap;
  }
  memcpy(c->buf + c->len, s.data, s.length);
  c->len += s.length;
  c->buf[c->len] = 0;
}

static void emit(MlirLocation loc, const char *msg) { mlirEmitError(loc, msg); }

static bool nomem(Conv *c) {
  emit(mlirOperationGetLocation(c->func), "rulegen: out of memory");
  return false;
}

static MlirStringRef sref(const char *s) { return mlirStringRefCreate(s, strlen(s)); }

/* ---- MLIR to rulegen ---- */

static const RgType *type_in(Conv *c, MlirType t) {
  const RgType *r = map_get(&c->types, t.ptr);
  if (r)
    return r;
  c->len = 0;
  mlirTypePrint(t, print_cb, c);
  if (c->oom || !(r = rg_type_get(c->g, c->buf ? c->buf : "", c->len)))
    return NULL;
  if (!map_put(&c->types, t.ptr, r) || (!map_get(&c->types_out, r) && !map_put(&c->types_out, r, t.ptr)))
    return NULL;
  return r;
}

/* The spelling of an attribute as rulegen keeps it (opaque or dense). */
static const RgAttr *attr_printed(Conv *c, MlirAttribute a, const RgType *dense_type) {
  c->len = 0;
  mlirAttributePrint(a, print_cb, c);
  if (c->oom)
    return NULL;
  const char *s = c->buf ? c->buf : "";
  if (dense_type) {
    const RgAttr *d = rg_attr_dense_text(c->g, dense_type, s, c->len);
    if (d)
      return d;
  }
  return rg_attr_opaque(c->g, s, c->len);
}

static const RgAttr *attr_in(Conv *c, MlirAttribute a);

static const RgAttr *attr_ints(Conv *c, MlirAttribute a, RgDType dt) {
  intptr_t n = mlirDenseArrayGetNumElements(a);
  int64_t small[16], *v = n <= 16 ? small : malloc(sizeof *v * (size_t)n);
  if (!v)
    return NULL;
  for (intptr_t i = 0; i < n; i++)
    v[i] = dt == RG_DT_I8    ? mlirDenseI8ArrayGetElement(a, i)
           : dt == RG_DT_I16 ? mlirDenseI16ArrayGetElement(a, i)
           : dt == RG_DT_I32 ? mlirDenseI32ArrayGetElement(a, i)
                             : mlirDenseI64ArrayGetElement(a, i);
  const RgAttr *r = rg_attr_dense_array_ints(c->g, dt, (uint32_t)n, v);
  if (v != small)
    free(v);
  return r;
}

static const RgAttr *attr_convert(Conv *c, MlirAttribute a) {
  if (mlirAttributeIsABool(a))
    return rg_attr_bool(c->g, mlirBoolAttrGetValue(a));
  if (mlirAttributeIsAInteger(a)) {
    MlirType t = mlirAttributeGetType(a);
    const RgType *rt = type_in(c, t);
    if (!rt)
      return NULL;
    if (mlirTypeIsAIndex(t))
      return rg_attr_int(c->g, mlirIntegerAttrGetValueInt(a), rt);
    if (mlirIntegerTypeGetWidth(t) > 64)
      return attr_printed(c, a, NULL);
    int64_t v = mlirIntegerTypeIsSigned(t)     ? mlirIntegerAttrGetValueSInt(a)
                : mlirIntegerTypeIsUnsigned(t) ? (int64_t)mlirIntegerAttrGetValueUInt(a)
                                               : mlirIntegerAttrGetValueInt(a);
    return rg_attr_int(c->g, v, rt);
  }
  if (mlirAttributeIsAFloat(a)) {
    const RgType *rt = type_in(c, mlirAttributeGetType(a));
    return rt && rt->dtype != RG_DT_NONE ? rg_attr_float(c->g, mlirFloatAttrGetValueDouble(a), rt)
                                         : attr_printed(c, a, NULL);
  }
  if (mlirAttributeIsAString(a)) {
    MlirStringRef s = mlirStringAttrGetValue(a);
    return rg_attr_string(c->g, s.data, s.length);
  }
  if (mlirAttributeIsAType(a)) {
    const RgType *rt = type_in(c, mlirTypeAttrGetValue(a));
    return rt ? rg_attr_type(c->g, rt) : NULL;
  }
  if (mlirAttributeIsAUnit(a))
    return rg_attr_unit(c->g);
  if (mlirAttributeIsADenseI8Array(a))
    return attr_ints(c, a, RG_DT_I8);
  if (mlirAttributeIsADenseI16Array(a))
    return attr_ints(c, a, RG_DT_I16);
  if (mlirAttributeIsADenseI32Array(a))
    return attr_ints(c, a, RG_DT_I32);
  if (mlirAttributeIsADenseI64Array(a))
    return attr_ints(c, a, RG_DT_I64);
  if (mlirAttributeIsAArray(a)) {
    intptr_t n = mlirArrayAttrGetNumElements(a);
    const RgAttr **items = n ? malloc(sizeof *items * (size_t)n) : NULL;
    if (n && !items)
      return NULL;
    for (intptr_t i = 0; i < n; i++)
      if (!(items[i] = attr_in(c, mlirArrayAttrGetElement(a, i)))) {
        free(items);
        return NULL;
      }
    const RgAttr *r = rg_attr_array(c->g, (uint32_t)n, items);
    free(items);
    return r;
  }
  if (mlirAttributeIsADictionary(a)) {
    intptr_t n = mlirDictionaryAttrGetNumElements(a);
    RgNamedAttr *e = n ? malloc(sizeof *e * (size_t)n) : NULL;
    if (n && !e)
      return NULL;
    for (intptr_t i = 0; i < n; i++) {
      MlirNamedAttribute na = mlirDictionaryAttrGetElement(a, i);
      MlirStringRef name = mlirIdentifierStr(na.name);
      e[i].name = rg_intern(c->g, name.data, name.length);
      if (!e[i].name || !(e[i].value = attr_in(c, na.attribute))) {
        free(e);
        return NULL;
      }
    }
    const RgAttr *r = rg_attr_dict(c->g, (uint32_t)n, e);
    free(e);
    return r;
  }
  if (mlirAttributeIsADenseElements(a) && !mlirAttributeIsASparseElements(a)) {
    const RgType *rt = type_in(c, mlirAttributeGetType(a));
    return rt ? attr_printed(c, a, rt) : NULL;
  }
  return attr_printed(c, a, NULL);
}

static const RgAttr *attr_in(Conv *c, MlirAttribute a) {
  const RgAttr *r = map_get(&c->attrs, a.ptr);
  if (r)
    return r;
  if (!(r = attr_convert(c, a)))
    return NULL;
  if (!map_put(&c->attrs, a.ptr, r) || !map_put(&c->attrs_out, r, a.ptr))
    return NULL;
  return r;
}

/* Decimal digits of v at p (at most 10); their count. */
static size_t put_uint(char *p, unsigned v) {
  char d[10];
  size_t n = 0;
  do
    d[n++] = (char)('0' + v % 10);
  while ((v /= 10) != 0);
  for (size_t i = 0; i < n; i++)
    p[i] = d[n - 1 - i];
  return n;
}

/* `loc(...)` text, as MLIR prints it; NULL for `loc(unknown)`, which
 * rulegen drops from fused locations anyway. A file position, what most
 * ops carry, is spelled here directly, without MLIR's printer. */
static bool loc_in(Conv *c, MlirLocation l, const char **out) {
  c->len = 0;
  bool done = false;
  if (mlirLocationIsAFileLineColRange(l)) {
    MlirIdentifier fid = mlirLocationFileLineColRangeGetFilename(l);
    MlirStringRef f = mlirIdentifierStr(fid);
    int line = mlirLocationFileLineColRangeGetStartLine(l), col = mlirLocationFileLineColRangeGetStartColumn(l);
    bool plain = mlirLocationFileLineColRangeGetEndLine(l) == line && mlirLocationFileLineColRangeGetEndColumn(l) == col;
    if (fid.ptr != c->file_id) { /* a file name needing no escape; ops mostly share one */
      c->file_id = fid.ptr;
      c->file_plain = f.length < 4000;
      for (size_t i = 0; c->file_plain && i < f.length; i++)
        c->file_plain = f.data[i] >= 0x20 && f.data[i] < 0x7f && f.data[i] != '"' && f.data[i] != '\\';
    }
    plain = plain && c->file_plain;
    if (plain && line >= 0 && col >= 0) {
      char tail[32];
      size_t n = 0;
      tail[n++] = '"';
      tail[n++] = ':';
      n += put_uint(tail + n, (unsigned)line);
      tail[n++] = ':';
      n += put_uint(tail + n, (unsigned)col);
      tail[n++] = ')';
      print_cb(mlirStringRefCreate("loc(\"", 5), c);
      print_cb(f, c);
      print_cb(mlirStringRefCreate(tail, n), c);
      done = true;
    }
  }
  if (!done)
    mlirLocationPrint(l, print_cb, c);
  if (c->oom)
    return false;
  const char *text = c->buf ? c->buf : "";
  if (strcmp(text, "loc(unknown)") == 0) {
    *out = NULL;
    return true;
  }
  /* Not looked up by location: nearly every op has its own. */
  *out = text_dup(c, text, c->len);
  return *out != NULL;
}

static bool rec_node(Conv *c, RgNode *n, MlirOperation op) {
  if (n->id >= c->cap_nodes) {
    uint32_t cap = c->cap_nodes ? c->cap_nodes * 2 : 256;
    while (cap <= n->id)
      cap *= 2;
    NodeRec *v = realloc(c->nodes, sizeof *v * cap);
    if (!v)
      return false;
    memset(v + c->cap_nodes, 0, sizeof *v * (cap - c->cap_nodes));
    c->nodes = v;
    c->cap_nodes = cap;
  }
  c->nodes[n->id].op = op;
  if (n->id + 1 > c->num_nodes)
    c->num_nodes = n->id + 1;
  return true;
}

static bool block_in(Conv *c, MlirBlock mb, RgBlock *b);

/* The property names seen on ops of one name, sorted as MLIR sorts an
 * op's attributes, with their names interned in the graph. Asking MLIR
 * for an op's attributes by position builds its whole attribute
 * dictionary from the properties on every call; asking for a property by
 * name does not. */
typedef struct OpInfo {
  uint32_t n;
  char **names;
  const char **interned;
} OpInfo;

static bool info_learn(Conv *c, OpInfo *info, MlirStringRef name) {
  for (uint32_t i = 0; i < info->n; i++)
    if (strlen(info->names[i]) == name.length && memcmp(info->names[i], name.data, name.length) == 0)
      return true;
  char **v = realloc(info->names, sizeof *v * (info->n + 1));
  if (v)
    info->names = v;
  const char **w = v ? realloc(info->interned, sizeof *w * (info->n + 1)) : NULL;
  if (w)
    info->interned = w;
  const char *in = rg_intern(c->g, name.data, name.length);
  char *d = malloc(name.length + 1);
  if (!v || !w || !in || !d) {
    free(d);
    return false;
  }
  memcpy(d, name.data, name.length);
  d[name.length] = 0;
  uint32_t at = 0; /* sorted by name */
  while (at < info->n && strcmp(info->names[at], d) < 0)
    at++;
  memmove(info->names + at + 1, info->names + at, sizeof *info->names * (info->n - at));
  memmove(info->interned + at + 1, info->interned + at, sizeof *info->interned * (info->n - at));
  info->names[at] = d;
  info->interned[at] = in;
  info->n++;
  return true;
}

/* An op's attributes, gathered before they are installed at once. */
typedef struct Attrs {
  RgNamedAttr small[16];
  RgNamedAttr *v;
  uint32_t n, cap;
} Attrs;

static bool attrs_push(Conv *c, Attrs *as, const char *name, MlirAttribute a) {
  const RgAttr *v = attr_in(c, a);
  if (!v || !name)
    return false;
  if (as->n == as->cap) {
    RgNamedAttr *w = malloc(sizeof *w * as->cap * 2);
    if (!w)
      return false;
    memcpy(w, as->v, sizeof *w * as->n);
    if (as->v != as->small)
      free(as->v);
    as->v = w;
    as->cap *= 2;
  }
  as->v[as->n].name = name;
  as->v[as->n++].value = v;
  return true;
}

/* The op's attributes: properties (inherent) first, then discardable
 * ones, each in MLIR's (sorted) order. The properties are asked for by
 * the names earlier ops of the name had; an op with one more than those
 * is read by position, and teaches its names. */
static bool attrs_in(Conv *c, MlirOperation op, RgNode *n) {
  intptr_t na = mlirOperationGetNumAttributes(op);
  if (!na)
    return true;
  if (na > UINT16_MAX)
    return false;
  intptr_t nd = mlirOperationGetNumDiscardableAttributes(op), ni = na - nd;
  Attrs as;
  as.v = as.small;
  as.n = 0;
  as.cap = 16;
  bool ok = true;
  if (ni > 0) {
    const void *key = mlirOperationGetName(op).ptr;
    OpInfo *info = (OpInfo *)map_get(&c->opinfo, key);
    if (!info) {
      info = calloc(1, sizeof *info);
      if (!info || !map_put(&c->opinfo, key, info)) {
        free(info);
        return false;
      }
    }
    for (uint32_t i = 0; ok && i < info->n && (intptr_t)as.n < ni; i++) {
      MlirAttribute a = mlirOperationGetInherentAttributeByName(op, mlirStringRefCreate(info->names[i], strlen(info->names[i])));
      if (!mlirAttributeIsNull(a))
        ok = attrs_push(c, &as, info->interned[i], a);
    }
    if (ok && (intptr_t)as.n != ni) { /* a property not seen before: all of them by position */
      as.n = 0;
      for (intptr_t i = 0; ok && i < na; i++) {
        MlirNamedAttribute at = mlirOperationGetAttribute(op, i);
        MlirStringRef name = mlirIdentifierStr(at.name);
        if (mlirOperationHasInherentAttributeByName(op, name))
          ok = info_learn(c, info, name) && attrs_push(c, &as, rg_intern(c->g, name.data, name.length), at.attribute);
      }
    }
  }
  uint32_t np = as.n;
  for (intptr_t i = 0; ok && i < nd; i++) {
    MlirNamedAttribute at = mlirOperationGetDiscardableAttribute(op, i);
    MlirStringRef name = mlirIdentifierStr(at.name);
    ok = attrs_push(c, &as, rg_intern(c->g, name.data, name.length), at.attribute);
  }
  ok = ok && rg_node_set_attrs(c->g, n, as.v, (uint16_t)np, (uint16_t)as.n) == RG_OK;
  if (as.v != as.small)
    free(as.v);
  return ok;
}

static bool op_in(Conv *c, MlirOperation op, RgBlock *into) {
  MlirLocation loc = mlirOperationGetLocation(op);
  if (mlirOperationGetNumSuccessors(op) > 0) {
    emit(loc, "rulegen: successors are not supported (rulegen graphs are dataflow graphs)");
    return false;
  }
  MlirStringRef name = mlirIdentifierStr(mlirOperationGetName(op));
  RgOpId id = rg_op_intern(c->g, name.data, name.length);
  intptr_t nops = mlirOperationGetNumOperands(op), nres = mlirOperationGetNumResults(op);
  intptr_t nreg = mlirOperationGetNumRegions(op);
  if (nreg > UINT16_MAX || nres >= (intptr_t)RG_VALUE_MAX_INDEX) {
    emit(loc, "rulegen: too many regions or results");
    return false;
  }
  RgValue *small_ops[8], **opnds = nops <= 8 ? small_ops : malloc(sizeof *opnds * (size_t)nops);
  const RgType *small_ty[8], **types = nres <= 8 ? small_ty : malloc(sizeof *types * (size_t)nres);
  bool ok = opnds && types && id != RG_OP_NONE;
  for (intptr_t i = 0; ok && i < nops; i++) {
    opnds[i] = (RgValue *)map_get(&c->vals, mlirOperationGetOperand(op, i).ptr);
    if (!opnds[i]) {
      emit(loc, "rulegen: an operand is defined outside the function");
      ok = false;
      goto out;
    }
  }
  for (intptr_t i = 0; ok && i < nres; i++)
    ok = (types[i] = type_in(c, mlirValueGetType(mlirOperationGetResult(op, i)))) != NULL;
  RgNodeDesc d = {id, (uint32_t)nops, opnds, (uint32_t)nres, types, (uint32_t)nreg};
  RgNode *n = ok ? rg_node_create(c->g, &d) : NULL;
  ok = n && rec_node(c, n, op) && attrs_in(c, op, n) && loc_in(c, loc, &n->loc);
  for (intptr_t i = 0; ok && i < nres; i++)
    ok = map_put(&c->vals, mlirOperationGetResult(op, i).ptr, &n->results[i]);
  if (!ok) {
    nomem(c);
    goto out;
  }
  rg_block_append(c->g, into, n);
  MlirRegion r = nreg ? mlirOperationGetFirstRegion(op) : (MlirRegion){NULL};
  for (intptr_t k = 0; ok && k < nreg; k++, r = mlirRegionGetNextInOperation(r))
    for (MlirBlock mb = mlirRegionGetFirstBlock(r); ok && !mlirBlockIsNull(mb); mb = mlirBlockGetNextInRegion(mb)) {
      RgBlock *b = rg_region_add_block(c->g, &n->regions[k]);
      ok = b && block_in(c, mb, b);
      if (!b)
        nomem(c);
    }
out:
  if (opnds && opnds != small_ops)
    free(opnds);
  if (types && types != small_ty)
    free(types);
  return ok;
}

static bool block_in(Conv *c, MlirBlock mb, RgBlock *b) {
  if (!map_put(&c->blocks, b, mb.ptr))
    return nomem(c);
  intptr_t na = mlirBlockGetNumArguments(mb);
  for (intptr_t i = 0; i < na; i++) {
    MlirValue arg = mlirBlockGetArgument(mb, i);
    const RgType *t = type_in(c, mlirValueGetType(arg));
    const char *loc = NULL;
    RgValue *v = t && loc_in(c, mlirValueGetLocation(arg), &loc) ? rg_block_add_arg(c->g, b, t, loc) : NULL;
    if (!v || !map_put(&c->vals, arg.ptr, v))
      return nomem(c);
  }
  for (MlirOperation op = mlirBlockGetFirstOperation(mb); !mlirOperationIsNull(op);
       op = mlirOperationGetNextInBlock(op))
    if (!op_in(c, op, b))
      return false;
  return true;
}

/* Records every converted node's op and attributes as they are now. */
static bool snap(RgNode *n, void *user) {
  Conv *c = user;
  if (n->id < c->first_new) {
    NodeRec *r = &c->nodes[n->id];
    r->attrs = n->attrs;
    r->num_attrs = n->num_attrs;
    r->num_props = n->num_props;
    r->opid = n->op;
  }
  return true;
}


Conv *conv_new(MlirOperation func) {
  Conv *c = calloc(1, sizeof *c);
  if (!c)
    return NULL;
  c->func = func;
  c->ctx = mlirOperationGetContext(func);
  return c;
}

RgGraph *conv_in(Conv *c) {
  c->g = rg_graph_new();
  if (!c->g) {
    nomem(c);
    return NULL;
  }
  static const char module[] = "builtin.module";
  RgOpId mod = rg_op_intern(c->g, module, sizeof module - 1);
  c->op_func = rg_op_intern(c->g, "func.func", 9);
  RgNode *m = mod != RG_OP_NONE ? rg_node_create(c->g, &(RgNodeDesc){.op = mod, .num_regions = 1}) : NULL;
  RgBlock *body = m && rec_node(c, m, (MlirOperation){NULL}) ? rg_region_add_block(c->g, &m->regions[0]) : NULL;
  if (!body) {
    nomem(c);
    return NULL;
  }
  rg_block_append(c->g, rg_graph_body(c->g), m);
  if (!op_in(c, c->func, body))
    return NULL;
  c->first_new = c->num_nodes;
  rg_graph_walk(c->g, snap, c); /* what the write-back compares with */
  return c->g;
}

uint32_t conv_first_new(const Conv *c) { return c->first_new; }

MlirLocation conv_node_loc(const Conv *c, uint32_t id) {
  if (id < c->num_nodes && !mlirOperationIsNull(c->nodes[id].op))
    return mlirOperationGetLocation(c->nodes[id].op);
  return mlirOperationGetLocation(c->func);
}

/* ---- rulegen to MLIR ---- */

static bool type_out(Conv *c, const RgType *t, MlirType *out) {
  const void *p = map_get(&c->types_out, t);
  if (!p) {
    MlirType mt = mlirTypeParseGet(c->ctx, mlirStringRefCreate(t->text, t->text_len));
    if (mlirTypeIsNull(mt))
      return false;
    p = mt.ptr;
    if (!map_put(&c->types_out, t, p))
      return false;
  }
  out->ptr = p;
  return true;
}

static bool attr_out(Conv *c, const RgAttr *a, MlirAttribute *out) {
  const void *p = map_get(&c->attrs_out, a);
  if (!p) {
    size_t len = 0;
    char *text = rg_attr_print(a, &len);
    if (!text)
      return false;
    MlirAttribute ma = mlirAttributeParseGet(c->ctx, mlirStringRefCreate(text, len));
    rg_free(text);
    if (mlirAttributeIsNull(ma))
      return false;
    p = ma.ptr;
    if (!map_put(&c->attrs_out, a, p))
      return false;
  }
  out->ptr = p;
  return true;
}

/* The location spelled s[0..n), inside `loc(...)`: a file position built
 * directly, anything else parsed. */
static bool loc_part(Conv *c, const char *s, size_t n, MlirLocation *out) {
  const char *q = n > 2 && s[0] == '"' ? memchr(s + 1, '"', n - 1) : NULL;
  if (q && !memchr(s + 1, '\\', (size_t)(q - s - 1)) && q + 1 < s + n && q[1] == ':') {
    unsigned v[2] = {0, 0};
    const char *p = q + 2;
    int k = 0;
    for (; k < 2 && p < s + n; k++) {
      const char *d = p;
      while (p < s + n && *p >= '0' && *p <= '9' && p - d < 9)
        v[k] = v[k] * 10 + (unsigned)(*p++ - '0');
      if (p == d || (k == 0 && (p == s + n || *p++ != ':')))
        break;
    }
    if (k == 2 && p == s + n) {
      *out = mlirLocationFileLineColGet(c->ctx, mlirStringRefCreate(s + 1, (size_t)(q - s - 1)), v[0], v[1]);
      return true;
    }
  }
  char small[256], *t = n + 6 <= sizeof small ? small : malloc(n + 6);
  if (!t)
    return false;
  memcpy(t, "loc(", 4);
  memcpy(t + 4, s, n);
  memcpy(t + 4 + n, ")", 2);
  MlirAttribute a = mlirAttributeParseGet(c->ctx, mlirStringRefCreate(t, n + 5));
  if (t != small)
    free(t);
  if (mlirAttributeIsNull(a) || !mlirAttributeIsALocation(a))
    return false;
  *out = mlirLocationFromAttribute(a);
  return true;
}

/* End of the list item at p, up to `end`: the next ',' or ']' outside
 * strings and brackets. */
static const char *item_end(const char *p, const char *end) {
  int depth = 0;
  for (; p < end; p++) {
    if (*p == '"') {
      for (p++; p < end && *p != '"'; p++)
        if (*p == '\\')
          p++;
    } else if (*p == '(' || *p == '[' || *p == '<' || *p == '{') {
      depth++;
    } else if (depth && (*p == ')' || *p == ']' || *p == '>' || *p == '}')) {
      depth--;
    } else if (!depth && (*p == ',' || *p == ']')) {
      return p;
    }
  }
  return end;
}

/* The fused location rulegen gives a created op,
 * `loc(fused<"pass.rule">[part, ...])`, built through the C API from its
 * parts (MLIR's parser would go through the same FusedLoc::get); false
 * when the text has another shape. */
static bool loc_fused(Conv *c, const char *loc, MlirLocation *out) {
  size_t len = strlen(loc);
  if (len < 16 || memcmp(loc, "loc(fused<\"", 11) != 0 || memcmp(loc + len - 2, "])", 2) != 0)
    return false;
  const char *tag = loc + 11, *tend = strchr(tag, '"');
  if (!tend || memchr(tag, '\\', (size_t)(tend - tag)) || strncmp(tend, "\">[", 3) != 0)
    return false;
  const char *p = tend + 3, *end = loc + len - 2;
  MlirLocation small[16], *parts = small;
  size_t n = 0, cap = 16;
  bool ok = true;
  while (ok && p < end) {
    while (*p == ' ')
      p++;
    const char *e = item_end(p, end);
    if (n == cap) {
      MlirLocation *v = malloc(sizeof *v * cap * 2);
      if (!v) {
        ok = false;
        break;
      }
      memcpy(v, parts, sizeof *v * n);
      if (parts != small)
        free(parts);
      parts = v;
      cap *= 2;
    }
    ok = e > p && loc_part(c, p, (size_t)(e - p), &parts[n++]);
    p = e < end ? e + 1 : e;
  }
  if (ok) {
    MlirAttribute meta = mlirStringAttrGet(c->ctx, mlirStringRefCreate(tag, (size_t)(tend - tag)));
    *out = mlirLocationFusedGet(c->ctx, (intptr_t)n, parts, meta);
  }
  if (parts != small)
    free(parts);
  return ok;
}

static bool loc_out(Conv *c, const char *loc, MlirLocation *out) {
  if (!loc) {
    *out = mlirLocationUnknownGet(c->ctx);
    return true;
  }
  const void *p = map_get(&c->locs_out, loc);
  if (!p) {
    MlirLocation l;
    if (!loc_fused(c, loc, &l)) {
      MlirAttribute a = mlirAttributeParseGet(c->ctx, sref(loc));
      if (mlirAttributeIsNull(a) || !mlirAttributeIsALocation(a))
        return false;
      l = mlirLocationFromAttribute(a);
    }
    p = l.ptr;
    if (!map_put(&c->locs_out, loc, p))
      return false;
  }
  out->ptr = p;
  return true;
}

static bool value_out(Conv *c, const RgValue *v, MlirValue *out) {
  if (v->flags & RG_VALUE_BLOCK_ARG) {
    const void *b = map_get(&c->blocks, v->owner.block);
    if (!b)
      return false;
    *out = mlirBlockGetArgument((MlirBlock){(void *)b}, v->index);
    return true;
  }
  const RgNode *n = v->owner.node;
  MlirOperation op = n->id < c->first_new ? c->nodes[n->id].op
                     : n->id - c->first_new < c->num_made ? c->made[n->id - c->first_new]
                                                          : (MlirOperation){NULL};
  if (mlirOperationIsNull(op))
    return false;
  *out = mlirOperationGetResult(op, v->index);
  return true;
}

static bool changed(const Conv *c, const RgNode *n) {
  const NodeRec *r = &c->nodes[n->id];
  return r->attrs != n->attrs || r->num_attrs != n->num_attrs || r->num_props != n->num_props ||
         r->opid != n->op;
}

/* Step 0: everything that parses, before the IR is touched. */
typedef struct Prep {
  Conv *c;
  const RgNode *bad;
  const char *why;
} Prep;

static bool prep(RgNode *n, void *user) {
  Prep *p = user;
  Conv *c = p->c;
  bool fresh = n->id >= c->first_new;
  if (fresh && n->num_regions) {
    p->bad = n;
    p->why = "a rewrite created an op with regions, which the plugin cannot write back";
    return false;
  }
  if (!fresh && mlirOperationIsNull(c->nodes[n->id].op))
    return true;
  MlirType t;
  MlirAttribute a;
  MlirLocation l;
  for (uint32_t i = 0; i < n->num_results; i++)
    if (!type_out(c, n->results[i].type, &t)) {
      p->bad = n;
      p->why = "MLIR cannot parse a result type the passes gave";
      return false;
    }
  if (fresh || changed(c, n))
    for (uint16_t i = 0; i < n->num_attrs; i++)
      if (!attr_out(c, n->attrs[i].value, &a)) {
        p->bad = n;
        p->why = "MLIR cannot parse an attribute the passes made";
        return false;
      }
  if (fresh && !loc_out(c, n->loc, &l)) {
    p->bad = n;
    p->why = "MLIR cannot parse the location of an op the passes made";
    return false;
  }
  return true;
}

static MlirNamedAttribute *named_attrs(Conv *c, const RgNode *n) {
  MlirNamedAttribute *v = malloc(sizeof *v * (n->num_attrs ? n->num_attrs : 1));
  for (uint16_t i = 0; v && i < n->num_attrs; i++) {
    v[i].name = mlirIdentifierGet(c->ctx, sref(n->attrs[i].name));
    attr_out(c, n->attrs[i].value, &v[i].attribute);
  }
  return v;
}

static MlirOperation create_op(Conv *c, const RgNode *n) {
  MlirLocation loc;
  loc_out(c, n->loc, &loc);
  MlirOperationState st = mlirOperationStateGet(sref(rg_op_name(c->g, n->op)), loc);
  MlirValue *ops = malloc(sizeof *ops * (n->num_operands ? n->num_operands : 1));
  MlirType *types = malloc(sizeof *types * (n->num_results ? n->num_results : 1));
  MlirNamedAttribute *attrs = named_attrs(c, n);
  MlirOperation op = {NULL};
  bool ok = ops && types && attrs;
  for (uint32_t i = 0; ok && i < n->num_operands; i++)
    ok = value_out(c, n->operands[i].value, &ops[i]);
  for (uint32_t i = 0; ok && i < n->num_results; i++)
    ok = type_out(c, n->results[i].type, &types[i]);
  if (ok) {
    mlirOperationStateAddOperands(&st, n->num_operands, ops);
    mlirOperationStateAddResults(&st, n->num_results, types);
    mlirOperationStateAddAttributes(&st, n->num_attrs, attrs);
    op = mlirOperationCreate(&st);
  }
  free(ops);
  free(types);
  free(attrs);
  return op;
}

/* Step 1: the new nodes' ops, placed after the op of the node before
 * them in their block (blocks in program order, so operands exist). */
static bool place_block(Conv *c, const RgBlock *b) {
  const void *mbp = map_get(&c->blocks, b);
  if (!mbp)
    return true; /* the top level, above the function */
  MlirBlock mb = {(void *)mbp};
  MlirOperation cursor = {NULL};
  for (const RgNode *n = b->first; n; n = n->next) {
    if (n->id < c->first_new) {
      cursor = c->nodes[n->id].op;
      for (uint16_t k = 0; k < n->num_regions; k++)
        for (const RgBlock *ib = n->regions[k].first; ib; ib = ib->next)
          if (!place_block(c, ib))
            return false;
      continue;
    }
    MlirOperation op = create_op(c, n);
    if (mlirOperationIsNull(op)) {
      MlirLocation loc;
      loc_out(c, n->loc, &loc);
      emit(loc, "rulegen: MLIR could not create an op the passes made");
      return false;
    }
    c->made[n->id - c->first_new] = op;
    if (mlirOperationIsNull(cursor))
      mlirBlockInsertOwnedOperation(mb, 0, op);
    else
      mlirBlockInsertOwnedOperationAfter(mb, cursor, op);
    cursor = op;
  }
  return true;
}

static bool place_all(Conv *c, const RgBlock *b) {
  for (const RgNode *n = b->first; n; n = n->next) {
    for (uint16_t k = 0; k < n->num_regions; k++)
      for (const RgBlock *ib = n->regions[k].first; ib; ib = ib->next)
        if (map_get(&c->blocks, ib) ? !place_block(c, ib) : !place_all(c, ib))
          return false;
  }
  return true;
}

/* Step 2: operands, result types and attributes of the ops kept. */
static bool update(RgNode *n, void *user) {
  Conv *c = user;
  if (n->id >= c->first_new || mlirOperationIsNull(c->nodes[n->id].op))
    return true;
  MlirOperation op = c->nodes[n->id].op;
  intptr_t nops = mlirOperationGetNumOperands(op);
  bool same = nops == (intptr_t)n->num_operands;
  MlirValue small[8], *want = n->num_operands <= 8 ? small : malloc(sizeof *want * n->num_operands);
  if (!want)
    return false;
  for (uint32_t i = 0; i < n->num_operands; i++) {
    value_out(c, n->operands[i].value, &want[i]);
    same = same && mlirValueEqual(want[i], mlirOperationGetOperand(op, (intptr_t)i));
  }
  if (!same)
    mlirOperationSetOperands(op, n->num_operands, want);
  if (want != small)
    free(want);
  for (uint32_t i = 0; i < n->num_results; i++) {
    MlirValue r = mlirOperationGetResult(op, i);
    if (map_get(&c->types, mlirValueGetType(r).ptr) != n->results[i].type) {
      MlirType t;
      type_out(c, n->results[i].type, &t);
      mlirValueSetType(r, t);
    }
  }
  if (changed(c, n)) {
    const NodeRec *rec = &c->nodes[n->id];
    for (uint16_t i = 0; i < rec->num_attrs; i++)
      if (!rg_node_attr(n, rec->attrs[i].name))
        mlirOperationRemoveAttributeByName(op, sref(rec->attrs[i].name));
    for (uint16_t i = 0; i < n->num_attrs; i++) {
      MlirAttribute a;
      attr_out(c, n->attrs[i].value, &a);
      mlirOperationSetAttributeByName(op, sref(n->attrs[i].name), a);
    }
  }
  return true;
}

/* Marks the converted nodes still in the graph; finds the last id. */
typedef struct Mark {
  Conv *c;
  uint32_t last;
  const RgNode *renamed;
} Mark;

static bool mark(RgNode *n, void *user) {
  Mark *m = user;
  if (n->id + 1 > m->last)
    m->last = n->id + 1;
  if (n->id < m->c->first_new) {
    m->c->nodes[n->id].alive = true;
    if (n->op != m->c->nodes[n->id].opid && !m->renamed)
      m->renamed = n;
  }
  return true;
}

bool conv_out(Conv *c) {
  Mark m = {c, c->first_new, NULL};
  rg_graph_walk(c->g, mark, &m);
  if (m.renamed) { /* MLIR cannot rename an op in place */
    emit(conv_node_loc(c, m.renamed->id), "rulegen: a pass changed the name of an op in place");
    return false;
  }
  /* No bundled pass adds block arguments or retypes them; the write-back
   * does not either. */
  for (uint32_t i = 0; c->blocks.keys && i <= c->blocks.mask; i++) {
    const RgBlock *b = c->blocks.keys[i];
    if (!b)
      continue;
    MlirBlock mb = {(void *)c->blocks.vals[i]};
    bool same = (intptr_t)b->num_args == mlirBlockGetNumArguments(mb);
    for (uint32_t k = 0; same && k < b->num_args; k++)
      same = map_get(&c->types, mlirValueGetType(mlirBlockGetArgument(mb, k)).ptr) == b->args[k]->type;
    if (!same) {
      MlirOperation owner = mlirBlockGetParentOperation(mb);
      emit(mlirOperationGetLocation(owner), "rulegen: a pass changed a block's arguments, which the plugin "
                                            "cannot write back");
      return false;
    }
  }
  Prep p = {c, NULL, NULL};
  rg_graph_walk(c->g, prep, &p);
  if (p.bad) {
    emit(conv_node_loc(c, p.bad->id), p.why);
    return false;
  }
  c->num_made = m.last - c->first_new;
  c->made = calloc(c->num_made ? c->num_made : 1, sizeof *c->made);
  if (!c->made)
    return nomem(c);
  if (!place_all(c, rg_graph_body(c->g)))
    return false;
  rg_graph_walk(c->g, update, c);
  /* Step 3: the ops of erased nodes, users before producers (ids are in
   * program order, nested ops after the op holding them). */
  for (uint32_t i = c->first_new; i-- > 0;)
    if (!c->nodes[i].alive && !mlirOperationIsNull(c->nodes[i].op))
      mlirOperationDestroy(c->nodes[i].op);
  return true;
}

void conv_free(Conv *c) {
  if (!c)
    return;
  rg_graph_free(c->g);
  map_free(&c->vals);
  map_free(&c->types);
  map_free(&c->types_out);
  map_free(&c->attrs);
  map_free(&c->attrs_out);
  map_free(&c->locs_out);
  map_free(&c->blocks);
  for (uint32_t i = 0; c->opinfo.keys && i <= c->opinfo.mask; i++)
    if (c->opinfo.keys[i]) {
      OpInfo *info = (OpInfo *)c->opinfo.vals[i];
      for (uint32_t k = 0; k < info->n; k++)
        free(info->names[k]);
      free(info->names);
      free(info->interned);
      free(info);
    }
  map_free(&c->opinfo);
  free(c->nodes);
  free(c->made);
  while (c->chunks) {
    struct Chunk *k = c->chunks;
    c->chunks = k->next;
    free(k);
  }
  free(c->buf);
  free(c);
}
