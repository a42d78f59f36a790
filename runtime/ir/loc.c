/* runtime/ir/loc.c - the location of an op a rewrite creates: as MLIR's DRR
 * does, a fused location of the ops the rule replaced, tagged with the
 * rule's name (`loc(fused<"pass.rule">[#loc3, "m.py":4:1])`), so an error
 * later in a toolchain still leads back to the model and names the rule.
 * As MLIR's FusedLoc::get, parts fused under the same tag are flattened,
 * `unknown` parts dropped and repeated parts kept once. A part naming a
 * location alias defined after the ops (`#loc7 = loc(...)` at the end of
 * the file, where mlir-opt prints them) is replaced by its definition:
 * MLIR resolves such forward references only directly in `loc(#loc7)`,
 * never inside a fused location. */
#include <stdlib.h>
#include "rulegen/graph.h"
#include "ir/ir_internal.h"

/* End of the item starting at p in a list closed by `close`: the next
 * top-level ',' or `close` (strings, bracket nesting and `->` skipped).
 * Location parts (`]`) and type lists (`)`) are split with it. */
const char *ir_text_item_end(const char *p, char close) {
  int depth = 0;
  for (; *p; p++) {
    if (*p == '"') {
      for (p++; *p && *p != '"'; p++)
        if (*p == '\\' && p[1])
          p++;
      if (!*p)
        return p;
    } else if (*p == '-' && p[1] == '>') {
      p++;
    } else if (*p == '(' || *p == '[' || *p == '<' || *p == '{') {
      depth++;
    } else if (depth > 0 && (*p == ')' || *p == ']' || *p == '>' || *p == '}')) {
      depth--;
    } else if (depth == 0 && (*p == ',' || *p == close)) {
      return p;
    }
  }
  return p;
}

/* The location aliases defined after the ops, sorted by name. */
typedef struct LocAlias {
  const char *name, *def; /* `#loc7`; the inside of its loc(...) */
  uint32_t nlen, dlen;
} LocAlias;

struct IrLocCtx {
  LocAlias *v;
  uint32_t n;
};

static int alias_cmp(const void *a, const void *b) {
  const LocAlias *x = a, *y = b;
  uint32_t n = x->nlen < y->nlen ? x->nlen : y->nlen;
  int c = memcmp(x->name, y->name, n);
  return c ? c : (int)x->nlen - (int)y->nlen;
}

static IrLocCtx *ctx_new(RgGraph *g) {
  IrLocCtx *c = rg_alloc(sizeof *c);
  if (!c)
    return NULL;
  c->v = NULL;
  c->n = 0;
  const char *epi = rg_graph_epilogue(g);
  uint32_t cap = 0;
  for (const char *p = epi; p && *p;) {
    const char *nl = strchr(p, '\n'), *end = nl ? nl : p + strlen(p);
    const char *eq = memchr(p, '=', (size_t)(end - p));
    if (p[0] == '#' && eq && eq > p + 1 && eq[-1] == ' ' && !strncmp(eq, "= loc(", 6) &&
        end[-1] == ')') {
      if (c->n == cap) {
        cap = cap ? cap * 2 : 64;
        LocAlias *v = rg_realloc(c->v, sizeof *v * cap);
        if (!v)
          break; /* fewer resolved aliases, not an error */
        c->v = v;
      }
      LocAlias a = {p, eq + 6, (uint32_t)(eq - 1 - p), (uint32_t)(end - 1 - (eq + 6))};
      c->v[c->n++] = a;
    }
    p = nl ? nl + 1 : end;
  }
  if (c->n)
    qsort(c->v, c->n, sizeof *c->v, alias_cmp);
  return c;
}

void ir_loc_ctx_free(IrLocCtx *c) {
  if (c)
    rg_free(c->v);
  rg_free(c);
}

static const LocAlias *alias_find(const IrLocCtx *c, const char *s, size_t n) {
  LocAlias key = {s, NULL, (uint32_t)n, 0};
  return c && c->n ? bsearch(&key, c->v, c->n, sizeof key, alias_cmp) : NULL;
}

/* Copies s[0..n) to b with every alias of c replaced by its definition. */
static void put_resolved(RgsBuf *b, const IrLocCtx *c, const char *s, size_t n, int depth) {
  const char *e = s + n;
  while (s < e) {
    const char *q = s;
    if (*q == '"') {
      for (q++; q < e && *q != '"'; q++)
        if (*q == '\\' && q + 1 < e)
          q++;
      q = q < e ? q + 1 : e;
    } else if (*q == '#') {
      for (q++; q < e && (*q == '_' || *q == '$' || *q == '.' || (*q >= '0' && *q <= '9') ||
                          (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z'));
           q++)
        ;
      const LocAlias *a = depth < 32 ? alias_find(c, s, (size_t)(q - s)) : NULL;
      if (a) {
        put_resolved(b, c, a->def, a->dlen, depth + 1);
        s = q;
        continue;
      }
    } else {
      q++;
    }
    rgs_buf_put(b, s, (size_t)(q - s));
    s = q;
  }
}

static bool seen(const RgsBuf *b, size_t start, const char *s, size_t n) {
  /* parts are separated by ", " in b from `start` on */
  const char *p = b->data + start, *end = b->data + b->len;
  while (p < end) {
    const char *e = ir_text_item_end(p, ']');
    if ((size_t)(e - p) == n && !memcmp(p, s, n))
      return true;
    p = e + 2;
  }
  return false;
}

static void add_part(RgsBuf *b, size_t start, const IrLocCtx *c, const char *s, size_t n) {
  if (n == 7 && !memcmp(s, "unknown", 7))
    return;
  size_t at = b->len;
  if (b->len > start)
    rgs_buf_put(b, ", ", 2);
  size_t part = b->len;
  put_resolved(b, c, s, n, 0);
  if (b->oom)
    return;
  /* a repeat, or an alias that stood for `unknown` */
  n = b->len - part;
  b->len = part;
  if ((n == 7 && !memcmp(b->data + part, "unknown", 7)) ||
      (at > start && seen(b, start, b->data + part, n))) {
    b->len = at;
    return;
  }
  b->len = part + n;
}

const char *ir_loc_fused(RgGraph *g, IrLocCtx **ctx, const char *pass, const char *rule,
                         const char *const *locs, uint32_t n) {
  if (!*ctx && rg_graph_epilogue(g) && !(*ctx = ctx_new(g)))
    return NULL;
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_printf(&b, "loc(fused<\"%s.%s\">[", pass, rule);
  size_t start = b.len, tag_len = start - 4; /* `fused<"pass.rule">[` */
  for (uint32_t i = 0; i < n; i++) {
    size_t len = strlen(locs[i]);
    if (len <= 5 || strncmp(locs[i], "loc(", 4))
      continue;
    const char *s = locs[i] + 4, *e = locs[i] + len - 1; /* the inside of loc(...) */
    if ((size_t)(e - s) > tag_len && !memcmp(s, b.data + 4, tag_len)) {
      for (const char *p = s + tag_len; p < e && *p != ']';) {
        const char *q = ir_text_item_end(p, ']');
        add_part(&b, start, *ctx, p, (size_t)(q - p));
        p = *q == ',' ? q + 2 : q;
      }
    } else {
      add_part(&b, start, *ctx, s, (size_t)(e - s));
    }
  }
  if (b.len == start)
    rgs_buf_puts(&b, "unknown");
  rgs_buf_put(&b, "])", 2);
  const char *s = b.oom ? NULL : rg_intern(g, b.data, b.len);
  rgs_buf_free(&b);
  return s;
}

char *ir_loc_resolved(RgGraph *g, IrLocCtx **ctx, const char *loc) {
  if (!*ctx && rg_graph_epilogue(g) && !(*ctx = ctx_new(g)))
    return NULL;
  size_t len = strlen(loc);
  if (len > 5 && !strncmp(loc, "loc(", 4)) {
    loc += 4;
    len -= 5;
  }
  RgsBuf b;
  rgs_buf_init(&b);
  put_resolved(&b, *ctx, loc, len, 0);
  rgs_buf_putc(&b, 0);
  return b.oom ? (rgs_buf_free(&b), NULL) : rgs_buf_take(&b);
}
