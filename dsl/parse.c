/* dsl/parse.c - parse driver and file loader: feeds re2c tokens to the lemon
 * parser with panic-mode resynchronisation, bounds nesting depth, and loads
 * imports (search path, include-once, cycle detection with a note chain). */
#include <stdlib.h>
#include <errno.h>
#include <sys/stat.h>
#include "parse.h"
#include "grammar.h"

enum { MAX_NESTING = 200, MAX_IMPORT_DEPTH = 64 };

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
  DslFile *f = rgs_arena_zalloc(&p->arena, sizeof *f);
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
    f->decls = rgs_arena_alloc(&p->arena, ctx.decls.n * sizeof *f->decls);
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
  rgs_arena_init(&p->arena);
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
  rgs_arena_free(&p->arena);
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
  char *s = rgs_arena_alloc(&p->arena, dlen + nlen + 2);
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
      RgsBuf b;
      rgs_buf_init(&b);
      rgs_buf_printf(&b, "import '%s' not found (searched '%.*s'", name,
                    dlen ? (int)dlen - 1 : 1, dlen ? f->src->name : ".");
      for (uint32_t k = 0; k < p->nincdirs; k++)
        rgs_buf_printf(&b, ", '%s'", p->incdirs[k]);
      rgs_buf_puts(&b, ")");
      char *msg = rgs_buf_take(&b);
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
