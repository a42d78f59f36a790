/* runtime/support/support.h - the support room: arenas, growable buffers,
 * hashing, atomic file output and the abort for broken invariants, shared
 * by every room of the runtime, the rules front end, the generator and the
 * tools. Its prefix, rgs_, sets it apart from the public rg_ API: not
 * installed, not exported from the shared library. */
#ifndef RGS_SUPPORT_H
#define RGS_SUPPORT_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "rulegen/core.h"

#if defined(__GNUC__) || defined(__clang__)
#define RGS_NORETURN __attribute__((noreturn))
#define RGS_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define RGS_NORETURN
#define RGS_PRINTF(a, b)
#endif

/* Internal invariant violated: a bug in rulegen, never bad input. */
RGS_NORETURN void rgs_die(const char *fmt, ...) RGS_PRINTF(1, 2);
#define RGS_ASSERT(c) ((c) ? (void)0 : rgs_die("%s:%d: assertion failed: %s", __FILE__, __LINE__, #c))

/* Bump allocator freed in one call. Chunks come from the allocation hook;
 * rgs_arena_alloc returns NULL when the hook fails. */
typedef struct RgsArenaChunk RgsArenaChunk;
typedef struct RgsArena {
  RgsArenaChunk *chunk;
  char *cur, *end;
  size_t total; /* bytes handed out, for memory reports */
} RgsArena;

void rgs_arena_init(RgsArena *a);
void rgs_arena_free(RgsArena *a);
void *rgs_arena_alloc(RgsArena *a, size_t size);          /* 8-byte aligned */
void *rgs_arena_zalloc(RgsArena *a, size_t size);
char *rgs_arena_strdup(RgsArena *a, const char *s, size_t len); /* NUL-terminated */
/* A heap copy of s (rg_free it); NULL when out of memory. */
char *rgs_strdup(const char *s);
/* rg_alloc zero-filled; with the default allocator through calloc, whose
 * large blocks stay unresident until written. */
void *rgs_zalloc(size_t size);
size_t rgs_arena_bytes(const RgsArena *a);

/* Growable byte buffer. `oom` latches the first allocation failure so that
 * callers check once at the end. */
typedef struct RgsBuf {
  char *data;
  size_t len, cap;
  bool oom;
} RgsBuf;

void rgs_buf_init(RgsBuf *b);
void rgs_buf_free(RgsBuf *b);
void rgs_buf_reserve(RgsBuf *b, size_t extra);
void rgs_buf_put(RgsBuf *b, const char *s, size_t n);
void rgs_buf_puts(RgsBuf *b, const char *s);
/* Inline: the writers emit most of their output a byte at a time. */
static inline void rgs_buf_putc(RgsBuf *b, char c) {
  if (b->len + 2 > b->cap)
    rgs_buf_reserve(b, 1);
  if (b->oom)
    return;
  b->data[b->len++] = c;
  b->data[b->len] = 0;
}
void rgs_buf_printf(RgsBuf *b, const char *fmt, ...) RGS_PRINTF(2, 3);
void rgs_buf_vprintf(RgsBuf *b, const char *fmt, va_list ap);
void rgs_buf_put_i64(RgsBuf *b, int64_t v);
/* Detaches the NUL-terminated contents (caller frees with rg_free). */
char *rgs_buf_take(RgsBuf *b);

uint32_t rgs_hash_bytes(const void *p, size_t n);
/* A pointer's hash for open-addressing tables keyed by address: the
 * low bits, which alignment leaves zero, are mixed with the high ones. */
static inline uint32_t rgs_hash_ptr(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (uint32_t)x;
}

/* Writes `data` to `path` through a temporary file in the same directory
 * and rename(2), so readers never see a half-written file. "-" writes to
 * standard output. Returns 0, or -1 with a message in `err`. */
int rgs_write_file_atomic(const char *path, const char *data, size_t len,
                         char *err, size_t errlen);
/* The same with flags. A symlink is written through to its target; the
 * replaced file keeps its mode; a read-only file is refused unless
 * RGS_WRITE_FORCE; the temporary file is removed if the process is killed
 * by SIGINT, SIGTERM, SIGHUP or SIGXFSZ while writing (the program's own
 * handling of the signal runs afterwards). */
#define RGS_WRITE_FORCE 1u
int rgs_write_file(const char *path, const char *data, size_t len, unsigned flags,
                  char *err, size_t errlen);
/* The same, streamed in pieces so that a large output is never held whole:
 * rgs_file_out_open checks and creates (NULL with a message in `err`),
 * rgs_file_out_write appends (-1 after a failure, which close reports), and
 * rgs_file_out_close puts the file in place when `commit`, or removes the
 * temporary file. Close returns 0 only for a committed, complete file. */
typedef struct RgsFileOut RgsFileOut;
RgsFileOut *rgs_file_out_open(const char *path, unsigned flags, char *err, size_t errlen);
int rgs_file_out_write(RgsFileOut *f, const char *data, size_t len);
int rgs_file_out_close(RgsFileOut *f, bool commit, char *err, size_t errlen);
/* True when `a` and `b` name the same regular file (same device and inode,
 * through symlinks), or, when neither exists yet, the same path. "-" and
 * non-regular files (/dev/null) never do. Tools use it to refuse an output
 * that would overwrite an input or another output. */
bool rgs_path_same_file(const char *a, const char *b);

/* Gives back the memory of a source's text before byte `upto` (a hint:
 * the text stays readable, it is read back from its file if touched). Only
 * large files that rg_source_load mapped are affected. */
/* "Did you mean": add every name of the kind that was not found; `best`
 * is then the closest to `want` by edit distance, when close enough to be
 * a typo (ties go to the first in strcmp order), else NULL. */
typedef struct RgsSuggest {
  const char *want, *best;
  uint32_t dist, max;
} RgsSuggest;
void rgs_suggest_init(RgsSuggest *s, const char *want);
void rgs_suggest_add(RgsSuggest *s, const char *candidate);

struct RgSource;
void rgs_source_release(const struct RgSource *src, size_t upto);
/* Whether the text is a mapping of its file: kept after reading, it costs
 * no memory until read again. */
bool rgs_source_mapped(const struct RgSource *src);

#endif
