#ifndef RELOPS_CURL_LOADER_H
#define RELOPS_CURL_LOADER_H
/* Loads libcurl (once, thread-safe). NULL when it is loaded, else a message that names the soname,
   dlerror()'s reason and the Debian package to install. Ask this before the first libcurl call. */
const char *relops_libcurl_load(void);
#endif
