/* runtime/mlir/lexer.re - re2c lexer for the MLIR generic op form. The
 * input is NUL-terminated (sentinel method, no YYFILL). Dialect attributes
 * and types, dense literals, affine maps, locations and the resource section
 * are captured whole as one verbatim token by a balanced-bracket scan, so
 * the grammar never sees their insides (see docs/mlir.md for why). A
 * dotted name is looked up in the registered dialect syntaxes: an op with
 * a custom form gets the token of that form, anything else is a name. */
#include "mlir/mlir_internal.h"
#include "runtime/mlir/grammar.h"

static int lex_error(MlirLexer *lx, const char *at, const char *msg) {
  lx->err_at = at;
  lx->err_open = NULL;
  snprintf(lx->err, sizeof lx->err, "%s", msg);
  return -1;
}

const char *mlir_scan_balanced(MlirLexer *lx, const char *p) {
  char stack[RG_MLIR_MAX_NESTING];
  const char *opened[RG_MLIR_MAX_NESTING];
  int depth = 0;
  lx->err_open = NULL;
  stack[depth] = p[-1];
  opened[depth++] = p - 1;
  while (depth > 0) {
    char c = *p;
    switch (c) {
    case 0:
      if (p >= lx->lim) {
        lx->err_at = opened[depth - 1];
        snprintf(lx->err, sizeof lx->err, "'%c' is never closed (input ends early)", stack[depth - 1]);
      } else {
        lx->err_at = p;
        snprintf(lx->err, sizeof lx->err, "unexpected NUL byte");
      }
      return NULL;
    case '<': case '(': case '[': case '{':
      if (depth == RG_MLIR_MAX_NESTING) {
        lex_error(lx, p, "nesting too deep (limit 200)");
        return NULL;
      }
      stack[depth] = c;
      opened[depth++] = p++;
      break;
    case '-':
      p += p[1] == '>' ? 2 : 1; /* `->` is not a closer */
      break;
    case '>': case ')': case ']': case '}': {
      char want = stack[depth - 1] == '<' ? '>' : stack[depth - 1] == '(' ? ')'
                  : stack[depth - 1] == '[' ? ']' : '}';
      if (c == '>' && want != '>' && p[1] == '=') { /* affine `>=` */
        p += 2;
        break;
      }
      if (c != want) {
        lx->err_at = p;
        lx->err_open = opened[depth - 1];
        snprintf(lx->err, sizeof lx->err, "unbalanced '%c': expected '%c' to close '%c'",
                 c, want, stack[depth - 1]);
        return NULL;
      }
      depth--;
      p++;
      break;
    }
    case '"': {
      const char *q = p;
      p++;
      for (;;) {
        while (*p && *p != '"' && *p != '\\' && *p != '\n')
          p++;
        if (*p == '"')
          break;
        if (*p == '\\' && p[1] && p[1] != '\n') {
          p += 2;
          continue;
        }
        if (*p == 0 && p < lx->lim)
          lex_error(lx, p, "unexpected NUL byte");
        else
          lex_error(lx, q, "unterminated string literal");
        return NULL;
      }
      p++;
      break;
    }
    default:
      p++;
      break;
    }
  }
  return p;
}

/* A token whose text continues with a bracketed body (the opener is the
 * last character matched so far). */
static int capture(MlirLexer *lx, MlirTok *t, const char *start, int code) {
  const char *end = mlir_scan_balanced(lx, lx->cur);
  if (!end)
    return -1;
  lx->cur = end;
  t->s = start;
  t->len = (uint32_t)(end - start);
  return code;
}

/* `#name` / `!name`, optionally followed directly by a `<...>` body. */
static int capture_opt(MlirLexer *lx, MlirTok *t, const char *start, int code) {
  if (*lx->cur == '<') {
    lx->cur++;
    return capture(lx, t, start, code);
  }
  t->s = start;
  t->len = (uint32_t)(lx->cur - start);
  return code;
}

/* The token of a dotted name: the form its dialect syntax gives it. */
static int op_name_token(const MlirLexer *lx, const char *s, size_t len) {
  const MlirSynEnt *e = mlir_syntax_find(lx->syn, s, len);
  switch (e ? e->form : RG_OP_FORM_NONE) {
  case RG_OP_FORM_FUNCTIONAL: return MT_KW_OPNAME;
  case RG_OP_FORM_TERMINATOR: return MT_KW_RETURN;
  case RG_OP_FORM_IF_ELSE: return MT_KW_IFELSE;
  case RG_OP_FORM_WHILE_DO: return MT_KW_WHILE;
  case RG_OP_FORM_CONSTANT: return MT_KW_CONSTANT;
  case RG_OP_FORM_SAME_TYPE: return MT_KW_SAMETYPE;
  case RG_OP_FORM_CAST: return MT_KW_CAST;
  case RG_OP_FORM_CUSTOM: return MT_KW_CUSTOM;
  default: return MT_BARE;
  }
}

int mlir_lex(MlirLexer *lx, MlirTok *t) {
  const char *YYMARKER = NULL;
  for (;;) {
    const char *start = lx->cur;
#define TOK(code) do { t->s = start; t->len = (uint32_t)(lx->cur - start); return (code); } while (0)
    /*!re2c
      re2c:define:YYCTYPE = "unsigned char";
      re2c:define:YYCURSOR = "lx->cur";
      re2c:yyfill:enable = 0;
      re2c:flags:input = custom;
      re2c:api:style = free-form;
      re2c:define:YYPEEK = "(unsigned char)*lx->cur";
      re2c:define:YYSKIP = "++lx->cur;";
      re2c:define:YYBACKUP = "YYMARKER = lx->cur;";
      re2c:define:YYRESTORE = "lx->cur = YYMARKER;";

      digit  = [0-9];
      hexd   = [0-9a-fA-F];
      bare   = [a-zA-Z_] [a-zA-Z0-9_$.]*;
      dotted = [a-zA-Z_] [a-zA-Z0-9_$]* "." [a-zA-Z0-9_$.]*;
      suffix = digit+ | [a-zA-Z$._-] [a-zA-Z0-9$._-]*;
      str    = ["] ([^"\\\n\x00] | [\\][^\n\x00])* ["];
      inttype   = [su]? "i" [1-9] digit*;
      floattype = "f16" | "bf16" | "f32" | "f64" | "f80" | "f128" | "tf32"
                | "f4E2M1FN" | "f6E2M3FN" | "f6E3M2FN" | "f8E5M2" | "f8E4M3"
                | "f8E4M3FN" | "f8E5M2FNUZ" | "f8E4M3FNUZ" | "f8E4M3B11FNUZ"
                | "f8E3M4" | "f8E8M0FNU";

      "\x00"              { if (start >= lx->lim) { lx->cur = start; t->s = start; t->len = 0; return 0; }
                            return lex_error(lx, start, "unexpected NUL byte"); }
      [ \t\r\n]+          { continue; }
      "//" [^\n\x00]*     { continue; }

      "%" suffix ("#" digit+)?  { TOK(MT_VALUE); }
      "^" suffix          { TOK(MT_CARET); }
      "@" (bare | str) ("::@" (bare | str))*  { TOK(MT_SYMBOL); }
      "#" bare            { return capture_opt(lx, t, start, MT_HASH); }
      "!" bare            { return capture_opt(lx, t, start, MT_TYPE); }
      "loc("              { return capture(lx, t, start, MT_LOC); }
      "dense<"            { return capture(lx, t, start, MT_DENSE); }
      "dense_resource<"   { return capture(lx, t, start, MT_VERBATIM); }
      "sparse<" | "affine_map<" | "affine_set<" | "strided<" | "opaque<"
                          { return capture(lx, t, start, MT_VERBATIM); }
      "tensor<" | "vector<" | "memref<" | "complex<" | "tuple<"
                          { return capture(lx, t, start, MT_TYPE); }
      "array<"            { TOK(MT_ARRAY_OPEN); }
      "{-#"               {
                            const char *p = lx->cur;
                            while (!(p[0] == '#' && p[1] == '-' && p[2] == '}')) {
                              if (*p == 0 && p >= lx->lim)
                                return lex_error(lx, start, "'{-#' is never closed by '#-}' (input ends early)");
                              if (*p == 0)
                                return lex_error(lx, p, "unexpected NUL byte");
                              p++;
                            }
                            lx->cur = p + 3;
                            TOK(MT_RESOURCES);
                          }
      inttype | floattype | "index" | "none"  { TOK(MT_TYPE); }
      "module" | "builtin.module"  { TOK(MT_KW_MODULE); }
      "func.func"         { TOK(MT_KW_FUNC); }
      "return" | "func.return"  { TOK(MT_KW_RETURN); }
      "attributes"        { TOK(MT_KW_ATTRIBUTES); }
      "else"              { TOK(MT_KW_ELSE); }
      "do"                { TOK(MT_KW_DO); }
      dotted              { TOK(op_name_token(lx, start, (size_t)(lx->cur - start))); }
      "true"              { TOK(MT_TRUE); }
      "false"             { TOK(MT_FALSE); }
      "unit"              { TOK(MT_UNIT); }
      bare                { TOK(MT_BARE); }
      bare "<"            { return capture(lx, t, start, MT_WORD_BODY); } /* `fastmath<fast>` */
      "-"? digit+         { TOK(MT_INTEGER); }
      "0x" hexd+          { TOK(MT_INTEGER); }
      "-"? digit+ "." digit* ([eE] [-+]? digit+)?  { TOK(MT_FLOAT); }
      str                 { TOK(MT_STRING); }
      ["]                 {
                            const char *p = lx->cur;
                            while (*p && *p != '\n' && *p != '"') {
                              if (*p == '\\' && p[1] && p[1] != '\n')
                                p++;
                              p++;
                            }
                            return lex_error(lx, start, *p == 0 && p < lx->lim ? "unexpected NUL byte in string literal"
                                                                             : "unterminated string literal");
                          }
      "("                 { TOK(MT_LPAREN); }
      ")"                 { TOK(MT_RPAREN); }
      "["                 { TOK(MT_LBRACKET); }
      "]"                 { TOK(MT_RBRACKET); }
      "{"                 { TOK(MT_LBRACE); }
      "}"                 { TOK(MT_RBRACE); }
      "<{"                { TOK(MT_LPROPS); }
      "}>"                { TOK(MT_RPROPS); }
      ","                 { TOK(MT_COMMA); }
      ":"                 { TOK(MT_COLON); }
      "="                 { TOK(MT_EQUAL); }
      "->"                { TOK(MT_ARROW); }
      ">"                 { TOK(MT_RANGLE); }
      *                   {
                            unsigned char c = (unsigned char)*start;
                            char msg[64];
                            if (c >= 0x21 && c < 0x7f)
                              snprintf(msg, sizeof msg, "unexpected character '%c'", c);
                            else
                              snprintf(msg, sizeof msg, "unexpected byte 0x%02x", c);
                            return lex_error(lx, start, msg);
                          }
    */
#undef TOK
  }
}
