#ifndef RELOPS_CCURL_SHIM_H
#define RELOPS_CCURL_SHIM_H
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic: one typed wrapper per argument kind. They are
   defined in Sources/CCurlLoader/loader.c, which calls the lazily loaded libcurl. */
CURLcode relops_curl_setopt_long(CURL *h, CURLoption o, long v);
CURLcode relops_curl_setopt_string(CURL *h, CURLoption o, const char *v);
CURLcode relops_curl_setopt_pointer(CURL *h, CURLoption o, void *v);
CURLcode relops_curl_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v);
CURLcode relops_curl_setopt_off(CURL *h, CURLoption o, curl_off_t v);

typedef size_t (*relops_curl_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
CURLcode relops_curl_setopt_data_callback(CURL *h, CURLoption o, relops_curl_data_callback v);

typedef int (*relops_curl_xferinfo_callback)(void *userdata, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);
CURLcode relops_curl_setopt_xferinfo(CURL *h, relops_curl_xferinfo_callback v);

CURLcode relops_curl_getinfo_long(CURL *h, CURLINFO i, long *v);
CURLcode relops_curl_getinfo_string(CURL *h, CURLINFO i, char **v);
CURLcode relops_curl_getinfo_double(CURL *h, CURLINFO i, double *v);
/* CURLINFO_CERTINFO hands back a pointer to libcurl's own certificate chain (valid until the handle is cleaned up). */
CURLcode relops_curl_getinfo_certinfo(CURL *h, struct curl_certinfo **v);
/* curl_multi_info_read's CURLMsg holds its result in a union: read it in C. Returns 1 for a finished
   transfer (CURLMSG_DONE) and fills the easy handle and its result code. */
static inline int relops_curl_msg_done(CURLMsg *m, CURL **easy, CURLcode *result) {
    if (m == NULL || m->msg != CURLMSG_DONE) return 0;
    *easy = m->easy_handle;
    *result = m->data.result;
    return 1;
}
#endif
