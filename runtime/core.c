/* runtime/core.c - version queries, status names, the allocation hook and
 * the small containers (arena, buffer) every other runtime file uses. */
#include <stdlib.h>
#include <errno.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/stat.h>
#include "internal.h"

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
void rg_free(void *ptr) {
  if (ptr)
    alloc_fn(alloc_user, ptr, 0);
}

void rg_die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  fputs("rulegen: internal error: ", stderr);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  abort();
}

/* ---- arena ---- */

struct RgArenaChunk {
  RgArenaChunk *next;
  size_t size;
  /* payload follows, aligned by the union below */
  union {
    long double ld;
    void *p;
    int64_t i;
  } align[];
};

enum { ARENA_CHUNK = 64 * 1024 };

void rg_arena_init(RgArena *a) { memset(a, 0, sizeof *a); }

void rg_arena_free(RgArena *a) {
  RgArenaChunk *c = a->chunk;
  while (c) {
    RgArenaChunk *next = c->next;
    rg_free(c);
    c = next;
  }
  memset(a, 0, sizeof *a);
}

void *rg_arena_alloc(RgArena *a, size_t size) {
  size = (size + 7) & ~(size_t)7;
  if (size == 0)
    size = 8;
  if ((size_t)(a->end - a->cur) < size || !a->cur) {
    size_t want = size > ARENA_CHUNK / 4 ? size : ARENA_CHUNK;
    RgArenaChunk *c = rg_alloc(sizeof(RgArenaChunk) + want);
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

void *rg_arena_zalloc(RgArena *a, size_t size) {
  void *p = rg_arena_alloc(a, size);
  if (p)
    memset(p, 0, size);
  return p;
}

char *rg_strdup(const char *s) {
  size_t n = strlen(s) + 1;
  char *d = rg_alloc(n);
  if (d)
    memcpy(d, s, n);
  return d;
}

char *rg_arena_strdup(RgArena *a, const char *s, size_t len) {
  char *p = rg_arena_alloc(a, len + 1);
  if (!p)
    return NULL;
  if (len)
    memcpy(p, s, len);
  p[len] = 0;
  return p;
}

size_t rg_arena_bytes(const RgArena *a) { return a->total; }

/* ---- buffer ---- */

void rg_buf_init(RgBuf *b) { memset(b, 0, sizeof *b); }
void rg_buf_free(RgBuf *b) {
  rg_free(b->data);
  memset(b, 0, sizeof *b);
}

void rg_buf_reserve(RgBuf *b, size_t extra) {
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

void rg_buf_put(RgBuf *b, const char *s, size_t n) {
  rg_buf_reserve(b, n);
  if (b->oom)
    return;
  memcpy(b->data + b->len, s, n);
  b->len += n;
  b->data[b->len] = 0;
}

void rg_buf_puts(RgBuf *b, const char *s) { rg_buf_put(b, s, strlen(s)); }

void rg_buf_vprintf(RgBuf *b, const char *fmt, va_list ap) {
  va_list ap2;
  va_copy(ap2, ap);
  char small[256];
  int n = vsnprintf(small, sizeof small, fmt, ap);
  if (n < 0) {
    va_end(ap2);
    return;
  }
  if ((size_t)n < sizeof small) {
    rg_buf_put(b, small, (size_t)n);
  } else {
    rg_buf_reserve(b, (size_t)n);
    if (!b->oom) {
      vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
      b->len += (size_t)n;
    }
  }
  va_end(ap2);
}

void rg_buf_printf(RgBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rg_buf_vprintf(b, fmt, ap);
  va_end(ap);
}

void rg_buf_put_i64(RgBuf *b, int64_t v) {
  char tmp[24];
  char *p = tmp + sizeof tmp;
  uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
  do {
    *--p = (char)('0' + u % 10);
    u /= 10;
  } while (u);
  if (v < 0)
    *--p = '-';
  rg_buf_put(b, p, (size_t)(tmp + sizeof tmp - p));
}

char *rg_buf_take(RgBuf *b) {
  if (b->oom) {
    rg_buf_free(b);
    return NULL;
  }
  if (!b->data)
    rg_buf_reserve(b, 0);
  char *d = b->data;
  if (d)
    d[b->len] = 0;
  memset(b, 0, sizeof *b);
  return d;
}

uint32_t rg_hash_bytes(const void *p, size_t n) {
  /* FNV-1a: short keys (op names, type text) dominate. */
  const unsigned char *s = p;
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < n; i++) {
    h ^= s[i];
    h *= 16777619u;
  }
  return h;
}

int rg_write_file_atomic(const char *path, const char *data, size_t len,
                         char *err, size_t errlen) {
  if (strcmp(path, "-") == 0) {
    if (fwrite(data, 1, len, stdout) != len || fflush(stdout) != 0) {
      snprintf(err, errlen, "cannot write to standard output: %s", strerror(errno));
      return -1;
    }
    return 0;
  }
  /* A device, FIFO or other non-regular file (`-o /dev/null`) is written in
   * place: renaming a temporary file over it would replace the device node. */
  struct stat sb;
  if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
    FILE *f = fopen(path, "w");
    bool ok = f && fwrite(data, 1, len, f) == len;
    if (f && fclose(f) != 0)
      ok = false;
    if (!ok)
      snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
    return ok ? 0 : -1;
  }
  size_t plen = strlen(path);
  char *tmp = rg_alloc(plen + 16);
  if (!tmp) {
    snprintf(err, errlen, "out of memory");
    return -1;
  }
  memcpy(tmp, path, plen);
  memcpy(tmp + plen, ".tmp.XXXXXX", 12);
  int fd = mkstemp(tmp);
  if (fd < 0) {
    snprintf(err, errlen, "cannot create temporary file for '%s': %s", path, strerror(errno));
    rg_free(tmp);
    return -1;
  }
  /* mkstemp creates 0600; give the result the mode a plain create would. */
  mode_t mask = umask(0);
  umask(mask);
  (void)fchmod(fd, 0666 & ~mask);
  size_t done = 0;
  while (done < len) {
    ssize_t w = write(fd, data + done, len - done);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
      close(fd);
      unlink(tmp);
      rg_free(tmp);
      return -1;
    }
    done += (size_t)w;
  }
  if (fsync(fd) != 0 && errno != EINVAL) {
    snprintf(err, errlen, "cannot sync '%s': %s", path, strerror(errno));
    close(fd);
    unlink(tmp);
    rg_free(tmp);
    return -1;
  }
  if (close(fd) != 0 || rename(tmp, path) != 0) {
    snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
    unlink(tmp);
    rg_free(tmp);
    return -1;
  }
  rg_free(tmp);
  return 0;
}
