/* dsl/cnames.c - C names a rules file chooses. Every name the generator
 * makes up is derived from a pass or rule name with a prefix or suffix of
 * its own, so it cannot collide; but externs and op hooks are named by the
 * user and called as written, so a name that is a C keyword, a standard
 * library function, reserved, or one of the generated names would give C
 * that does not compile. Those are rejected by the checker with a located
 * error, so whatever `--check` accepts also generates. */
#include "dsl.h"

/* C11 keywords and the functions and macros of the headers generated code
 * includes directly or through the runtime's (assert, math, stdbool,
 * stddef, stdint, stdio, stdlib, string). */
static const char *const reserved[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else", "enum",
    "extern", "float", "for", "goto", "if", "inline", "int", "long", "register", "restrict", "return",
    "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union", "unsigned", "void",
    "volatile", "while", "bool", "true", "false", "NULL", "assert", "main",
    "abort", "abs", "atexit", "atof", "atoi", "atol", "atoll", "bsearch", "calloc", "div", "exit", "free",
    "getenv", "labs", "llabs", "malloc", "qsort", "rand", "realloc", "srand", "strtod", "strtof",
    "strtol", "strtold", "strtoll", "strtoul", "strtoull", "system", "_Exit", "quick_exit",
    "memchr", "memcmp", "memcpy", "memmove", "memset", "strcat", "strchr", "strcmp", "strcoll", "strcpy",
    "strcspn", "strerror", "strlen", "strncat", "strncmp", "strncpy", "strpbrk", "strrchr", "strspn",
    "strstr", "strtok", "strxfrm", "strdup", "strndup",
    "printf", "fprintf", "sprintf", "snprintf", "vprintf", "vfprintf", "vsprintf", "vsnprintf", "scanf",
    "fscanf", "sscanf", "fopen", "fclose", "fread", "fwrite", "fflush", "fputs", "fputc", "fgets",
    "fgetc", "getc", "getchar", "putc", "putchar", "puts", "remove", "rename", "perror", "tmpfile",
    "acos", "asin", "atan", "atan2", "ceil", "cos", "cosh", "exp", "exp2", "fabs", "floor", "fmax",
    "fmin", "fmod", "frexp", "hypot", "ldexp", "log", "log10", "log2", "lrint", "lround", "modf",
    "nearbyint", "pow", "remainder", "rint", "round", "sin", "sinh", "sqrt", "tan", "tanh", "trunc",
    "isnan", "isinf", "isfinite", "signbit", "erf", "tgamma", "lgamma", "cbrt", "expm1", "log1p",
    "offsetof", "errno", "INFINITY", "NAN",
};

static const char *const pass_suffixes[] = {"_op_names", "_op_descs", "_match", "_req_ops", "_reqs",
                                            "_rules", "_roots", "_passes", "_attr_names"};

/* Why `name` cannot be a C function of the rule set, or NULL. */
static const char *name_problem(const DslProgram *p, const char *name) {
  for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
    if (strcmp(name, reserved[i]) == 0)
      return "is a C keyword or a standard library name";
  if (name[0] == '_' || strstr(name, "__"))
    return "is reserved in C or for generated names ('_' first or '__' inside)";
  if (strncmp(name, "rg_", 3) == 0 || strncmp(name, "Rg", 2) == 0 || strncmp(name, "RG_", 3) == 0)
    return "is reserved for the rulegen runtime (rg_, Rg, RG_)";
  for (uint32_t i = 0; i < p->npasses; i++) {
    const char *pn = p->passes[i]->name.s;
    size_t n = strlen(pn);
    if (strncmp(name, pn, n) != 0)
      continue;
    for (size_t k = 0; k < sizeof pass_suffixes / sizeof *pass_suffixes; k++)
      if (strcmp(name + n, pass_suffixes[k]) == 0)
        return "is a name the generated code gives to a table of its pass";
  }
  return NULL;
}

static void check_name(DslProgram *p, const char *what, DslName n) {
  const char *why = n.s ? name_problem(p, n.s) : NULL;
  if (why)
    rg_diag(p->diags, RG_ERROR, n.loc, "%s '%s' %s; choose another name", what, n.s, why);
}

void dsl_check_c_names(DslProgram *p) {
  for (uint32_t i = 0; i < p->nops; i++) {
    check_name(p, "shape hook", p->ops[i]->shape_fn);
    check_name(p, "evaluator", p->ops[i]->eval_fn);
    check_name(p, "SMT meaning", p->ops[i]->smt_fn);
  }
  for (uint32_t f = 0; f < p->nfiles; f++) {
    const DslFile *file = p->files[f];
    for (uint32_t d = 0; d < file->ndecls; d++)
      if (file->decls[d]->kind == DSL_DECL_EXTERN)
        check_name(p, "extern", file->decls[d]->u.ext->name);
  }
}
