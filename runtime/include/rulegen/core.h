/* rulegen/core.h - version, status codes, export macro and the allocation
 * hook shared by every part of the rulegen runtime library. */
#ifndef RULEGEN_CORE_H
#define RULEGEN_CORE_H

#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define RG_API __attribute__((visibility("default")))
#else
#define RG_API
#endif

#define RG_VERSION_MAJOR 0
#define RG_VERSION_MINOR 4
#define RG_VERSION_PATCH 0
#define RG_VERSION "0.4.0"
/* Bumped whenever generated code and the runtime stop being compatible;
 * generated passes embed it and the runtime refuses a mismatch. */
#define RG_ABI_VERSION 7

typedef enum RgStatus {
  RG_OK = 0,
  RG_ERR_NOMEM,   /* the allocation hook returned NULL */
  RG_ERR_PARSE,   /* malformed input; details are in the diagnostics */
  RG_ERR_VERIFY,  /* the graph violates an IR invariant */
  RG_ERR_IO,      /* reading or writing a file failed */
  RG_ERR_INVALID, /* an API call was given arguments it cannot accept */
  RG_ERR_BUDGET,  /* a rewrite budget ran out (rules that do not terminate) */
  RG_ERR_TYPE,    /* a rewrite produced a value of the wrong type */
  RG_ERR_ABI      /* generated code was built for another runtime ABI */
} RgStatus;

/* The library's version string (RG_VERSION), its ABI version (which
 * generated code is checked against), and a status code's name. */
RG_API const char *rg_version(void);
RG_API int rg_abi_version(void);
RG_API const char *rg_status_name(RgStatus s);

/* One allocation hook for the whole library, realloc-shaped: size 0 frees
 * and returns NULL. Replaceable so that tests can inject failures. */
typedef void *(*RgAllocFn)(void *user, void *ptr, size_t size);
/* Installs the hook (NULL: the C library's). rg_alloc, rg_realloc and
 * rg_free go through it; rg_alloc(0) returns NULL, rg_free(NULL) is a
 * no-op. Everything the library hands back for the caller to free is
 * freed with rg_free. */
RG_API void rg_set_allocator(RgAllocFn fn, void *user);
RG_API void *rg_alloc(size_t size);
RG_API void *rg_realloc(void *ptr, size_t size);
RG_API void rg_free(void *ptr);

#ifdef __cplusplus
}
#endif

#endif
