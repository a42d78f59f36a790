/* runtime/mlir/write_internal.h - shared by the MLIR writer's parts:
 * write.c (numbering, types, attributes, the generic op form), the custom
 * forms of write_pretty.c, and the entry points of output.c. Not
 * installed. */
#ifndef RG_MLIR_WRITE_H
#define RG_MLIR_WRITE_H

#include "mlir/mlir_internal.h"

typedef struct Writer {
  RgsBuf b;
  /* result numbers by node id (dense); block arguments, which are few,
   * in an open-addressing map keyed by pointer */
  uint32_t *node_num;
  uint32_t node_num_len;
  const RgValue **keys;
  uint32_t *nums;
  uint32_t mask, used;
  bool oom;
  bool pretty; /* custom form for the ops that have one (rg_mlir_write_as) */
  /* Prints a node in its custom form after its results, or returns false
   * to have it printed generic: set by mlir_w_pretty_init, so the generic
   * printer needs no knowledge of custom forms. */
  bool (*custom_node)(struct Writer *w, const RgNode *n, int ind, const RgGraph *g);
  RgsFileOut *out; /* streamed: the buffer is flushed here when it fills */
  RgOpId op_module, op_func, op_return;
  MlirSyntax syn; /* the dialects whose custom forms are printed */
  /* affine maps and integer sets, printed as aliases: by text in an open
   * addressing table (index + 1 into maps), numbered in the order met */
  const RgAttr **maps;
  uint32_t *map_names; /* the number in `#mapN` / `#setN` (UINT32_MAX: none) */
  uint32_t num_maps, cap_maps;
  uint32_t *map_slots;
  uint32_t map_mask;
} Writer;

#define ARG_BIT 0x80000000u

static inline void put(Writer *w, const char *s, size_t n) { rgs_buf_put(&w->b, s, n); }
static inline void puts_(Writer *w, const char *s) { rgs_buf_puts(&w->b, s); }
static inline void putc_(Writer *w, char c) { rgs_buf_putc(&w->b, c); }

void mlir_w_indent(Writer *w, int n);
/* `"s"` with MLIR's escapes. */
void mlir_w_escaped(Writer *w, const char *s, size_t n);
/* Can `s` be printed as a bare identifier (a dictionary key)? */
bool mlir_w_is_bare(const char *s);
void mlir_w_type(Writer *w, const RgType *t);
void mlir_w_value(Writer *w, const RgValue *v);
void mlir_w_attr(Writer *w, const RgAttr *a);
void mlir_w_dict_entries(Writer *w, const RgNamedAttr *e, uint32_t n);
/* `t` or `(t, u)`, as a function type's results. */
void mlir_w_result_types(Writer *w, const RgNode *n);
/* `{..}`: a region's blocks, the entry block labelled when it has
 * arguments or no ops. */
void mlir_w_region(Writer *w, const RgRegion *r, int ind, const RgGraph *g);
/* A region's blocks, the entry block without its label. */
void mlir_w_body(Writer *w, const RgRegion *r, int ind, const RgGraph *g);

/* Prints the whole graph into w->b (flushed into w->out when streaming)
 * and frees the writer's tables. False when out of memory. */
bool mlir_w_graph(Writer *w, RgGraph *g);

/* ---- custom form (write_pretty.c) ---- */
void mlir_w_pretty_init(Writer *w, RgGraph *g, const RgDialectSyntax *const *dialects);
/* Prints `n` in its custom form after its results; false (nothing
 * printed) when it has none or would not read back as the same op. */
bool mlir_w_pretty_node(Writer *w, const RgNode *n, int ind, const RgGraph *g);

#endif
