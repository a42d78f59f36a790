/* tools/mlir_plugin/internal.c - the plugin's only uses of rulegen's
 * private runtime (runtime/ir/ir_internal.h): after the passes, rgopt
 * re-checks only the nodes the passes made or changed; the plugin does the
 * same, once the marks its own conversion left are cleared. And a node's
 * attributes are installed as one array, as rgopt's reader does, instead
 * of one copy of the array per attribute. */
#include <string.h>
#include "ir/ir_internal.h"
#include "internal.h"

static bool clean(RgNode *n, void *user) {
  (void)user;
  n->flags &= (uint16_t)~RG_NODE_CHANGED;
  return true;
}

/* Building a node through the graph API marks it changed; a converted
 * graph is as read: nothing changed yet. */
void rgm_graph_mark_read(RgGraph *g) { rg_graph_walk(g, clean, NULL); }

size_t rgm_verify_ops_changed(RgGraph *g, const RgOpDesc *ops, uint32_t nops, RgDiags *d, uint32_t first_new) {
  return ir_graph_verify_ops_changed(g, ops, nops, NULL, NULL, d, first_new);
}

bool rgm_node_set_attrs(RgGraph *g, RgNode *n, const RgNamedAttr *v, uint16_t num_props, uint16_t num_attrs) {
  RgNamedAttr *arr = rgs_arena_alloc(ir_arena(g), sizeof *arr * (num_attrs ? num_attrs : 1));
  if (!arr)
    return false;
  memcpy(arr, v, sizeof *arr * num_attrs);
  ir_node_set_attrs(g, n, arr, num_props, num_attrs);
  return true;
}
