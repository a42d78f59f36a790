/* rulegen/opt.h - rgopt's whole command line as one library function, in
 * the spirit of MLIR's MlirOptMain: a program hands its compiled rule sets
 * to rg_opt_main and gets --target, --passes, --stats, --explain,
 * --verify-by-execution and every other rgopt option. rgopt itself is
 * such a program. Unlike the rest of the library this entry point prints
 * (diagnostics, statistics, --help); it never exits, it returns. */
#ifndef RULEGEN_OPT_H
#define RULEGEN_OPT_H

#include "rulegen/pass.h"
#include "rulegen/syntax.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One rule set compiled by `rulegen --symbol NAME`: the tables it
 * generates, named after NAME (rg_pipelines_NAME, rg_passes_NAME,
 * rg_ops_NAME, rg_num_ops_NAME), and the custom assembly of its dialects
 * (rulegen/syntax.h), which rgopt reads, writes with --emit=pretty and
 * checks old spellings against. The generated code defines this
 * descriptor as `rg_target_NAME` (exported, so a program can find it in a
 * shared library by name) with `abi` set to the RG_ABI_VERSION it was
 * generated for; copy it and set `syntax` to add custom assembly. */
typedef struct RgOptTarget {
  const char *name;                       /* NAME: --list, SET:name */
  const RgPipelineDesc *const *pipelines; /* NULL-terminated; --target */
  const RgPassDesc *const *passes;        /* NULL-terminated; --passes */
  const RgOpDesc *ops;                    /* its op registry */
  uint32_t num_ops;
  const RgDialectSyntax *const *syntax;   /* NULL-terminated; NULL: none */
  int abi;                                /* RG_ABI_VERSION of the tables */
} RgOptTarget;

/* Checks that a target was generated for this library's ABI
 * (rg_abi_version()). Returns 0, or -1 with a message naming both
 * versions in `err`. rg_opt_main checks every target it is given. */
RG_API int rg_target_check(const RgOptTarget *t, char *err, size_t errlen);

/* Parses argv as rgopt does and runs it over the n rule sets; a pass or
 * target name that two sets use for different things must be written
 * SET:name. The program name in messages is the last component of
 * argv[0]. Returns the exit status: 0 success; 1 bad input, a failing
 * pipeline or a failed write; 2 bad usage. */
RG_API int rg_opt_main(int argc, char **argv, const RgOptTarget *targets, size_t n);

#ifdef __cplusplus
}
#endif

#endif
