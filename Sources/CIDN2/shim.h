#ifndef RELOPS_CIDN2_SHIM_H
#define RELOPS_CIDN2_SHIM_H
#include <idn2.h>
/* idn2_free is a function, but keep one place that frees what libidn2 allocates. */
static inline void relops_idn2_free(void *p) { idn2_free(p); }
#endif
