/* runtime/mlir_read.c - the MLIR reader: drives the re2c lexer
 * and the lemon parser, and builds the graph from the grammar's actions.
 * Values are resolved by name through a scoped hash table; everything the
 * graph keeps is allocated in the graph's arena, the parser's own stacks
 * are reused across the whole file, so reading does no per-token malloc. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include "mlir_internal.h"
#include "runtime/mlir_grammar.h"

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

void mlir_error(MlirParser *p, const char *at, const char *fmt, ...) RG_PRINTF(3, 4);
void mlir_error(MlirParser *p, const char *at, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verror(p, at, fmt, ap);
  va_end(ap);
}

void mlir_nomem(MlirParser *p, const char *at) { mlir_error(p, at, "out of memory"); }

bool mlir_vec_grow(MlirParser *p, void **v, uint32_t *cap, uint32_t need, size_t elem) {
  if (need <= *cap)
    return true;
  uint32_t ncap = *cap ? *cap * 2 : 16;
  while (ncap < need)
    ncap *= 2;
  void *nv = rg_realloc(*v, elem * ncap);
  if (!nv) {
    mlir_nomem(p, NULL);
    return false;
  }
  *v = nv;
  *cap = ncap;
  return true;
}


void *mlir_arena(MlirParser *p, size_t n) {
  void *m = rg_arena_alloc(ir_arena(p->g), n);
  if (!m)
    mlir_nomem(p, NULL);
  return m;
}

char *mlir_arena_dup(MlirParser *p, const char *s, size_t n) {
  char *m = rg_arena_strdup(ir_arena(p->g), s, n);
  if (!m)
    mlir_nomem(p, NULL);
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
  case MT_KW_MODULE: return "'module'";
  case MT_KW_FUNC: return "'func.func'";
  case MT_KW_RETURN: return "'return'";
  case MT_KW_CONSTANT: return "a constant op";
  case MT_KW_OPNAME: return "an op name";
  case MT_KW_SAMETYPE: return "an op name";
  case MT_KW_CAST: return "an op name";
  case MT_KW_CUSTOM: return "an op name";
  case MT_WORD_BODY: return "a keyword";
  case MT_KW_ATTRIBUTES: return "'attributes'";
  }
  return "a token";
}

void mlir_syntax_error(MlirParser *p, int major, const MlirTok *t, const char *expected) {
  if (p->failed)
    return;
  if (major == 0 && p->brackets.len) {
    Bracket *b = &p->brackets.v[p->brackets.len - 1];
    mlir_error(p, b->at, "'%s' is never closed (input ends early)", b->tok == MT_LPROPS ? "<{"
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
    mlir_error(p, at, "expected an operation in generic form (\"dialect.op\"(...)), found %s; "
          "custom assembly is not supported", found);
  else if (expected[0])
    mlir_error(p, at, "expected %s, found %s", expected, found);
  else
    mlir_error(p, at, "unexpected %s", found);
}

void mlir_stack_overflow(MlirParser *p) { mlir_error(p, NULL, "nesting too deep"); }

/* ---- strings ---- */

/* Unescapes a string token (with its quotes) into p->scratch. */
bool mlir_unescape(MlirParser *p, const MlirTok *t) {
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
    } else if (bs + 2 < end && mlir_hexv(c) >= 0 && mlir_hexv(bs[2]) >= 0) {
      rg_buf_putc(&p->scratch, (char)(mlir_hexv(c) * 16 + mlir_hexv(bs[2])));
      s = bs + 3;
    } else {
      mlir_error(p, bs, "unknown escape in string literal");
      return false;
    }
  }
  if (p->scratch.oom) {
    mlir_nomem(p, t->s);
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
    mlir_nomem(p, NULL);
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

/* The N of a `%N` name the slots can hold, or UINT32_MAX. The limit grows
 * with the definitions read, so a stray `%999999999` costs no memory. */
static uint32_t num_of(const MlirParser *p, const char *s, uint32_t len) {
  if (len < 2 || len > 10 || s[0] != '%' || (s[1] == '0' && len > 2))
    return UINT32_MAX;
  uint32_t n = 0;
  for (uint32_t i = 1; i < len; i++) {
    if (s[i] < '0' || s[i] > '9')
      return UINT32_MAX;
    n = n * 10 + (uint32_t)(s[i] - '0');
  }
  return (uint64_t)n < (uint64_t)p->num_limit + 4096 ? n : UINT32_MAX;
}

/* The values a group defines: from vals to its node's last result. */
static uint32_t num_count(const RgValue *vals) {
  const RgNode *n = rg_value_def(vals);
  return n ? n->num_results - vals->index : 1;
}

static bool nums_grow(MlirParser *p, uint32_t n) {
  if (n < p->num_cap)
    return true;
  uint32_t cap = p->num_cap ? p->num_cap : 1024;
  while (cap <= n)
    cap *= 2;
  RgValue **vals = rg_realloc(p->num_vals, sizeof *vals * cap);
  if (vals)
    p->num_vals = vals;
  uint32_t *at = vals ? rg_realloc(p->num_at, sizeof *at * cap) : NULL;
  if (!at) {
    mlir_nomem(p, NULL);
    return false;
  }
  p->num_at = at;
  memset(at + p->num_cap, 0, sizeof *at * (cap - p->num_cap));
  p->num_cap = cap;
  return true;
}

static void note_found(MlirParser *p, const MlirTok *t, RgValue *vals) {
  if (p->find && !p->found_any && strlen(p->find) == t->len && !memcmp(p->find, t->s, t->len)) {
    p->found_any = true;
    p->found = rg_value_def(vals); /* NULL for a block argument */
  }
}

/* Defines `%N` in its slot; false when the name must take the hash table. */
static bool num_define(MlirParser *p, const MlirTok *t, RgValue *vals, uint32_t count) {
  uint32_t n = num_of(p, t->s, t->len);
  if (n == UINT32_MAX || count != num_count(vals))
    return false;
  if (p->num_hashed && name_find(p, t->s, t->len, name_hash(t->s, t->len)))
    return false; /* the hash table holds this name too: it reports */
  if (!nums_grow(p, n))
    return true;
  uint32_t pos = p->num_log.len;
  if (p->num_at[n] > p->num_iso_base) {
    mlir_error(p, t->s, "redefinition of value '%.*s'", (int)t->len, t->s);
    return true;
  }
  if (p->num_at[n]) {
    NumHidden h = {p->num_vals[n], p->num_at[n], pos};
    if (!VEC_PUSH(p, p->num_hidden, h))
      return true;
  }
  if (!VEC_PUSH(p, p->num_log, n))
    return true;
  note_found(p, t, vals);
  p->num_vals[n] = vals;
  p->num_at[n] = pos + 1;
  return true;
}

static void nums_pop(MlirParser *p, uint32_t mark) {
  while (p->num_log.len > mark) {
    uint32_t pos = --p->num_log.len, n = p->num_log.v[pos];
    p->num_vals[n] = NULL;
    p->num_at[n] = 0;
    if (p->num_hidden.len && p->num_hidden.v[p->num_hidden.len - 1].pos == pos) {
      NumHidden *h = &p->num_hidden.v[--p->num_hidden.len];
      p->num_vals[n] = h->vals;
      p->num_at[n] = h->at;
    }
  }
}

static void name_define(MlirParser *p, const MlirTok *t, RgValue *vals, uint32_t count) {
  if (p->num_limit < UINT32_MAX / 2)
    p->num_limit += 4;
  if (num_define(p, t, vals, count))
    return;
  /* A `%N` of a group that stops short of the last result comes here. */
  uint32_t n = num_of(p, t->s, t->len);
  if (n < p->num_cap && p->num_at[n] > p->num_iso_base) {
    mlir_error(p, t->s, "redefinition of value '%.*s'", (int)t->len, t->s);
    return;
  }
  uint32_t hash = name_hash(t->s, t->len);
  NameEnt *old = name_find(p, t->s, t->len, hash);
  if (old && (uint32_t)(old - p->names.v) >= p->iso_base) {
    mlir_error(p, t->s, "redefinition of value '%.*s'", (int)t->len, t->s);
    return;
  }
  if (!p->buckets || p->names.len + 1 > (p->bucket_mask + 1)) {
    if (!names_rehash(p, p->buckets ? (p->bucket_mask + 1) * 2 : 1024))
      return;
  }
  note_found(p, t, vals);
  if (t->len > 1 && t->s[1] >= '0' && t->s[1] <= '9')
    p->num_hashed = true;
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
    mlir_error(p, name->s, "a result name cannot carry a '#index'");
    return;
  }
  ResGroup r = {*name, 1};
  if (count && (!parse_u32(count->s, count->len, &r.count) || r.count == 0)) {
    mlir_error(p, count->s, "invalid result count '%.*s'", (int)count->len, count->s);
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
    if (!mlir_unescape(p, name))
      return;
    s = p->scratch.data;
    len = p->scratch.len;
  }
  if (len == 0) {
    mlir_error(p, name->s, "empty operation name");
    return;
  }
  if (memchr(s, 0, len)) {
    mlir_error(p, name->s, "operation name contains a NUL byte");
    return;
  }
  OpFrame f = {0};
  mlir_frame_push(p, &f, name, s, len, ngroups);
}

void mlir_frame_push(MlirParser *p, OpFrame *f, const MlirTok *name, const char *s, size_t len,
                     uint32_t ngroups) {
  f->name = *name;
  f->op = rg_op_intern(p->g, s, len);
  if (f->op == RG_OP_NONE) {
    mlir_nomem(p, name->s);
    return;
  }
  f->res_base = p->results.len - ngroups;
  f->ngroups = ngroups;
  f->opnd_base = p->opnds.len;
  f->named_base = p->named.len;
  f->region_base = p->done_regions.len;
  f->init_base = p->inits.len;
  VEC_PUSH(p, p->ops, *f);
}

void mlir_operand(MlirParser *p, const MlirTok *v) {
  if (p->failed)
    return;
  uint32_t len = v->len, idx = 0;
  const char *hash = memchr(v->s, '#', v->len);
  if (hash) {
    len = (uint32_t)(hash - v->s);
    if (!parse_u32(hash + 1, (uint32_t)(v->s + v->len - hash - 1), &idx)) {
      mlir_error(p, hash, "result index too large");
      return;
    }
  }
  uint32_t n = num_of(p, v->s, len);
  bool outside = false; /* `%N` is defined beyond an isolated-from-above op */
  if (n < p->num_cap && p->num_at[n] && p->num_at[n] <= p->num_iso_base) {
    outside = true;
  } else if (n < p->num_cap && p->num_at[n]) {
    RgValue *vals = p->num_vals[n];
    uint32_t count = num_count(vals);
    if (idx >= count) {
      mlir_error(p, v->s, "result index #%u out of range: '%.*s' has %u result%s", idx, (int)len,
                 v->s, count, count == 1 ? "" : "s");
      return;
    }
    if (VEC_PUSH(p, p->opnds, &vals[idx]))
      VEC_PUSH(p, p->opnd_at, v->s);
    return;
  }
  NameEnt *e = outside && !p->num_hashed ? NULL : name_find(p, v->s, len, name_hash(v->s, len));
  if (!e && outside) {
    mlir_error(p, v->s, "use of value '%.*s' from outside an isolated-from-above op", (int)len, v->s);
    return;
  }
  if (!e) {
    mlir_error(p, v->s, "use of undefined value '%.*s'", (int)len, v->s);
    return;
  }
  if ((uint32_t)(e - p->names.v) < p->iso_base) {
    mlir_error(p, v->s, "use of value '%.*s' from outside an isolated-from-above op", (int)len, v->s);
    return;
  }
  if (idx >= e->count) {
    mlir_error(p, v->s, "result index #%u out of range: '%.*s' has %u result%s", idx, (int)len,
          v->s, e->count, e->count == 1 ? "" : "s");
    return;
  }
  if (VEC_PUSH(p, p->opnds, &e->vals[idx]))
    VEC_PUSH(p, p->opnd_at, v->s);
}

void mlir_successors(MlirParser *p, const MlirTok *at) {
  mlir_error(p, at->s, "successors are not supported");
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
    mlir_nomem(p, at->s);
    return;
  }
  rf.name_mark = p->names.len;
  rf.iso_saved = p->iso_base;
  rf.num_mark = p->num_log.len;
  rf.num_iso_saved = p->num_iso_base;
  if (is_isolated(p, p->ops.v[p->ops.len - 1].op)) {
    p->iso_base = p->names.len;
    p->num_iso_base = p->num_log.len;
  }
  VEC_PUSH(p, p->regions, rf);
}

void mlir_region_end(MlirParser *p) {
  if (p->failed)
    return;
  RegionFrame *rf = &p->regions.v[p->regions.len - 1];
  names_pop(p, rf->name_mark);
  nums_pop(p, rf->num_mark);
  p->iso_base = rf->iso_saved;
  p->num_iso_base = rf->num_iso_saved;
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
  nums_pop(p, rf->num_mark);
  rf->cur = rg_region_add_block(p->g, rf->r);
  if (!rf->cur)
    mlir_nomem(p, label->s);
}

static const char *intern_loc(MlirParser *p, const MlirTok *loc) {
  if (!loc)
    return NULL;
  const char *s = rg_intern(p->g, loc->s, loc->len);
  if (!s)
    mlir_nomem(p, loc->s);
  return s;
}

void mlir_block_arg(MlirParser *p, const MlirTok *name, MlirTy ty, const MlirTok *loc) {
  if (p->failed)
    return;
  if (memchr(name->s, '#', name->len)) {
    mlir_error(p, name->s, "a block argument name cannot carry a '#index'");
    return;
  }
  RgBlock *b = p->regions.v[p->regions.len - 1].cur;
  RgValue *v = rg_block_add_arg(p->g, b, ty.t, intern_loc(p, loc));
  if (!v) {
    mlir_nomem(p, name->s);
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
  if (p->syn.normalizers)
    mlir_normalize(p);
  if (p->failed)
    return;
  OpFrame f = p->ops.v[p->ops.len - 1];
  uint32_t nopnds = p->opnds.len - f.opnd_base;
  const RgType **tin = &p->types.v[p->types.len - sig.nin - sig.nout];
  const RgType **tout = tin + sig.nin;
  if (sig.nin != nopnds) {
    mlir_error(p, colon->s, "expected %u operand type%s but had %u", nopnds, nopnds == 1 ? "" : "s",
          sig.nin);
    return;
  }
  uint32_t named_results = 0;
  for (uint32_t i = 0; i < f.ngroups; i++)
    named_results += p->results.v[f.res_base + i].count;
  if (f.ngroups && named_results != sig.nout) {
    mlir_error(p, f.ngroups ? p->results.v[f.res_base].name.s : f.name.s,
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
      mlir_error(p, at, "operand #%u ('%.*s') has type '%s' but the op's type says '%s'", i,
            (int)(e - at), at, have, want);
      return;
    }
  }
  uint32_t nregions = p->done_regions.len - f.region_base;
  if (nregions > UINT16_MAX) {
    mlir_error(p, f.name.s, "too many regions");
    return;
  }
  RgNode *n = rg_node_create(p->g, f.op, nopnds, opnds, sig.nout, tout, nregions);
  if (!n || !ir_node_set_src(p->g, n, (uint32_t)(f.name.s - p->src->text))) {
    mlir_nomem(p, f.name.s);
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
    mlir_error(p, f.name.s, "too many attributes");
    return;
  }
  if (nattrs) {
    RgNamedAttr *arr = ir_attrs_shared(p->g, &p->named.v[f.named_base], nattrs);
    if (!arr) {
      mlir_nomem(p, f.name.s);
      return;
    }
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
        mlir_nomem(p, f.name.s);
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

void mlir_alias(MlirParser *p, const MlirTok *start, const char *end, const RgAttr *value) {
  if (p->failed || !end)
    return;
  if (start->len < 2 || (start->s[0] != '#' && start->s[0] != '!') ||
      memchr(start->s, '<', start->len)) {
    mlir_error(p, start->s, "expected an alias name ('#name' or '!name') before '='");
    return;
  }
  if (start->s[0] == '#' && value && value->kind == RG_ATTR_OPAQUE && value->text &&
      (!strncmp(value->text, "affine_map<", 11) || !strncmp(value->text, "affine_set<", 11))) {
    mlir_map_alias(p, start, value);
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
    mlir_nomem(p, NULL);
  else {
    rg_graph_set_prologue(p->g, pro.data, pro.len);
    rg_graph_set_epilogue(p->g, epi.data, epi.len);
    if ((pro.len && !rg_graph_prologue(p->g)) || (epi.len && !rg_graph_epilogue(p->g)))
      mlir_nomem(p, NULL);
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
      mlir_error(p, t->s, "nesting too deep (limit %d)", RG_MLIR_MAX_NESTING);
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
    mlir_error(p, t->s, "unbalanced '%s': nothing to close", bracket_text(tk));
    return;
  }
  Bracket *b = &p->brackets.v[p->brackets.len - 1];
  if (b->tok != open) {
    uint32_t line, col;
    rg_source_linecol(p->src, (uint32_t)(b->at - p->src->text), &line, &col);
    mlir_error(p, t->s, "unbalanced '%s': '%s' opened at %u:%u is still open", bracket_text(tk),
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
  rg_free(p->fn_attrs.v);
  rg_free(p->inits.v);
  rg_free(p->cust_types.v);
  rg_free(p->maps);
  rg_free(p->norm_known.v);
  rg_free(p->norm_fns.v);
  rg_free(p->buckets);
  rg_free(p->num_vals);
  rg_free(p->num_at);
  rg_free(p->num_log.v);
  rg_free(p->num_hidden.v);
  rg_buf_free(&p->scratch);
  mlir_syntax_free(&p->syn);
}

/* How much parsed text the reader releases at a time, and how far behind
 * the lexer it stays. */
#define RELEASE_STEP ((size_t)2 << 20)
#define RELEASE_MARGIN ((size_t)1 << 20)

static void lex_failed(MlirParser *p) {
  MlirLexer *lx = p->lx;
  if (lx->err_open) {
    uint32_t line, col;
    rg_source_linecol(p->src, (uint32_t)(lx->err_open - p->src->text), &line, &col);
    mlir_error(p, lx->err_at, "%s opened at %u:%u", lx->err, line, col);
  } else {
    mlir_error(p, lx->err_at, "%s", lx->err);
  }
}

/* The next token from the lexer; -1 after an error (reported). Inline:
 * it runs once per token, the error path apart. */
static inline int lex_one(MlirParser *p, MlirTok *t) {
  if (p->failed)
    return -1;
  MlirLexer *lx = p->lx;
  int tk = mlir_lex(lx, t);
  /* Text well behind the lexer is in the graph by now (tokens still held
   * read it back from the file), so its memory can go. */
  size_t at = (size_t)(lx->cur - p->src->text);
  if (at - p->released > RELEASE_STEP + RELEASE_MARGIN) {
    p->released = at - RELEASE_MARGIN;
    ir_source_release(p->src, p->released);
  }
  if (tk < 0)
    lex_failed(p);
  return tk;
}

int mlir_next(MlirParser *p, MlirTok *t) {
  int tk;
  if (p->have_peek) {
    p->have_peek = false;
    *t = p->peek;
    tk = p->peek_tk;
  } else if ((tk = lex_one(p, t)) < 0) {
    return -1;
  }
  /* brackets count when taken, so a peek past an op's end changes nothing */
  p->last_at = tk ? t->s : NULL;
  track_bracket(p, tk, t);
  return p->failed ? -1 : tk;
}

int mlir_peek(MlirParser *p, MlirTok *t) {
  if (!p->have_peek) {
    int tk = lex_one(p, &p->peek);
    if (tk < 0)
      return -1;
    p->peek_tk = tk;
    p->have_peek = true;
  }
  *t = p->peek;
  p->last_at = p->peek_tk ? t->s : NULL;
  return p->peek_tk;
}

void mlir_feed(MlirParser *p, void *parser, uint32_t depth) {
  for (;;) {
    MlirTok t;
    int tk = mlir_next(p, &t);
    if (tk < 0)
      return;
    mlir_parse(parser, tk, t);
    if (p->failed || tk == 0)
      return;
    if (tk == MT_KW_CUSTOM && mlir_parse_custom_next(parser)) {
      /* CUSTOM_BODY opens the op's frame (cust_head reduces); its parse
       * function then reads the tokens up to the location */
      mlir_parse(parser, MT_CUSTOM_BODY, t);
      if (!p->failed)
        mlir_custom_read(p);
      if (p->failed)
        return;
    }
    if (depth && p->brackets.len < depth)
      return;
  }
}

RgGraph *rg_mlir_read(const RgSource *src, RgDiags *d) { return rg_mlir_read_find(src, d, NULL, NULL, NULL); }

RgGraph *rg_mlir_read_with(const RgSource *src, RgDiags *d, const RgDialectSyntax *const *dialects) {
  return rg_mlir_read_find(src, d, dialects, NULL, NULL);
}

RgGraph *rg_mlir_read_find(const RgSource *src, RgDiags *d, const RgDialectSyntax *const *dialects,
                           const char *name, RgNode **def) {
  MlirParser p;
  memset(&p, 0, sizeof p);
  p.find = name;
  if (def)
    *def = NULL;
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
#define RESERVE(vec) mlir_vec_grow(&p, (void **)&(vec).v, &(vec).cap, 16, sizeof *(vec).v)
  bool ok = RESERVE(p.ops) && RESERVE(p.regions) && RESERVE(p.results) && RESERVE(p.opnds) &&
            RESERVE(p.opnd_at) && RESERVE(p.types) && RESERVE(p.attrs) && RESERVE(p.named) &&
            RESERVE(p.dict_bases) && RESERVE(p.done_regions) && RESERVE(p.names) &&
            RESERVE(p.spans) && RESERVE(p.brackets) && RESERVE(p.darr_ints) &&
            RESERVE(p.darr_floats) && RESERVE(p.fn_attrs) && RESERVE(p.inits) &&
            RESERVE(p.num_log) && RESERVE(p.num_hidden) && RESERVE(p.cust_types) &&
            mlir_syntax_build(&p.syn, dialects);
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
  const char *binary = mlir_binary_kind(src->text, src->len);
  if (binary) {
    mlir_parseFree(parser, rg_free);
    parser_free(&p);
    rg_graph_free(p.g);
    rg_diag(d, RG_ERROR, none,
            "'%s' is %s, not MLIR text%s", src->name, binary,
            strcmp(binary, "MLIR bytecode") ? ""
            : "; convert it with `mlir-opt-22 FILE -o FILE.mlir`");
    return NULL;
  }
  MlirLexer lx;
  memset(&lx, 0, sizeof lx);
  lx.base = lx.cur = src->text;
  lx.lim = src->text + src->len;
  lx.syn = &p.syn;
  p.lx = &lx;
  mlir_feed(&p, parser, 0);
  mlir_parseFree(parser, rg_free);
  if (!p.failed && p.top_ops == 0)
    mlir_error(&p, src->text, "no operations in '%s' (empty input)", src->name);
  if (!p.failed)
    set_file_text(&p);
  parser_free(&p);
  ir_uniquing_end(p.g);
  if (p.failed) {
    rg_graph_free(p.g);
    return NULL;
  }
  if (def)
    *def = p.found;
  return p.g;
}
