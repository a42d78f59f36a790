/* runtime/ir/ir_internal.h - the graph IR's internals that the rooms above
 * it (MLIR text, passes, interpreter, driver) use: the graph's arena, bulk
 * attribute installation for the reader, incremental verification, node
 * ids and versions, fused locations, source positions, type and attribute
 * uniquing, and the element storage that decoded dense attributes share
 * with the interpreter's tensors. Not installed. */
#ifndef RG_IR_INTERNAL_H
#define RG_IR_INTERNAL_H

#include "rulegen/eval.h"
#include "rulegen/graph.h"
#include "support/support.h"

/* Graph internals for the reader and other runtime files. */
struct RgGraph;
struct RgNode;
struct RgNamedAttr;
RgsArena *ir_arena(struct RgGraph *g);
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
/* What the ops are checked against: one rule set's op declarations and the
 * op names left alone. */
typedef struct IrOpDecls {
  const struct RgOpDesc *ops;
  uint32_t nops;
  const char *const *skip;
} IrOpDecls;
size_t ir_graph_verify_ops_changed(struct RgGraph *g, IrOpDecls decls, const struct RgSource *src,
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
/* The same, also listing in kept[0..nkept) (rg_alloc'd, the caller frees
 * it; NULL and 0 when out of memory, merged is then still exact) each node
 * that took a merged twin's users: those users were rewired, which the
 * pass manager needs to know to run earlier passes again. */
typedef struct IrDedupOut {
  uint32_t merged;
  struct RgNode **kept;
  size_t nkept;
  bool lost; /* a kept node could not be listed */
} IrDedupOut;
RgStatus ir_graph_dedup_touched_out(struct RgGraph *g, const struct RgOpDesc *ops, uint32_t num_ops,
                                    struct RgNode *const *nodes, size_t n, IrDedupOut *out);
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
/* For each of the n positions `offs` (ascending), how many nodes were
 * read before the one there: its number in file order, the N of rgopt's
 * --explain N (the reader records every node it makes; erased ones stay
 * recorded). One pass over the recorded positions. */
void ir_node_src_ranks(const struct RgGraph *g, const uint32_t *offs, uint32_t n, uint32_t *ranks);
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
/* Fills the decoded fields of a type (kind, dtype, rank, dims) from its
 * text, the dims in `arena`, and gives the spelling of its element type for
 * the caller to intern (*elem_len 0: none); false when out of memory. */
bool ir_type_decode(RgsArena *arena, struct RgType *t, const char **elem, size_t *elem_len);
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


/* How tensors and decoded dense attributes store an element type, and its
 * bytes (elem.c). */
RgElemStore ir_elem_store(RgDType dt);
size_t ir_elem_size(RgDType dt);

/* Decoded dense attributes (attr.c), whose integers are stored as tensors
 * store them: bytes per stored element, decoding on demand (false when the
 * text cannot be decoded), and element i of a decoded integer attribute. */
size_t ir_dense_elem_size(RgDType dt);
bool ir_dense_decoded(RgGraph *g, const RgAttr *a);
/* The hash of a DENSE attribute's decoded elements (equal values hash
 * equal whatever their spelling), false when they cannot be decoded.
 * Decoded elements over DENSE_HASH_KEEP bytes that were not decoded before
 * are not kept: deduplication hashes every constant of a graph, and
 * keeping each one decoded would double the memory of its weights. */
enum { DENSE_HASH_KEEP = 256 };
bool ir_dense_hash(RgGraph *g, const RgAttr *a, uint32_t *h);
int64_t ir_dense_int(const RgAttr *a, uint32_t i);
/* The value of an f16 / bf16 bit pattern (NaN, infinities, denormals
 * included), as dense payloads and hex literals spell them. */
double ir_f16_to_double(uint16_t h);
double ir_bf16_to_double(uint16_t h);

/* A per-tensor quantized type's (or tensor of one's) scale and zero point;
 * false for any other type or malformed parameters. */
bool ir_type_quant_params(const RgType *t, double *scale, int64_t *zp);

#endif
