#ifndef RELOPS_DYNAMIC_LIBRARY_H
#define RELOPS_DYNAMIC_LIBRARY_H
/*
 * What the lazy loaders (CCurlLoader, CGit2Loader, COpenSSLLoader) share: opening a library by
 * soname with a message a user can act on, the stubs' safety net, and the forwarding macros.
 * Why the libraries are loaded lazily at all: see Sources/CCurlLoader/loader.c.
 */
#include <stddef.h>

/* Opens `soname` (RTLD_LAZY | RTLD_LOCAL) and returns its handle. On failure returns NULL and
   writes "<soname> could not be loaded (<dlerror>): install <package>" into `message`. */
void *relops_dynamic_library_open(const char *soname, const char *package, char *message, size_t size);

/* The stubs' safety net: writes "relops: <library>: <symbol>: <problem>" as one line to stderr
   and exits 3 (could not check). Unreachable when every wrapper asks its loader first (each
   wrapper's one-time initialisation does, and throws its typed error instead). */
_Noreturn void relops_dynamic_library_unavailable(const char *library, const char *symbol, const char *problem);

#if !defined(__swift__)
#include <pthread.h>
#include <stdatomic.h>

/* One lazily loaded library: its soname, the Debian package that provides it, and, once asked
   for, its handle or the message that says why it could not be loaded. One per loader, made with
   RELOPS_DYNAMIC_LIBRARY_INIT. */
struct relops_dynamic_library {
    const char *soname;
    const char *package;
    pthread_mutex_t lock;
    int tried;
    void *handle;
    char message[512];
};
#define RELOPS_DYNAMIC_LIBRARY_INIT(soname, package) {(soname), (package), PTHREAD_MUTEX_INITIALIZER, 0, NULL, ""}

/* Loads the library on the first call (once per process, thread-safe); NULL when it is loaded,
   else the message naming the soname, dlerror()'s reason and the package to install. */
const char *relops_dynamic_library_load(struct relops_dynamic_library *library);

/* The address of `name` in the library, loading it first; ends in the safety net
   (relops_dynamic_library_unavailable) when the library or the symbol is missing. */
void *relops_dynamic_library_symbol(struct relops_dynamic_library *library, const char *name);

/* `name`'s address, looked up once and kept in `slot` (concurrent first calls at worst look it
   up twice and store the same answer). */
void *relops_dynamic_library_resolved(struct relops_dynamic_library *library, _Atomic(void *) *slot,
                                      const char *name);

/*
 * One forwarding definition: the real function's exact name and signature (the loader includes
 * the real header, so the compiler checks both against its declaration), hidden so that it never
 * interposes on the real library's own symbols. Hidden by an assembler directive (ELF), not by
 * __attribute__((visibility)): libgit2 declares its functions visibility("default") and a
 * definition may not contradict its declaration. The first call resolves the real function through
 * `lookup` (which loads the library once, or ends in the safety net); the address is kept in an
 * atomic, so concurrent first calls at worst look it up twice and get the same answer.
 */
#define RELOPS_FORWARD_RESOLVE(lookup, name)                                                       \
    static _Atomic(__typeof__(&name)) resolved;                                                  \
    __typeof__(&name) real = atomic_load_explicit(&resolved, memory_order_acquire);              \
    if (real == NULL) {                                                                            \
        real = (__typeof__(&name))lookup(#name);                                                   \
        atomic_store_explicit(&resolved, real, memory_order_release);                              \
    }

#define RELOPS_FORWARD(lookup, type, name, parameters, arguments)                                  \
    __asm__(".hidden " #name);                                                                     \
    type name parameters {                                                                         \
        RELOPS_FORWARD_RESOLVE(lookup, name)                                                       \
        return real arguments;                                                                     \
    }

#define RELOPS_FORWARD_VOID(lookup, name, parameters, arguments)                                   \
    __asm__(".hidden " #name);                                                                     \
    void name parameters {                                                                         \
        RELOPS_FORWARD_RESOLVE(lookup, name)                                                       \
        real arguments;                                                                            \
    }
#endif
#endif
