/* rulegen/diag.h - source files and diagnostics shared by the MLIR reader
 * and the rules compiler: `file:line:col: error: message`, the source line
 * and a caret. The library only collects; tools decide where to print. */
#ifndef RULEGEN_DIAG_H
#define RULEGEN_DIAG_H

#include <stdio.h>
#include <stdarg.h>
#include "rulegen/core.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A whole input file, NUL-terminated (lexers use the sentinel method).
 * `len` excludes the terminator; the text may contain NUL bytes. */
typedef struct RgSource {
  char *name;
  char *text;
  size_t len;
  uint32_t *line_starts; /* built on first line/column query */
  uint32_t nlines;
} RgSource;

/* A position is a byte offset into a source; line and column (1-based,
 * columns counted in bytes) are computed only when printed. */
typedef struct RgLoc {
  const RgSource *src;
  uint32_t off;
} RgLoc;

typedef enum RgSeverity { RG_ERROR, RG_WARNING, RG_NOTE } RgSeverity;

typedef struct RgDiag {
  RgSeverity sev;
  RgLoc loc; /* loc.src NULL: no position (e.g. a file that cannot be read) */
  char *msg;
} RgDiag;

typedef struct RgDiags {
  RgDiag *items;
  size_t count, cap;
  size_t errors, warnings;
  size_t max_errors; /* 0: unlimited; further errors are counted, not kept */
  bool truncated;
  size_t max_warnings; /* 0: unlimited; further warnings are counted, not kept */
  size_t warnings_dropped;
  bool drop_notes; /* the last error or warning was not kept: nor are its notes */
} RgDiags;

/* Loads a file ("-" is standard input). On failure adds an error to `d`
 * (when given) and returns NULL. */
RG_API RgSource *rg_source_load(const char *path, RgDiags *d);
/* Wraps a memory buffer (copied) as a source named `name`. */
RG_API RgSource *rg_source_from_mem(const char *name, const char *text, size_t len);
RG_API void rg_source_free(RgSource *src);
RG_API void rg_source_linecol(const RgSource *src, uint32_t off,
                              uint32_t *line, uint32_t *col);

/* An empty list (init), freed with its messages (free); rg_diag adds a
 * diagnostic at loc (printf-style message) and counts errors and warnings
 * against max_errors/max_warnings. */
RG_API void rg_diags_init(RgDiags *d);
RG_API void rg_diags_free(RgDiags *d);
RG_API void rg_diag(RgDiags *d, RgSeverity sev, RgLoc loc, const char *fmt, ...)
#if defined(__GNUC__) || defined(__clang__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;
/* rg_diag with the arguments as a va_list. */
RG_API void rg_vdiag(RgDiags *d, RgSeverity sev, RgLoc loc, const char *fmt,
                     va_list ap);
/* Prints every diagnostic: header line, then (when it has a position) the
 * source line and a caret under the column. */
RG_API void rg_diags_print(FILE *out, const RgDiags *d);
RG_API void rg_diag_print_one(FILE *out, const RgDiag *diag);

#ifdef __cplusplus
}
#endif

#endif
