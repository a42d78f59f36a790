/* tools/mlir_plugin/convert.h - one function's trip between MLIR's
 * in-memory IR and a rulegen graph, through the MLIR C API (convert.c). */
#ifndef RGM_CONVERT_H
#define RGM_CONVERT_H

#include "mlir-c/IR.h"
#include "rulegen/graph.h"

typedef struct Conv Conv;

/* Converts `func` (a func.func) into a new graph, under a builtin.module
 * node as rgopt's reader gives it. On failure emits a diagnostic at the
 * op concerned and returns NULL; conv_free is still needed. */
Conv *conv_new(MlirOperation func);
RgGraph *conv_in(Conv *c);
/* The id the first node the passes create gets: nodes below it came from
 * MLIR ops. */
uint32_t conv_first_new(const Conv *c);
/* The location of node `id` (its MLIR op's), or the function's. */
MlirLocation conv_node_loc(const Conv *c, uint32_t id);
/* Writes back what the passes changed: creates the new nodes' ops (with
 * their fused locations), updates the ops whose operands, attributes or
 * result types changed, erases the ops of erased nodes. Everything that can
 * fail (types, attributes, locations to parse) is done before the IR is
 * touched: false means a diagnostic was emitted and nothing changed. */
bool conv_out(Conv *c);
void conv_free(Conv *c);

#endif
