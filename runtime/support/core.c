/* runtime/support/core.c - version queries, status names, the allocation
 * hook and the small containers (arena, buffer) every other file uses. */
#include <stdlib.h>
#include <stdio.h>
#include "support/support.h"

const char *rg_version(void) { return RG_VERSION; }
int rg_abi_version(void) { return RG_ABI_VERSION; }

const char *rg_status_name(RgStatus s) {
  switch (s) {
  case RG_OK: return "ok";
  case RG_ERR_NOMEM: return "out of memory";
  case RG_ERR_PARSE: return "parse error";
  case RG_ERR_VERIFY: return "verification failed";
  case RG_ERR_IO: return "i/o error";
  case RG_ERR_INVALID: return "invalid argument";
  case RG_ERR_BUDGET: return "rewrite budget exhausted";
  case RG_ERR_TYPE: return "type mismatch";
  case RG_ERR_ABI: return "ABI version mismatch";
  }
  return "unknown status";
}

static void *default_alloc(void *user, void *ptr, size_t size) {
  (void)user;
  if (size == 0) {
    free(ptr);
    return NULL;
  }
  return realloc(ptr, size);
}

static RgAllocFn alloc_fn = default_alloc;
static void *alloc_user;

void rg_set_allocator(RgAllocFn fn, void *user) {
  alloc_fn = fn ? fn : default_alloc;
  alloc_user = fn ? user : NULL;
}

void *rg_alloc(size_t size) { return size ? alloc_fn(alloc_user, NULL, size) : NULL; }
void *rg_realloc(void *ptr, size_t size) {
  if (size == 0) {
    rg_free(ptr);
    return NULL;
  }
  return alloc_fn(alloc_user, ptr, size);
}
void *rgs_zalloc(size_t size) {
  if (!size)
    return NULL;
  if (alloc_fn == default_alloc)
    return calloc(1, size);
  void *p = alloc_fn(alloc_user, NULL, size);
  if (p)
    memset(p, 0, size);
  return p;
}
void rg_free(void *ptr) {
  if (ptr)
    alloc_fn(alloc_user, ptr, 0);
}

void rgs_die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("rulegen: internal error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

/* ---- arena ---- */

struct RgsArenaChunk {
  RgsArenaChunk *next;
  size_t size;
  /* payload follows, aligned by the union below */
  union {
    long double ld;
    void *p;
    int64_t i;
  } align[];
};

enum { ARENA_CHUNK = 64 * 1024 };

void rgs_arena_init(RgsArena *a) { memset(a, 0, sizeof *a); }

void rgs_arena_free(RgsArena *a) {
  RgsArenaChunk *c = a->chunk;
  while (c) {
    RgsArenaChunk *next = c->next;
    rg_free(c);
    c = next;
  }
  memset(a, 0, sizeof *a);
}

void *rgs_arena_alloc(RgsArena *a, size_t size) {
  size = (size + 7) & ~(size_t)7;
  if (size == 0)
    size = 8;
  if ((size_t)(a->end - a->cur) < size || !a->cur) {
    /* Blocks over 1 KB get their own chunk: starting a new chunk for one
     * would leave up to its size unused at the end of the current one. */
    size_t want = size > ARENA_CHUNK / 64 ? size : ARENA_CHUNK;
    RgsArenaChunk *c = rg_alloc(sizeof(RgsArenaChunk) + want);
    if (!c)
      return NULL;
    c->size = want;
    if (want == size && a->chunk) {
      /* A big block gets its own chunk behind the current one, so the
       * space left in the current chunk stays usable. */
      c->next = a->chunk->next;
      a->chunk->next = c;
      a->total += size;
      return (char *)c->align;
    }
    c->next = a->chunk;
    a->chunk = c;
    a->cur = (char *)c->align;
    a->end = a->cur + want;
  }
  void *p = a->cur;
  a->cur += size;
  a->total += size;
  return p;
}

void *rgs_arena_zalloc(RgsArena *a, size_t size) {
  void *p = rgs_arena_alloc(a, size);
  if (p)
    memset(p, 0, size);
  return p;
}

char *rgs_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = rg_alloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

char *rgs_arena_strdup(RgsArena *a, const char *s, size_t len) {
  char *p = rgs_arena_alloc(a, len + 1);
  if (!p)
    return NULL;
  if (len)
    memcpy(p, s, len);
  p[len] = 0;
  return p;
}

size_t rgs_arena_bytes(const RgsArena *a) { return a->total; }

/* ---- buffer ---- */

void rgs_buf_init(RgsBuf *b) { memset(b, 0, sizeof *b); }
void rgs_buf_free(RgsBuf *b) {
  rg_free(b->data);
  memset(b, 0, sizeof *b);
}

void rgs_buf_reserve(RgsBuf *b, size_t extra) {
  if (b->oom || b->len + extra + 1 <= b->cap)
    return;
  size_t cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra + 1)
    cap *= 2;
  char *d = rg_realloc(b->data, cap);
  if (!d) {
    b->oom = true;
    return;
  }
  b->data = d;
  b->cap = cap;
}

void rgs_buf_put(RgsBuf *b, const char *s, size_t n) {
  rgs_buf_reserve(b, n);
  if (b->oom)
    return;
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

void rgs_buf_puts(RgsBuf *b, const char *s) { rgs_buf_put(b, s, strlen(s)); }

void rgs_buf_vprintf(RgsBuf *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  char small[256];
  int n = vsnprintf(small, sizeof small, fmt, ap);
  if (n < 0) {
    va_end(ap2);
    return;
  }
  if ((size_t)n < sizeof small) {
    rgs_buf_put(b, small, (size_t)n);
  } else {
    rgs_buf_reserve(b, (size_t)n);
    if (!b->oom) {
      vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
      b->len += (size_t)n;
    }
  }
  va_end(ap2);
}

void rgs_buf_printf(RgsBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rgs_buf_vprintf(b, fmt, ap);
  va_end(ap);
}

void rgs_buf_put_i64(RgsBuf *b, int64_t v) {
  char tmp[24];
  char *p = tmp + sizeof tmp;
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  do {
    *--p = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0)
    *--p = '-';
  rgs_buf_put(b, p, (size_t)(tmp + sizeof tmp - p));
}

char *rgs_buf_take(RgsBuf *b) {
  if (b->oom) {
    rgs_buf_free(b);
    return NULL;
  }
  if (!b->data)
    rgs_buf_reserve(b, 0);
  char *d = b->data;
  if (d)
    d[b->len] = 0;
  memset(b, 0, sizeof *b);
  return d;
}

uint32_t rgs_hash_bytes(const void *p, size_t n) {
  const unsigned char *s = p;
  if (n < 16) { /* FNV-1a: op names, value names and short types */
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) {
      h ^= s[i];
      h *= 16777619u;
    }
    return h;
  }
  /* Longer keys (attribute text runs to kilobytes) go eight bytes a step:
   * each word is folded in with a multiply and a shift that brings high
   * bits down, and a last mix makes the low bits that tables use depend on
   * every byte. */
  uint64_t h = 0x9E3779B97F4A7C15u ^ (uint64_t)n;
  for (; n >= 8; s += 8, n -= 8) {
    uint64_t w;
    memcpy(&w, s, 8);
    h = (h ^ w) * 0xBF58476D1CE4E5B9u;
    h ^= h >> 29;
  }
  uint64_t w = 0;
  if (n)
    memcpy(&w, s, n);
  h = (h ^ w) * 0x94D049BB133111EBu;
  h ^= h >> 32;
  return (uint32_t)h;
}

/* ---- "did you mean" ---- */

/* Optimal string alignment distance (a swap of two neighbours counts one,
 * so `clmap` is one from `clamp`); anything above `max` is max + 1. */
static uint32_t edit_distance(const char *a, const char *b, uint32_t max) {
  enum { LONGEST = 128 };
  size_t n = strlen(a), m = strlen(b);
  if (n > LONGEST || m > LONGEST || (n > m ? n - m : m - n) > max)
    return max + 1;
  uint32_t rows[3][LONGEST + 1];
  uint32_t *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
  for (size_t j = 0; j <= m; j++)
    prev[j] = (uint32_t)j;
  for (size_t i = 1; i <= n; i++) {
    cur[0] = (uint32_t)i;
    uint32_t low = cur[0];
    for (size_t j = 1; j <= m; j++) {
      uint32_t d = prev[j - 1] + (a[i - 1] != b[j - 1]);
      if (prev[j] + 1 < d)
        d = prev[j] + 1;
      if (cur[j - 1] + 1 < d)
        d = cur[j - 1] + 1;
      if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < d)
        d = prev2[j - 2] + 1;
      cur[j] = d;
      if (d < low)
        low = d;
    }
    if (low > max)
      return max + 1;
    uint32_t *t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  return prev[m] <= max ? prev[m] : max + 1;
}

void rgs_suggest_init(RgsSuggest *s, const char *want) {
  size_t n = strlen(want);
  s->want = want;
  s->best = NULL;
  /* close enough to be a typo: one edit in a short name, two in a longer one */
  s->max = n >= 6 ? 2 : n >= 3 ? 1 : 0;
  s->dist = s->max + 1;
}

void rgs_suggest_add(RgsSuggest *s, const char *candidate) {
  if (!candidate || !strcmp(candidate, s->want))
    return;
  uint32_t d = edit_distance(s->want, candidate, s->max);
  if (d < s->dist || (d == s->dist && s->best && d <= s->max && strcmp(candidate, s->best) < 0)) {
    s->dist = d;
    s->best = d <= s->max ? candidate : NULL;
  }
}
