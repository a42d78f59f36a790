/* runtime/internal.h - helpers shared by the runtime's own files and the
 * tools built from this repository: arenas, growable buffers, hashing and the
 * abort for broken invariants. Not installed; not part of the public API. */
#ifndef RG_INTERNAL_H
#define RG_INTERNAL_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "rulegen/core.h"

#if defined(__GNUC__) || defined(__clang__)
#define RG_NORETURN __attribute__((noreturn))
#define RG_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define RG_NORETURN
#define RG_PRINTF(a, b)
#endif

/* Internal invariant violated: a bug in rulegen, never bad input. */
RG_NORETURN void rg_die(const char *fmt, ...) RG_PRINTF(1, 2);
#define RG_ASSERT(c) ((c) ? (void)0 : rg_die("%s:%d: assertion failed: %s", __FILE__, __LINE__, #c))

/* Bump allocator freed in one call. Chunks come from the allocation hook;
 * rg_arena_alloc returns NULL when the hook fails. */
typedef struct RgArenaChunk RgArenaChunk;
typedef struct RgArena {
  RgArenaChunk *chunk;
  char *cur, *end;
  size_t total; /* bytes handed out, for memory reports */
} RgArena;

void rg_arena_init(RgArena *a);
void rg_arena_free(RgArena *a);
void *rg_arena_alloc(RgArena *a, size_t size);          /* 8-byte aligned */
void *rg_arena_zalloc(RgArena *a, size_t size);
char *rg_arena_strdup(RgArena *a, const char *s, size_t len); /* NUL-terminated */
/* A heap copy of s (rg_free it); NULL when out of memory. */
char *rg_strdup(const char *s);
/* rg_alloc zero-filled; with the default allocator through calloc, whose
 * large blocks stay unresident until written. */
void *rg_zalloc(size_t size);
size_t rg_arena_bytes(const RgArena *a);

/* Growable byte buffer. `oom` latches the first allocation failure so that
 * callers check once at the end. */
typedef struct RgBuf {
  char *data;
  size_t len, cap;
  bool oom;
} RgBuf;

void rg_buf_init(RgBuf *b);
void rg_buf_free(RgBuf *b);
void rg_buf_reserve(RgBuf *b, size_t extra);
void rg_buf_put(RgBuf *b, const char *s, size_t n);
void rg_buf_puts(RgBuf *b, const char *s);
/* Inline: the writers emit most of their output a byte at a time. */
static inline void rg_buf_putc(RgBuf *b, char c) {
  if (b->len + 2 > b->cap)
    rg_buf_reserve(b, 1);
  if (b->oom)
    return;
  b->data[b->len++] = c;
  b->data[b->len] = 0;
}
void rg_buf_printf(RgBuf *b, const char *fmt, ...) RG_PRINTF(2, 3);
void rg_buf_vprintf(RgBuf *b, const char *fmt, va_list ap);
void rg_buf_put_i64(RgBuf *b, int64_t v);
/* Detaches the NUL-terminated contents (caller frees with rg_free). */
char *rg_buf_take(RgBuf *b);

uint32_t rg_hash_bytes(const void *p, size_t n);

/* Writes `data` to `path` through a temporary file in the same directory
 * and rename(2), so readers never see a half-written file. "-" writes to
 * standard output. Returns 0, or -1 with a message in `err`. */
int rg_write_file_atomic(const char *path, const char *data, size_t len,
                         char *err, size_t errlen);
/* The same with flags. A symlink is written through to its target; the
 * replaced file keeps its mode; a read-only file is refused unless
 * RG_WRITE_FORCE; the temporary file is removed if the process is killed
 * by SIGINT, SIGTERM, SIGHUP or SIGXFSZ while writing (the program's own
 * handling of the signal runs afterwards). */
#define RG_WRITE_FORCE 1u
int rg_write_file(const char *path, const char *data, size_t len, unsigned flags,
                  char *err, size_t errlen);
/* The same, streamed in pieces so that a large output is never held whole:
 * rg_file_out_open checks and creates (NULL with a message in `err`),
 * rg_file_out_write appends (-1 after a failure, which close reports), and
 * rg_file_out_close puts the file in place when `commit`, or removes the
 * temporary file. Close returns 0 only for a committed, complete file. */
typedef struct RgFileOut RgFileOut;
RgFileOut *rg_file_out_open(const char *path, unsigned flags, char *err, size_t errlen);
int rg_file_out_write(RgFileOut *f, const char *data, size_t len);
int rg_file_out_close(RgFileOut *f, bool commit, char *err, size_t errlen);
/* True when `a` and `b` name the same regular file (same device and inode,
 * through symlinks), or, when neither exists yet, the same path. "-" and
 * non-regular files (/dev/null) never do. Tools use it to refuse an output
 * that would overwrite an input or another output. */
bool rg_path_same_file(const char *a, const char *b);

/* Gives back the memory of a source's text before byte `upto` (a hint:
 * the text stays readable, it is read back from its file if touched). Only
 * large files that rg_source_load mapped are affected. */
struct RgSource;
void ir_source_release(const struct RgSource *src, size_t upto);

/* Graph internals for the reader and other runtime files. */
struct RgGraph;
struct RgNode;
struct RgNamedAttr;
RgArena *ir_arena(struct RgGraph *g);
/* Installs a node's whole attribute array at once (the reader's path; the
 * array must live in the graph's arena and its names be interned). Applies
 * the `rg.frozen` marker like rg_node_set_attr does. */
void ir_node_set_attrs(struct RgGraph *g, struct RgNode *n, struct RgNamedAttr *attrs,
                       uint16_t num_props, uint16_t num_attrs);

/* rg_graph_verify_ops over the nodes made from id `first_new` on, those
 * marked RG_NODE_CHANGED and every function and module: the check after
 * rewrites of a graph that passed it whole (0 checks every node). */
struct RgOpDesc;
struct RgDiags;
size_t ir_graph_verify_ops_changed(struct RgGraph *g, const struct RgOpDesc *ops, uint32_t nops,
                                   const char *const *skip, const struct RgSource *src,
                                   struct RgDiags *d, uint32_t first_new);

/* The id the next created node will get (ids increase monotonically). */
uint32_t ir_next_node_id(const struct RgGraph *g);
/* A count of the changes made to the graph through graph.c (attaching,
 * detaching, operands, ops, attributes, frozen marks, blocks): equal
 * before and after a step means the step changed nothing but, at most,
 * result types through rg_value_set_type. */
uint64_t ir_graph_version(const struct RgGraph *g);
/* rg_graph_dedup's result for a graph that had no duplicates before
 * nodes[0..n) were created or had their operands replaced (runtime/dedup.c). */
struct RgOpDesc;
RgStatus ir_graph_dedup_touched(struct RgGraph *g, const struct RgOpDesc *ops, uint32_t num_ops,
                                struct RgNode *const *nodes, size_t n, uint32_t *merged);
/* End of the list item starting at p: the next top-level ',' or `close`. */
const char *ir_text_item_end(const char *p, char close);
/* `loc(fused<"pass.rule">[...])` over the given `loc(...)` strings
 * (`unknown` when there are none), interned in g; NULL when out of memory.
 * *ctx caches the graph's location aliases (start with NULL; free with
 * ir_loc_ctx_free). */
typedef struct IrLocCtx IrLocCtx;
const char *ir_loc_fused(struct RgGraph *g, IrLocCtx **ctx, const char *pass, const char *rule,
                         const char *const *locs, uint32_t n);
void ir_loc_ctx_free(IrLocCtx *ctx);
/* The inside of a `loc(...)` with the graph's trailing aliases replaced by
 * their definitions; rg_free it. NULL when out of memory. */
char *ir_loc_resolved(struct RgGraph *g, IrLocCtx **ctx, const char *loc);

/* Source position of a node read from a file: the reader records the
 * byte offset of its op name; UINT32_MAX for nodes made otherwise.
 * ir_node_set_src returns false when out of memory. */
bool ir_node_set_src(struct RgGraph *g, const struct RgNode *n, uint32_t off);
uint32_t ir_node_src(const struct RgGraph *g, const struct RgNode *n);
/* Drops the positions (4 bytes a node) once nothing will report them. */
void ir_node_src_forget(struct RgGraph *g);

/* Checks a dense literal against its type: element count and nesting
 * against the shape, hex blob length, values in range of the element type.
 * Returns false with the reason in `why`; true also for literals it does
 * not interpret (quantized, complex, vector elements). */
struct RgAttr;
bool ir_dense_check(const struct RgAttr *a, char *why, size_t whylen);

/* The interned type spelled exactly `text`, or NULL when the graph has
 * none yet (readers skip re-validating a spelling they already accepted). */
struct RgType;
const struct RgType *ir_type_find(struct RgGraph *g, const char *text, size_t len);
/* Fills the decoded fields of a type (kind, dtype, rank, dims, elem) from
 * its text, interning its element type; false when out of memory. */
bool ir_type_decode(struct RgGraph *g, struct RgType *t);
/* Where the graph keeps the TYPE attribute of an interned type (NULL until
 * rg_attr_type makes it). */
const struct RgAttr **ir_type_attr(const struct RgType *t);

/* Attributes read from text are uniqued by their spelling, as MLIR uniques
 * attributes: a constant or property repeated a million times is stored
 * once. ir_attr_find returns the attribute of that kind spelled exactly
 * `text`, or NULL; ir_attr_remember records a finished attribute (its text
 * must live as long as the graph); false when out of memory. */
const struct RgAttr *ir_attr_find(struct RgGraph *g, int kind, const char *text, size_t len);
bool ir_attr_remember(struct RgGraph *g, const struct RgAttr *a);
/* A node attribute array equal to v[0..n) in the graph's arena, shared
 * with every earlier array equal to it (nodes never change an array in
 * place); NULL when out of memory. */
struct RgNamedAttr *ir_attrs_shared(struct RgGraph *g, const struct RgNamedAttr *v, uint32_t n);
/* Frees the tables behind ir_attr_find and ir_attrs_shared once reading is
 * done (attributes made later are not uniqued). */
void ir_uniquing_end(struct RgGraph *g);

#endif
