/* runtime/core.c - version queries, status names, the allocation hook and
 * the small containers (arena, buffer) every other runtime file uses. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <stdlib.h>
#include <errno.h>
#include <unistd.h>
#include <fcntl.h>
#include <signal.h>
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
void *rg_zalloc(size_t size) {
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
    /* Blocks over 1 KB get their own chunk: starting a new chunk for one
     * would leave up to its size unused at the end of the current one. */
    size_t want = size > ARENA_CHUNK / 64 ? size : ARENA_CHUNK;
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

/* ---- safe output files ---- */

/* The temporary file being written, removed by the signal handler when the
 * process is killed meanwhile (a static buffer: handlers cannot allocate). */
static char pending_tmp[4096];
static volatile sig_atomic_t pending;
static const int cleanup_signals[] = {SIGINT, SIGTERM, SIGHUP, SIGXFSZ};
enum { NUM_CLEANUP_SIGNALS = sizeof cleanup_signals / sizeof cleanup_signals[0] };
static struct sigaction saved_actions[NUM_CLEANUP_SIGNALS];
/* Which signals have the handler: one the process ignores (a background
 * job's SIGINT, nohup's SIGHUP) stays ignored, so it cannot stop a write. */
static bool caught[NUM_CLEANUP_SIGNALS];

static void on_fatal_signal(int sig) {
  if (pending)
    unlink(pending_tmp);
  pending = 0;
  for (int i = 0; i < NUM_CLEANUP_SIGNALS; i++)
    if (cleanup_signals[i] == sig)
      sigaction(sig, &saved_actions[i], NULL);
  raise(sig); /* the program's own handling (by default: terminate) */
}

static void guard_tmp(const char *tmp) {
  size_t n = strlen(tmp);
  if (n >= sizeof pending_tmp)
    return; /* too long to remember: left behind if killed */
  memcpy(pending_tmp, tmp, n + 1);
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_fatal_signal;
  sigemptyset(&sa.sa_mask);
  for (int i = 0; i < NUM_CLEANUP_SIGNALS; i++) {
    caught[i] = sigaction(cleanup_signals[i], NULL, &saved_actions[i]) == 0 &&
                saved_actions[i].sa_handler != SIG_IGN &&
                sigaction(cleanup_signals[i], &sa, NULL) == 0;
  }
  pending = 1;
}

static void unguard_tmp(void) {
  if (!pending)
    return;
  pending = 0;
  for (int i = 0; i < NUM_CLEANUP_SIGNALS; i++)
    if (caught[i])
      sigaction(cleanup_signals[i], &saved_actions[i], NULL);
}

/* Gives the temporary file the owner, group and mode of the file it will
 * replace. Only root may give a file away; other users keep the group when
 * they belong to it, else the new file is theirs. The mode comes last:
 * a change of owner clears the set-user-ID and set-group-ID bits. */
static void copy_owner_and_mode(int fd, const struct stat *sb) {
  if (sb->st_uid != geteuid() || sb->st_gid != getegid()) {
    if (fchown(fd, sb->st_uid, sb->st_gid) != 0 && fchown(fd, (uid_t)-1, sb->st_gid) != 0) {
      /* not permitted: the replacement belongs to the user */
    }
  }
  (void)fchmod(fd, sb->st_mode & 07777);
}

/* The file a write to `path` lands in: the target of a symlink (also a
 * dangling one), else `path`. Caller frees. */
static char *write_target(const char *path) {
  struct stat lsb;
  if (lstat(path, &lsb) != 0 || !S_ISLNK(lsb.st_mode)) {
    char *p = rg_alloc(strlen(path) + 1);
    if (p)
      strcpy(p, path);
    return p;
  }
  char *real = realpath(path, NULL);
  if (real) {
    char *p = rg_alloc(strlen(real) + 1);
    if (p)
      strcpy(p, real);
    free(real);
    return p;
  }
  char link[4096];
  ssize_t n = readlink(path, link, sizeof link - 1);
  if (n <= 0)
    return NULL;
  link[n] = 0;
  const char *slash = strrchr(path, '/');
  size_t dlen = link[0] == '/' || !slash ? 0 : (size_t)(slash - path) + 1;
  char *p = rg_alloc(dlen + (size_t)n + 1);
  if (p) {
    memcpy(p, path, dlen);
    memcpy(p + dlen, link, (size_t)n + 1);
  }
  return p;
}

static bool read_only(const struct stat *sb, const char *path) {
  return !(sb->st_mode & (S_IWUSR | S_IWGRP | S_IWOTH)) || access(path, W_OK) != 0;
}

static int write_all(int fd, const char *data, size_t len) {
  size_t done = 0;
  while (done < len) {
    ssize_t w = write(fd, data + done, len - done);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      return -1;
    }
    done += (size_t)w;
  }
  return 0;
}

/* An output file being streamed: standard output, a non-regular file
 * written in place, or a temporary file renamed over the target at close. */
struct RgFileOut {
  const char *path; /* as given, for messages */
  FILE *stream;     /* standard output or a non-regular file */
  bool own_stream;  /* fclose it (not standard output) */
  int fd;           /* the temporary file, or -1 */
  char *tmp, *target;
  const char *what; /* the first failure: "write", ... */
  int saved;        /* its errno */
};

RgFileOut *rg_file_out_open(const char *path, unsigned flags, char *err, size_t errlen) {
  RgFileOut *f = rg_alloc(sizeof *f);
  if (!f) {
    snprintf(err, errlen, "out of memory writing '%s'", path);
    return NULL;
  }
  memset(f, 0, sizeof *f);
  f->path = path;
  f->fd = -1;
  if (strcmp(path, "-") == 0) {
    f->stream = stdout;
    return f;
  }
  f->target = write_target(path);
  if (!f->target) {
    snprintf(err, errlen, "cannot resolve the symbolic link '%s': %s", path, strerror(errno));
    rg_free(f);
    return NULL;
  }
  /* A device, FIFO or other non-regular file (`-o /dev/null`) is written in
   * place: renaming a temporary file over it would replace the device node. */
  struct stat sb;
  bool exists = stat(f->target, &sb) == 0;
  if (exists && !S_ISREG(sb.st_mode)) {
    f->stream = fopen(f->target, "w");
    if (!f->stream) {
      snprintf(err, errlen, "cannot write '%s': %s", path, strerror(errno));
      rg_free(f->target);
      rg_free(f);
      return NULL;
    }
    f->own_stream = true;
    return f;
  }
  if (exists && !(flags & RG_WRITE_FORCE) && read_only(&sb, f->target)) {
    snprintf(err, errlen, "'%s' is read-only; not replaced (--force replaces it)", path);
    rg_free(f->target);
    rg_free(f);
    return NULL;
  }
  size_t plen = strlen(f->target);
  f->tmp = rg_alloc(plen + 16);
  if (!f->tmp) {
    snprintf(err, errlen, "out of memory writing '%s'", path);
    rg_free(f->target);
    rg_free(f);
    return NULL;
  }
  memcpy(f->tmp, f->target, plen);
  memcpy(f->tmp + plen, ".tmp.XXXXXX", 12);
  /* A signal between creating the file and arming the handler would leave
   * the file behind: it waits until the handler is in place. */
  sigset_t held, before;
  sigemptyset(&held);
  for (int i = 0; i < NUM_CLEANUP_SIGNALS; i++)
    sigaddset(&held, cleanup_signals[i]);
  sigprocmask(SIG_BLOCK, &held, &before);
  f->fd = mkstemp(f->tmp);
  int saved = errno;
  if (f->fd >= 0)
    guard_tmp(f->tmp);
  sigprocmask(SIG_SETMASK, &before, NULL);
  if (f->fd < 0) {
    snprintf(err, errlen, "cannot create temporary file for '%s': %s", path, strerror(saved));
    rg_free(f->tmp);
    rg_free(f->target);
    rg_free(f);
    return NULL;
  }
  /* mkstemp creates 0600 for the user: keep the owner and mode of the file
   * replaced, or give a new one the mode a plain create would. */
  if (exists) {
    copy_owner_and_mode(f->fd, &sb);
  } else {
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(f->fd, 0666 & ~mask);
  }
  return f;
}

int rg_file_out_write(RgFileOut *f, const char *data, size_t len) {
  if (f->what)
    return -1;
  bool ok = f->fd >= 0 ? write_all(f->fd, data, len) == 0 : fwrite(data, 1, len, f->stream) == len;
  if (!ok) {
    f->what = "write";
    f->saved = errno;
  }
  return ok ? 0 : -1;
}

int rg_file_out_close(RgFileOut *f, bool commit, char *err, size_t errlen) {
  if (!f)
    return -1;
  if (f->stream) {
    if (!f->what && fflush(f->stream) != 0) {
      f->what = "write";
      f->saved = errno;
    }
    if (f->own_stream && fclose(f->stream) != 0 && !f->what) {
      f->what = "write";
      f->saved = errno;
    }
  } else {
    if (commit && !f->what && fsync(f->fd) != 0 && errno != EINVAL) {
      f->what = "sync";
      f->saved = errno;
    }
    if (close(f->fd) != 0 && !f->what) {
      f->what = "write";
      f->saved = errno;
    }
    if (commit && !f->what && rename(f->tmp, f->target) != 0) {
      f->what = "write";
      f->saved = errno;
    }
    if (!commit || f->what)
      unlink(f->tmp);
    unguard_tmp();
  }
  int rc = f->what ? -1 : 0;
  if (f->what) {
    if (f->stream == stdout)
      snprintf(err, errlen, "cannot write to standard output: %s", strerror(f->saved));
    else
      snprintf(err, errlen, "cannot %s '%s': %s", f->what, f->path, strerror(f->saved));
  }
  rg_free(f->tmp);
  rg_free(f->target);
  rg_free(f);
  return commit ? rc : -1;
}

int rg_write_file(const char *path, const char *data, size_t len, unsigned flags, char *err,
                  size_t errlen) {
  RgFileOut *f = rg_file_out_open(path, flags, err, errlen);
  if (!f)
    return -1;
  rg_file_out_write(f, data, len);
  return rg_file_out_close(f, true, err, errlen);
}

int rg_write_file_atomic(const char *path, const char *data, size_t len, char *err, size_t errlen) {
  return rg_write_file(path, data, len, 0, err, errlen);
}

/* `path` made absolute through its directory (which must exist), for
 * comparing names of files that do not exist yet. Caller frees. */
static char *canonical_name(const char *path) {
  const char *slash = strrchr(path, '/');
  char dir[4096];
  if (!slash)
    strcpy(dir, ".");
  else if (slash == path)
    strcpy(dir, "/");
  else if ((size_t)(slash - path) < sizeof dir) {
    memcpy(dir, path, (size_t)(slash - path));
    dir[slash - path] = 0;
  } else
    return NULL;
  char *real = realpath(dir, NULL);
  if (!real)
    return NULL;
  const char *base = slash ? slash + 1 : path;
  char *p = rg_alloc(strlen(real) + strlen(base) + 2);
  if (p)
    sprintf(p, "%s/%s", real, base);
  free(real);
  return p;
}

bool rg_path_same_file(const char *a, const char *b) {
  if (strcmp(a, "-") == 0 || strcmp(b, "-") == 0)
    return false;
  struct stat sa, sb;
  bool ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
  if (ea && eb)
    return S_ISREG(sa.st_mode) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
  if (ea || eb)
    return false;
  char *ca = write_target(a), *cb = write_target(b);
  char *na = ca ? canonical_name(ca) : NULL, *nb = cb ? canonical_name(cb) : NULL;
  bool same = na && nb ? strcmp(na, nb) == 0 : strcmp(a, b) == 0;
  rg_free(ca);
  rg_free(cb);
  rg_free(na);
  rg_free(nb);
  return same;
}
