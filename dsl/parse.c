/* dsl/parse.c - parse driver and file loader: feeds re2c tokens to the lemon
 * parser with panic-mode resynchronisation, bounds nesting depth, and loads
 * imports (search path, include-once, cycle detection with a note chain). */
#include <stdlib.h>
#include <errno.h>
#include <sys/stat.h>
#include "parse.h"
#include "grammar.h"

enum { MAX_NESTING = 200, MAX_IMPORT_DEPTH = 64 };

/* ---- small helpers shared with the grammar ---- */

/* Token spelling for syntax errors. */
const char *dsl_tok_text(int major) {
  switch (major) {
  case 0: return "end of file";
  case TK_ID: return "name";
  case TK_QNAME: return "op name";
  case TK_INT: return "integer";
  case TK_FLOAT: return "float";
  case TK_STRING: return "string";
  case TK_WILD: return "'_'";
  case TK_ELLIPSIS: return "'...'";
  case TK_DOTDOT: return "'..'";
  case TK_LPAREN: return "'('";
  case TK_RPAREN: return "')'";
  case TK_LBRACKET: return "'['";
  case TK_RBRACKET: return "']'";
  case TK_LBRACE: return "'{'";
  case TK_RBRACE: return "'}'";
  case TK_COMMA: return "','";
  case TK_COLON: return "':'";
  case TK_QUESTION: return "'?'";
  case TK_QQ: return "'?\?'";
  case TK_ARROW: return "'=>'";
  case TK_RARROW: return "'->'";
  case TK_EQ: return "'=='";
  case TK_NE: return "'!='";
  case TK_LE: return "'<='";
  case TK_GE: return "'>='";
  case TK_AND: return "'&&'";
  case TK_OR: return "'||'";
  case TK_ASSIGN: return "'='";
  case TK_LT: return "'<'";
  case TK_GT: return "'>'";
  case TK_PLUS: return "'+'";
  case TK_MINUS: return "'-'";
  case TK_STAR: return "'*'";
  case TK_SLASH: return "'/'";
  case TK_PERCENT: return "'%'";
  case TK_NOT: return "'!'";
  case TK_PIPE: return "'|'";
  case TK_DIALECT: return "'dialect'";
  case TK_OP: return "'op'";
  case TK_CLASS: return "'class'";
  case TK_TRAITS: return "'traits'";
  case TK_RESULTS: return "'results'";
  case TK_SHAPE: return "'shape'";
  case TK_EVAL: return "'eval'";
  case TK_EXTERN: return "'extern'";
  case TK_PRED: return "'pred'";
  case TK_FN: return "'fn'";
  case TK_IMPORT: return "'import'";
  case TK_PASS: return "'pass'";
  case TK_RULE: return "'rule'";
  case TK_IF: return "'if'";
  case TK_PIPELINE: return "'pipeline'";
  case TK_FIXPOINT: return "'fixpoint'";
  case TK_ONCE: return "'once'";
  case TK_TRUE: return "'true'";
  case TK_FALSE: return "'false'";
  case TK_SPLAT: return "'splat'";
  case TK_CONST: return "'const'";
  case TK_INEXACT: return "'inexact'";
  case TK_FOR: return "'for'";
  case TK_IN: return "'in'";
  default: return "token";
  }
}


DslVec *dsl_vec_new(void) {
  DslVec *v = rg_alloc(sizeof *v);
  if (v)
    memset(v, 0, sizeof *v);
  return v;
}

void dsl_vec_push(DslVec *v, void *item) {
  if (!v)
    return;
  if (v->n == v->cap) {
    uint32_t cap = v->cap ? v->cap * 2 : 4;
    void **items = rg_realloc(v->items, cap * sizeof *items);
    if (!items)
      return; /* out of memory: the item is dropped */
    v->items = items;
    v->cap = cap;
  }
  v->items[v->n++] = item;
}

void dsl_vec_free(DslVec *v) {
  if (!v)
    return;
  rg_free(v->items);
  rg_free(v);
}

void **dsl_vec_finish(DslParseCtx *c, DslVec *v, uint32_t *n) {
  *n = 0;
  if (!v)
    return NULL;
  void **out = NULL;
  if (v->n) {
    out = rg_arena_alloc(&c->prog->arena, v->n * sizeof *out);
    if (out) {
      memcpy(out, v->items, v->n * sizeof *out);
      *n = v->n;
    }
  }
  dsl_vec_free(v);
  return out;
}

RgLoc dsl_loc(DslParseCtx *c, uint32_t off) {
  RgLoc l = {c->src, off};
  return l;
}

DslName dsl_name(DslParseCtx *c, DslTok t) {
  DslName n = {t.s ? t.s : "", dsl_loc(c, t.off)};
  return n;
}

void *dsl_new(DslParseCtx *c, size_t size) {
  return rg_arena_zalloc(&c->prog->arena, size);
}

void dsl_error_at(DslParseCtx *c, uint32_t off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rg_vdiag(c->prog->diags, RG_ERROR, dsl_loc(c, off), fmt, ap);
  va_end(ap);
}

/* ---- string map (open addressing) ---- */

void *dsl_map_get(const DslMap *m, const char *key) {
  if (!m->cap)
    return NULL;
  uint32_t mask = m->cap - 1;
  for (uint32_t i = rg_hash_bytes(key, strlen(key)) & mask;; i = (i + 1) & mask) {
    if (!m->keys[i])
      return NULL;
    if (strcmp(m->keys[i], key) == 0)
      return m->vals[i];
  }
}

void *dsl_map_put(DslMap *m, const char *key, void *val) {
  if ((m->count + 1) * 2 > m->cap) {
    uint32_t cap = m->cap ? m->cap * 2 : 64;
    const char **keys = rg_alloc(cap * sizeof *keys);
    void **vals = rg_alloc(cap * sizeof *vals);
    if (!keys || !vals) {
      rg_free(keys);
      rg_free(vals);
      return NULL;
    }
    memset(keys, 0, cap * sizeof *keys);
    for (uint32_t j = 0; j < m->cap; j++) {
      if (!m->keys[j])
        continue;
      uint32_t i = rg_hash_bytes(m->keys[j], strlen(m->keys[j])) & (cap - 1);
      while (keys[i])
        i = (i + 1) & (cap - 1);
      keys[i] = m->keys[j];
      vals[i] = m->vals[j];
    }
    rg_free(m->keys);
    rg_free(m->vals);
    m->keys = keys;
    m->vals = vals;
    m->cap = cap;
  }
  uint32_t mask = m->cap - 1;
  uint32_t i = rg_hash_bytes(key, strlen(key)) & mask;
  for (; m->keys[i]; i = (i + 1) & mask)
    if (strcmp(m->keys[i], key) == 0)
      return m->vals[i];
  m->keys[i] = key;
  m->vals[i] = val;
  m->count++;
  return NULL;
}

void dsl_map_free(DslMap *m) {
  rg_free(m->keys);
  rg_free(m->vals);
  memset(m, 0, sizeof *m);
}

/* ---- parse driver ---- */

/* Tokens at which panic-mode recovery resumes: the start of a rule or of a
 * top-level declaration. */
static bool is_sync(int tok) {
  switch (tok) {
  case TK_RULE: case TK_PASS: case TK_IMPORT: case TK_PIPELINE: case TK_OP:
  case TK_CLASS: case TK_EXTERN: case TK_DIALECT:
    return true;
  default:
    return false;
  }
}

DslFile *dsl_parse_source(DslProgram *p, RgSource *src) {
  DslFile *f = rg_arena_zalloc(&p->arena, sizeof *f);
  if (!f)
    return NULL;
  f->src = src;
  DslParseCtx ctx;
  memset(&ctx, 0, sizeof ctx);
  ctx.prog = p;
  ctx.src = src;
  ctx.file = f;
  DslLexer lx = {src->text, src->text, src->text + src->len, src, &p->arena, p->diags};
  void *parser = DslParserAlloc(malloc, &ctx);
  if (!parser)
    return f;
  int depth = 0; /* open ( [ { */
  bool skipping = false;
  for (;;) {
    DslTok t;
    int major = dsl_lex(&lx, &t);
    if (major < 0)
      continue;
    if (major == TK_LPAREN || major == TK_LBRACKET || major == TK_LBRACE) {
      if (++depth > MAX_NESTING) {
        dsl_error_at(&ctx, t.off, "nesting too deep (limit %d)", MAX_NESTING);
        break;
      }
    } else if (major == TK_RPAREN || major == TK_RBRACKET || major == TK_RBRACE) {
      if (depth > 0)
        depth--;
    }
    bool resync_after = false;
    if (skipping && major != 0) {
      /* resume at a rule or declaration keyword (reporting it if it is out
       * of place), or after the '}' that closes the current pass */
      if (major == TK_RBRACE && depth == 0) {
        resync_after = true;
      } else if (is_sync(major)) {
        dsl_parser_resync(parser);
      } else {
        continue;
      }
      skipping = false;
    }
    ctx.last_off = t.off;
    ctx.syntax_error = false;
    DslParser(parser, major, t);
    if (resync_after && !ctx.syntax_error)
      dsl_parser_resync(parser);
    if (ctx.fatal || major == 0)
      break;
    if (ctx.syntax_error)
      skipping = true;
  }
  DslParserFree(parser, free);
  if (ctx.decls.n) {
    f->decls = rg_arena_alloc(&p->arena, ctx.decls.n * sizeof *f->decls);
    if (f->decls) {
      memcpy(f->decls, ctx.decls.items, ctx.decls.n * sizeof *f->decls);
      f->ndecls = ctx.decls.n;
    }
  }
  rg_free(ctx.decls.items);
  return f;
}

/* ---- loading files and imports ---- */

static RgSource *default_open(void *user, const char *path, RgDiags *d,
                              dev_t *dev, ino_t *ino) {
  (void)user;
  struct stat st;
  if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
    return NULL;
  *dev = st.st_dev;
  *ino = st.st_ino;
  return rg_source_load(path, d);
}

void dsl_program_init(DslProgram *p, RgDiags *d) {
  memset(p, 0, sizeof *p);
  rg_arena_init(&p->arena);
  p->diags = d;
  p->open = default_open;
}

void dsl_program_free(DslProgram *p) {
  for (uint32_t i = 0; i < p->nfiles; i++)
    rg_source_free(p->files[i]->src);
  rg_free(p->files);
  rg_free(p->roots);
  rg_free(p->ops);
  rg_free(p->passes);
  dsl_map_free(&p->opmap);
  dsl_map_free(&p->classmap);
  dsl_map_free(&p->externmap);
  dsl_map_free(&p->passmap);
  dsl_map_free(&p->pipemap);
  rg_arena_free(&p->arena);
  memset(p, 0, sizeof *p);
}

static bool push_file(DslFile ***arr, uint32_t *n, uint32_t *cap, DslFile *f) {
  if (*n == *cap) {
    uint32_t c = *cap ? *cap * 2 : 8;
    DslFile **a = rg_realloc(*arr, c * sizeof *a);
    if (!a)
      return false;
    *arr = a;
    *cap = c;
  }
  (*arr)[(*n)++] = f;
  return true;
}

/* The import stack: which import declaration led to each file being
 * loaded, for the note chain of a cycle error. */
typedef struct ImportFrame {
  DslFile *file;
  DslDecl *via; /* import decl in the parent; NULL for a root */
} ImportFrame;

static DslFile *find_loaded(DslProgram *p, dev_t dev, ino_t ino) {
  for (uint32_t i = 0; i < p->nfiles; i++)
    if (p->files[i]->dev == dev && p->files[i]->ino == ino)
      return p->files[i];
  return NULL;
}

static void load_imports(DslProgram *p, ImportFrame *stack, int depth);

/* Parses an opened source and its imports; takes ownership of src. */
static DslFile *add_source(DslProgram *p, RgSource *src, dev_t dev, ino_t ino,
                           ImportFrame *stack, int depth) {
  DslFile *f = dsl_parse_source(p, src);
  if (!f || !push_file(&p->files, &p->nfiles, &p->capfiles, f)) {
    rg_source_free(src);
    return NULL;
  }
  f->dev = dev;
  f->ino = ino;
  f->loading = true;
  stack[depth].file = f;
  load_imports(p, stack, depth);
  f->loading = false;
  return f;
}

/* Candidate path: the importer's directory, then each -I directory. */
static char *join(DslProgram *p, const char *dir, size_t dlen, const char *name) {
  size_t nlen = strlen(name);
  char *s = rg_arena_alloc(&p->arena, dlen + nlen + 2);
  if (!s)
    return NULL;
  memcpy(s, dir, dlen);
  size_t k = dlen;
  if (dlen && s[dlen - 1] != '/')
    s[k++] = '/';
  memcpy(s + k, name, nlen + 1);
  return s;
}

static void load_imports(DslProgram *p, ImportFrame *stack, int depth) {
  DslFile *f = stack[depth].file;
  for (uint32_t i = 0; i < f->ndecls; i++) {
    DslDecl *d = f->decls[i];
    if (d->kind != DSL_DECL_IMPORT)
      continue;
    const char *name = d->u.import.path.s;
    if (!*name) {
      rg_diag(p->diags, RG_ERROR, d->u.import.path.loc, "empty import path");
      continue;
    }
    RgSource *src = NULL;
    dev_t dev = 0;
    ino_t ino = 0;
    const char *slash = strrchr(f->src->name, '/');
    size_t dlen = slash ? (size_t)(slash - f->src->name) + 1 : 0;
    if (name[0] == '/') {
      src = p->open(p->open_user, name, p->diags, &dev, &ino);
    } else {
      char *cand = join(p, f->src->name, dlen, name);
      if (cand)
        src = p->open(p->open_user, cand, p->diags, &dev, &ino);
      for (uint32_t k = 0; !src && k < p->nincdirs; k++) {
        cand = join(p, p->incdirs[k], strlen(p->incdirs[k]), name);
        if (cand)
          src = p->open(p->open_user, cand, p->diags, &dev, &ino);
      }
    }
    if (!src) {
      RgBuf b;
      rg_buf_init(&b);
      rg_buf_printf(&b, "import '%s' not found (searched '%.*s'", name,
                    dlen ? (int)dlen - 1 : 1, dlen ? f->src->name : ".");
      for (uint32_t k = 0; k < p->nincdirs; k++)
        rg_buf_printf(&b, ", '%s'", p->incdirs[k]);
      rg_buf_puts(&b, ")");
      char *msg = rg_buf_take(&b);
      rg_diag(p->diags, RG_ERROR, d->u.import.path.loc, "%s", msg ? msg : "import not found");
      rg_free(msg);
      continue;
    }
    DslFile *old = find_loaded(p, dev, ino);
    if (old) {
      rg_source_free(src);
      d->u.import.file = old;
      if (old->loading) {
        rg_diag(p->diags, RG_ERROR, d->u.import.path.loc,
                "import cycle: '%s' imports '%s', which is still being loaded",
                f->src->name, old->src->name);
        /* walk back to where `old` was entered and list each import */
        int from = depth;
        while (from > 0 && stack[from].file != old)
          from--;
        for (int k = from + 1; k <= depth; k++)
          rg_diag(p->diags, RG_NOTE, stack[k].via->u.import.path.loc,
                  "'%s' is imported from '%s' here", stack[k].file->src->name,
                  stack[k - 1].file->src->name);
      }
      continue;
    }
    if (depth + 1 >= MAX_IMPORT_DEPTH) {
      rg_diag(p->diags, RG_ERROR, d->u.import.path.loc,
              "imports nested too deeply (limit %d)", MAX_IMPORT_DEPTH);
      rg_source_free(src);
      continue;
    }
    stack[depth + 1].via = d;
    d->u.import.file = add_source(p, src, dev, ino, stack, depth + 1);
  }
}

static bool load_root(DslProgram *p, RgSource *src, dev_t dev, ino_t ino) {
  DslFile *old = find_loaded(p, dev, ino);
  if (old && (dev || ino)) {
    rg_source_free(src);
    return push_file(&p->roots, &p->nroots, &p->caproots, old);
  }
  ImportFrame stack[MAX_IMPORT_DEPTH];
  memset(stack, 0, sizeof stack);
  DslFile *f = add_source(p, src, dev, ino, stack, 0);
  if (!f)
    return false;
  return push_file(&p->roots, &p->nroots, &p->caproots, f);
}

bool dsl_load_file(DslProgram *p, const char *path) {
  dev_t dev = 0;
  ino_t ino = 0;
  if (strcmp(path, "-") == 0 && p->open == default_open) {
    RgSource *in = rg_source_load(path, p->diags);
    return in && load_root(p, in, 0, 0);
  }
  RgSource *src = p->open(p->open_user, path, p->diags, &dev, &ino);
  if (!src) {
    if (p->open == default_open) {
      /* for the message: rg_source_load says why it cannot be read */
      src = rg_source_load(path, p->diags);
      if (src) {
        rg_source_free(src);
        rg_diag(p->diags, RG_ERROR, (RgLoc){NULL, 0}, "'%s' is not a regular file", path);
      }
    } else {
      rg_diag(p->diags, RG_ERROR, (RgLoc){NULL, 0}, "cannot open '%s'", path);
    }
    return false;
  }
  return load_root(p, src, dev, ino);
}

bool dsl_load_mem(DslProgram *p, const char *name, const char *text, size_t len) {
  RgSource *src = rg_source_from_mem(name, text, len);
  if (!src)
    return false;
  return load_root(p, src, 0, 0);
}
