/* runtime/mlir/output.c - the MLIR writer's entry points: the graph in
 * the generic form, or with the custom forms of write_pretty.c, into a
 * string or streamed into a file that appears only once complete. */
#include <stdio.h>
#include "mlir/write_internal.h"

/* False when out of memory. */
static bool write_graph(Writer *w, RgGraph *g, RgMlirForm form,
                        const RgDialectSyntax *const *dialects) {
  if (form == RG_MLIR_PRETTY)
    mlir_w_pretty_init(w, g, dialects);
  else if (dialects && !mlir_syntax_build(&w->syn, dialects)) /* enum spellings */
    return false;
  return mlir_w_graph(w, g);
}

char *rg_mlir_write(const RgGraph *g, size_t *len) { return rg_mlir_write_as(g, RG_MLIR_GENERIC, len); }

char *rg_mlir_write_as(const RgGraph *g, RgMlirForm form, size_t *len) {
  return rg_mlir_write_with(g, form, NULL, len);
}

/* The writer's text, handed to the caller (rg_free); *len its length. */
static char *take_text(Writer *w, size_t *len) {
  size_t n = w->b.len;
  char *out = rgs_buf_take(&w->b);
  if (out && len)
    *len = n;
  return out;
}

char *rg_mlir_write_with(const RgGraph *cg, RgMlirForm form, const RgDialectSyntax *const *dialects,
                         size_t *len) {
  RgGraph *g = (RgGraph *)cg; /* read only: the body accessor is not const */
  Writer w;
  memset(&w, 0, sizeof w);
  if (!write_graph(&w, g, form, dialects)) {
    rgs_buf_free(&w.b);
    return NULL;
  }
  return take_text(&w, len);
}

int mlir_write_file(const RgGraph *cg, RgMlirForm form, const RgDialectSyntax *const *dialects, MlirFileTarget to) {
  RgGraph *g = (RgGraph *)cg;
  Writer w;
  memset(&w, 0, sizeof w);
  w.out = rgs_file_out_open(to.path, to.flags, to.err, to.errlen);
  if (!w.out)
    return -1;
  bool ok = write_graph(&w, g, form, dialects);
  if (ok)
    rgs_file_out_write(w.out, w.b.data, w.b.len);
  rgs_buf_free(&w.b);
  if (!ok) {
    rgs_file_out_close(w.out, false, to.err, to.errlen);
    snprintf(to.err, to.errlen, "out of memory writing the graph");
    return -1;
  }
  return rgs_file_out_close(w.out, true, to.err, to.errlen);
}

char *rg_attr_print(const RgAttr *a, size_t *len) {
  Writer w;
  memset(&w, 0, sizeof w);
  mlir_w_attr(&w, a);
  if (w.oom || w.b.oom) {
    rgs_buf_free(&w.b);
    return NULL;
  }
  return take_text(&w, len);
}
