/* runtime/ir/opverify.c - the op verifier run on graphs as they are read:
 * every node whose op has a declaration (a generated RgOpDesc) is checked
 * against it (operand and result counts, declared attributes, result types
 * against the shape hook, which also rejects invalid attribute values),
 * dense literals against their types, and functions against their
 * signatures and terminators. A producer's bug must stop here: a rule
 * that fires on an invalid graph can write back a valid one and hide it. */
#include <stdlib.h>
#include "rulegen/pass.h"
#include "rulegen/syntax.h"
#include "ir/ir_internal.h"

/* Signatures of nodes that passed check_declared. A shape hook reads its
 * node's attributes, its operands' types and the op and attributes of the
 * nodes defining them (the contract in docs/backends.md); attribute arrays
 * are shared between equal nodes and types are interned, so two nodes
 * that agree on all of these by pointer pass alike, and a graph of
 * repeated blocks runs each hook once per distinct signature. */
enum { SIG_MAX_WORDS = 64, SIG_MAX_ENTRIES = 1 << 16 };
typedef struct SigEnt {
  uint32_t hash, len;
  size_t at; /* first word in SigMemo.words */
} SigEnt;
typedef struct SigMemo {
  uintptr_t *words;
  size_t len, cap;
  SigEnt *ents; /* open addressing; len 0: empty */
  uint32_t num, mask;
} SigMemo;

typedef struct OpVerifier {
  RgGraph *g;
  const RgSource *src;
  RgDiags *d;
  const RgOpDesc **desc; /* by graph op id; NULL: not declared */
  const char *const *skip;
  RgOpId op_func, op_return, op_module;
  size_t errors;
  uint32_t first_new; /* nodes older than this are checked only if changed */
  /* Dense attributes already found well-formed, by pointer: attributes are
   * immutable and the reader gives every op that spells one alike the same
   * attribute, so a constant repeated over a graph is checked once. */
  const RgAttr *dense_ok[256];
  SigMemo sigs;
} OpVerifier;

/* The signature of n under desc in key[]; 0 words when it is too long. */
static uint32_t sig_key(const RgNode *n, const RgOpDesc *desc, uintptr_t *key) {
  if (4 + 5 * (size_t)n->num_operands + n->num_results > SIG_MAX_WORDS)
    return 0;
  uint32_t k = 0;
  key[k++] = (uintptr_t)desc;
  key[k++] = (uintptr_t)n->attrs;
  key[k++] = (uintptr_t)n->num_props << 16 | n->num_attrs;
  key[k++] = (uintptr_t)n->num_operands << 16 | n->num_results;
  for (uint32_t i = 0; i < n->num_operands; i++) {
    const RgValue *v = n->operands[i].value;
    const RgNode *def = v ? rg_value_def(v) : NULL;
    key[k++] = !v ? 0 : (uintptr_t)v->index << 2 | (def ? 1u : 2u);
    key[k++] = v ? (uintptr_t)v->type : 0;
    key[k++] = def ? (uintptr_t)def->op : 0;
    key[k++] = def ? (uintptr_t)def->attrs : 0;
    key[k++] = def ? (uintptr_t)def->num_props << 16 | def->num_attrs : 0;
  }
  for (uint32_t i = 0; i < n->num_results; i++)
    key[k++] = (uintptr_t)n->results[i].type;
  return k;
}

static uint32_t sig_hash(const uintptr_t *key, uint32_t len) {
  uint64_t h = 0x9E3779B97F4A7C15u;
  for (uint32_t i = 0; i < len; i++) {
    h = (h ^ (uint64_t)key[i]) * 0xBF58476D1CE4E5B9u;
    h ^= h >> 29;
  }
  return (uint32_t)(h ^ (h >> 32));
}

/* The slot holding key, or the empty one where it would go. */
static SigEnt *sig_slot(const SigMemo *m, const uintptr_t *key, uint32_t len, uint32_t hash) {
  for (uint32_t i = hash & m->mask;; i = (i + 1) & m->mask) {
    SigEnt *e = &m->ents[i];
    if (!e->len || (e->hash == hash && e->len == len &&
                    memcmp(m->words + e->at, key, sizeof *key * len) == 0))
      return e;
  }
}

static bool sig_known(const SigMemo *m, const uintptr_t *key, uint32_t len) {
  return len && m->ents && sig_slot(m, key, len, sig_hash(key, len))->len;
}

/* Remembers a signature; when out of memory or full it is just not kept. */
static void sig_add(SigMemo *m, const uintptr_t *key, uint32_t len) {
  if (!len || m->num >= SIG_MAX_ENTRIES)
    return;
  if (!m->ents) {
    m->ents = rgs_zalloc(sizeof *m->ents * 2 * SIG_MAX_ENTRIES);
    if (!m->ents)
      return;
    m->mask = 2 * SIG_MAX_ENTRIES - 1;
  }
  if (m->len + len > m->cap) {
    size_t cap = m->cap ? 2 * m->cap : 4096;
    while (cap < m->len + len)
      cap *= 2;
    uintptr_t *w = rg_realloc(m->words, sizeof *w * cap);
    if (!w)
      return;
    m->words = w;
    m->cap = cap;
  }
  uint32_t hash = sig_hash(key, len);
  SigEnt *e = sig_slot(m, key, len, hash);
  if (e->len)
    return;
  memcpy(m->words + m->len, key, sizeof *key * len);
  e->hash = hash;
  e->len = len;
  e->at = m->len;
  m->len += len;
  m->num++;
}

static RgLoc node_loc(const OpVerifier *v, const RgNode *n) {
  uint32_t off = n ? ir_node_src(v->g, n) : UINT32_MAX;
  RgLoc loc = {off == UINT32_MAX ? NULL : v->src, off == UINT32_MAX ? 0 : off};
  if (!v->src)
    loc.src = NULL;
  return loc;
}

static void report(OpVerifier *v, const RgNode *n, const char *fmt, ...) RGS_PRINTF(3, 4);
static void report(OpVerifier *v, const RgNode *n, const char *fmt, ...) {
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_printf(&b, "'%s' op ", rg_op_name(v->g, n->op));
  va_list ap;
  va_start(ap, fmt);
  rgs_buf_vprintf(&b, fmt, ap);
  va_end(ap);
  RgLoc loc = node_loc(v, n);
  if (!loc.src) /* a node made in memory: name it instead */
    rgs_buf_printf(&b, " (node #%u)", n->id);
  rg_diag(v->d, RG_ERROR, loc, "%s", b.oom ? "out of memory while verifying" : b.data);
  rgs_buf_free(&b);
  v->errors++;
}

/* `pattern` is an op name, "dialect.*" or "*". */
static bool op_matches(const char *pat, size_t n, const char *name) {
  if (n && pat[n - 1] == '*')
    return strncmp(pat, name, n - 1) == 0;
  return strlen(name) == n && memcmp(pat, name, n) == 0;
}

static bool skipped(const OpVerifier *v, const char *name) {
  for (const char *const *s = v->skip; s && *s; s++) {
    for (const char *p = *s; *p;) {
      size_t n = strcspn(p, ",");
      if (n && op_matches(p, n, name))
        return true;
      p += n + (p[n] == ',');
    }
  }
  return false;
}

/* ---- old spellings of a dialect's ops (RgDialectSyntax.hints) ---- */

static bool hint_hit(const RgSpellingHint *h, const RgNode *n) {
  return h->attr ? rg_node_attr(n, h->attr) != NULL
                 : h->operands < 0 || n->num_operands == (uint32_t)h->operands;
}

/* Only the ops a hint names are visited, through the graph's per-op node
 * lists; of the hits, the first in the file is reported. */
size_t rg_graph_verify_spelling(RgGraph *g, const RgDialectSyntax *const *dialects,
                                const char *const *skip, const RgSource *src, RgDiags *d) {
  OpVerifier v = {.g = g, .src = src, .d = d, .skip = skip};
  const RgNode *first = NULL;
  const RgDialectSyntax *first_d = NULL;
  const RgSpellingHint *first_h = NULL;
  uint32_t first_off = UINT32_MAX;
  for (const RgDialectSyntax *const *dl = dialects; dl && *dl; dl++) {
    for (uint32_t i = 0; i < (*dl)->num_hints; i++) {
      const RgSpellingHint *h = &(*dl)->hints[i];
      RgOpId op = rg_op_find(g, h->op, strlen(h->op));
      if (op == RG_OP_NONE || skipped(&v, h->op))
        continue;
      for (const RgNode *n = rg_op_first(g, op); n; n = n->op_next) {
        uint32_t off = ir_node_src(g, n);
        if ((!first || off < first_off || (off == first_off && n->id < first->id)) && hint_hit(h, n))
          first = n, first_d = *dl, first_h = h, first_off = off;
      }
    }
  }
  if (first)
    report(&v, first, "is in %s: %s%s%s",
           first_d->hint_spelling ? first_d->hint_spelling : "an older spelling of its dialect",
           first_h->what, first_d->hint_advice ? "; " : "",
           first_d->hint_advice ? first_d->hint_advice : "");
  return v.errors;
}

/* ---- declared ops ---- */

static bool attr_kind_ok(uint8_t schema, const RgAttr *a) {
  switch ((RgAttrSchema)schema) {
  case RG_SCHEMA_INT: return a->kind == RG_ATTR_INT;
  case RG_SCHEMA_NUM: return a->kind == RG_ATTR_INT || a->kind == RG_ATTR_FLOAT;
  case RG_SCHEMA_BOOL: return a->kind == RG_ATTR_BOOL;
  case RG_SCHEMA_STR: return a->kind == RG_ATTR_STRING || a->kind == RG_ATTR_OPAQUE;
  case RG_SCHEMA_INTS: return a->kind == RG_ATTR_DENSE_ARRAY || a->kind == RG_ATTR_ARRAY;
  case RG_SCHEMA_TYPE: return a->kind == RG_ATTR_TYPE;
  case RG_SCHEMA_TENSOR: return a->kind == RG_ATTR_DENSE || a->kind == RG_ATTR_OPAQUE;
  case RG_SCHEMA_ANY: return true;
  }
  return true;
}

static const char *schema_name(uint8_t schema) {
  static const char *const names[] = {"any", "an integer", "a number", "a boolean", "a string or enum",
                                      "an integer array", "a type", "dense elements"};
  return schema < sizeof names / sizeof names[0] ? names[schema] : "?";
}

/* Two types that can describe the same value: equal element types and
 * ranks, static dims equal; unranked and dynamic dims match anything. */
static bool types_compatible(const RgType *have, const RgType *want) {
  if (have == want)
    return true;
  if (!rg_type_is_tensor(have) || !rg_type_is_tensor(want))
    return false;
  if (have->elem != want->elem)
    return false;
  if (have->kind == RG_TYPE_UNRANKED || want->kind == RG_TYPE_UNRANKED)
    return true;
  if (have->rank != want->rank)
    return false;
  for (int32_t i = 0; i < have->rank; i++)
    if (have->dims[i] != want->dims[i] && have->dims[i] != RG_DIM_DYNAMIC && want->dims[i] != RG_DIM_DYNAMIC)
      return false;
  return true;
}

/* Shape hook messages start with the op's short name ("transpose: ..."),
 * which the report already carries. */
static const char *strip_op_prefix(const char *msg, const char *opname) {
  const char *dot = strchr(opname, '.');
  const char *shortname = dot ? dot + 1 : opname;
  size_t n = strlen(shortname);
  if (strncmp(msg, shortname, n) == 0 && msg[n] == ':' && msg[n + 1] == ' ')
    return msg + n + 2;
  return msg;
}

static void check_node(OpVerifier *v, const RgNode *n, const RgOpDesc *desc);

static void check_declared(OpVerifier *v, const RgNode *n, const RgOpDesc *desc) {
  uintptr_t key[SIG_MAX_WORDS];
  uint32_t klen = sig_key(n, desc, key);
  if (sig_known(&v->sigs, key, klen))
    return;
  size_t errors = v->errors;
  check_node(v, n, desc);
  if (v->errors == errors)
    sig_add(&v->sigs, key, klen);
}

static void check_node(OpVerifier *v, const RgNode *n, const RgOpDesc *desc) {
  if (desc->variadic ? n->num_operands < desc->num_operands : n->num_operands != desc->num_operands) {
    report(v, n, "has %u operand%s, expected %s%u", n->num_operands, n->num_operands == 1 ? "" : "s",
           desc->variadic ? "at least " : "", desc->num_operands);
    return;
  }
  if (!desc->variadic && !(desc->traits & RG_TRAIT_RESULTS_VARY) && n->num_results != desc->num_results) {
    report(v, n, "has %u result%s, expected %u", n->num_results, n->num_results == 1 ? "" : "s",
           desc->num_results);
    return;
  }
  for (uint16_t i = 0; i < desc->num_attrs; i++) {
    const RgAttrDesc *ad = &desc->attrs[i];
    const RgAttr *a = rg_node_attr(n, ad->name);
    if (!a) {
      if (!ad->optional) {
        report(v, n, "requires attribute '%s'", ad->name);
        return;
      }
      continue;
    }
    if (!attr_kind_ok(ad->kind, a)) {
      report(v, n, "attribute '%s' must be %s, got %.*s", ad->name, schema_name(ad->kind),
             a->text ? (int)(a->text_len > 80 ? 80 : a->text_len) : 9, a->text ? a->text : "(another)");
      return;
    }
  }
  if (!desc->infer || desc->variadic || n->num_results == 0 || n->num_results > 16)
    return;
  const RgType *inferred[16] = {NULL};
  char err[512] = "";
  RgStatus st = desc->infer(v->g, n, inferred, err, sizeof err);
  if (st == RG_ERR_NOMEM) {
    report(v, n, "out of memory while inferring its result types");
    return;
  }
  if (st != RG_OK) {
    report(v, n, "%s", err[0] ? strip_op_prefix(err, desc->name) : "is invalid");
    return;
  }
  for (uint32_t i = 0; i < n->num_results; i++) {
    const RgType *have = n->results[i].type;
    if (inferred[i] && have && !types_compatible(have, inferred[i])) {
      report(v, n, "result #%u has type %s, but its operands and attributes give %s", i, have->text,
             inferred[i]->text);
      return;
    }
  }
}

static void check_dense_attrs(OpVerifier *v, const RgNode *n) {
  for (uint16_t i = 0; i < n->num_attrs; i++) {
    const RgAttr *a = n->attrs[i].value;
    if (!a || a->kind != RG_ATTR_DENSE)
      continue;
    const RgAttr **seen = &v->dense_ok[((uintptr_t)a >> 4) & 255];
    if (*seen == a)
      continue;
    char why[256];
    if (!ir_dense_check(a, why, sizeof why)) {
      report(v, n, "attribute '%s': %s", n->attrs[i].name, why);
      return;
    }
    *seen = a;
  }
}

/* ---- functions ---- */

/* Splits "(A, B) -> (C)" style lists: the next top-level comma-separated
 * item in [*p, end), trimmed. */
static bool next_item(const char **p, const char *end, const char **s, size_t *len) {
  const char *q = *p;
  while (q < end && (*q == ' ' || *q == ','))
    q++;
  if (q >= end)
    return false;
  const char *start = q;
  int depth = 0;
  for (; q < end; q++) {
    if (*q == '<' || *q == '(' || *q == '[' || *q == '{')
      depth++;
    else if ((*q == '>' && (q == start || q[-1] != '-')) || *q == ')' || *q == ']' || *q == '}')
      depth--;
    else if (*q == ',' && depth == 0)
      break;
  }
  const char *e = q;
  while (e > start && e[-1] == ' ')
    e--;
  *s = start;
  *len = (size_t)(e - start);
  *p = q;
  return true;
}

/* A function type's input or result list: `(A, B)`, `()` or one bare
 * type, read one type at a time. */
typedef struct TypeList {
  const char *cur, *end;
} TypeList;

static void list_init(TypeList *l, const char *s, const char *end) {
  while (s < end && *s == ' ')
    s++;
  while (end > s && end[-1] == ' ')
    end--;
  if (s < end && *s == '(' && end[-1] == ')') {
    s++;
    end--;
  }
  l->cur = s;
  l->end = end;
}

/* The next type, NULL at the end (or when out of memory). */
static const RgType *list_next(RgGraph *g, TypeList *l) {
  const char *item;
  size_t len;
  return next_item(&l->cur, l->end, &item, &len) ? rg_type_get(g, item, len) : NULL;
}

static uint32_t list_count(TypeList l) {
  const char *item;
  size_t len;
  uint32_t n = 0;
  while (next_item(&l.cur, l.end, &item, &len))
    n++;
  return n;
}

/* The inputs and results of `(A, B) -> C`; false when it is not a
 * function type this verifier reads. */
static bool parse_fn_type(const RgType *ft, TypeList *in, TypeList *res) {
  const char *s = ft->text, *end = s + ft->text_len;
  if (s == end || *s != '(')
    return false;
  int depth = 0;
  const char *q = s;
  for (; q < end; q++) {
    if (*q == '(')
      depth++;
    else if (*q == ')' && --depth == 0)
      break;
  }
  if (q >= end)
    return false;
  const char *arrow = q + 1;
  while (arrow < end && *arrow == ' ')
    arrow++;
  if (end - arrow < 2 || arrow[0] != '-' || arrow[1] != '>')
    return false;
  list_init(in, s, q + 1);
  list_init(res, arrow + 2, end);
  return true;
}

static const char *func_name(const RgNode *f, int *len) {
  const RgAttr *a = rg_node_attr(f, "sym_name");
  if (!a || a->kind != RG_ATTR_STRING) {
    *len = 1;
    return "?";
  }
  *len = (int)(a->u.str.len > 200 ? 200 : a->u.str.len);
  return a->u.str.data;
}

static void check_func(OpVerifier *v, const RgNode *f) {
  int nlen;
  const char *name = func_name(f, &nlen);
  const RgAttr *fta = rg_node_attr(f, "function_type");
  if (!rg_node_attr(f, "sym_name") || rg_node_attr(f, "sym_name")->kind != RG_ATTR_STRING) {
    report(v, f, "requires a string attribute 'sym_name'");
    return;
  }
  if (!fta || fta->kind != RG_ATTR_TYPE) {
    report(v, f, "@%.*s requires a type attribute 'function_type'", nlen, name);
    return;
  }
  TypeList in, res;
  if (!parse_fn_type(fta->type, &in, &res)) {
    report(v, f, "@%.*s: 'function_type' is not a function type", nlen, name);
    return;
  }
  uint32_t nin = list_count(in), nres = list_count(res);
  if (f->num_regions != 1 || !f->regions[0].first)
    return; /* a declaration */
  const RgBlock *entry = f->regions[0].first;
  if (entry->num_args != nin) {
    report(v, f, "@%.*s: the entry block has %u argument%s, but the function type has %u input%s",
           nlen, name, entry->num_args, entry->num_args == 1 ? "" : "s", nin, nin == 1 ? "" : "s");
    return;
  }
  for (uint32_t i = 0; i < nin; i++) {
    const RgType *t = list_next(v->g, &in);
    if (entry->args[i]->type != t) {
      report(v, f, "@%.*s: type of entry block argument #%u (%s) does not match the function "
             "signature (%s)", nlen, name, i, entry->args[i]->type->text, t ? t->text : "?");
      return;
    }
  }
  for (const RgBlock *b = entry; b; b = b->next) {
    for (const RgNode *n = b->first; n; n = n->next) {
      if (n->op != v->op_return)
        continue;
      if (n != b->last) {
        report(v, n, "must be the last operation of its block in @%.*s", nlen, name);
        return;
      }
      if (n->num_operands != nres) {
        report(v, n, "has %u operand%s, but the enclosing function (@%.*s) returns %u", n->num_operands,
               n->num_operands == 1 ? "" : "s", nlen, name, nres);
        return;
      }
      TypeList r = res;
      for (uint32_t i = 0; i < nres; i++) {
        const RgType *t = list_next(v->g, &r);
        if (n->operands[i].value->type != t) {
          report(v, n, "type of return operand #%u (%s) does not match the result type (%s) of "
                 "function @%.*s", i, n->operands[i].value->type->text, t ? t->text : "?", nlen, name);
          return;
        }
      }
    }
    if (!b->last) {
      report(v, f, "@%.*s has an empty block: expected a 'func.return' at its end", nlen, name);
      return;
    }
    if (b->last->op != v->op_return) {
      report(v, b->last, "ends a block of @%.*s, which needs 'func.return' as its last operation",
             nlen, name);
      return;
    }
  }
}

/* Two functions (or other symbols) of one module with the same name. */
static void check_symbols(OpVerifier *v, const RgBlock *b) {
  for (const RgNode *n = b->first; n; n = n->next) {
    if (n->op != v->op_func)
      continue;
    const RgAttr *a = rg_node_attr(n, "sym_name");
    if (!a || a->kind != RG_ATTR_STRING)
      continue;
    for (const RgNode *m = b->first; m != n; m = m->next) {
      const RgAttr *o = m->op == v->op_func ? rg_node_attr(m, "sym_name") : NULL;
      if (o && o->kind == RG_ATTR_STRING && o->u.str.len == a->u.str.len &&
          memcmp(o->u.str.data, a->u.str.data, a->u.str.len) == 0) {
        int len = (int)(a->u.str.len > 200 ? 200 : a->u.str.len);
        report(v, n, "redefines symbol @%.*s (functions of a module need distinct names)", len,
               a->u.str.data);
        return;
      }
    }
  }
}

static bool visit(RgNode *n, void *user) {
  OpVerifier *v = user;
  /* An unchanged node passed before; functions and modules are checked
   * whole, as their bodies may have changed. */
  if (n->id < v->first_new && !(n->flags & RG_NODE_CHANGED) && n->op != v->op_func &&
      n->op != v->op_module)
    return true;
  if (skipped(v, rg_op_name(v->g, n->op)))
    return true;
  size_t before = v->errors;
  check_dense_attrs(v, n);
  if (v->errors == before && v->desc[n->op])
    check_declared(v, n, v->desc[n->op]);
  if (n->op == v->op_func)
    check_func(v, n);
  if (n->op == v->op_module && n->num_regions == 1)
    for (const RgBlock *b = n->regions[0].first; b; b = b->next)
      check_symbols(v, b);
  return true;
}

size_t rg_graph_verify_ops(RgGraph *g, const RgOpDesc *ops, uint32_t nops, const char *const *skip,
                           const RgSource *src, RgDiags *d) {
  return ir_graph_verify_ops_changed(g, (IrOpDecls){ops, nops, skip}, src, d, 0);
}

size_t rg_graph_verify_ops_changed(RgGraph *g, const RgOpDesc *ops, uint32_t nops, const char *const *skip,
                                   RgDiags *d, uint32_t first_new) {
  return ir_graph_verify_ops_changed(g, (IrOpDecls){ops, nops, skip}, NULL, d, first_new);
}

size_t ir_graph_verify_ops_changed(RgGraph *g, IrOpDecls decls, const RgSource *src, RgDiags *d,
                                   uint32_t first_new) {
  OpVerifier v = {.g = g, .src = src, .d = d, .skip = decls.skip, .first_new = first_new};
  const RgOpDesc *ops = decls.ops;
  uint32_t nops = decls.nops;
  uint32_t ids = rg_op_count_ids(g);
  v.desc = rg_alloc(sizeof *v.desc * (ids + 1));
  if (!v.desc) {
    rg_diag(d, RG_ERROR, (RgLoc){NULL, 0}, "out of memory while verifying the ops of the graph");
    return 1;
  }
  memset(v.desc, 0, sizeof *v.desc * (ids + 1));
  for (uint32_t i = 0; i < nops; i++) {
    RgOpId id = rg_op_find(g, ops[i].name, strlen(ops[i].name));
    if (id != RG_OP_NONE && id < ids && !v.desc[id])
      v.desc[id] = &ops[i];
  }
  v.op_func = rg_op_find(g, "func.func", 9);
  v.op_return = rg_op_find(g, "func.return", 11);
  v.op_module = rg_op_find(g, "builtin.module", 14);
  check_symbols(&v, rg_graph_body(g));
  if (!v.errors)
    rg_graph_walk(g, visit, &v);
  rg_free(v.desc);
  rg_free(v.sigs.ents);
  rg_free(v.sigs.words);
  return v.errors;
}
