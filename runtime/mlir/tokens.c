/* runtime/mlir/tokens.c - the reader's token stream over the re2c lexer:
 * one token of lookahead, bracket tracking (a mismatch names its opener and
 * nesting stays bounded), and the release of text the graph no longer
 * needs. */
#include "mlir/mlir_internal.h"
#include "runtime/mlir/grammar.h"

/* How much parsed text the reader releases at a time, and how far behind
 * the lexer it stays. */
#define RELEASE_STEP ((size_t)2 << 20)
#define RELEASE_MARGIN ((size_t)1 << 20)

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
    rgs_source_release(p->src, p->released);
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
