/* runtime/mlir_read.c - the MLIR generic-form reader: drives the re2c lexer
 * and the lemon parser, and builds the graph from the grammar's actions.
 * Values are resolved by name through a scoped hash table; everything the
 * graph keeps is allocated in the graph's arena, the parser's own stacks
 * are reused across the whole file, so reading does no per-token malloc. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include "mlir_internal.h"
#include "runtime/mlir_grammar.h"

#define VEC(T) struct { T *v; uint32_t len, cap; }

typedef struct ResGroup {
  MlirTok name;
  uint32_t count;
} ResGroup;

typedef struct OpFrame {
  MlirTok name;
  RgOpId op;
  uint32_t res_base, ngroups;
  uint32_t opnd_base;
  uint32_t named_base, num_props;
  uint32_t region_base;
} OpFrame;

typedef struct RegionFrame {
  RgRegion *r;
  RgBlock *cur;
  uint32_t name_mark; /* names defined in this region start here */
  uint32_t iso_saved; /* the isolation barrier to restore on exit */
} RegionFrame;

/* A name in scope: `%name` for values. Entries form a stack (scopes pop
 * from the top) and hash chains through `next`; since scopes pop in LIFO
 * order, a popped entry is always the head of its chain. */
typedef struct NameEnt {
  const char *s;
  uint32_t len, hash;
  uint32_t next; /* index + 1 of the next entry in the chain, 0 = none */
  uint32_t count;
  RgValue *vals; /* count contiguous results, or one block argument */
} NameEnt;

typedef struct Span {
  const char *s;
  uint32_t len;
  uint32_t ops_before; /* top-level ops seen before it */
  bool resources;
} Span;

typedef struct Bracket {
  int tok;
  const char *at;
} Bracket;

struct MlirParser {
  RgGraph *g;
  const RgSource *src;
  RgDiags *d;
  bool failed;
  RgOpId op_func, op_module;
  const RgAttr *unit;

  VEC(OpFrame) ops;
  VEC(RegionFrame) regions;
  VEC(ResGroup) results;
  VEC(RgValue *) opnds;
  VEC(const char *) opnd_at;
  VEC(const RgType *) types;
  VEC(const RgAttr *) attrs;
  VEC(RgNamedAttr) named;
  VEC(uint32_t) dict_bases;
  VEC(RgRegion *) done_regions;
  VEC(NameEnt) names;
  VEC(Span) spans;
  VEC(Bracket) brackets;
  VEC(int64_t) darr_ints;
  VEC(double) darr_floats;
  uint32_t *buckets;
  uint32_t bucket_mask;
  uint32_t iso_base; /* names below this index are hidden by isolation */
  uint32_t top_ops;

  /* the dense array being read */
  const char *darr_start;
  const RgType *darr_elem;
  bool darr_float;

  RgBuf scratch;
};

/* ---- errors ---- */

static void verror(MlirParser *p, const char *at, const char *fmt, va_list ap) {
  if (p->failed)
    return;
  p->failed = true;
  uint32_t off;
  if (at) {
    off = (uint32_t)(at - p->src->text);
  } else { /* end of input: just past the last token */
    off = (uint32_t)p->src->len;
    while (off > 0 && (p->src->text[off - 1] == ' ' || p->src->text[off - 1] == '\n' ||
                       p->src->text[off - 1] == '\t' || p->src->text[off - 1] == '\r'))
      off--;
  }
  RgLoc loc = {p->src, off};
  rg_vdiag(p->d, RG_ERROR, loc, fmt, ap);
}

static void error(MlirParser *p, const char *at, const char *fmt, ...) RG_PRINTF(3, 4);
static void error(MlirParser *p, const char *at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verror(p, at, fmt, ap);
  va_end(ap);
}

static void nomem(MlirParser *p, const char *at) { error(p, at, "out of memory"); }

static bool vec_grow(MlirParser *p, void **v, uint32_t *cap, uint32_t need, size_t elem) {
  if (need <= *cap)
    return true;
  uint32_t ncap = *cap ? *cap * 2 : 16;
  while (ncap < need)
    ncap *= 2;
  void *nv = rg_realloc(*v, elem * ncap);
  if (!nv) {
    nomem(p, NULL);
    return false;
  }
  *v = nv;
  *cap = ncap;
  return true;
}

#define VEC_PUSH(p, vec, x)                                                             \
  (vec_grow((p), (void **)&(vec).v, &(vec).cap, (vec).len + 1, sizeof *(vec).v)       \
       ? ((vec).v[(vec).len++] = (x), true)                                            \
       : false)

static void *arena(MlirParser *p, size_t n) {
  void *m = rg_arena_alloc(ir_arena(p->g), n);
  if (!m)
    nomem(p, NULL);
  return m;
}

static char *arena_dup(MlirParser *p, const char *s, size_t n) {
  char *m = rg_arena_strdup(ir_arena(p->g), s, n);
  if (!m)
    nomem(p, NULL);
  return m;
}

/* ---- token descriptions for syntax errors ---- */

const char *mlir_token_desc(int major) {
  switch (major) {
  case 0: return "end of input";
  case MT_VALUE: return "a value name";
  case MT_CARET: return "a block label";
  case MT_SYMBOL: return "a symbol reference";
  case MT_HASH: return "an attribute";
  case MT_TYPE: return "a type";
  case MT_LOC: return "a location";
  case MT_DENSE: return "a dense attribute";
  case MT_VERBATIM: return "an attribute";
  case MT_ARRAY_OPEN: return "'array<'";
  case MT_RESOURCES: return "'{-#'";
  case MT_TRUE: return "'true'";
  case MT_FALSE: return "'false'";
  case MT_UNIT: return "'unit'";
  case MT_BARE: return "an identifier";
  case MT_INTEGER: return "an integer";
  case MT_FLOAT: return "a float";
  case MT_STRING: return "a string";
  case MT_LPAREN: return "'('";
  case MT_RPAREN: return "')'";
  case MT_LBRACKET: return "'['";
  case MT_RBRACKET: return "']'";
  case MT_LBRACE: return "'{'";
  case MT_RBRACE: return "'}'";
  case MT_LPROPS: return "'<{'";
  case MT_RPROPS: return "'}>'";
  case MT_COMMA: return "','";
  case MT_COLON: return "':'";
  case MT_EQUAL: return "'='";
  case MT_ARROW: return "'->'";
  case MT_RANGLE: return "'>'";
  }
  return "a token";
}

void mlir_syntax_error(MlirParser *p, int major, const MlirTok *t, const char *expected) {
  if (p->failed)
    return;
  if (major == 0 && p->brackets.len) {
    Bracket *b = &p->brackets.v[p->brackets.len - 1];
    error(p, b->at, "'%s' is never closed (input ends early)", b->tok == MT_LPROPS ? "<{"
          : b->tok == MT_LPAREN ? "(" : b->tok == MT_LBRACKET ? "[" : "{");
    return;
  }
  char found[96];
  if (major == 0 || t->len == 0)
    snprintf(found, sizeof found, "%s", mlir_token_desc(major));
  else if (t->len <= 40)
    snprintf(found, sizeof found, "'%.*s'", (int)t->len, t->s);
  else
    snprintf(found, sizeof found, "'%.32s...'", t->s);
  const char *at = major == 0 ? NULL : t->s;
  bool op_expected = strstr(expected, "a string") && strstr(expected, "a value name");
  if (op_expected && (major == MT_BARE || major == MT_TYPE))
    error(p, at, "expected an operation in generic form (\"dialect.op\"(...)), found %s; "
          "custom assembly is not supported", found);
  else if (expected[0])
    error(p, at, "expected %s, found %s", expected, found);
  else
    error(p, at, "unexpected %s", found);
}

void mlir_stack_overflow(MlirParser *p) { error(p, NULL, "nesting too deep"); }

/* ---- strings ---- */

static int hexv(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

/* Unescapes a string token (with its quotes) into p->scratch. */
static bool unescape(MlirParser *p, const MlirTok *t) {
  p->scratch.len = 0;
  const char *s = t->s + 1, *end = t->s + t->len - 1;
  while (s < end) {
    const char *bs = memchr(s, '\\', (size_t)(end - s));
    if (!bs) {
      rg_buf_put(&p->scratch, s, (size_t)(end - s));
      break;
    }
    rg_buf_put(&p->scratch, s, (size_t)(bs - s));
    char c = bs[1];
    if (c == '"' || c == '\\') {
      rg_buf_putc(&p->scratch, c);
      s = bs + 2;
    } else if (c == 'n') {
      rg_buf_putc(&p->scratch, '\n');
      s = bs + 2;
    } else if (c == 't') {
      rg_buf_putc(&p->scratch, '\t');
      s = bs + 2;
    } else if (bs + 2 < end && hexv(c) >= 0 && hexv(bs[2]) >= 0) {
      rg_buf_putc(&p->scratch, (char)(hexv(c) * 16 + hexv(bs[2])));
      s = bs + 3;
    } else {
      error(p, bs, "unknown escape in string literal");
      return false;
    }
  }
  if (p->scratch.oom) {
    nomem(p, t->s);
    return false;
  }
  rg_buf_putc(&p->scratch, 0);
  p->scratch.len--;
  return !p->scratch.oom;
}

/* ---- names ---- */

static uint32_t name_hash(const char *s, uint32_t len) { return rg_hash_bytes(s, len); }

static bool names_rehash(MlirParser *p, uint32_t nbuckets) {
  uint32_t *b = rg_alloc(sizeof *b * nbuckets);
  if (!b) {
    nomem(p, NULL);
    return false;
  }
  memset(b, 0, sizeof *b * nbuckets);
  rg_free(p->buckets);
  p->buckets = b;
  p->bucket_mask = nbuckets - 1;
  for (uint32_t i = 0; i < p->names.len; i++) {
    NameEnt *e = &p->names.v[i];
    uint32_t h = e->hash & p->bucket_mask;
    e->next = b[h];
    b[h] = i + 1;
  }
  return true;
}

static NameEnt *name_find(MlirParser *p, const char *s, uint32_t len, uint32_t hash) {
  if (!p->buckets)
    return NULL;
  for (uint32_t i = p->buckets[hash & p->bucket_mask]; i; i = p->names.v[i - 1].next) {
    NameEnt *e = &p->names.v[i - 1];
    if (e->hash == hash && e->len == len && memcmp(e->s, s, len) == 0)
      return e;
  }
  return NULL;
}

static void name_define(MlirParser *p, const MlirTok *t, RgValue *vals, uint32_t count) {
  uint32_t hash = name_hash(t->s, t->len);
  NameEnt *old = name_find(p, t->s, t->len, hash);
  if (old && (uint32_t)(old - p->names.v) >= p->iso_base) {
    error(p, t->s, "redefinition of value '%.*s'", (int)t->len, t->s);
    return;
  }
  if (!p->buckets || p->names.len + 1 > (p->bucket_mask + 1)) {
    if (!names_rehash(p, p->buckets ? (p->bucket_mask + 1) * 2 : 1024))
      return;
  }
  NameEnt e = {t->s, t->len, hash, 0, count, vals};
  if (!VEC_PUSH(p, p->names, e))
    return;
  uint32_t h = hash & p->bucket_mask;
  p->names.v[p->names.len - 1].next = p->buckets[h];
  p->buckets[h] = p->names.len;
}

static void names_pop(MlirParser *p, uint32_t mark) {
  while (p->names.len > mark) {
    NameEnt *e = &p->names.v[p->names.len - 1];
    uint32_t h = e->hash & p->bucket_mask;
    RG_ASSERT(p->buckets[h] == p->names.len);
    p->buckets[h] = e->next;
    p->names.len--;
  }
}

/* Parses a decimal count; false on overflow or a sign. */
static bool parse_u32(const char *s, uint32_t len, uint32_t *out) {
  uint64_t v = 0;
  if (len == 0 || len > 10)
    return false;
  for (uint32_t i = 0; i < len; i++) {
    if (s[i] < '0' || s[i] > '9')
      return false;
    v = v * 10 + (uint64_t)(s[i] - '0');
  }
  if (v > UINT32_MAX)
    return false;
  *out = (uint32_t)v;
  return true;
}

/* ---- operations ---- */

void mlir_result_group(MlirParser *p, const MlirTok *name, const MlirTok *count) {
  if (p->failed)
    return;
  if (memchr(name->s, '#', name->len)) {
    error(p, name->s, "a result name cannot carry a '#index'");
    return;
  }
  ResGroup r = {*name, 1};
  if (count && (!parse_u32(count->s, count->len, &r.count) || r.count == 0)) {
    error(p, count->s, "invalid result count '%.*s'", (int)count->len, count->s);
    return;
  }
  VEC_PUSH(p, p->results, r);
}

void mlir_op_begin(MlirParser *p, const MlirTok *name, uint32_t ngroups) {
  if (p->failed)
    return;
  const char *s = name->s + 1;
  size_t len = name->len - 2;
  if (memchr(s, '\\', len)) {
    if (!unescape(p, name))
      return;
    s = p->scratch.data;
    len = p->scratch.len;
  }
  if (len == 0) {
    error(p, name->s, "empty operation name");
    return;
  }
  if (memchr(s, 0, len)) {
    error(p, name->s, "operation name contains a NUL byte");
    return;
  }
  OpFrame f = {0};
  f.name = *name;
  f.op = rg_op_intern(p->g, s, len);
  if (f.op == RG_OP_NONE) {
    nomem(p, name->s);
    return;
  }
  f.res_base = p->results.len - ngroups;
  f.ngroups = ngroups;
  f.opnd_base = p->opnds.len;
  f.named_base = p->named.len;
  f.region_base = p->done_regions.len;
  VEC_PUSH(p, p->ops, f);
}

void mlir_operand(MlirParser *p, const MlirTok *v) {
  if (p->failed)
    return;
  uint32_t len = v->len, idx = 0;
  const char *hash = memchr(v->s, '#', v->len);
  if (hash) {
    len = (uint32_t)(hash - v->s);
    if (!parse_u32(hash + 1, (uint32_t)(v->s + v->len - hash - 1), &idx)) {
      error(p, hash, "result index too large");
      return;
    }
  }
  NameEnt *e = name_find(p, v->s, len, name_hash(v->s, len));
  if (!e) {
    error(p, v->s, "use of undefined value '%.*s'", (int)len, v->s);
    return;
  }
  if ((uint32_t)(e - p->names.v) < p->iso_base) {
    error(p, v->s, "use of value '%.*s' from outside an isolated-from-above op", (int)len, v->s);
    return;
  }
  if (idx >= e->count) {
    error(p, v->s, "result index #%u out of range: '%.*s' has %u result%s", idx, (int)len,
          v->s, e->count, e->count == 1 ? "" : "s");
    return;
  }
  if (VEC_PUSH(p, p->opnds, &e->vals[idx]))
    VEC_PUSH(p, p->opnd_at, v->s);
}

void mlir_successors(MlirParser *p, const MlirTok *at) {
  error(p, at->s, "successors are not supported");
}

void mlir_props_end(MlirParser *p) {
  if (p->failed)
    return;
  OpFrame *f = &p->ops.v[p->ops.len - 1];
  f->num_props = p->named.len - f->named_base;
  p->dict_bases.len--;
}

static bool is_isolated(MlirParser *p, RgOpId op) { return op == p->op_func || op == p->op_module; }

void mlir_region_begin(MlirParser *p, const MlirTok *at) {
  if (p->failed)
    return;
  RegionFrame rf = {0};
  rf.r = rg_arena_zalloc(ir_arena(p->g), sizeof *rf.r);
  if (!rf.r) {
    nomem(p, at->s);
    return;
  }
  rf.name_mark = p->names.len;
  rf.iso_saved = p->iso_base;
  if (is_isolated(p, p->ops.v[p->ops.len - 1].op))
    p->iso_base = p->names.len;
  VEC_PUSH(p, p->regions, rf);
}

void mlir_region_end(MlirParser *p) {
  if (p->failed)
    return;
  RegionFrame *rf = &p->regions.v[p->regions.len - 1];
  names_pop(p, rf->name_mark);
  p->iso_base = rf->iso_saved;
  VEC_PUSH(p, p->done_regions, rf->r);
  p->regions.len--;
}

void mlir_block_begin(MlirParser *p, const MlirTok *label) {
  if (p->failed)
    return;
  RegionFrame *rf = &p->regions.v[p->regions.len - 1];
  /* Without successors no block dominates another: each block's values
   * go out of scope where the next block begins. */
  names_pop(p, rf->name_mark);
  rf->cur = rg_region_add_block(p->g, rf->r);
  if (!rf->cur)
    nomem(p, label->s);
}

static const char *intern_loc(MlirParser *p, const MlirTok *loc) {
  if (!loc)
    return NULL;
  const char *s = rg_intern(p->g, loc->s, loc->len);
  if (!s)
    nomem(p, loc->s);
  return s;
}

void mlir_block_arg(MlirParser *p, const MlirTok *name, MlirTy ty, const MlirTok *loc) {
  if (p->failed)
    return;
  if (memchr(name->s, '#', name->len)) {
    error(p, name->s, "a block argument name cannot carry a '#index'");
    return;
  }
  RgBlock *b = p->regions.v[p->regions.len - 1].cur;
  RgValue *v = rg_block_add_arg(p->g, b, ty.t, intern_loc(p, loc));
  if (!v) {
    nomem(p, name->s);
    return;
  }
  name_define(p, name, v, 1);
}

static void print_type_name(char *buf, size_t n, const RgType *t) {
  if (t->text_len <= 60)
    snprintf(buf, n, "%s", t->text);
  else
    snprintf(buf, n, "%.56s...", t->text);
}

void mlir_op_end(MlirParser *p, MlirSig sig, const MlirTok *colon, const MlirTok *loc) {
  if (p->failed)
    return;
  OpFrame f = p->ops.v[p->ops.len - 1];
  uint32_t nopnds = p->opnds.len - f.opnd_base;
  const RgType **tin = &p->types.v[p->types.len - sig.nin - sig.nout];
  const RgType **tout = tin + sig.nin;
  if (sig.nin != nopnds) {
    error(p, colon->s, "expected %u operand type%s but had %u", nopnds, nopnds == 1 ? "" : "s",
          sig.nin);
    return;
  }
  uint32_t named_results = 0;
  for (uint32_t i = 0; i < f.ngroups; i++)
    named_results += p->results.v[f.res_base + i].count;
  if (f.ngroups && named_results != sig.nout) {
    error(p, f.ngroups ? p->results.v[f.res_base].name.s : f.name.s,
          "operation defines %u result%s but was provided %u to bind", sig.nout,
          sig.nout == 1 ? "" : "s", named_results);
    return;
  }
  RgValue **opnds = &p->opnds.v[f.opnd_base];
  for (uint32_t i = 0; i < nopnds; i++) {
    if (opnds[i]->type != tin[i]) {
      char have[64], want[64];
      print_type_name(have, sizeof have, opnds[i]->type);
      print_type_name(want, sizeof want, tin[i]);
      const char *at = p->opnd_at.v[f.opnd_base + i];
      const char *e = at;
      while (*e && *e != ',' && *e != ')' && *e != ' ')
        e++;
      error(p, at, "operand #%u ('%.*s') has type '%s' but the op's type says '%s'", i,
            (int)(e - at), at, have, want);
      return;
    }
  }
  uint32_t nregions = p->done_regions.len - f.region_base;
  if (nregions > UINT16_MAX) {
    error(p, f.name.s, "too many regions");
    return;
  }
  RgNode *n = rg_node_create(p->g, f.op, nopnds, opnds, sig.nout, tout, nregions);
  if (!n || !ir_node_set_src(p->g, n, (uint32_t)(f.name.s - p->src->text))) {
    nomem(p, f.name.s);
    return;
  }
  for (uint32_t i = 0; i < nregions; i++) {
    RgRegion *stub = p->done_regions.v[f.region_base + i];
    n->regions[i].first = stub->first;
    n->regions[i].last = stub->last;
    for (RgBlock *b = stub->first; b; b = b->next)
      b->region = &n->regions[i];
  }
  uint32_t nattrs = p->named.len - f.named_base;
  if (nattrs > UINT16_MAX) {
    error(p, f.name.s, "too many attributes");
    return;
  }
  if (nattrs) {
    RgNamedAttr *arr = arena(p, sizeof *arr * nattrs);
    if (!arr)
      return;
    memcpy(arr, &p->named.v[f.named_base], sizeof *arr * nattrs);
    ir_node_set_attrs(p->g, n, arr, (uint16_t)f.num_props, (uint16_t)nattrs);
  }
  if (loc) {
    n->loc = intern_loc(p, loc);
    if (!n->loc)
      return;
  }
  RgBlock *b;
  if (p->regions.len) {
    RegionFrame *rf = &p->regions.v[p->regions.len - 1];
    if (!rf->cur) {
      rf->cur = rg_region_add_block(p->g, rf->r);
      if (!rf->cur) {
        nomem(p, f.name.s);
        return;
      }
    }
    b = rf->cur;
  } else {
    b = rg_graph_body(p->g);
    p->top_ops++;
  }
  rg_block_append(p->g, b, n);
  uint32_t at = 0;
  for (uint32_t i = 0; i < f.ngroups; i++) {
    ResGroup *r = &p->results.v[f.res_base + i];
    name_define(p, &r->name, &n->results[at], r->count);
    at += r->count;
  }
  p->types.len -= sig.nin + sig.nout;
  p->opnds.len = p->opnd_at.len = f.opnd_base;
  p->named.len = f.named_base;
  p->done_regions.len = f.region_base;
  p->results.len = f.res_base;
  p->ops.len--;
}

void mlir_alias(MlirParser *p, const MlirTok *start, const char *end) {
  if (p->failed || !end)
    return;
  if (start->len < 2 || (start->s[0] != '#' && start->s[0] != '!') ||
      memchr(start->s, '<', start->len)) {
    error(p, start->s, "expected an alias name ('#name' or '!name') before '='");
    return;
  }
  Span s = {start->s, (uint32_t)(end - start->s), p->top_ops, false};
  VEC_PUSH(p, p->spans, s);
}

void mlir_resources(MlirParser *p, const MlirTok *t) {
  if (p->failed)
    return;
  Span s = {t->s, t->len, p->top_ops, true};
  VEC_PUSH(p, p->spans, s);
}

/* ---- types ---- */

static bool int_type_width(const char *s, uint32_t len, uint32_t *width, char *sign) {
  *sign = 0;
  if (len && (s[0] == 's' || s[0] == 'u')) {
    *sign = s[0];
    s++;
    len--;
  }
  if (len < 2 || s[0] != 'i')
    return false;
  uint64_t w = 0;
  for (uint32_t i = 1; i < len; i++) {
    if (s[i] < '0' || s[i] > '9' || i > 9)
      return false;
    w = w * 10 + (uint64_t)(s[i] - '0');
  }
  *width = (uint32_t)w;
  return true;
}

static bool is_float_name(const char *s, uint32_t len) {
  static const char *const names[] = {
      "f16", "bf16", "f32", "f64", "f80", "f128", "tf32", "f4E2M1FN", "f6E2M3FN", "f6E3M2FN",
      "f8E5M2", "f8E4M3", "f8E4M3FN", "f8E5M2FNUZ", "f8E4M3FNUZ", "f8E4M3B11FNUZ", "f8E3M4",
      "f8E8M0FNU"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
    if (strlen(names[i]) == len && memcmp(names[i], s, len) == 0)
      return true;
  return false;
}

/* Element types a tensor may hold. */
static bool valid_elem(const char *s, uint32_t len) {
  uint32_t w;
  char sign;
  if (int_type_width(s, len, &w, &sign))
    return w >= 1;
  if (is_float_name(s, len) || (len == 5 && memcmp(s, "index", 5) == 0))
    return true;
  if (len > 1 && s[0] == '!')
    return true;
  static const char *const shaped[] = {"complex<", "vector<", "tuple<", "memref<"};
  for (size_t i = 0; i < sizeof shaped / sizeof shaped[0]; i++) {
    size_t n = strlen(shaped[i]);
    if (len > n && memcmp(s, shaped[i], n) == 0 && s[len - 1] == '>')
      return true;
  }
  return false;
}

/* Checks `tensor<...>` text (whitespace already removed). Returns the
 * offset of the first bad byte, or -1 when valid. */
static long check_tensor(const char *s, uint32_t len, const char **why) {
  const char *p = s + 7, *end = s + len - 1;
  if (p < end && *p == '*') {
    if (p + 1 >= end || p[1] != 'x') {
      *why = "expected 'x' after '*' in unranked tensor type";
      return p + 1 - s;
    }
    p += 2;
  } else {
    while (p < end && ((*p >= '0' && *p <= '9') || *p == '?')) {
      if (*p == '?') {
        p++;
      } else {
        const char *d = p;
        uint64_t v = 0;
        while (p < end && *p >= '0' && *p <= '9') {
          if (v > (uint64_t)(INT64_MAX - 9) / 10) {
            *why = "dimension too large in tensor type";
            return d - s;
          }
          v = v * 10 + (uint64_t)(*p++ - '0');
        }
      }
      if (p >= end || *p != 'x') {
        *why = "expected 'x' after a dimension in tensor type";
        return p - s;
      }
      p++;
    }
  }
  /* element type, up to a top-level ',' (the encoding) */
  const char *e = p;
  int depth = 0;
  while (e < end && !(depth == 0 && *e == ',')) {
    if (*e == '<' || *e == '(' || *e == '[' || *e == '{')
      depth++;
    else if (*e == '>' || *e == ')' || *e == ']' || *e == '}')
      depth--;
    else if (*e == '"')
      break;
    e++;
  }
  if (e == p || !valid_elem(p, (uint32_t)(e - p))) {
    *why = "invalid element type in tensor type";
    return p - s;
  }
  if (e < end && e + 1 >= end) {
    *why = "expected an encoding attribute after ','";
    return e - s;
  }
  return -1;
}

MlirTy mlir_type_tok(MlirParser *p, const MlirTok *t) {
  MlirTy r = {NULL, t->s + t->len};
  if (p->failed)
    return r;
  const char *s = t->s;
  uint32_t len = t->len;
  /* Most types repeat: one already interned with this exact spelling was
   * validated when first seen. */
  r.t = ir_type_find(p->g, s, len);
  if (r.t)
    return r;
  uint32_t w;
  char sign;
  if (int_type_width(s, len, &w, &sign) && w > 16777215) {
    error(p, s, "integer bitwidth is limited to 16777215 bits");
    return r;
  }
  if (len > 7 && memcmp(s, "tensor<", 7) == 0) {
    /* Spacing inside a tensor type is not significant: drop it so that
     * equal types intern to one (strings and encodings stay as they are). */
    bool space = false;
    for (uint32_t i = 0; i < len && !space; i++)
      space = s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r';
    if (space && !memchr(s, '"', len)) {
      p->scratch.len = 0;
      for (uint32_t i = 0; i < len; i++)
        if (!(s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r'))
          rg_buf_putc(&p->scratch, s[i]);
      if (p->scratch.oom) {
        nomem(p, s);
        return r;
      }
      s = p->scratch.data;
      len = (uint32_t)p->scratch.len;
    }
    const char *why = NULL;
    long bad = check_tensor(s, len, &why);
    if (bad >= 0) {
      error(p, s == t->s ? t->s + bad : t->s, "%s", why);
      return r;
    }
  }
  r.t = rg_type_get(p->g, s, len);
  if (!r.t)
    nomem(p, t->s);
  return r;
}

void mlir_type_push(MlirParser *p, MlirTy t) {
  if (!p->failed)
    VEC_PUSH(p, p->types, t.t);
}

MlirTy mlir_type_fn(MlirParser *p, MlirSig sig) {
  MlirTy r = {NULL, sig.end};
  if (p->failed)
    return r;
  const RgType **ts = &p->types.v[p->types.len - sig.nin - sig.nout];
  RgBuf *b = &p->scratch;
  b->len = 0;
  rg_buf_putc(b, '(');
  for (uint32_t i = 0; i < sig.nin; i++) {
    if (i)
      rg_buf_put(b, ", ", 2);
    rg_buf_put(b, ts[i]->text, ts[i]->text_len);
  }
  rg_buf_put(b, ") -> ", 5);
  bool paren = sig.nout != 1 || ts[sig.nin]->text[0] == '(';
  if (paren)
    rg_buf_putc(b, '(');
  for (uint32_t i = 0; i < sig.nout; i++) {
    if (i)
      rg_buf_put(b, ", ", 2);
    rg_buf_put(b, ts[sig.nin + i]->text, ts[sig.nin + i]->text_len);
  }
  if (paren)
    rg_buf_putc(b, ')');
  p->types.len -= sig.nin + sig.nout;
  if (b->oom) {
    nomem(p, NULL);
    return r;
  }
  r.t = rg_type_get(p->g, b->data, b->len);
  if (!r.t)
    nomem(p, NULL);
  return r;
}

/* ---- attributes ---- */

static RgAttr *attr_new(MlirParser *p, RgAttrKind kind, const char *s, const char *end) {
  RgAttr *a = rg_arena_zalloc(ir_arena(p->g), sizeof *a);
  if (!a) {
    nomem(p, s);
    return NULL;
  }
  a->kind = kind;
  if (s) {
    if ((size_t)(end - s) > UINT32_MAX - 1) {
      error(p, s, "attribute too large");
      return NULL;
    }
    char *text = arena_dup(p, s, (size_t)(end - s));
    if (!text)
      return NULL;
    a->text = text;
    a->text_len = (uint32_t)(end - s);
  }
  return a;
}

/* Magnitude of an integer token; false on overflow beyond 64 bits. */
static bool int_value(const MlirTok *t, uint64_t *mag, bool *neg, bool *hex) {
  const char *s = t->s, *end = t->s + t->len;
  *neg = *s == '-';
  if (*neg)
    s++;
  *hex = end - s > 2 && s[0] == '0' && s[1] == 'x';
  uint64_t v = 0;
  if (*hex) {
    for (s += 2; s < end; s++) {
      if (v >> 60)
        return false;
      v = v * 16 + (uint64_t)hexv(*s);
    }
  } else {
    for (; s < end; s++) {
      uint64_t dgt = (uint64_t)(*s - '0');
      if (v > (UINT64_MAX - dgt) / 10)
        return false;
      v = v * 10 + dgt;
    }
  }
  *mag = v;
  return true;
}

static double bits_to_double(RgDType dt, uint64_t bits) {
  if (dt == RG_DT_F64) {
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
  }
  if (dt == RG_DT_F32) {
    uint32_t b32 = (uint32_t)bits;
    float f;
    memcpy(&f, &b32, sizeof f);
    return f;
  }
  if (dt == RG_DT_BF16) {
    uint32_t b32 = (uint32_t)bits << 16;
    float f;
    memcpy(&f, &b32, sizeof f);
    return f;
  }
  /* f16 */
  int e = (int)((bits >> 10) & 0x1f), m = (int)(bits & 0x3ff);
  double sgn = (bits & 0x8000) ? -1.0 : 1.0;
  if (e == 0)
    return sgn * ldexp(m, -24);
  if (e == 31)
    return m ? NAN : sgn * INFINITY;
  return sgn * ldexp(m + 1024, e - 25);
}

static bool parse_double(MlirParser *p, const MlirTok *t, double *out) {
  char small[64];
  char *buf = small;
  if (t->len >= sizeof small) {
    buf = rg_alloc(t->len + 1);
    if (!buf) {
      nomem(p, t->s);
      return false;
    }
  }
  memcpy(buf, t->s, t->len);
  buf[t->len] = 0;
  errno = 0;
  double v = strtod(buf, NULL);
  bool range = errno == ERANGE && isinf(v);
  if (buf != small)
    rg_free(buf);
  if (range) {
    error(p, t->s, "floating point literal out of range");
    return false;
  }
  *out = v;
  return true;
}

/* Checks an integer literal against an integer type of `width` bits
 * (t NULL: untyped, i64). Returns 0 with *out set, 1 when the value only
 * fits a type wider than 64 bits (kept verbatim), -1 after an error. */
static int int_literal(MlirParser *p, const MlirTok *num, const RgType *t, uint32_t width,
                       char sign, int64_t *out) {
  uint64_t mag;
  bool neg, hex;
  bool fits = int_value(num, &mag, &neg, &hex);
  if (!fits) {
    if (width > 64)
      return 1;
    error(p, num->s, "integer constant out of range for attribute");
    return -1;
  }
  if (neg && sign == 'u') {
    error(p, num->s, "negative integer literal not valid for unsigned integer type");
    return -1;
  }
  if (width < 64) {
    uint64_t lim_pos = sign == 's' ? ((uint64_t)1 << (width - 1)) - 1 : ((uint64_t)1 << width) - 1;
    uint64_t lim_neg = (uint64_t)1 << (width - 1);
    if (neg ? mag > lim_neg : mag > lim_pos) {
      error(p, num->s, "integer constant out of range for type '%s'", t ? t->text : "i64");
      return -1;
    }
  } else if (neg && mag > (uint64_t)1 << 63) {
    if (width > 64)
      return 1;
    error(p, num->s, "integer constant out of range for attribute");
    return -1;
  } else if (!neg && mag > (uint64_t)INT64_MAX && (!t || sign == 's')) {
    if (width > 64)
      return 1;
    error(p, num->s, "integer constant out of range for attribute");
    return -1;
  }
  *out = neg ? (int64_t)(0 - mag) : (int64_t)mag;
  return 0;
}

MlirAt mlir_attr_number(MlirParser *p, const MlirTok *num, const MlirTy *ty, bool is_float) {
  MlirAt r = {NULL, ty ? ty->end : num->s + num->len};
  if (p->failed)
    return r;
  const RgType *t = ty ? ty->t : NULL;
  uint32_t width = 64;
  char sign = 0;
  bool is_int_type = !t || int_type_width(t->text, t->text_len, &width, &sign) ||
                     strcmp(t->text, "index") == 0;
  bool is_float_type = t && is_float_name(t->text, t->text_len);
  if (is_float) {
    if (!t || is_float_type) {
      double v;
      if (!parse_double(p, num, &v))
        return r;
      RgAttr *a = attr_new(p, t && t->dtype == RG_DT_NONE ? RG_ATTR_OPAQUE : RG_ATTR_FLOAT,
                           num->s, r.end);
      if (a) {
        a->type = t;
        if (a->kind == RG_ATTR_FLOAT)
          a->u.f = v;
        else
          a->u.verbatim = a->text;
      }
      r.a = a;
      return r;
    }
    error(p, num->s, "floating point value not valid for type '%s'", t->text);
    return r;
  }
  uint64_t mag;
  bool neg, hex;
  bool fits = int_value(num, &mag, &neg, &hex);
  if (is_float_type) {
    if (!hex) {
      error(p, num->s, "unexpected decimal integer literal for a floating point value "
            "(add a '.' to make it a float)");
      return r;
    }
    int bits = t->dtype == RG_DT_NONE ? 128 : rg_dtype_bits(t->dtype);
    if (neg || !fits || (bits < 64 && (mag >> bits) != 0)) {
      error(p, num->s, "hexadecimal float constant out of range for type '%s'", t->text);
      return r;
    }
    RgAttr *a = attr_new(p, t->dtype == RG_DT_NONE ? RG_ATTR_OPAQUE : RG_ATTR_FLOAT, num->s, r.end);
    if (a) {
      a->type = t;
      if (a->kind == RG_ATTR_FLOAT)
        a->u.f = bits_to_double(t->dtype, mag);
      else
        a->u.verbatim = a->text;
    }
    r.a = a;
    return r;
  }
  if (!is_int_type) {
    error(p, num->s, "integer literal not valid for type '%s'", t->text);
    return r;
  }
  int64_t v = 0;
  int k = int_literal(p, num, t, width, sign, &v);
  if (k < 0)
    return r;
  RgAttr *a = attr_new(p, k == 0 ? RG_ATTR_INT : RG_ATTR_OPAQUE, num->s, r.end);
  if (a) {
    a->type = t;
    if (k == 0)
      a->u.i = v;
    else
      a->u.verbatim = a->text;
  }
  r.a = a;
  return r;
}

MlirAt mlir_attr_bool(MlirParser *p, const MlirTok *t, bool v) {
  MlirAt r = {NULL, t->s + t->len};
  if (p->failed)
    return r;
  r.a = rg_attr_bool(p->g, v);
  if (!r.a)
    nomem(p, t->s);
  return r;
}

MlirAt mlir_attr_unit(MlirParser *p, const MlirTok *t) {
  MlirAt r = {p->unit, t->s + t->len};
  return r;
}

MlirAt mlir_attr_string(MlirParser *p, const MlirTok *t, const MlirTy *ty) {
  if (ty)
    return mlir_attr_verbatim(p, t, ty);
  MlirAt r = {NULL, t->s + t->len};
  if (p->failed || !unescape(p, t))
    return r;
  RgAttr *a = attr_new(p, RG_ATTR_STRING, t->s, r.end);
  if (!a)
    return r;
  char *data = arena_dup(p, p->scratch.data, p->scratch.len);
  if (!data)
    return r;
  a->u.str.data = data;
  a->u.str.len = (uint32_t)p->scratch.len;
  r.a = a;
  return r;
}

MlirAt mlir_attr_verbatim(MlirParser *p, const MlirTok *t, const MlirTy *ty) {
  MlirAt r = {NULL, ty ? ty->end : t->s + t->len};
  if (p->failed)
    return r;
  RgAttr *a = attr_new(p, RG_ATTR_OPAQUE, t->s, r.end);
  if (a) {
    a->type = ty ? ty->t : NULL;
    a->u.verbatim = a->text;
  }
  r.a = a;
  return r;
}

MlirAt mlir_attr_dense(MlirParser *p, const MlirTok *t, MlirTy ty) {
  MlirAt r = {NULL, ty.end};
  if (p->failed)
    return r;
  if (ty.t->kind != RG_TYPE_TENSOR && ty.t->kind != RG_TYPE_UNRANKED &&
      memcmp(ty.t->text, "vector<", ty.t->text_len < 7 ? ty.t->text_len : 7) != 0) {
    error(p, t->s + t->len, "expected a tensor or vector type after 'dense<...> :', found '%s'",
          ty.t->text);
    return r;
  }
  RgAttr *a = attr_new(p, RG_ATTR_DENSE, t->s, ty.end);
  if (!a)
    return r;
  a->type = ty.t;
  /* Cheap shape facts now; element values are decoded on first use. */
  const char *body = t->s + 6, *bend = t->s + t->len - 1;
  int64_t numel = rg_type_numel(ty.t);
  if (body < bend && *body == '[') {
    a->count = numel >= 0 && numel <= UINT32_MAX ? (uint32_t)numel : 0;
  } else if (body < bend && *body == '"') {
    int bits = rg_dtype_bits(ty.t->dtype);
    size_t bytes = (size_t)(bend - body - 4) / 2, esize = (size_t)(bits + 7) / 8;
    size_t n = esize ? bytes / esize : 0;
    a->count = n <= UINT32_MAX ? (uint32_t)n : 0;
    a->splat = n == 1 && numel != 1;
  } else {
    a->count = body < bend ? 1 : 0;
    a->splat = a->count == 1 && numel != 1;
  }
  r.a = a;
  return r;
}

MlirAt mlir_attr_typeattr(MlirParser *p, MlirTy ty) {
  MlirAt r = {NULL, ty.end};
  if (p->failed)
    return r;
  r.a = rg_attr_type(p->g, ty.t);
  if (!r.a)
    nomem(p, NULL);
  return r;
}

uint32_t mlir_list_begin(MlirParser *p) { return p->attrs.len; }

void mlir_list_push(MlirParser *p, MlirAt a) {
  if (!p->failed)
    VEC_PUSH(p, p->attrs, a.a);
}

MlirAt mlir_attr_array(MlirParser *p, uint32_t base, const MlirTok *close) {
  MlirAt r = {NULL, close->s + 1};
  if (p->failed)
    return r;
  r.a = rg_attr_array(p->g, p->attrs.len - base, &p->attrs.v[base]);
  p->attrs.len = base;
  if (!r.a)
    nomem(p, close->s);
  return r;
}

uint32_t mlir_dict_begin(MlirParser *p) {
  if (!p->failed)
    VEC_PUSH(p, p->dict_bases, p->named.len);
  return p->named.len;
}

void mlir_dict_end(MlirParser *p) {
  if (!p->failed)
    p->dict_bases.len--;
}

static bool valid_bare(const char *s, uint32_t len) {
  if (!len || !((s[0] >= 'a' && s[0] <= 'z') || (s[0] >= 'A' && s[0] <= 'Z') || s[0] == '_'))
    return false;
  for (uint32_t i = 1; i < len; i++) {
    char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
          c == '_' || c == '$' || c == '.'))
      return false;
  }
  return true;
}

void mlir_dict_entry(MlirParser *p, const MlirTok *key, const MlirAt *value) {
  if (p->failed)
    return;
  const char *s = key->s;
  size_t len = key->len;
  if (key->s[0] == '"') {
    if (!unescape(p, key))
      return;
    s = p->scratch.data;
    len = p->scratch.len;
    if (len == 0 || memchr(s, 0, len)) {
      error(p, key->s, len ? "attribute name contains a NUL byte" : "empty attribute name");
      return;
    }
  } else if (!valid_bare(s, key->len)) {
    error(p, key->s, "expected an attribute name, found '%.*s'", (int)(key->len > 40 ? 40 : key->len),
          key->s);
    return;
  }
  const char *name = rg_intern(p->g, s, len);
  if (!name) {
    nomem(p, key->s);
    return;
  }
  uint32_t base = p->dict_bases.v[p->dict_bases.len - 1];
  for (uint32_t i = base; i < p->named.len; i++) {
    if (p->named.v[i].name == name) {
      error(p, key->s, "duplicate key '%s' in dictionary attribute", name);
      return;
    }
  }
  RgNamedAttr e = {name, value ? value->a : p->unit};
  VEC_PUSH(p, p->named, e);
}

MlirAt mlir_attr_dict(MlirParser *p, uint32_t base, const MlirTok *close) {
  MlirAt r = {NULL, close->s + 1};
  if (p->failed)
    return r;
  r.a = rg_attr_dict(p->g, p->named.len - base, &p->named.v[base]);
  p->named.len = base;
  p->dict_bases.len--;
  if (!r.a)
    nomem(p, close->s);
  return r;
}

void mlir_darray_begin(MlirParser *p, const MlirTok *open, MlirTy elem) {
  if (p->failed)
    return;
  const RgType *t = elem.t;
  uint32_t w;
  char sign;
  p->darr_start = open->s;
  p->darr_elem = t;
  p->darr_ints.len = p->darr_floats.len = 0;
  p->darr_float = is_float_name(t->text, t->text_len);
  if (!p->darr_float && !int_type_width(t->text, t->text_len, &w, &sign))
    error(p, open->s + open->len, "invalid element type '%s' for array<...>", t->text);
}

void mlir_darray_elem(MlirParser *p, const MlirTok *t, bool is_float) {
  if (p->failed)
    return;
  if (t->s[0] == 't' || t->s[0] == 'f') { /* true / false */
    if (p->darr_float) {
      error(p, t->s, "boolean value not valid for a float array");
      return;
    }
    VEC_PUSH(p, p->darr_ints, t->s[0] == 't');
    return;
  }
  if (is_float && !p->darr_float) {
    error(p, t->s, "floating point value not valid for integer element type");
    return;
  }
  if (p->darr_float) {
    double v;
    if (is_float) {
      if (!parse_double(p, t, &v))
        return;
    } else {
      uint64_t mag;
      bool neg, hex;
      if (!int_value(t, &mag, &neg, &hex)) {
        error(p, t->s, "integer constant out of range");
        return;
      }
      v = hex ? bits_to_double(p->darr_elem->dtype == RG_DT_NONE ? RG_DT_F64 : p->darr_elem->dtype, mag)
              : (neg ? -(double)mag : (double)mag);
    }
    VEC_PUSH(p, p->darr_floats, v);
    return;
  }
  uint32_t width = 64;
  char sign = 0;
  int64_t v = 0;
  int_type_width(p->darr_elem->text, p->darr_elem->text_len, &width, &sign);
  int k = int_literal(p, t, p->darr_elem, width, sign, &v);
  if (k == 0)
    VEC_PUSH(p, p->darr_ints, v);
  else if (k > 0)
    error(p, t->s, "integer constant out of range for array element");
}

MlirAt mlir_attr_darray(MlirParser *p, const MlirTok *close) {
  MlirAt r = {NULL, close->s + 1};
  if (p->failed)
    return r;
  RgAttr *a = attr_new(p, RG_ATTR_DENSE_ARRAY, p->darr_start, r.end);
  if (!a)
    return r;
  a->type = p->darr_elem;
  uint32_t n = p->darr_float ? p->darr_floats.len : p->darr_ints.len;
  a->count = n;
  if (n) {
    void *copy = arena(p, 8 * (size_t)n);
    if (!copy)
      return r;
    if (p->darr_float) {
      memcpy(copy, p->darr_floats.v, 8 * (size_t)n);
      a->u.floats = copy;
    } else {
      memcpy(copy, p->darr_ints.v, 8 * (size_t)n);
      a->u.ints = copy;
    }
  }
  r.a = a;
  return r;
}

/* ---- driver ---- */

static void set_file_text(MlirParser *p) {
  RgBuf pro, epi;
  rg_buf_init(&pro);
  rg_buf_init(&epi);
  for (uint32_t i = 0; i < p->spans.len; i++) {
    Span *s = &p->spans.v[i];
    /* Aliases before the last top-level op go first (an attribute alias
     * must be defined before use); trailing ones and resources last, where
     * mlir-opt prints them. */
    if (!s->resources && s->ops_before < p->top_ops) {
      if (pro.len)
        rg_buf_putc(&pro, '\n');
      rg_buf_put(&pro, s->s, s->len);
    } else {
      if (s->resources)
        rg_buf_putc(&epi, '\n');
      else if (epi.len)
        rg_buf_putc(&epi, '\n');
      if (s->resources && epi.len > 1)
        rg_buf_putc(&epi, '\n');
      rg_buf_put(&epi, s->s, s->len);
    }
  }
  if (pro.oom || epi.oom)
    nomem(p, NULL);
  else {
    rg_graph_set_prologue(p->g, pro.data, pro.len);
    rg_graph_set_epilogue(p->g, epi.data, epi.len);
    if ((pro.len && !rg_graph_prologue(p->g)) || (epi.len && !rg_graph_epilogue(p->g)))
      nomem(p, NULL);
  }
  rg_buf_free(&pro);
  rg_buf_free(&epi);
}

static const char *bracket_text(int tok) {
  switch (tok) {
  case MT_LPAREN: return "(";
  case MT_LBRACKET: return "[";
  case MT_LBRACE: return "{";
  case MT_LPROPS: return "<{";
  case MT_RPAREN: return ")";
  case MT_RBRACKET: return "]";
  case MT_RBRACE: return "}";
  default: return "}>";
  }
}

/* Tracks ( [ { <{ so that a mismatch names the opener and nesting stays
 * bounded (the parser's stack and the writer's recursion depend on it). */
static void track_bracket(MlirParser *p, int tk, const MlirTok *t) {
  int open = 0;
  switch (tk) {
  case MT_LPAREN: case MT_LBRACKET: case MT_LBRACE: case MT_LPROPS: {
    if (p->brackets.len >= RG_MLIR_MAX_NESTING) {
      error(p, t->s, "nesting too deep (limit %d)", RG_MLIR_MAX_NESTING);
      return;
    }
    Bracket b = {tk, t->s};
    VEC_PUSH(p, p->brackets, b);
    return;
  }
  case MT_RPAREN: open = MT_LPAREN; break;
  case MT_RBRACKET: open = MT_LBRACKET; break;
  case MT_RBRACE: open = MT_LBRACE; break;
  case MT_RPROPS: open = MT_LPROPS; break;
  default: return;
  }
  if (!p->brackets.len) {
    error(p, t->s, "unbalanced '%s': nothing to close", bracket_text(tk));
    return;
  }
  Bracket *b = &p->brackets.v[p->brackets.len - 1];
  if (b->tok != open) {
    uint32_t line, col;
    rg_source_linecol(p->src, (uint32_t)(b->at - p->src->text), &line, &col);
    error(p, t->s, "unbalanced '%s': '%s' opened at %u:%u is still open", bracket_text(tk),
          bracket_text(b->tok), line, col);
    return;
  }
  p->brackets.len--;
}

static void parser_free(MlirParser *p) {
  rg_free(p->ops.v);
  rg_free(p->regions.v);
  rg_free(p->results.v);
  rg_free(p->opnds.v);
  rg_free(p->opnd_at.v);
  rg_free(p->types.v);
  rg_free(p->attrs.v);
  rg_free(p->named.v);
  rg_free(p->dict_bases.v);
  rg_free(p->done_regions.v);
  rg_free(p->names.v);
  rg_free(p->spans.v);
  rg_free(p->brackets.v);
  rg_free(p->darr_ints.v);
  rg_free(p->darr_floats.v);
  rg_free(p->buckets);
  rg_buf_free(&p->scratch);
}

RgGraph *rg_mlir_read(const RgSource *src, RgDiags *d) {
  MlirParser p;
  memset(&p, 0, sizeof p);
  p.src = src;
  p.d = d;
  p.g = rg_graph_new();
  RgLoc none = {NULL, 0};
  if (!p.g) {
    rg_diag(d, RG_ERROR, none, "out of memory reading '%s'", src->name);
    return NULL;
  }
  p.op_func = rg_op_intern(p.g, "func.func", 9);
  p.op_module = rg_op_intern(p.g, "builtin.module", 14);
  p.unit = rg_attr_unit(p.g);
  /* Vectors start non-empty so that `&v[base]` never offsets a NULL. */
#define RESERVE(vec) vec_grow(&p, (void **)&(vec).v, &(vec).cap, 16, sizeof *(vec).v)
  bool ok = RESERVE(p.ops) && RESERVE(p.regions) && RESERVE(p.results) && RESERVE(p.opnds) &&
            RESERVE(p.opnd_at) && RESERVE(p.types) && RESERVE(p.attrs) && RESERVE(p.named) &&
            RESERVE(p.dict_bases) && RESERVE(p.done_regions) && RESERVE(p.names) &&
            RESERVE(p.spans) && RESERVE(p.brackets) && RESERVE(p.darr_ints) &&
            RESERVE(p.darr_floats);
#undef RESERVE
  void *parser = ok ? mlir_parseAlloc(rg_alloc, &p) : NULL;
  if (p.op_func == RG_OP_NONE || p.op_module == RG_OP_NONE || !p.unit || !parser) {
    if (parser)
      mlir_parseFree(parser, rg_free);
    parser_free(&p);
    rg_graph_free(p.g);
    if (!p.failed)
      rg_diag(d, RG_ERROR, none, "out of memory reading '%s'", src->name);
    return NULL;
  }
  MlirLexer lx;
  memset(&lx, 0, sizeof lx);
  lx.base = lx.cur = src->text;
  lx.lim = src->text + src->len;
  for (;;) {
    MlirTok t;
    int tk = mlir_lex(&lx, &t);
    if (tk < 0) {
      if (lx.err_open) {
        uint32_t line, col;
        rg_source_linecol(src, (uint32_t)(lx.err_open - src->text), &line, &col);
        error(&p, lx.err_at, "%s opened at %u:%u", lx.err, line, col);
      } else {
        error(&p, lx.err_at, "%s", lx.err);
      }
      break;
    }
    track_bracket(&p, tk, &t);
    if (p.failed)
      break;
    mlir_parse(parser, tk, t);
    if (p.failed || tk == 0)
      break;
  }
  mlir_parseFree(parser, rg_free);
  if (!p.failed && p.top_ops == 0)
    error(&p, src->text, "no operations in '%s' (empty input)", src->name);
  if (!p.failed)
    set_file_text(&p);
  parser_free(&p);
  if (p.failed) {
    rg_graph_free(p.g);
    return NULL;
  }
  return p.g;
}
