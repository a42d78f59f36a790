/* backends/upstream/upstream_parse.h - the parse functions of upstream ops
 * whose custom form is read in code (RgOpParser), for the dialect tables
 * in upstream_syntax.c. */
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

#endif
