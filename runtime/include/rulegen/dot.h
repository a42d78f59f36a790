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

#ifdef __cplusplus
}
#endif

#endif
