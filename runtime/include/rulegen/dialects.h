/* rulegen/dialects.h - the custom assembly of the dialects that rulegen's
 * shipped targets use (rulegen/syntax.h), defined with those targets in
 * backends/ and part of the library. Hand them to the reader, the writer
 * or an RgOptTarget as a user's own dialect would be. */
#ifndef RULEGEN_DIALECTS_H
#define RULEGEN_DIALECTS_H

#include "rulegen/syntax.h"

#ifdef __cplusplus
extern "C" {
#endif

RG_API extern const RgDialectSyntax rg_syntax_tosa;  /* TOSA 1.0 */
RG_API extern const RgDialectSyntax rg_syntax_arith; /* the upstream arith dialect */
RG_API extern const RgDialectSyntax rg_syntax_math;  /* math.sin, math.cos, math.fpowi */
RG_API extern const RgDialectSyntax rg_syntax_tensor; /* tensor.empty, extract, insert_slice */
RG_API extern const RgDialectSyntax rg_syntax_linalg; /* generic, matmul, softmax, index, yield */

/* All of the above, NULL-terminated. */
RG_API extern const RgDialectSyntax *const rg_syntax_shipped[];

#ifdef __cplusplus
}
#endif

#endif
