#include "relops_dynamic_library.h"

#include <dlfcn.h>
#include <stdatomic.h>
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

const char *relops_dynamic_library_load(struct relops_dynamic_library *library) {
    pthread_mutex_lock(&library->lock);
    if (!library->tried) {
        library->handle = relops_dynamic_library_open(library->soname, library->package, library->message,
                                                      sizeof library->message);
        library->tried = 1;
    }
    void *handle = library->handle;
    pthread_mutex_unlock(&library->lock);
    return handle != NULL ? NULL : library->message;
}

void *relops_dynamic_library_symbol(struct relops_dynamic_library *library, const char *name) {
    const char *problem = relops_dynamic_library_load(library);
    if (problem != NULL) relops_dynamic_library_unavailable(library->soname, name, problem);
    void *address = dlsym(library->handle, name);
    if (address == NULL) relops_dynamic_library_unavailable(library->soname, name, dlerror());
    return address;
}

void *relops_dynamic_library_resolved(struct relops_dynamic_library *library, _Atomic(void *) *slot,
                                      const char *name) {
    void *address = atomic_load_explicit(slot, memory_order_acquire);
    if (address == NULL) {
        address = relops_dynamic_library_symbol(library, name);
        atomic_store_explicit(slot, address, memory_order_release);
    }
    return address;
}
