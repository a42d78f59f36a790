/* backends/upstream/upstream_parse.h - the parse (and print) functions of
 * upstream ops whose custom form is read in code (RgOpParser, RgOpPrinter),
 * for the dialect tables in upstream_syntax.c. */
#ifndef RG_UPSTREAM_PARSE_H
#define RG_UPSTREAM_PARSE_H

#include "rulegen/dialects.h"

bool upstream_parse_float_binary(RgOpReader *r);
bool upstream_parse_int_binary(RgOpReader *r);
bool upstream_parse_select(RgOpReader *r);
bool upstream_parse_cmpi(RgOpReader *r);
bool upstream_parse_cmpf(RgOpReader *r);
bool upstream_parse_fpowi(RgOpReader *r);
bool upstream_parse_empty(RgOpReader *r);
bool upstream_parse_extract(RgOpReader *r);
bool upstream_parse_insert_slice(RgOpReader *r);
bool upstream_parse_linalg_generic(RgOpReader *r);
bool upstream_parse_matmul(RgOpReader *r);
bool upstream_normalize_matmul(RgOpReader *r);
bool upstream_parse_softmax(RgOpReader *r);
bool upstream_parse_index(RgOpReader *r);

/* linalg.matmul's region body as MLIR's region builder makes it: the
 * element type of a matmul operand (RG_DT_NONE when not read), the cast
 * from an input's to the output's, and the default indexing maps */
RgDType upstream_matmul_elem(const RgType *t);
const char *upstream_matmul_cast(RgDType from, RgDType to, bool is_unsigned);

/* One op of a linalg body, as built and as recognised when printed: its
 * name, its n operands, its result type (NULL: none) and one opaque
 * property `prop` = value (NULL: none). */
typedef struct UpstreamBodyOp {
  const char *name;
  uint32_t n;
  RgValue *const *in;
  const RgType *t;
  const char *prop, *value;
} UpstreamBodyOp;
extern const char *const upstream_matmul_maps[3];

/* the custom forms printed (upstream_print.c) */
bool upstream_print_float_binary(RgOpWriter *w, const RgNode *n);
bool upstream_print_int_binary(RgOpWriter *w, const RgNode *n);
bool upstream_print_select(RgOpWriter *w, const RgNode *n);
bool upstream_print_cmpi(RgOpWriter *w, const RgNode *n);
bool upstream_print_cmpf(RgOpWriter *w, const RgNode *n);
bool upstream_print_fpowi(RgOpWriter *w, const RgNode *n);
bool upstream_print_empty(RgOpWriter *w, const RgNode *n);
bool upstream_print_extract(RgOpWriter *w, const RgNode *n);
bool upstream_print_insert_slice(RgOpWriter *w, const RgNode *n);
bool upstream_print_linalg_generic(RgOpWriter *w, const RgNode *n);
bool upstream_print_softmax(RgOpWriter *w, const RgNode *n);
bool upstream_print_index(RgOpWriter *w, const RgNode *n);
bool upstream_print_matmul(RgOpWriter *w, const RgNode *n);

#endif
