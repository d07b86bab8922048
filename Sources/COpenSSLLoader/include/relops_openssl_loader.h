#ifndef RELOPS_OPENSSL_LOADER_H
#define RELOPS_OPENSSL_LOADER_H
/* Loads OpenSSL's libcrypto (once, thread-safe). NULL when it is loaded, else a message that names
   the soname, dlerror()'s reason and the Debian package to install. Ask this before the first
   OpenSSL call. */
const char *relops_libcrypto_load(void);
#endif
