/* runtime/mlir/custom.c - feeds tokens to the lemon parser, and reads the
 * ops whose custom form their dialect reads in code (RG_OP_FORM_CUSTOM,
 * RgOpSyntax.parse): the rg_op_reader_* calls a
 * parse function makes, over the reader's token stream. Attributes and
 * regions inside such a form are read by nested runs of the lemon parser
 * (entry tokens SUB_ATTR, SUB_REGION), so their syntax stays in the
 * grammar alone. The op is built by mlir_op_end, as every other op. */
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include "mlir/mlir_internal.h"
#include "runtime/mlir/grammar.h"

static OpFrame *frame(MlirParser *p) { return &p->ops.v[p->ops.len - 1]; }

/* "'text'" of a token for messages, or "end of input". */
static void tok_name(char *buf, size_t n, int tk, const MlirTok *t) {
  if (tk <= 0 || t->len == 0)
    snprintf(buf, n, "%s", mlir_token_desc(tk < 0 ? 0 : tk));
  else if (t->len <= 40)
    snprintf(buf, n, "'%.*s'", (int)t->len, t->s);
  else
    snprintf(buf, n, "'%.32s...'", t->s);
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

void mlir_custom_read(MlirParser *p) {
  OpFrame *f = frame(p);
  f->cust_base = p->cust_types.len;
  const char *name = rg_op_name(p->g, f->op);
  const MlirSynEnt *e = mlir_syntax_find(&p->syn, name, strlen(name));
  RgOpReader r = {p};
  if (!e || !e->parse || (!e->parse(&r) && !p->failed))
    mlir_error(p, p->last_at, "cannot read the custom form of '%s'", name);
}

/* ---- tokens ---- */

RgGraph *rg_op_reader_graph(RgOpReader *r) { return r->p->g; }

/* At the token last taken or looked at: the one in question. */
bool rg_op_reader_error(RgOpReader *r, const char *fmt, ...) {
  MlirParser *p = r->p;
  if (!p->failed) {
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    mlir_error(p, p->last_at, "%s", msg);
  }
  return false;
}

static bool tok_is(int tk, const MlirTok *t, const char *text) {
  if (text[0] == '%' && !text[1])
    return tk == MT_VALUE;
  size_t n = strlen(text);
  return tk > 0 && tk != MT_STRING && t->len == n && memcmp(t->s, text, n) == 0;
}

bool rg_op_reader_at(RgOpReader *r, const char *text) {
  MlirTok t;
  int tk = mlir_peek(r->p, &t);
  return tk >= 0 && tok_is(tk, &t, text);
}

bool rg_op_reader_accept(RgOpReader *r, const char *text) {
  MlirTok t;
  if (!rg_op_reader_at(r, text))
    return false;
  return mlir_next(r->p, &t) >= 0;
}

/* "expected WHAT, found X" at the next token. */
static bool expected(RgOpReader *r, const char *what) {
  MlirTok t;
  int tk = mlir_peek(r->p, &t);
  if (tk < 0)
    return false;
  char found[64];
  tok_name(found, sizeof found, tk, &t);
  return rg_op_reader_error(r, "expected %s, found %s", what, found);
}

bool rg_op_reader_expect(RgOpReader *r, const char *text) {
  if (rg_op_reader_accept(r, text))
    return true;
  char what[64];
  snprintf(what, sizeof what, text[0] == '%' && !text[1] ? "a value name" : "'%s'", text);
  return expected(r, what);
}

static bool is_word(const MlirTok *t) {
  if (!t->len || !((t->s[0] >= 'a' && t->s[0] <= 'z') || (t->s[0] >= 'A' && t->s[0] <= 'Z') ||
                   t->s[0] == '_'))
    return false;
  for (uint32_t i = 1; i < t->len; i++) {
    char c = t->s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
          c == '$' || c == '.'))
      return false;
  }
  return true;
}

bool rg_op_reader_keyword(RgOpReader *r, const char **s, size_t *len) {
  MlirTok t;
  int tk = mlir_peek(r->p, &t);
  if (tk <= 0 || tk == MT_STRING || (tk != MT_WORD_BODY && !is_word(&t)))
    return tk >= 0 && expected(r, "a keyword");
  mlir_next(r->p, &t);
  *s = t.s;
  *len = t.len;
  return true;
}

bool rg_op_reader_int(RgOpReader *r, int64_t *v) {
  MlirTok t;
  int tk = mlir_peek(r->p, &t);
  if (tk != MT_INTEGER)
    return tk >= 0 && expected(r, "an integer");
  char buf[32];
  if (t.len >= sizeof buf)
    return rg_op_reader_error(r, "integer too large");
  memcpy(buf, t.s, t.len);
  buf[t.len] = 0;
  errno = 0;
  char *end;
  bool hex = strstr(buf, "0x") != NULL;
  long long x = hex ? (long long)strtoull(buf, &end, 16) : strtoll(buf, &end, 10);
  if (errno || *end)
    return rg_op_reader_error(r, "integer too large");
  mlir_next(r->p, &t);
  *v = (int64_t)x;
  return true;
}

/* ---- operands, types, results ---- */

bool rg_op_reader_operand(RgOpReader *r) {
  MlirTok t;
  int tk = mlir_peek(r->p, &t);
  if (tk != MT_VALUE)
    return tk >= 0 && expected(r, "a value name");
  mlir_next(r->p, &t);
  mlir_operand(r->p, &t);
  return !r->p->failed;
}

uint32_t rg_op_reader_num_operands(const RgOpReader *r) {
  return r->p->opnds.len - frame(r->p)->opnd_base;
}

const RgValue *rg_op_reader_operand_value(const RgOpReader *r, uint32_t i) {
  return i < rg_op_reader_num_operands(r) ? r->p->opnds.v[frame(r->p)->opnd_base + i] : NULL;
}

bool rg_op_reader_operand_type(RgOpReader *r, uint32_t i, const RgType *t) {
  MlirParser *p = r->p;
  const RgValue *v = rg_op_reader_operand_value(r, i);
  if (!v || !t)
    return false;
  if (v->type == t)
    return true;
  const char *at = p->opnd_at.v[frame(p)->opnd_base + i];
  const char *e = at;
  while (*e && *e != ',' && *e != ')' && *e != ' ' && *e != ']')
    e++;
  mlir_error(p, at, "operand #%u ('%.*s') has type '%.60s' but the op's type says '%.60s'", i,
             (int)(e - at), at, v->type->text, t->text);
  return false;
}

const RgType *rg_op_reader_type(RgOpReader *r) {
  MlirTok t;
  int tk = mlir_peek(r->p, &t);
  if (tk != MT_TYPE) {
    if (tk >= 0)
      expected(r, "a type");
    return NULL;
  }
  mlir_next(r->p, &t);
  return mlir_type_tok(r->p, &t).t;
}

bool rg_op_reader_result(RgOpReader *r, const RgType *t) {
  return t && VEC_PUSH(r->p, r->p->cust_types, t);
}

/* ---- attributes ---- */

/* Ends a nested parse: SUB_END (spelled as the next token, for a syntax
 * error's "found ...") then the end of input. */
static void sub_end(MlirParser *p, void *parser) {
  MlirTok t = {NULL, 0};
  if (mlir_peek(p, &t) < 0)
    return;
  mlir_parse(parser, MT_SUB_END, t);
  if (!p->failed)
    mlir_parse(parser, 0, t);
}

const RgAttr *rg_op_reader_attr(RgOpReader *r) {
  MlirParser *p = r->p;
  MlirTok t;
  int tk = mlir_peek(p, &t);
  if (tk <= 0 || tk == MT_VALUE) {
    if (tk >= 0)
      expected(r, "an attribute");
    return NULL;
  }
  void *parser = mlir_parseAlloc(rg_alloc, p);
  if (!parser) {
    mlir_nomem(p, t.s);
    return NULL;
  }
  p->sub_attr = NULL;
  mlir_parse(parser, MT_SUB_ATTR, t);
  uint32_t depth = p->brackets.len + 1;
  mlir_next(p, &t);
  mlir_parse(parser, tk, t);
  if (!p->failed && p->brackets.len >= depth)
    mlir_feed(p, parser, depth);
  /* `: type` after the kinds whose value it types */
  if (!p->failed && (tk == MT_INTEGER || tk == MT_FLOAT || tk == MT_STRING || tk == MT_DENSE) &&
      rg_op_reader_at(r, ":")) {
    for (int i = 0; i < 2 && !p->failed; i++) {
      int k = mlir_next(p, &t);
      if (k >= 0)
        mlir_parse(parser, k, t);
    }
  }
  if (!p->failed)
    sub_end(p, parser);
  mlir_parseFree(parser, rg_free);
  return p->failed ? NULL : p->sub_attr;
}

/* Index of `name` among the op's attributes, or -1. */
static int named_find(MlirParser *p, const char *name) {
  for (uint32_t i = frame(p)->named_base; i < p->named.len; i++)
    if (p->named.v[i].name == name)
      return (int)i;
  return -1;
}

static bool add_named(RgOpReader *r, const char *key, const RgAttr *a, bool prop) {
  MlirParser *p = r->p;
  if (p->failed || !a)
    return false;
  const char *name = rg_intern(p->g, key, strlen(key));
  if (!name) {
    mlir_nomem(p, NULL);
    return false;
  }
  if (named_find(p, name) >= 0)
    return rg_op_reader_error(r, "attribute '%s' is given twice", name);
  RgNamedAttr e = {name, a};
  if (!VEC_PUSH(p, p->named, e))
    return false;
  if (!prop)
    return true;
  /* properties come first, sorted by name (MLIR's dictionary order) */
  OpFrame *f = frame(p);
  uint32_t at = f->named_base;
  while (at < f->named_base + f->num_props && strcmp(p->named.v[at].name, name) < 0)
    at++;
  memmove(&p->named.v[at + 1], &p->named.v[at], sizeof e * (p->named.len - 1 - at));
  p->named.v[at] = e;
  f->num_props++;
  return true;
}

const RgAttr *rg_op_reader_get(const RgOpReader *r, const char *name) {
  const MlirParser *p = r->p;
  for (uint32_t i = p->ops.v[p->ops.len - 1].named_base; i < p->named.len; i++)
    if (!strcmp(p->named.v[i].name, name))
      return p->named.v[i].value;
  return NULL;
}

bool rg_op_reader_add_prop(RgOpReader *r, const char *name, const RgAttr *a) {
  return add_named(r, name, a, true);
}

bool rg_op_reader_add_attr(RgOpReader *r, const char *name, const RgAttr *a) {
  return add_named(r, name, a, false);
}

void rg_op_reader_remove(RgOpReader *r, const char *name) {
  MlirParser *p = r->p;
  OpFrame *f = frame(p);
  for (uint32_t i = f->named_base; i < p->named.len; i++) {
    if (strcmp(p->named.v[i].name, name))
      continue;
    memmove(&p->named.v[i], &p->named.v[i + 1], sizeof *p->named.v * (p->named.len - i - 1));
    p->named.len--;
    if (i < f->named_base + f->num_props)
      f->num_props--;
    return;
  }
}

bool rg_op_reader_attr_dict(RgOpReader *r) {
  if (!rg_op_reader_at(r, "{"))
    return !r->p->failed;
  const RgAttr *d = rg_op_reader_attr(r);
  if (!d)
    return false;
  for (uint32_t i = 0; i < d->count; i++) {
    const char *name = d->u.entries[i].name;
    if (!add_named(r, name, d->u.entries[i].value, strchr(name, '.') == NULL))
      return false;
  }
  return true;
}

/* ---- regions ---- */

bool rg_op_reader_region(RgOpReader *r) {
  MlirParser *p = r->p;
  MlirTok t;
  if (!rg_op_reader_at(r, "{"))
    return expected(r, "'{'");
  mlir_peek(p, &t);
  void *parser = mlir_parseAlloc(rg_alloc, p);
  if (!parser) {
    mlir_nomem(p, t.s);
    return false;
  }
  mlir_parse(parser, MT_SUB_REGION, t);
  mlir_feed(p, parser, p->brackets.len + 1);
  if (!p->failed)
    sub_end(p, parser);
  mlir_parseFree(parser, rg_free);
  return !p->failed;
}

RgRegion *rg_op_reader_add_region(RgOpReader *r) {
  MlirParser *p = r->p;
  if (p->failed)
    return NULL;
  RgRegion *reg = mlir_arena(p, sizeof *reg);
  if (!reg)
    return NULL;
  memset(reg, 0, sizeof *reg);
  return VEC_PUSH(p, p->done_regions, reg) ? reg : NULL;
}
