/* tools/rulegen_prove.h - rulegen --prove: each rule of the checked
 * program proven for every input and every attribute value its pattern
 * and guard allow (docs/prove.md, "Rules proven for all graphs"). */
#ifndef TOOLS_RULEGEN_PROVE_H
#define TOOLS_RULEGEN_PROVE_H

#include <stdint.h>
#include "dsl.h"

/* Whether this build has the prover (Z3). */
bool rulegen_prove_available(void);

/* Proves every rule of the passes of the program's root files, one line
 * per rule on standard output; counterexamples are written as a graph and
 * an input set into outdir. Returns 1 when a rule is refuted, 0 when none
 * is, 2 on an error (reported). rlimit: Z3 resource units per query. */
int rulegen_prove(DslProgram *prog, uint64_t rlimit, const char *outdir);

#endif
