#ifndef RELOPS_CPSL_SHIM_H
#define RELOPS_CPSL_SHIM_H
#include <libpsl.h>
/* The type flags are macros; one typed function keeps them out of Swift. */
static inline int relops_psl_is_listed_suffix(const psl_ctx_t *psl, const char *domain) {
    return psl_is_public_suffix2(psl, domain, PSL_TYPE_ANY | PSL_TYPE_NO_STAR_RULE);
}
#endif
