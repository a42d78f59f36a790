/* rulegen/rulegen.h - every public header of the rulegen library at once:
 * graphs and MLIR text, diagnostics, the pass manager, the interpreter and
 * its evaluators, broadcasting, and the rgopt command line as a function. docs/embedding.md is the guide. */
#ifndef RULEGEN_RULEGEN_H
#define RULEGEN_RULEGEN_H

#include "rulegen/core.h"
#include "rulegen/diag.h"
#include "rulegen/dot.h"
#include "rulegen/eval.h"
#include "rulegen/graph.h"
#include "rulegen/interp.h"
#include "rulegen/match.h"
#include "rulegen/mlir.h"
#include "rulegen/opt.h"
#include "rulegen/pass.h"
#include "rulegen/proof.h"
#include "rulegen/shape.h"
#include "rulegen/syntax.h"

#endif
