#include "relops_dynamic_library.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

void *relops_dynamic_library_open(const char *soname, const char *package, char *message, size_t size) {
    void *handle = dlopen(soname, RTLD_LAZY | RTLD_LOCAL);
    if (handle == NULL && message != NULL && size > 0) {
        const char *reason = dlerror();
        snprintf(message, size, "%s could not be loaded (%s): install %s", soname,
                 reason != NULL ? reason : "no reason given", package);
    }
    return handle;
}

_Noreturn void relops_dynamic_library_unavailable(const char *library, const char *symbol, const char *problem) {
    fprintf(stderr, "relops: %s: %s: %s\n", library, symbol, problem != NULL ? problem : "not found");
    fflush(stderr);
    exit(3);
}
