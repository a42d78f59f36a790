/* rulegen/bundled.h - the rule set built into the library: the bundled
 * targets' pipelines (ethos-u55, ethos-u85, arm, xnnpack), their passes,
 * op registry and dialect syntax, as rgopt runs them. For programs that
 * load the shared library at run time (the Python package) and cannot
 * link the generated tables themselves. */
#ifndef RULEGEN_BUNDLED_H
#define RULEGEN_BUNDLED_H

#include "rulegen/opt.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Fills *out with the bundled rule set, named "builtin". Everything it
 * points to is static data of the library, never freed. */
RG_API void rg_bundled_target(RgOptTarget *out);

#ifdef __cplusplus
}
#endif

#endif
