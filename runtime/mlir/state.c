/* runtime/mlir/state.c - the MLIR reader's shared state services: error
 * reports at a source position, growth of its vectors, its arena, the
 * descriptions of tokens in syntax errors, and string unescaping. Every
 * other part of the reader builds on these. */
#include <stdlib.h>
#include "mlir/mlir_internal.h"
#include "runtime/mlir/grammar.h"

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

void mlir_error(MlirParser *p, const char *at, const char *fmt, ...) RGS_PRINTF(3, 4);
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
  void *m = rgs_arena_alloc(ir_arena(p->g), n);
  if (!m)
    mlir_nomem(p, NULL);
  return m;
}

char *mlir_arena_dup(MlirParser *p, const char *s, size_t n) {
  char *m = rgs_arena_strdup(ir_arena(p->g), s, n);
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
      rgs_buf_put(&p->scratch, s, (size_t)(end - s));
      break;
    }
    rgs_buf_put(&p->scratch, s, (size_t)(bs - s));
    char c = bs[1];
    if (c == '"' || c == '\\') {
      rgs_buf_putc(&p->scratch, c);
      s = bs + 2;
    } else if (c == 'n') {
      rgs_buf_putc(&p->scratch, '\n');
      s = bs + 2;
    } else if (c == 't') {
      rgs_buf_putc(&p->scratch, '\t');
      s = bs + 2;
    } else if (bs + 2 < end && mlir_hexv(c) >= 0 && mlir_hexv(bs[2]) >= 0) {
      rgs_buf_putc(&p->scratch, (char)(mlir_hexv(c) * 16 + mlir_hexv(bs[2])));
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
  rgs_buf_putc(&p->scratch, 0);
  p->scratch.len--;
  return !p->scratch.oom;
}
