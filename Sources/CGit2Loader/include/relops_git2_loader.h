#ifndef RELOPS_GIT2_LOADER_H
#define RELOPS_GIT2_LOADER_H
/* Loads libgit2 (once, thread-safe). NULL when it is loaded, else a message that names the soname,
   dlerror()'s reason and the Debian package to install. Ask this before the first libgit2 call. */
const char *relops_libgit2_load(void);
#endif
