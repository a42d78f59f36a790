/* rulegen/dot.h - Graphviz DOT export of a graph, for looking at what a
 * pipeline did (`rgopt --dot FILE`, then `dot -Tsvg FILE`). */
#ifndef RULEGEN_DOT_H
#define RULEGEN_DOT_H

#include "rulegen/graph.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The graph in DOT; the caller frees it with rg_free. NULL when out of
 * memory. Frozen nodes are dashed; regions are clusters. */
RG_API char *rg_graph_dot(const RgGraph *g, size_t *len);

/* The ops `centre` (filled) and the ops within `radius` operand/user
 * steps of them, at most max_nodes in all, as a flat DOT graph with the
 * edges among them. For pictures of one rewrite in a large graph. */
RG_API char *rg_graph_dot_around(const RgGraph *g, RgNode *const *centre, uint32_t n,
                                 uint32_t radius, uint32_t max_nodes, size_t *len);

#ifdef __cplusplus
}
#endif

#endif
