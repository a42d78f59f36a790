/* runtime/mlir/read.c - the MLIR reader's entry points: sets up the
 * reader, feeds the whole file through the lemon parser (custom.c), and
 * hands back the graph with the file's aliases and resources. */
#include <stdlib.h>
#include "mlir/mlir_internal.h"
#include "runtime/mlir/grammar.h"

static void set_file_text(MlirParser *p) {
  RgsBuf pro, epi;
  rgs_buf_init(&pro);
  rgs_buf_init(&epi);
  for (uint32_t i = 0; i < p->spans.len; i++) {
    Span *s = &p->spans.v[i];
    /* Aliases before the last top-level op go first (an attribute alias
     * must be defined before use); trailing ones and resources last, where
     * mlir-opt prints them. */
    if (!s->resources && s->ops_before < p->top_ops) {
      if (pro.len)
        rgs_buf_putc(&pro, '\n');
      rgs_buf_put(&pro, s->s, s->len);
    } else {
      if (s->resources)
        rgs_buf_putc(&epi, '\n');
      else if (epi.len)
        rgs_buf_putc(&epi, '\n');
      if (s->resources && epi.len > 1)
        rgs_buf_putc(&epi, '\n');
      rgs_buf_put(&epi, s->s, s->len);
    }
  }
  if (pro.oom || epi.oom)
    mlir_nomem(p, NULL);
  else {
    rg_graph_set_prologue(p->g, pro.data, pro.len);
    rg_graph_set_epilogue(p->g, epi.data, epi.len);
    if ((pro.len && !rg_graph_prologue(p->g)) || (epi.len && !rg_graph_epilogue(p->g)))
      mlir_nomem(p, NULL);
  }
  rgs_buf_free(&pro);
  rgs_buf_free(&epi);
}

static void parser_free(MlirParser *p) {
  rg_free(p->ops.v);
  rg_free(p->regions.v);
  rg_free(p->results.v);
  rg_free(p->opnds.v);
  rg_free(p->opnd_at.v);
  rg_free(p->types.v);
  rg_free(p->attrs.v);
  rg_free(p->named.v);
  rg_free(p->dict_bases.v);
  rg_free(p->done_regions.v);
  rg_free(p->names.v);
  rg_free(p->spans.v);
  rg_free(p->brackets.v);
  rg_free(p->darr_ints.v);
  rg_free(p->darr_floats.v);
  rg_free(p->fn_attrs.v);
  rg_free(p->inits.v);
  rg_free(p->cust_types.v);
  rg_free(p->maps);
  rg_free(p->norm_known.v);
  rg_free(p->norm_fns.v);
  rg_free(p->buckets);
  rg_free(p->num_vals);
  rg_free(p->num_at);
  rg_free(p->num_log.v);
  rg_free(p->num_hidden.v);
  rgs_buf_free(&p->scratch);
  mlir_syntax_free(&p->syn);
}

RgGraph *rg_mlir_read(const RgSource *src, RgDiags *d) { return rg_mlir_read_find(src, d, NULL, NULL, NULL); }

RgGraph *rg_mlir_read_with(const RgSource *src, RgDiags *d, const RgDialectSyntax *const *dialects) {
  return rg_mlir_read_find(src, d, dialects, NULL, NULL);
}

static RgGraph *read_graph(const RgSource *src, RgDiags *d, const RgDialectSyntax *const *dialects,
                           const char *name, RgNode **def, bool kept) {
  MlirParser p;
  memset(&p, 0, sizeof p);
  p.find = name;
  p.src_kept = kept;
  if (def)
    *def = NULL;
  p.src = src;
  p.d = d;
  p.g = rg_graph_new();
  RgLoc none = {NULL, 0};
  if (!p.g) {
    rg_diag(d, RG_ERROR, none, "out of memory reading '%s'", src->name);
    return NULL;
  }
  p.op_func = rg_op_intern(p.g, "func.func", 9);
  p.op_module = rg_op_intern(p.g, "builtin.module", 14);
  p.unit = rg_attr_unit(p.g);
  /* Vectors start non-empty so that `&v[base]` never offsets a NULL. */
#define RESERVE(vec) mlir_vec_grow(&p, (void **)&(vec).v, &(vec).cap, 16, sizeof *(vec).v)
  bool ok = RESERVE(p.ops) && RESERVE(p.regions) && RESERVE(p.results) && RESERVE(p.opnds) &&
            RESERVE(p.opnd_at) && RESERVE(p.types) && RESERVE(p.attrs) && RESERVE(p.named) &&
            RESERVE(p.dict_bases) && RESERVE(p.done_regions) && RESERVE(p.names) &&
            RESERVE(p.spans) && RESERVE(p.brackets) && RESERVE(p.darr_ints) &&
            RESERVE(p.darr_floats) && RESERVE(p.fn_attrs) && RESERVE(p.inits) &&
            RESERVE(p.num_log) && RESERVE(p.num_hidden) && RESERVE(p.cust_types) &&
            mlir_syntax_build(&p.syn, dialects);
#undef RESERVE
  void *parser = ok ? mlir_parseAlloc(rg_alloc, &p) : NULL;
  if (p.op_func == RG_OP_NONE || p.op_module == RG_OP_NONE || !p.unit || !parser) {
    if (parser)
      mlir_parseFree(parser, rg_free);
    parser_free(&p);
    rg_graph_free(p.g);
    if (!p.failed)
      rg_diag(d, RG_ERROR, none, "out of memory reading '%s'", src->name);
    return NULL;
  }
  const char *binary = mlir_binary_kind(src->text, src->len);
  if (binary) {
    mlir_parseFree(parser, rg_free);
    parser_free(&p);
    rg_graph_free(p.g);
    rg_diag(d, RG_ERROR, none,
            "'%s' is %s, not MLIR text%s", src->name, binary,
            strcmp(binary, "MLIR bytecode") ? ""
            : "; convert it with `mlir-opt-22 FILE -o FILE.mlir`");
    return NULL;
  }
  MlirLexer lx;
  memset(&lx, 0, sizeof lx);
  lx.base = lx.cur = src->text;
  lx.lim = src->text + src->len;
  lx.syn = &p.syn;
  p.lx = &lx;
  mlir_feed(&p, parser, 0);
  mlir_parseFree(parser, rg_free);
  if (!p.failed && p.top_ops == 0)
    mlir_error(&p, src->text, "no operations in '%s' (empty input)", src->name);
  if (!p.failed)
    set_file_text(&p);
  parser_free(&p);
  ir_uniquing_end(p.g);
  if (p.failed) {
    rg_graph_free(p.g);
    return NULL;
  }
  if (def)
    *def = p.found;
  return p.g;
}

RgGraph *rg_mlir_read_find(const RgSource *src, RgDiags *d, const RgDialectSyntax *const *dialects,
                           const char *name, RgNode **def) {
  return read_graph(src, d, dialects, name, def, false);
}

RgGraph *mlir_read_kept(const RgSource *src, RgDiags *d, const RgDialectSyntax *const *dialects, const char *name,
                        RgNode **def) {
  return read_graph(src, d, dialects, name, def, rgs_source_mapped(src));
}
