/* tools/mlir_plugin/internal.h - what the plugin takes from rulegen's
 * private runtime, all of it in internal.c. */
#ifndef RGM_INTERNAL_H
#define RGM_INTERNAL_H

#include "rulegen/pass.h"

/* Clears the changed marks the conversion left on every node. */
void rgm_graph_mark_read(RgGraph *g);
/* rg_graph_verify_ops over the nodes from id first_new on and those the
 * passes changed (and every function). */
size_t rgm_verify_ops_changed(RgGraph *g, const RgOpDesc *ops, uint32_t nops, RgDiags *d, uint32_t first_new);

/* Installs a new node's attributes at once: v[0..num_props) properties,
 * then discardable ones, names interned in g (rg_intern). */
bool rgm_node_set_attrs(RgGraph *g, RgNode *n, const RgNamedAttr *v, uint16_t num_props, uint16_t num_attrs);

#endif
