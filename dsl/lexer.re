/* dsl/lexer.re - re2c lexer for .rules/.ops files. The source is
 * NUL-terminated (sentinel method); a NUL before the end is an error.
 * Literals are decoded here so the grammar only sees values. */
#include <stdlib.h>
#include <errno.h>
#include <math.h>
#include "parse.h"
#include "grammar.h"

static void lex_error(DslLexer *lx, const char *at, const char *fmt, ...)
    RGS_PRINTF(3, 4);
static void lex_error(DslLexer *lx, const char *at, const char *fmt, ...) {
  RgLoc loc = {lx->src, (uint32_t)(at - lx->base)};
  va_list ap;
  va_start(ap, fmt);
  rg_vdiag(lx->diags, RG_ERROR, loc, fmt, ap);
  va_end(ap);
}

/* Decimal or hex integer into int64 with overflow detection. */
static bool parse_int(const char *s, const char *e, int64_t *out) {
  uint64_t v = 0, base = 10;
  if (e - s > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s += 2;
  }
  for (; s < e; s++) {
    unsigned d = *s <= '9' ? (unsigned)(*s - '0') : (unsigned)((*s | 0x20) - 'a' + 10);
    if (v > (UINT64_C(0x7fffffffffffffff) - d) / base)
      return false;
    v = v * base + d;
  }
  *out = (int64_t)v;
  return true;
}

/* Unescapes a string literal body [s, e) into the arena. */
static bool unescape(DslLexer *lx, const char *s, const char *e, DslTok *t) {
  char *out = rgs_arena_alloc(lx->arena, (size_t)(e - s) + 1);
  if (!out)
    return false;
  char *o = out;
  bool ok = true;
  while (s < e) {
    if (*s != '\\') {
      *o++ = *s++;
      continue;
    }
    const char *esc = s++;
    switch (*s++) {
    case 'n': *o++ = '\n'; break;
    case 't': *o++ = '\t'; break;
    case 'r': *o++ = '\r'; break;
    case '0': *o++ = '\0'; break;
    case '\\': *o++ = '\\'; break;
    case '"': *o++ = '"'; break;
    case 'x': {
      int v = 0, k;
      for (k = 0; k < 2 && s < e; k++, s++) {
        char c = *s;
        if (c >= '0' && c <= '9') v = v * 16 + (c - '0');
        else if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') v = v * 16 + ((c | 0x20) - 'a' + 10);
        else break;
      }
      if (k != 2) {
        lex_error(lx, esc, "invalid escape '\\x': expected two hex digits");
        ok = false;
      }
      *o++ = (char)v;
      break;
    }
    default:
      lex_error(lx, esc, "unknown escape sequence '\\%c'",
                (s[-1] >= 0x20 && s[-1] < 0x7f) ? s[-1] : '?');
      ok = false;
    }
  }
  *o = 0;
  t->s = out;
  t->ival = o - out;
  return ok;
}

static const struct { const char *s; int tok; } keywords[] = {
  {"dialect", TK_DIALECT}, {"op", TK_OP}, {"class", TK_CLASS},
  {"traits", TK_TRAITS}, {"results", TK_RESULTS}, {"shape", TK_SHAPE},
  {"eval", TK_EVAL}, {"smt", TK_SMT}, {"extern", TK_EXTERN}, {"pred", TK_PRED}, {"fn", TK_FN},
  {"import", TK_IMPORT}, {"pass", TK_PASS}, {"rule", TK_RULE}, {"if", TK_IF},
  {"pipeline", TK_PIPELINE}, {"fixpoint", TK_FIXPOINT}, {"once", TK_ONCE},
  {"true", TK_TRUE}, {"false", TK_FALSE}, {"splat", TK_SPLAT},
  {"const", TK_CONST}, {"inexact", TK_INEXACT}, {"for", TK_FOR}, {"in", TK_IN},
};

static int ident(const char *s, size_t n) {
  for (size_t i = 0; i < sizeof keywords / sizeof keywords[0]; i++)
    if (strlen(keywords[i].s) == n && memcmp(keywords[i].s, s, n) == 0)
      return keywords[i].tok;
  return TK_ID;
}

int dsl_lex(DslLexer *lx, DslTok *t) {
  const char *cur = lx->cur, *mar, *tok;
  memset(t, 0, sizeof *t);
  for (;;) {
    tok = cur;
    t->off = (uint32_t)(tok - lx->base);
/*!re2c
    re2c:define:YYCTYPE = "unsigned char";
    re2c:define:YYCURSOR = "cur";
    re2c:define:YYMARKER = "mar";
    re2c:yyfill:enable = 0;
    re2c:flags:utf-8 = 0;

    id     = [a-zA-Z_][a-zA-Z0-9_]*;
    qname  = id ("." id)+;
    dec    = [0-9]+;
    hex    = "0" [xX] [0-9a-fA-F]+;
    exp    = [eE] [+-]? [0-9]+;
    flt    = [0-9]+ "." [0-9]+ exp? | [0-9]+ exp;
    strch  = [^"\\\n\x00] | "\\" [^\n\x00];

    "\x00" {
      if (tok == lx->lim) { lx->cur = tok; return 0; }
      lex_error(lx, tok, "NUL byte in source");
      lx->cur = cur; return -1;
    }
    [ \t\r\n\f\v]+ { continue; }
    "//" [^\n\x00]* { continue; }
    "/*" {
      const char *end = strstr(cur, "*/");
      /* strstr stops at a NUL byte; a NUL inside a comment is an error too */
      if (!end) {
        lex_error(lx, tok, "unterminated comment");
        lx->cur = lx->lim; return -1;
      }
      cur = end + 2;
      continue;
    }
    ["] strch* ["] {
      t->len = (uint32_t)(cur - tok);
      lx->cur = cur;
      unescape(lx, tok + 1, cur - 1, t); /* errors reported; keep parsing */
      return TK_STRING;
    }
    ["] strch* {
      lex_error(lx, tok, "unterminated string");
      t->len = (uint32_t)(cur - tok);
      if (!unescape(lx, tok + 1, cur, t))
        t->s = "";
      lx->cur = cur; return TK_STRING;
    }
    hex | dec {
      t->len = (uint32_t)(cur - tok);
      lx->cur = cur;
      if (!parse_int(tok, cur, &t->ival)) {
        lex_error(lx, tok, "integer literal '%.*s' is too large (limit %lld)",
                  (int)(t->len > 40 ? 40 : t->len), tok, (long long)INT64_MAX);
        t->ival = 0; /* keep parsing after the report */
      }
      return TK_INT;
    }
    flt {
      t->len = (uint32_t)(cur - tok);
      lx->cur = cur;
      char buf[64];
      if (t->len >= sizeof buf) {
        lex_error(lx, tok, "float literal is too long");
        return TK_FLOAT;
      }
      memcpy(buf, tok, t->len);
      buf[t->len] = 0;
      errno = 0;
      t->fval = strtod(buf, NULL);
      if (errno == ERANGE && isinf(t->fval)) {
        lex_error(lx, tok, "float literal '%s' is out of range", buf);
        t->fval = 0;
      }
      return TK_FLOAT;
    }
    "_"     { t->len = 1; lx->cur = cur; return TK_WILD; }
    qname {
      t->len = (uint32_t)(cur - tok);
      lx->cur = cur;
      t->s = rgs_arena_strdup(lx->arena, tok, t->len);
      return TK_QNAME;
    }
    id {
      t->len = (uint32_t)(cur - tok);
      lx->cur = cur;
      t->s = rgs_arena_strdup(lx->arena, tok, t->len);
      return ident(tok, t->len);
    }
    "..."   { t->len = 3; lx->cur = cur; return TK_ELLIPSIS; }
    ".."    { t->len = 2; lx->cur = cur; return TK_DOTDOT; }
    "("     { t->len = 1; lx->cur = cur; return TK_LPAREN; }
    ")"     { t->len = 1; lx->cur = cur; return TK_RPAREN; }
    "["     { t->len = 1; lx->cur = cur; return TK_LBRACKET; }
    "]"     { t->len = 1; lx->cur = cur; return TK_RBRACKET; }
    "{"     { t->len = 1; lx->cur = cur; return TK_LBRACE; }
    "}"     { t->len = 1; lx->cur = cur; return TK_RBRACE; }
    ","     { t->len = 1; lx->cur = cur; return TK_COMMA; }
    ":"     { t->len = 1; lx->cur = cur; return TK_COLON; }
    "??"    { t->len = 2; lx->cur = cur; return TK_QQ; }
    "?"     { t->len = 1; lx->cur = cur; return TK_QUESTION; }
    "=>"    { t->len = 2; lx->cur = cur; return TK_ARROW; }
    "->"    { t->len = 2; lx->cur = cur; return TK_RARROW; }
    "=="    { t->len = 2; lx->cur = cur; return TK_EQ; }
    "!="    { t->len = 2; lx->cur = cur; return TK_NE; }
    "<="    { t->len = 2; lx->cur = cur; return TK_LE; }
    ">="    { t->len = 2; lx->cur = cur; return TK_GE; }
    "&&"    { t->len = 2; lx->cur = cur; return TK_AND; }
    "||"    { t->len = 2; lx->cur = cur; return TK_OR; }
    "="     { t->len = 1; lx->cur = cur; return TK_ASSIGN; }
    "<"     { t->len = 1; lx->cur = cur; return TK_LT; }
    ">"     { t->len = 1; lx->cur = cur; return TK_GT; }
    "+"     { t->len = 1; lx->cur = cur; return TK_PLUS; }
    "-"     { t->len = 1; lx->cur = cur; return TK_MINUS; }
    "*"     { t->len = 1; lx->cur = cur; return TK_STAR; }
    "/"     { t->len = 1; lx->cur = cur; return TK_SLASH; }
    "%"     { t->len = 1; lx->cur = cur; return TK_PERCENT; }
    "!"     { t->len = 1; lx->cur = cur; return TK_NOT; }
    "|"     { t->len = 1; lx->cur = cur; return TK_PIPE; }
    * {
      unsigned char c = (unsigned char)*tok;
      if (c >= 0x20 && c < 0x7f)
        lex_error(lx, tok, "unexpected character '%c'", c);
      else
        lex_error(lx, tok, "unexpected byte 0x%02x", c);
      lx->cur = cur; return -1;
    }
*/
  }
}
