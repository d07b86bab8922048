/*
 * libcurl, bound lazily: relops does not link libcurl (no DT_NEEDED entry); this file dlopen()s
 * libcurl.so.4 on the first call and forwards each function relops uses to the real one.
 *
 * Why: start-up time. libcurl pulls in about 30 shared libraries (gnutls, rtmp, ldap, krb5,
 * nghttp2, brotli, ...). A C program with relops' old DT_NEEDED list starts in 8.5 ms, 4.7 ms
 * without libcurl, 1.8 ms without libcurl, libgit2 and OpenSSL; the dynamic loader and the page
 * faults of those libraries were ~90% of `relops scan --help`. Only `verify` (and `--version`)
 * need libcurl, so every other command no longer pays for it.
 *
 * Adding a function: add one RELOPS_FORWARD (or RELOPS_FORWARD_VOID) line below with the
 * signature copied from <curl/curl.h> (the compiler checks it against the header). A function
 * that is missing here is an undefined-symbol error at link time. Variadic functions are never
 * forwarded as such: give them a typed wrapper declared in Sources/CCurl/shim.h and defined at
 * the end of this file, which passes the one argument with its exact type.
 *
 * The Swift wrapper (Sources/Curl) asks relops_libcurl_load() in its one-time initialisation
 * and throws CurlError when the library cannot be loaded; the exit(3) in libcurl_symbol is only
 * a safety net for a call that skipped it.
 */
#include "relops_curl_loader.h"

#include "../CCurl/shim.h"
#include "relops_dynamic_library.h"


/* curl's soname has been libcurl.so.4 since 7.16 (2006); curlver.h has no macro for it. */
#define LIBCURL_SONAME "libcurl.so.4"
#define LIBCURL_PACKAGE "libcurl4"

static struct relops_dynamic_library libcurl = RELOPS_DYNAMIC_LIBRARY_INIT(LIBCURL_SONAME, LIBCURL_PACKAGE);

const char *relops_libcurl_load(void) { return relops_dynamic_library_load(&libcurl); }

static void *libcurl_symbol(const char *name) { return relops_dynamic_library_symbol(&libcurl, name); }

RELOPS_FORWARD_VOID(libcurl_symbol, curl_easy_cleanup, (CURL *curl), (curl))
RELOPS_FORWARD(libcurl_symbol, CURL *, curl_easy_init, (void), ())
RELOPS_FORWARD(libcurl_symbol, CURLcode, curl_easy_perform, (CURL *curl), (curl))
RELOPS_FORWARD(libcurl_symbol, const char *, curl_easy_strerror, (CURLcode a0), (a0))
RELOPS_FORWARD_VOID(libcurl_symbol, curl_free, (void *p), (p))
RELOPS_FORWARD(libcurl_symbol, CURLcode, curl_global_init, (long flags), (flags))
RELOPS_FORWARD(libcurl_symbol, CURLMcode, curl_multi_add_handle, (CURLM *multi_handle, CURL *curl_handle), (multi_handle, curl_handle))
RELOPS_FORWARD(libcurl_symbol, CURLMcode, curl_multi_cleanup, (CURLM *multi_handle), (multi_handle))
RELOPS_FORWARD(libcurl_symbol, CURLMsg *, curl_multi_info_read, (CURLM *multi_handle, int *msgs_in_queue), (multi_handle, msgs_in_queue))
RELOPS_FORWARD(libcurl_symbol, CURLM *, curl_multi_init, (void), ())
RELOPS_FORWARD(libcurl_symbol, CURLMcode, curl_multi_perform, (CURLM *multi_handle, int *running_handles), (multi_handle, running_handles))
RELOPS_FORWARD(libcurl_symbol, CURLMcode, curl_multi_poll, (CURLM *multi_handle, struct curl_waitfd *extra_fds, unsigned int extra_nfds, int timeout_ms, int *ret), (multi_handle, extra_fds, extra_nfds, timeout_ms, ret))
RELOPS_FORWARD(libcurl_symbol, CURLMcode, curl_multi_remove_handle, (CURLM *multi_handle, CURL *curl_handle), (multi_handle, curl_handle))
RELOPS_FORWARD(libcurl_symbol, const char *, curl_multi_strerror, (CURLMcode a0), (a0))
RELOPS_FORWARD(libcurl_symbol, struct curl_slist *, curl_slist_append, (struct curl_slist *list, const char *data), (list, data))
RELOPS_FORWARD_VOID(libcurl_symbol, curl_slist_free_all, (struct curl_slist *list), (list))
RELOPS_FORWARD(libcurl_symbol, CURLU *, curl_url, (void), ())
RELOPS_FORWARD_VOID(libcurl_symbol, curl_url_cleanup, (CURLU *handle), (handle))
RELOPS_FORWARD(libcurl_symbol, CURLUcode, curl_url_get, (CURLU *handle, CURLUPart what, char **part, unsigned int flags), (handle, what, part, flags))
RELOPS_FORWARD(libcurl_symbol, CURLUcode, curl_url_set, (CURLU *handle, CURLUPart what, const char *part, unsigned int flags), (handle, what, part, flags))
RELOPS_FORWARD(libcurl_symbol, const char *, curl_url_strerror, (CURLUcode a0), (a0))
RELOPS_FORWARD(libcurl_symbol, char *, curl_version, (void), ())

/* curl_easy_setopt and curl_easy_getinfo are variadic: each typed wrapper from shim.h calls the
   real function with its one argument of exactly the type libcurl reads for that option. */
typedef CURLcode (*relops_curl_setopt_function)(CURL *, CURLoption, ...);
typedef CURLcode (*relops_curl_getinfo_function)(CURL *, CURLINFO, ...);

static relops_curl_setopt_function real_curl_easy_setopt(void) {
    static _Atomic(void *) resolved;
    return (relops_curl_setopt_function)relops_dynamic_library_resolved(&libcurl, &resolved, "curl_easy_setopt");
}

static relops_curl_getinfo_function real_curl_easy_getinfo(void) {
    static _Atomic(void *) resolved;
    return (relops_curl_getinfo_function)relops_dynamic_library_resolved(&libcurl, &resolved, "curl_easy_getinfo");
}

CURLcode relops_curl_setopt_long(CURL *h, CURLoption o, long v) { return real_curl_easy_setopt()(h, o, v); }
CURLcode relops_curl_setopt_string(CURL *h, CURLoption o, const char *v) { return real_curl_easy_setopt()(h, o, v); }
CURLcode relops_curl_setopt_pointer(CURL *h, CURLoption o, void *v) { return real_curl_easy_setopt()(h, o, v); }
CURLcode relops_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) { return real_curl_easy_setopt()(h, o, v); }
CURLcode relops_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v) { return real_curl_easy_setopt()(h, o, v); }
CURLcode relops_curl_setopt_data_callback(CURL *h, CURLoption o, relops_curl_data_callback v) {
    return real_curl_easy_setopt()(h, o, v);
}
CURLcode relops_curl_setopt_xferinfo(CURL *h, relops_curl_xferinfo_callback v) {
    return real_curl_easy_setopt()(h, CURLOPT_XFERINFOFUNCTION, v);
}
CURLcode relops_curl_getinfo_long(CURL *h, CURLINFO i, long *v) { return real_curl_easy_getinfo()(h, i, v); }
CURLcode relops_curl_getinfo_string(CURL *h, CURLINFO i, char **v) { return real_curl_easy_getinfo()(h, i, v); }
CURLcode relops_curl_getinfo_double(CURL *h, CURLINFO i, double *v) { return real_curl_easy_getinfo()(h, i, v); }
CURLcode relops_curl_getinfo_certinfo(CURL *h, struct curl_certinfo **v) {
    return real_curl_easy_getinfo()(h, CURLINFO_CERTINFO, v);
}
