/* runtime/support/diag.c - loading sources and collecting/printing diagnostics in
 * the `file:line:col: error: message` + source line + caret form. */
#define _DEFAULT_SOURCE /* madvise */
#include <stdlib.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include "rulegen/diag.h"
#include "support/support.h"

/* A source and how its text is held: on the heap, or, for a large regular
 * file, a private mapping of it whose pages the reader gives back once
 * parsed (they read back from the file if touched again), so a graph being
 * built never shares memory with the whole text it comes from. */
typedef struct SourceFile {
  RgSource pub;
  char *map; /* the mapping, or NULL when text is on the heap */
  size_t map_len, released;
} SourceFile;

/* Files smaller than this are read: a mapping saves nothing there. */
#define MAP_MIN_BYTES ((size_t)1 << 20)

static RgSource *source_new(const char *name, size_t len) {
  SourceFile *f = rg_alloc(sizeof *f);
  if (!f)
    return NULL;
  memset(f, 0, sizeof *f);
  RgSource *s = &f->pub;
  size_t nlen = strlen(name);
  s->name = rg_alloc(nlen + 1);
  s->text = rg_alloc(len + 1);
  if (!s->name || !s->text) {
    rg_source_free(s);
    return NULL;
  }
  memcpy(s->name, name, nlen + 1);
  s->len = len;
  s->text[len] = 0;
  return s;
}

RgSource *rg_source_from_mem(const char *name, const char *text, size_t len) {
  RgSource *s = source_new(name, len);
  if (s && len)
    memcpy(s->text, text, len);
  return s;
}

/* Inputs that are not regular files have no size to trust: a device such
 * as /dev/zero never ends, so reading stops at a limit. Pipes get a larger
 * one, since graphs are streamed through them. */
#define DEVICE_LIMIT ((size_t)16 << 20)
#define PIPE_LIMIT ((size_t)1 << 30)

/* A source being loaded: the file, what it is, the text read so far. */
typedef struct Loading {
  const char *path;
  RgDiags *d;
  int fd;
  bool own;     /* fd is ours to close (not standard input) */
  struct stat sb;
  size_t limit; /* bytes accepted from it */
  RgsBuf b;
} Loading;

/* Says why (fmt takes the path, then detail) and releases; false. */
static bool load_fail(Loading *l, const char *fmt, const char *detail) {
  if (l->d) {
    RgLoc none = {NULL, 0};
    rg_diag(l->d, RG_ERROR, none, fmt, l->path, detail);
  }
  if (l->own)
    close(l->fd);
  rgs_buf_free(&l->b);
  return false;
}

static RgSource *out_of_memory(Loading *l) {
  if (l->d)
    rg_diag(l->d, RG_ERROR, (RgLoc){NULL, 0}, "out of memory reading '%s'", l->path);
  return NULL;
}

/* Maps a regular file of `size` bytes; NULL when that cannot be done (the
 * caller reads it instead). The mapping is NUL-terminated because the rest
 * of its last page reads as zeros, so a size that fills whole pages is not
 * mapped. */
static char *map_file(int fd, size_t size, size_t *map_len) {
  long page = sysconf(_SC_PAGESIZE);
  if (page <= 0 || size < MAP_MIN_BYTES || size % (size_t)page == 0)
    return NULL;
  void *m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE, fd, 0);
  if (m == MAP_FAILED)
    return NULL;
  *map_len = size;
  return m;
}

/* Opens the path (or takes standard input) and learns what it is; false
 * when it cannot be read (said). */
static bool load_open(Loading *l, bool is_stdin) {
  /* O_NONBLOCK: opening a FIFO that no process writes to must not hang. */
  l->fd = is_stdin ? 0 : open(l->path, O_RDONLY | O_NONBLOCK);
  if (l->fd < 0)
    return load_fail(l, "cannot open '%s': %s", strerror(errno));
  l->own = !is_stdin;
  if (fstat(l->fd, &l->sb) != 0)
    return load_fail(l, "cannot read '%s': %s", strerror(errno));
  if (S_ISDIR(l->sb.st_mode))
    return load_fail(l, "cannot read '%s': %s", "it is a directory");
  l->limit = S_ISREG(l->sb.st_mode) ? (size_t)UINT32_MAX - 1
             : S_ISFIFO(l->sb.st_mode) || S_ISSOCK(l->sb.st_mode) ? PIPE_LIMIT : DEVICE_LIMIT;
  return true;
}

/* A named FIFO is read once without blocking, so one that no process
 * writes to fails rather than hangs; then reads block again. */
static bool load_start_reading(Loading *l) {
  if (l->own && S_ISFIFO(l->sb.st_mode)) {
    char first[4096];
    ssize_t n;
    do
      n = read(l->fd, first, sizeof first);
    while (n < 0 && errno == EINTR);
    if (n == 0)
      return load_fail(l, "cannot read '%s': %s", "it is a FIFO that no process writes to");
    if (n < 0 && errno != EAGAIN)
      return load_fail(l, "cannot read '%s': %s", strerror(errno));
    if (n > 0)
      rgs_buf_put(&l->b, first, (size_t)n);
  }
  if (l->own) {
    int fl = fcntl(l->fd, F_GETFL);
    if (fl >= 0)
      (void)fcntl(l->fd, F_SETFL, fl & ~O_NONBLOCK);
  }
  return true;
}

static bool sized_regular_file(const Loading *l) {
  return S_ISREG(l->sb.st_mode) && l->sb.st_size > 0 && (uint64_t)l->sb.st_size <= l->limit;
}

/* A regular file mapped rather than read, or NULL (*failed when out of
 * memory, said). */
static RgSource *load_mapped(Loading *l, bool *failed) {
  size_t map_len = 0;
  char *map = l->own && sized_regular_file(l) ? map_file(l->fd, (size_t)l->sb.st_size, &map_len) : NULL;
  if (!map)
    return NULL;
  close(l->fd);
  RgSource *s = source_new(l->path, 0);
  if (!s) {
    munmap(map, map_len);
    *failed = true;
    return out_of_memory(l);
  }
  SourceFile *f = (SourceFile *)s;
  rg_free(s->text);
  s->text = map;
  s->len = map_len;
  f->map = map;
  f->map_len = map_len;
  return s;
}

/* Reads the rest into l->b. A regular file is read straight into a buffer
 * of its size (one copy, no regrowth); a pipe grows the buffer as it
 * comes. False when it cannot be read or is too large (said). */
static bool load_read(Loading *l) {
  if (sized_regular_file(l))
    rgs_buf_reserve(&l->b, (size_t)l->sb.st_size);
  ssize_t n = 0;
  for (;;) {
    rgs_buf_reserve(&l->b, 65536);
    if (l->b.oom)
      break;
    n = read(l->fd, l->b.data + l->b.len, l->b.cap - l->b.len - 1);
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    l->b.len += (size_t)n;
    if (l->b.len > l->limit) {
      const char *what = S_ISREG(l->sb.st_mode) ? "larger than 4 GiB"
                         : l->limit == PIPE_LIMIT ? "a pipe delivering more than 1 GiB"
                                                  : "not a regular file and gives more than 16 MiB";
      return load_fail(l, "cannot read '%s': it is %s", what);
    }
  }
  if (n < 0)
    return load_fail(l, "cannot read '%s': %s", strerror(errno));
  if (l->b.oom)
    return load_fail(l, "cannot read '%s': %s", "out of memory");
  if (l->own)
    close(l->fd);
  return true;
}

/* The source of the text read, named `name`. */
static RgSource *source_of_text(Loading *l, const char *name) {
  RgSource *s = source_new(name, 0);
  if (!s) {
    rgs_buf_free(&l->b);
    return out_of_memory(l);
  }
  rg_free(s->text);
  s->len = l->b.len;
  s->text = rgs_buf_take(&l->b);
  if (!s->text) { /* empty file: rgs_buf_take may still need a buffer */
    s->text = rg_alloc(1);
    if (!s->text) {
      rg_source_free(s);
      return out_of_memory(l);
    }
    s->text[0] = 0;
  }
  return s;
}

RgSource *rg_source_load(const char *path, RgDiags *d) {
  bool is_stdin = strcmp(path, "-") == 0;
  Loading l = {.path = path, .d = d};
  rgs_buf_init(&l.b);
  if (!load_open(&l, is_stdin) || !load_start_reading(&l))
    return NULL;
  bool failed = false;
  RgSource *s = load_mapped(&l, &failed);
  if (s || failed)
    return s;
  if (!load_read(&l))
    return NULL;
  return source_of_text(&l, is_stdin ? "<stdin>" : path);
}

void rgs_source_release(const RgSource *src, size_t upto) {
#ifdef MADV_DONTNEED
  SourceFile *f = (SourceFile *)src;
  long page = sysconf(_SC_PAGESIZE);
  if (!f->map || page <= 0)
    return;
  upto = upto < f->map_len ? upto / (size_t)page * (size_t)page : f->map_len / (size_t)page * (size_t)page;
  if (upto <= f->released)
    return;
  /* Failure only keeps the pages resident. */
  if (madvise(f->map + f->released, upto - f->released, MADV_DONTNEED) == 0)
    f->released = upto;
#else
  (void)src;
  (void)upto;
#endif
}

bool rgs_source_mapped(const RgSource *src) { return src && ((const SourceFile *)src)->map; }

void rg_source_free(RgSource *src) {
  if (!src)
    return;
  SourceFile *f = (SourceFile *)src;
  rg_free(src->name);
  if (f->map)
    munmap(f->map, f->map_len);
  else
    rg_free(src->text);
  rg_free(src->line_starts);
  rg_free(src);
}

static bool build_lines(RgSource *s) {
  uint32_t n = 1;
  for (size_t i = 0; i < s->len; i++)
    n += s->text[i] == '\n';
  uint32_t *ls = rg_alloc(sizeof *ls * n);
  if (!ls)
    return false;
  uint32_t k = 0;
  ls[k++] = 0;
  for (size_t i = 0; i < s->len; i++)
    if (s->text[i] == '\n')
      ls[k++] = (uint32_t)i + 1;
  s->line_starts = ls;
  s->nlines = n;
  return true;
}

void rg_source_linecol(const RgSource *src, uint32_t off, uint32_t *line, uint32_t *col) {
  /* The line table is a cache; building it does not change the source. */
  RgSource *s = (RgSource *)src;
  if (off > s->len)
    off = (uint32_t)s->len;
  if (!s->line_starts && !build_lines(s)) {
    *line = 0;
    *col = off + 1;
    return;
  }
  uint32_t lo = 0, hi = s->nlines;
  while (hi - lo > 1) {
    uint32_t mid = lo + (hi - lo) / 2;
    if (s->line_starts[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  *line = lo + 1;
  *col = off - s->line_starts[lo] + 1;
}

void rg_diags_init(RgDiags *d) { memset(d, 0, sizeof *d); }

void rg_diags_free(RgDiags *d) {
  for (size_t i = 0; i < d->count; i++)
    rg_free(d->items[i].msg);
  rg_free(d->items);
  memset(d, 0, sizeof *d);
}

void rg_vdiag(RgDiags *d, RgSeverity sev, RgLoc loc, const char *fmt, va_list ap) {
  if (sev == RG_ERROR)
    d->errors++;
  else if (sev == RG_WARNING)
    d->warnings++;
  if (sev != RG_NOTE)
    d->drop_notes = false;
  if (d->max_errors && sev == RG_ERROR && d->errors > d->max_errors) {
    d->truncated = true;
    d->drop_notes = true;
    return;
  }
  if (d->max_warnings && sev == RG_WARNING && d->warnings > d->max_warnings) {
    d->warnings_dropped++;
    d->drop_notes = true;
    return;
  }
  if (sev == RG_NOTE && (d->drop_notes || d->truncated))
    return;
  if (d->count == d->cap) {
    size_t cap = d->cap ? d->cap * 2 : 16;
    RgDiag *items = rg_realloc(d->items, cap * sizeof *items);
    if (!items)
      return; /* counted but not kept: the exit status still reflects it */
    d->items = items;
    d->cap = cap;
  }
  RgsBuf b;
  rgs_buf_init(&b);
  rgs_buf_vprintf(&b, fmt, ap);
  char *msg = rgs_buf_take(&b);
  if (!msg)
    return;
  RgDiag *it = &d->items[d->count++];
  it->sev = sev;
  it->loc = loc;
  it->msg = msg;
}

void rg_diag(RgDiags *d, RgSeverity sev, RgLoc loc, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  rg_vdiag(d, sev, loc, fmt, ap);
  va_end(ap);
}

static const char *sev_name(RgSeverity s) {
  return s == RG_ERROR ? "error" : s == RG_WARNING ? "warning" : "note";
}

/* At most this many bytes of a source line are echoed around the column,
 * so a diagnostic on a megabyte-long line stays one short screen line. */
enum { ECHO_BEFORE = 240, ECHO_AFTER = 240 };

/* Echoes the part of the line [start, end) around byte `col0` (0-based)
 * with control bytes shown as '?' so that binary input cannot garble a
 * terminal (tabs are kept so the caret lines up), then the caret. */
static void print_window(FILE *out, const char *start, const char *end, size_t col0) {
  const char *eol = memchr(start, '\n', (size_t)(end - start));
  if (!eol)
    eol = end;
  if (eol > start && eol[-1] == '\r')
    eol--;
  size_t len = (size_t)(eol - start);
  if (col0 > len)
    col0 = len;
  size_t from = col0 > ECHO_BEFORE ? col0 - ECHO_BEFORE : 0;
  size_t to = len - col0 > ECHO_AFTER ? col0 + ECHO_AFTER : len;
  char buf[ECHO_BEFORE + ECHO_AFTER + 8];
  size_t n = 0;
  if (from)
    n += (size_t)snprintf(buf, sizeof buf, "...");
  size_t caret = n + (col0 - from);
  for (size_t i = from; i < to; i++) {
    unsigned char c = (unsigned char)start[i];
    buf[n++] = c == '\t' || (c >= 0x20 && c != 0x7f) ? (char)c : '?';
  }
  if (to < len) {
    memcpy(buf + n, "...", 3);
    n += 3;
  }
  buf[n++] = '\n';
  fwrite(buf, 1, n, out);
  for (size_t i = 0; i < caret; i++)
    buf[i] = buf[i] == '\t' ? '\t' : ' ';
  memcpy(buf + caret, "^\n", 2);
  fwrite(buf, 1, caret + 2, out);
}

void rg_diag_print_one(FILE *out, const RgDiag *dg) {
  if (!dg->loc.src) {
    fprintf(out, "%s: %s\n", sev_name(dg->sev), dg->msg);
    return;
  }
  const RgSource *s = dg->loc.src;
  uint32_t line, col;
  rg_source_linecol(s, dg->loc.off, &line, &col);
  fprintf(out, "%s:%u:%u: %s: %s\n", s->name, line, col, sev_name(dg->sev), dg->msg);
  if (!s->line_starts)
    return;
  const char *start = s->text + s->line_starts[line - 1];
  print_window(out, start, s->text + s->len, col - 1);
}

void rg_diags_print(FILE *out, const RgDiags *d) {
  for (size_t i = 0; i < d->count; i++)
    rg_diag_print_one(out, &d->items[i]);
  if (d->warnings_dropped)
    fprintf(out, "note: %zu more warning%s not shown (limit %zu)\n", d->warnings_dropped,
            d->warnings_dropped == 1 ? "" : "s", d->max_warnings);
  if (d->truncated)
    fprintf(out, "note: too many errors (%zu); the rest are not shown\n", d->errors);
}
